"""Sub-commands of ``python -m jokoak``. Each module defines ``register(subparsers)``,
which sets ``run`` on its parser; add new ones to :data:`COMMANDS`."""

from __future__ import annotations

from types import ModuleType
from typing import Callable


class CliError(Exception):
    """A user error: printed as one line, exit status 2.

    ``msgid`` is translated into the language of the user's environment (``LANGUAGE``,
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; English otherwise) and filled from ``params``.
    """

    def __init__(self, msgid: str, **params: object) -> None:
        super().__init__(msgid % params if params else msgid)
        self.msgid = msgid
        self.params = params
        #: how an error that says itself in any language says it (a content file's fault)
        self.said: "Callable[[Callable[[str], str]], str] | None" = None

    @classmethod
    def saying(cls, english: str, said: "Callable[[Callable[[str], str]], str]") -> "CliError":
        """An error whose message is made in the user's language by ``said(gettext)``."""
        error = cls(english)
        error.said = said
        return error

    def text(self, gettext: "Callable[[str], str]") -> str:
        if self.said is not None:
            return self.said(gettext)
        translated = gettext(self.msgid)
        return translated % self.params if self.params else translated


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


from . import catalogs_cmd, odds_cmd, qa_cmd, replay_cmd, rules_cmd, simulate_cmd, steps_cmd  # noqa: E402,E501

COMMANDS: list[ModuleType] = [catalogs_cmd, replay_cmd, odds_cmd, simulate_cmd, rules_cmd, qa_cmd,
                              steps_cmd]
