"""peruludo's strongest computer player: it reads the others' bids as evidence of their dice.

The ``hard`` level treats every unknown die alike: one chance in three (sixes wild) to count
for a face. But a player who bids fours usually holds fours. This player keeps, for every
other seat and the face in question, a distribution over how many of that seat's dice count
for it: the exact binomial prior, times a likelihood for each bid that seat made on the face
this round (``1 + ALPHA * k / n``: the more it holds, the likelier it was to bid the face; a
bid on the wild sixes counts half for every other face), normalised. The seats' posteriors
and its own dice add up (a convolution) to the distribution of the count on the table, from
which it calls palero, doia or picks the raise most likely true.

Now and then (``BLUFF_RATE``) it bluffs: it raises on the face it holds fewest of, as long as
that raise is still at least ``BLUFF_FLOOR`` likely, so that the others cannot read its
bids as plainly as it reads theirs.

Every decision comes with one sentence (:func:`explain`, a :class:`Reason` with an English
msgid and the numbers), for the page to show after the cups are lifted beside the true count.
Reads nothing but ``state.observation(seat)``.
"""

from __future__ import annotations

import random
from math import comb
from typing import Any, Callable

from jokoak.engine.core import Reason, Rules
from jokoak.games.peruludo.bids import Bid, bid_action, count_face, legal_bids
from jokoak.games.peruludo.rules import WILD_FACE
from jokoak.games.peruludo.state import Action, Call, Phase, bid_context_for
from jokoak.i18n.msgids import N_

#: how strongly one bid on a face says "I hold it" (2: a seat whose dice all count for the
#: face was three times as likely to bid it as a seat with none); from seeded tournaments
#: against ``hard`` (bench/peruludo_tournament.py): 1 and 3 did worse, 6 much worse
ALPHA = 2.0
#: palero below this chance that the standing bid is true: readier than ``hard`` (0.4),
#: since its chances, sharpened by the bids, are more often right
CHALLENGE_BELOW = 0.5
#: doia above this chance that the standing bid is exactly right
DOIA_ABOVE = 0.5
#: how often it bluffs, and the least chance a bluffing raise may have: rare and safe, as
#: against players who do not read bids a bluff only costs (10 % bluffs at 35 % lost about
#: a tenth of its wins in the tournaments)
BLUFF_RATE = 0.05
BLUFF_FLOOR = 0.5


