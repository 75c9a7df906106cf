"""The computer team of zohn ahl: throwing involves no choice."""

from __future__ import annotations

from typing import Any

from jokoak.games.zohn_ahl.engine import TurnAction, ZohnAhlState


def thrower(state: ZohnAhlState, rng: Any) -> TurnAction:
    """Throwing involves no choice: the computer always throws and never abandons."""
    return "throw"


POLICIES = {"thrower": thrower}
