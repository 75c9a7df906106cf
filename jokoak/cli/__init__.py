"""Sub-commands of ``python -m jokoak``. Each module defines ``register(subparsers)``,
which sets ``run`` on its parser; add new ones to :data:`COMMANDS`."""

from __future__ import annotations

from types import ModuleType


class CliError(Exception):
    """A user error: printed as one line, exit status 2."""


from . import catalogs_cmd, odds_cmd, qa_cmd, replay_cmd, rules_cmd, simulate_cmd  # noqa: E402

COMMANDS: list[ModuleType] = [catalogs_cmd, replay_cmd, odds_cmd, simulate_cmd, rules_cmd, qa_cmd]
