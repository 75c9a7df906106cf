"""A chance to guess: the engine's own chance node, how many draws a throw makes, which draws
count, and the exact chance of a hit worked out from the node's ``Fraction``s (the sampler
draws from the same weights, so the throws the visitor watches and the answer agree).

It lives with the odds, not with the plug-in's shapes (:mod:`jokoak.plugin.returns`): its
throws draw through the engine, and finding the games must not import an engine."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, Callable

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
