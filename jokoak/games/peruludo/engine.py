"""Peruludo's engine state: a position (:mod:`.state`) that moves by :mod:`.transitions`.

The split keeps the imports one-way: the position knows nothing of the moves, the moves
know the position, and this class joins them into a :class:`jokoak.engine.GameState`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.core import Event
from . import transitions
from .state import PeruludoPosition


@dataclass(frozen=True)
class PeruludoState(PeruludoPosition):
    """An immutable Peruludo position with the engine's ``apply``."""

    def apply(self, action: str) -> tuple[PeruludoState, list[Event]]:
        return transitions.apply(self, action)
