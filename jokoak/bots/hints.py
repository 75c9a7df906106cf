"""A hint for a visitor playing against the computer: the move the strongest computer player
would make in their seat, with one sentence of why (a :class:`Reason`: msgid and numbers,
worded by the page in the visitor's language).

It reads what that player reads (the seat's observation, or the exact odds of the position)
and never bluffs: a hint is advice, not a feint.
"""

from __future__ import annotations

from typing import Any

from .. import registry
from ..i18n.msgids import N_
from ..plugin.returns import Hint

__all__ = ["EXPERT_SAYS", "Hint", "hint"]


#: Around the expert's own first-person sentence.
EXPERT_SAYS = N_("The expert in your seat would say: “%(why)s”")


def hint(game: str, state: Any, seat: int) -> Hint | None:
    """What the expert would do in ``seat`` now (None: no hint for this game or moment).
    A game's hint is the ``hint`` of its plug-in's computer players
    (:class:`jokoak.plugin.Bots`); a game without one gives none."""
    bots = registry.plugin(game).computer_players()
    if bots is None or bots.hint is None or seat not in _deciding(state):
        return None
    result = bots.hint(state, seat)
    return result if result.action in state.legal_actions() else None


def _deciding(state: Any) -> tuple[int, ...]:
    try:
        return (state.current_player(),)
    except Exception:  # a chance node or a finished game: nobody decides
        return ()
