"""Questions to guess before seeing: "how often do all eight dice show blank?"

Seeing Theory's pattern (guess first, then watch the throws, then the exact answer) needs, per
question, three things that must agree: the exact chance, a way to throw before the
visitor's eyes, and the words. So a :class:`Question` holds the engine's own chance node
(read off a position of the game under the Basque text's ruleset), how many times a throw
draws from it (peruludo's five dice: five draws of one die), which draws count (decided by
the engine's functions: ``throw_kind``, ``matches``, the throw's value) and how many counting
draws make a hit. The exact chance is then a sum of products of the node's ``Fraction``s and
the sampler draws from those same weights (``jokoak.engine.core.draw_weighted``, as the
games' driver does), so a number typed in by hand has nowhere to hide.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import Any, Callable

from ..engine.core import Rules, draw_weighted, make_rules, outcome_weights
from .. import registry
from ..games import get_game

#: The ruleset every question is asked under: the Basque text's literal reading.
RULESET = "basque_text"

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


def basque_rules(game: str) -> Rules:
    """The rules every question of ``game`` is asked under (:data:`RULESET`)."""
    return make_rules(get_game(game), RULESET)


@lru_cache(maxsize=None)
def _questions(game: str) -> tuple[Question, ...]:
    if game not in registry.keys():
        return ()
    builder = registry.entry(game).folder_module("guesses")
    return () if builder is None else tuple(builder.questions())


def questions(game: str) -> dict[str, Question]:
    """The questions of ``game`` by id, in the order they are offered; ``{}`` for a game
    without questions. A game's questions are ``questions()`` of ``guesses`` in its folder
    (``jokoak/games/<key>/guesses.py``), built on its own engine's chance nodes."""
    return {q.id: q for q in _questions(game)}


__all__ = ["Question", "basque_rules", "questions", "RULESET"]
