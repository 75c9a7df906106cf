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
from ..games import get_game
from ..games.peruludo.engine import GAME as PERULUDO
from ..games.peruludo.bids import matches
from ..games.zaldi_zuria.rules import parse_roll
from ..games.zaldi_zuria.throws import throw_kind
from ..games.zohn_ahl.engine import ThrowKind, options as zohn_ahl_options, throw_kinds
from ..i18n.msgids import N_

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


def _rules(game: str) -> Rules:
    return make_rules(get_game(game), RULESET)


# ---- zaldi zuria: one chance node over the 2**8 patterns of the eight dice ---------------
def _zaldi_zuria() -> list[Question]:
    game = get_game("zaldi_zuria")
    state = game.new_initial_state(_rules("zaldi_zuria"))
    node = tuple(state.chance_outcomes())

    def kind_is(*kinds: int) -> Callable[[str], bool]:
        return lambda action: throw_kind(parse_roll(action)) in kinds

    return [
        Question("all_blank", "zaldi_zuria",
                 N_("How often do all eight dice show blank?"),
                 N_("All eight dice show blank (a white horse) in %(chance)s of the throws."),
                 N_("all blank"), ("setup.dice", "phase2.throw1"), node, 1, kind_is(1)),
        Question("bell_or_hammer", "zaldi_zuria",
                 N_("How often does the bell or the hammer show, or both?"),
                 N_("The bell or the hammer shows in %(chance)s of the throws."),
                 N_("bell or hammer"), ("setup.dice", "phase2.throw2", "phase2.throw3"),
                 node, 1, kind_is(2, 3)),
        Question("pips_only", "zaldi_zuria",
                 N_("How often do only pips show, with neither the bell nor the hammer?"),
                 N_("Only pips show in %(chance)s of the throws."),
                 N_("pips only"), ("setup.dice", "phase2.throw4"), node, 1, kind_is(4)),
    ]


# ---- peruludo: one die is one chance node of six faces -----------------------------------
def _peruludo() -> list[Question]:
    state = PERULUDO.new_initial_state(_rules("peruludo"))
    node = tuple(state.chance_outcomes())
    wild = state.wild  # sixes are wild outside an arrastatze round (setup.wild)

    def counts_for(face: int, wilds: bool) -> Callable[[str], bool]:
        return lambda action: matches(int(action.split(":")[1]), face, wilds)

    def own_dice(wilds: bool | None) -> Callable[[Any, int], str | None]:
        """The question is about the visitor's five dice (and wild sixes where it says so)."""
        def premise(position: Any, seat: int) -> str | None:
            if position.counts[seat] != 5:
                return f"the visitor has {position.counts[seat]} dice, the question five"
            if wilds is not None and position.wild != wilds:
                return "the question counts wild sixes; this round has none"
            return None
        return premise

    return [
        Question("two_of_five", "peruludo",
                 N_("How often do at least two of your five dice show 4 or a six (sixes "
                    "wild)?"),
                 N_("At least two of five dice count for 4 in %(chance)s of the throws."),
                 N_("two or more"), ("setup.dice", "setup.wild", "round.facts.wild"),
                 node, 5, counts_for(4, wild), at_least=2, premise=own_dice(True)),
        Question("no_six_of_five", "peruludo",
                 N_("How often do your five dice show no six at all?"),
                 N_("Five dice show no six in %(chance)s of the throws."),
                 N_("no six"), ("setup.dice", "setup.wild"),
                 node, 5, counts_for(6, False), at_least=0, at_most=0,
                 premise=own_dice(None)),
        Question("ten_of_thirty", "peruludo",
                 N_("Six players hide 30 dice. How often do at least ten of them count for 2 "
                    "(sixes wild)?"),
                 N_("At least ten of 30 dice count for 2 in %(chance)s of the throws."),
                 N_("ten or more"), ("setup.dice", "setup.wild", "round.facts.dice_count"),
                 node, 30, counts_for(2, wild), at_least=10),
    ]


# ---- zohn ahl: one throw of the four sticks is one chance node ---------------------------
def _zohn_ahl() -> list[Question]:
    game = get_game("zohn_ahl")
    rules = _rules("zohn_ahl")
    state, _events = game.new_initial_state(rules).apply("throw")
    node = tuple(state.chance_outcomes())
    kinds: dict[str, ThrowKind] = {  # by the chance node's actions (text)
        k.action: k for k in throw_kinds(zohn_ahl_options(rules).stick_set)}

    def value_is(value: int) -> Callable[[str], bool]:
        return lambda action: kinds[action].value == value

    def zohn_ahl_sticks(position: Any, seat: int) -> str | None:
        """The odds are those of zohn ahl's four sticks, not Nebäkuthana's."""
        used = zohn_ahl_options(position.rules).stick_set
        return (None if used == zohn_ahl_options(rules).stick_set
                else f"the position throws the {used} sticks")

    return [
        Question("ten", "zohn_ahl",
                 N_("How often does a throw of the sticks score 10?"),
                 N_("A throw scores 10 (all blank sides up) in %(chance)s of the throws."),
                 N_("10 points"), ("sticks.dice", "throw.white"), node, 1, value_is(10),
                 premise=zohn_ahl_sticks),
        Question("again", "zohn_ahl",
                 N_("How often does a throw give another throw (a 5 or a 10)?"),
                 N_("A throw gives another throw in %(chance)s of the throws."),
                 N_("another throw"), ("throw.red", "throw.white", "throw.again"), node, 1,
                 lambda action: kinds[action].again, premise=zohn_ahl_sticks),
        Question("two", "zohn_ahl",
                 N_("How often does a throw of the sticks score 2?"),
                 N_("A throw scores 2 in %(chance)s of the throws."),
                 N_("2 points"), ("throw.value", "throw.two"), node, 1, value_is(2),
                 premise=zohn_ahl_sticks),
    ]


_BUILDERS: dict[str, Callable[[], list[Question]]] = {
    "zaldi_zuria": _zaldi_zuria, "peruludo": _peruludo, "zohn_ahl": _zohn_ahl}


@lru_cache(maxsize=None)
def _questions(game: str) -> tuple[Question, ...]:
    return tuple(_BUILDERS[game]())


def questions(game: str) -> dict[str, Question]:
    """The questions of ``game`` by id, in the order they are offered; ``{}`` for a game
    without questions."""
    if game not in _BUILDERS:
        return {}
    return {q.id: q for q in _questions(game)}


__all__ = ["Question", "questions", "RULESET"]
