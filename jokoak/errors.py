"""The booklet's own exceptions: one tree, so a caller catches by what went wrong, not by module.

::

    JokoakError                       every fault the booklet raises on purpose
    ├── ContentError (ValueError)     a content file breaks its format or the rules cannot play it
    │     LessonError, ScenarioError, HowtoError, GlossaryError
    ├── RefusedByRules (ValueError)   what a game's rules will not play
    │     RulesError (an option or ruleset), SetupError (a starting position),
    │     IllegalAction (an action in this position)
    ├── InputError (ValueError)       something handed in that is not what it claims to be
    │     RecordError (a record file; ReplayError: one the rules cannot replay),
    │     RecordCodeError (a game link), UploadError (a translator's file), CliError
    ├── UnavailableError (RuntimeError)   something this machine or its store lacks right now
    │     SpeechError, SpellingUnavailable, HandoutError, RoomsFull,
    │     RoomError (also a ValueError: a stored room that does not read back)
    └── ConformanceError (also an AssertionError): an engine broke a promise of its API (a bug
          the conformance harness, :mod:`jokoak.engine.harness`, reports)

Each family keeps the built-in base its members had (``ValueError``, ``RuntimeError``,
``AssertionError``), so every ``except ValueError`` written before the tree still catches what
it caught. Every error carries ``msgid`` and ``params``: where the message is meant for a
person (a setup the rules refuse, a bad link, an upload) ``msgid`` is an English gettext msgid
with ``%(name)s`` placeholders and :meth:`JokoakError.text` says it in their language; where it
is a diagnostic for authors (a lesson file's fault) ``msgid`` is that English text itself.
The subclasses live beside the code that raises them; only the base and the families live here, so this
module imports nothing and any layer may use it.
"""

from __future__ import annotations

from typing import Any, Callable


class JokoakError(Exception):
    """A fault the booklet raises on purpose: ``msgid % params`` says what (see the module)."""

    def __init__(self, msgid: str = "", /, **params: Any) -> None:
        super().__init__(msgid % params if params else msgid)
        self.msgid = msgid
        self.params: dict[str, Any] = params

    def text(self, gettext: Callable[[str], str]) -> str:
        """The message in the language of ``gettext`` (a command line's, a visitor's)."""
        translated = gettext(self.msgid)
        return translated % self.params if self.params else translated


class ContentError(JokoakError, ValueError):
    """A file of ``content/`` that breaks its format, or that the rules cannot play; the
    message names the file and the field or step at fault."""

    #: how a fault whose message is made of several msgids says itself in a language (one its
    #: file's JSON Schema found: ``jokoak.content.schema.Fault.text``)
    said: Callable[[Callable[[str], str]], str] | None = None

    def text(self, gettext: Callable[[str], str]) -> str:
        return self.said(gettext) if self.said is not None else super().text(gettext)


class RefusedByRules(JokoakError, ValueError):
    """What a game's rules will not play: an option or ruleset, a starting position, an
    action in a position."""


class InputError(JokoakError, ValueError):
    """Something handed to the booklet that is not what it claims to be: a record file, a
    game link, an uploaded translation, a command line."""


class UnavailableError(JokoakError, RuntimeError):
    """Something this machine or the rooms' store cannot give right now (a voice, a
    dictionary, a font, a free room); the booklet carries on without it."""


__all__ = ["ContentError", "InputError", "JokoakError", "RefusedByRules", "UnavailableError"]
