"""Computer players at three levels, reading nothing but ``state.observation(seat)``.

Each level turns its own dice and the number of unknown dice into exact probabilities
(binomial, p = 1/3 for a face while sixes are wild, else 1/6) and differs only in how it
uses them:

* ``easy``   — calls palero only on bids it thinks less than 20 % likely, otherwise bids at
  random among raises at least 35 % likely, and never calls doia;
* ``medium`` — calls palero below 50 %, bids the safest raise (the lowest quantity of the
  face most likely to be there, preferring faces it holds), calls doia only when 75 % sure;
* ``hard``   — the same bidding, but calls palero only below 40 %, less readily than
  ``medium``: a palero always puts one of the challenger's dice at stake, while the safest
  raise (usually likelier than the bid it answers) passes the round on, and with three or
  more players the die is then often lost between two others; so a bid between 40 % and
  50 % likely is better raised than challenged. It calls doia when more likely right than
  wrong.

The thresholds come from seeded tournaments (tests/test_peruludo_bots.py), where hard beats
medium and medium beats easy under both rulesets.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from jokoak.engine.core import Rules
from jokoak.games.peruludo.bids import Bid, bid_action, count_face, legal_bids
from jokoak.games.peruludo.state import Action, Phase, bid_context_for
from jokoak.games.peruludo.odds import p_bid_exact, p_bid_true, ranked_bids
from jokoak.bots.hints import Hint
from jokoak.games.peruludo.bots.bayes import explain, policy as _bayes_policy


class NeverBluff(random.Random):
    """A random source whose every draw is the largest: the expert's bluffs never happen."""

    def random(self) -> float:
        return 1.0


#: palero when the bid is less likely true than this (found by seeded tournaments)
CHALLENGE_BELOW = {"easy": 0.2, "medium": 0.5, "hard": 0.4}

def decide(obs: dict[str, Any], rules: Rules, level: str, rng: random.Random) -> Action:
    """The action a computer player of ``level`` picks, from an observation alone."""
    own = obs["own_dice"]
    unknown = obs["dice_in_play"] - len(own)
    wild = obs["wild"]
    bid: Bid | None = (obs["bid"][0], obs["bid"][1]) if obs["bid"] else None
    phase: Phase = obs["phase"]
    if phase == "reveal":
        return "lift"
    if phase == "doia":
        if level == "easy":
            return "no_doia"
        threshold = {"medium": 0.75, "hard": 0.5}[level]
        assert bid is not None, "doia is asked about a standing bid"
        return "doia" if p_bid_exact(bid, own, unknown, wild) > threshold else "no_doia"
    ctx = bid_context_for(rules, obs["dice_in_play"], obs["arrastatze_round"],
                          obs["may_switch_face"], [(q, f) for _, q, f in obs["history"]])
    options = ranked_bids(_lowest_per_face(legal_bids(bid, ctx)), own, unknown, wild)
    current = p_bid_true(bid, own, unknown, wild) if bid else None
    if level == "easy":
        if current is not None and (current < CHALLENGE_BELOW["easy"] or not options):
            return "palero"
        passable = [b for b, p in options if p >= 0.35] or [b for b, _ in options[:3]]
        return bid_action(rng.choice(passable))
    if not options:
        return "palero"
    if current is not None and current < CHALLENGE_BELOW[level]:
        return "palero"
    best_p = options[0][1]
    ties = [b for b, p in options if p == best_p]
    held = max(ties, key=lambda b: (count_face(own, b[1], wild), -b[0], b[1]))
    return bid_action(held)


def _lowest_per_face(bids: list[Bid]) -> list[Bid]:
    """For one face a higher quantity is never likelier, so only the lowest is worth ranking."""
    lowest: dict[int, Bid] = {}
    for quantity, face in bids:
        if face not in lowest or quantity < lowest[face][0]:
            lowest[face] = (quantity, face)
    return list(lowest.values())


def policy(level: str) -> Callable[[Any, random.Random], str]:
    """A :data:`jokoak.engine.record.Policy` that sees only the acting seat's observation."""
    def act(state: Any, rng: random.Random) -> Action:
        seat = state.current_player()
        return decide(state.observation(seat), state.rules, level, rng)
    act.__name__ = f"peruludo_{level}"
    return act


POLICIES: dict[str, Callable[[Any, random.Random], str]] = {
    level: policy(level) for level in ("easy", "medium", "hard")}
# the strongest level reads the others' bids (see :mod:`jokoak.games.peruludo.bots.bayes`)
POLICIES["expert"] = _bayes_policy()


def hint(state: Any, seat: int) -> Hint:
    """What the Bayesian player would do in ``seat``, in its own words, never bluffing
    (:func:`jokoak.bots.hints.hint`)."""
    action, why = explain(state.observation(seat), state.rules, NeverBluff())
    return Hint(action, why, quoted=True)
