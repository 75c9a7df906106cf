"""The shapes a game's capabilities hand back, where every layer (and mypy) can see them.

They sit below the odds, the computer players and the games' folders, so the plug-in can name
them without importing upward: a hint (:class:`Hint`) from the computer players, an exact
table (:class:`OddsTable`) from the odds, a chance to guess (:class:`Question`) from a game's
questions. The modules that use them re-export them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable

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


Node = tuple[tuple[str, Fraction], ...]


@dataclass(frozen=True)
class Question:
    """One chance to guess.

    ``question``, ``answer`` (with ``%(chance)s``) and ``hit`` (a short name of the event,
    for the tally) are msgids; ``clauses`` the segment ids the question is about. A throw is
    ``draws`` draws from ``node``; it is a hit when the number of draws for which
    ``counts(action)`` holds lies in ``at_least..at_most``.
    """

    id: str
    game: str
    question: str
    answer: str
    hit: str
    clauses: tuple[str, ...]
    node: Node
    draws: int
    counts: Callable[[str], bool]
    at_least: int = 1
    at_most: int | None = None
    #: what a position must hold for the question to be about it, as a function of the
    #: state and the visitor's seat returning what does not hold (None: it holds); a lesson
    #: that asks the question there is checked against it (``jokoak qa``, part lessons)
    premise: Callable[[Any, int], str | None] | None = field(default=None, compare=False)

    @cached_property
    def exact(self) -> Fraction:
        """The exact chance of a hit in one throw, from the node's ``Fraction``s: worked
        out at the first reading and kept with the question (the guess view reads it at
        each rerun; a cache keyed by the question hashed its whole chance node each time)."""
        return _exact(self)

    def throws(self, rng: random.Random, n: int) -> list[bool]:
        """``n`` throws drawn from the engine's chance node: hit or not, in order."""
        from ..engine.core import draw_weighted, outcome_weights
        if not isinstance(n, int) or n < 0:
            raise ValueError("n must be a whole number of throws, 0 or more")
        actions, denominator, weights = outcome_weights(self.node)
        counting = frozenset(a for a in actions if self.counts(a))
        top = self.draws if self.at_most is None else self.at_most
        out = []
        for _ in range(n):
            k = sum(draw_weighted(actions, denominator, weights, rng) in counting
                    for _ in range(self.draws))
            out.append(self.at_least <= k <= top)
        return out

    def simulate(self, rng: random.Random, n: int) -> int:
        """How many of ``n`` throws are hits."""
        return sum(self.throws(rng, n))


def _exact(q: Question) -> Fraction:
    """P(hit): the number of counting draws is a sum of ``draws`` independent draws, each
    counting with the node's total weight of counting actions (a convolution, exact)."""
    p = sum((w for a, w in q.node if q.counts(a)), Fraction(0))
    dist = [Fraction(1)]
    for _ in range(q.draws):
        dist = [(dist[k] if k < len(dist) else 0) * (1 - p)
                + (dist[k - 1] * p if k else 0) for k in range(len(dist) + 1)]
    top = q.draws if q.at_most is None else q.at_most
    return sum((dist[k] for k in range(q.at_least, top + 1)), Fraction(0))
