"""A hint for a visitor playing against the computer: the move the strongest computer player
would make in their seat, with one sentence of why (a :class:`Reason`: msgid and numbers,
worded by the page in the visitor's language).

It reads what that player reads (the seat's observation, or the exact odds of the position)
and never bluffs: a hint is advice, not a feint.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import registry
from ..engine.core import Reason
from ..i18n.msgids import N_


@dataclass(frozen=True)
class Hint:
    """``action``, and ``reason`` why; ``quoted``: the reason is the expert's own sentence
    (first person), to be shown inside :data:`EXPERT_SAYS`."""

    action: str
    reason: Reason
    quoted: bool = False


#: Around the expert's own first-person sentence.
EXPERT_SAYS = N_("The expert in your seat would say: “%(why)s”")


def hint(game: str, state: Any, seat: int) -> Hint | None:
    """What the expert would do in ``seat`` now (None: no hint for this game or moment).
    A game's hint is ``hint(state, seat)`` of its computer players' module (``bots`` in its
    folder); a game without one gives none."""
    found = getattr(registry.entry(game).bots_module(), "hint", None)
    if found is None or seat not in _deciding(state):
        return None
    result: Hint = found(state, seat)
    return result if result.action in state.legal_actions() else None


def _deciding(state: Any) -> tuple[int, ...]:
    try:
        return (state.current_player(),)
    except Exception:  # a chance node or a finished game: nobody decides
        return ()
