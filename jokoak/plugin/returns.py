"""The shapes a game's capabilities hand back, where every layer (and mypy) can see them.

They sit below the odds, the computer players and the games' folders, so the plug-in can name
them without importing upward: a hint (:class:`Hint`) from the computer players, an exact
table (:class:`OddsTable`) from the odds. The modules that use them re-export them. (A chance
to guess, :class:`jokoak.odds.question.Question`, draws from the engine: it lives with the odds,
and the plug-in names it for the type checker only.)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:   # finding the games imports this module: the engine waits for a throw
    from ..engine.core import Reason


@dataclass(frozen=True)
class Hint:
    """``action``, and ``reason`` why; ``quoted``: the reason is the expert's own sentence
    (first person), to be shown inside :data:`jokoak.bots.hints.EXPERT_SAYS`."""

    action: str
    reason: Reason
    quoted: bool = False


@dataclass(frozen=True)
class OddsTable:
    """A named distribution or list of exact values.

    ``name`` is a stable key (``"throw_kinds"``); ``title`` a msgid; ``rows`` are
    (label, value) pairs where ``label`` is a stable key or number (pages translate keys),
    and ``value`` an exact ``Fraction``. ``is_distribution`` tables sum to exactly 1.
    """

    name: str
    title: str
    rows: tuple[tuple[str, Fraction], ...]
    is_distribution: bool = True
    params: tuple[tuple[str, str], ...] = field(default=())

    def total(self) -> Fraction:
        return sum((v for _, v in self.rows), Fraction(0))
