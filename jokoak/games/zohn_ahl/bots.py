"""The computer team of zohn ahl: throwing involves no choice."""

from __future__ import annotations

from typing import Any

from jokoak.bots.hints import Hint
from jokoak.engine.core import Reason
from jokoak.games.zohn_ahl.engine import TurnAction, ZohnAhlState
from jokoak.i18n.msgids import N_


def thrower(state: ZohnAhlState, rng: Any) -> TurnAction:
    """Throwing involves no choice: the computer always throws and never abandons."""
    return "throw"


POLICIES = {"thrower": thrower}


def hint(state: Any, seat: int) -> Hint:
    """Always to throw (:func:`jokoak.bots.hints.hint`)."""
    return Hint("throw", Reason(N_("Throw the sticks: they decide how far you move, so "
                                   "throwing is always the move.")))