def _binomial(n: int, p: float) -> list[float]:
    return [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


def seat_posterior(dice: int, p: float, evidence: float) -> list[float]:
    """P(k of a seat's ``dice`` count for the face), after ``evidence`` bids on it."""
    prior = _binomial(dice, p)
    weights = [q * (1 + ALPHA * k / dice) ** evidence for k, q in enumerate(prior)]
    total = sum(weights)
    return [w / total for w in weights]


def _evidence(history: list[list[int]], seat: int, face: int, wild: bool) -> float:
    """How many of ``seat``'s bids this round speak for ``face`` (a six bid half, if wild)."""
    out = 0.0
    for bidder, _, bid_face in history:
        if bidder != seat:
            continue
        if bid_face == face:
            out += 1
        elif wild and bid_face == WILD_FACE and face != WILD_FACE:
            out += 0.5
    return out


def count_distribution(obs: dict[str, Any], face: int) -> list[float]:
    """P(the table holds exactly t dice counting for ``face``), t = 0.. all dice."""
    wild = obs["wild"]
    p = 1 / 3 if wild and face != WILD_FACE else 1 / 6
    dist = [0.0] * (count_face(obs["own_dice"], face, wild)) + [1.0]
    for seat, dice in enumerate(obs["dice_counts"]):
        if seat == obs["viewer"] or dice == 0:
            continue
        post = seat_posterior(dice, p, _evidence(obs["history"], seat, face, wild))
        new = [0.0] * (len(dist) + dice)
        for t, a in enumerate(dist):
            if a:
                for k, b in enumerate(post):
                    new[t + k] += a * b
        dist = new
    return dist


def chance_true(obs: dict[str, Any], bid: Bid) -> float:
    dist = count_distribution(obs, bid[1])
    return sum(dist[bid[0]:])


def chance_exact(obs: dict[str, Any], bid: Bid) -> float:
    dist = count_distribution(obs, bid[1])
    return dist[bid[0]] if bid[0] < len(dist) else 0.0


def _percent(p: float) -> int:
    return round(100 * p)


def explain(obs: dict[str, Any], rules: Rules, rng: random.Random) -> tuple[Action, Reason]:
    """The action and the one sentence that says why (msgid and numbers)."""
    phase: Phase = obs["phase"]
    if phase == "reveal":
        return "lift", Reason(N_("I lift the next cup."))
    bid: Bid | None = (obs["bid"][0], obs["bid"][1]) if obs["bid"] else None
    if phase == "doia":
        assert bid is not None, "doia is asked about a standing bid"
        exact = chance_exact(obs, bid)
        action: Call = "doia" if exact > DOIA_ABOVE else "no_doia"
        msgid = (N_("I call doia: with my dice and the bids so far, %(quantity)s × %(face)s "
                    "is exactly right with chance %(chance)s%%; I call above %(threshold)s%%.")
                 if action == "doia" else
                 N_("No doia: %(quantity)s × %(face)s is exactly right only with chance "
                    "%(chance)s%%; I call above %(threshold)s%%."))
        return action, Reason(msgid, (("quantity", bid[0]), ("face", bid[1]),
                                      ("chance", _percent(exact)),
                                      ("threshold", _percent(DOIA_ABOVE))), ("doia.call",))
    ctx = bid_context_for(rules, obs["dice_in_play"], obs["arrastatze_round"],
                          obs["may_switch_face"], [(q, f) for _, q, f in obs["history"]])
    lowest: dict[int, Bid] = {}
    for quantity, face in legal_bids(bid, ctx):
        if face not in lowest or quantity < lowest[face][0]:
            lowest[face] = (quantity, face)
    scored = sorted(((chance_true(obs, b), b) for b in lowest.values()),
                    key=lambda pb: (-pb[0], pb[1]))
    if bid is not None:
        current = chance_true(obs, bid)
        if not scored or current < CHALLENGE_BELOW:
            return "palero", Reason(
                N_("I call palero: with my dice and the bids so far, %(quantity)s × %(face)s "
                   "is true with chance %(chance)s%%; I call below %(threshold)s%%."),
                (("quantity", bid[0]), ("face", bid[1]), ("chance", _percent(current)),
                 ("threshold", _percent(CHALLENGE_BELOW))), ("palero.option",))
    best_p = scored[0][0]
    ties = [b for p, b in scored if p == best_p]
    own = obs["own_dice"]
    choice = max(ties, key=lambda b: (count_face(own, b[1], obs["wild"]), -b[0], b[1]))
    bluffs = [(p, b) for p, b in scored if p >= BLUFF_FLOOR and b != choice]
    if bluffs and rng.random() < BLUFF_RATE:
        p, bluff = min(bluffs, key=lambda pb: (count_face(own, pb[1][1], obs["wild"]),
                                               -pb[0], pb[1]))
        return bid_action(bluff), Reason(
            N_("I bluff with %(quantity)s × %(face)s: it is still true with chance "
               "%(chance)s%%, and a face I hold few of hides my hand."),
            (("quantity", bluff[0]), ("face", bluff[1]), ("chance", _percent(p))),
            ("raise.option",))
    return bid_action(choice), Reason(
        N_("I bid %(quantity)s × %(face)s: with my dice and the bids so far it is true with "
           "chance %(chance)s%%, the likeliest of my raises."),
        (("quantity", choice[0]), ("face", choice[1]), ("chance", _percent(best_p))),
        ("raise.option",))


def decide(obs: dict[str, Any], rules: Rules, rng: random.Random) -> Action:
    return explain(obs, rules, rng)[0]


def policy() -> Callable[[Any, random.Random], str]:
    """A :data:`jokoak.engine.record.Policy` that sees only the acting seat's observation."""
    def act(state: Any, rng: random.Random) -> Action:
        return decide(state.observation(state.current_player()), state.rules, rng)
    act.__name__ = "peruludo_expert"
    return act
