"""Sub-commands of ``python -m jokoak``. Each module defines ``register(subparsers)``,
which sets ``run`` on its parser; add new ones to :data:`COMMANDS`."""

from __future__ import annotations

from types import ModuleType

from ..errors import InputError

class CliError(InputError):
    """A user error: printed as one line, exit status 2.

    ``msgid`` is translated into the language of the user's environment (``LANGUAGE``,
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; English otherwise) and filled from ``params``
    (:meth:`jokoak.errors.JokoakError.text`).
    """


def environment_language() -> str:
    """The command line's language: the first supported one the environment names."""
    import os
    from ..i18n import normalize_language
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for part in os.environ.get(name, "").split(":"):
            code = normalize_language(part.split(".")[0])
            if code:
                return code
    return "en"


from . import (catalogs_cmd, check_game_cmd, odds_cmd, qa_cmd, replay_cmd,  # noqa: E402
               rules_cmd, simulate_cmd, steps_cmd)

COMMANDS: list[ModuleType] = [catalogs_cmd, replay_cmd, odds_cmd, simulate_cmd, rules_cmd, qa_cmd,
                              steps_cmd, check_game_cmd]
