"""Computer players: auction bidders that bid up to what a card is worth to them.

A card's worth comes from the exact model (:func:`jokoak.games.zaldi_zuria.odds.card_values`):
the expected chips it earns per round at this table, once at the present bank with the inn
shut and once at a later, smaller bank with the inn open (where the inn and the penalties
matter), averaged and multiplied by how many rounds the player expects to enjoy it. The
reasoning is returned as data (:func:`bid_reasoning`, :func:`throw_reasoning`) so the page
can show *why* a computer bid or passed.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal, TypedDict

from jokoak.games.zaldi_zuria.rules import CARDS
from jokoak.games.zaldi_zuria.state import Action, ZaldiState, bid_action
from jokoak.bots.hints import Hint
from jokoak.engine.core import Reason
from jokoak.i18n.msgids import N_
from jokoak.games.zaldi_zuria.odds import card_values, expected_gain

#: The bank a bidder imagines for "later in the game", when the inn is open.
LATE_BANK = 12


#: Which limit stops a bid: the card's worth to the bidder, or the chips it risks on one card.
Binding = Literal["worth", "chips"]
#: What the bidder does with the card on sale.
Decision = Literal["bids", "already_highest", "limit_reached"]


class BidReasoning(TypedDict):
    """Every number a bidder's decision on the card for sale used (:func:`bid_reasoning`)."""

    card: str
    seat: int
    policy: str
    bank: int
    binding: Binding
    decision: Decision
    chips: int
    players: int
    per_round_now: Fraction
    per_round_later: Fraction
    late_bank: int
    per_round: Fraction
    horizon: int
    worth: Fraction
    share: Fraction
    limit_by_worth: int
    budget: Fraction
    limit_by_chips: int
    limit: int
    standing_bid: int
    action: Action


class ThrowReasoning(TypedDict):
    """The expected gain behind a throw or a pass (:func:`throw_reasoning`)."""

    seat: int
    policy: str
    expected_gain: Fraction
    bank: int
    passes: int
    action: Action


@dataclass(frozen=True)
class Bidder:
    """A computer player's temperament: ``horizon`` rounds it expects to hold a card,
    ``share`` of the card's worth it will pay, ``budget`` of its chips it risks per card,
    and whether it passes a throw it expects to lose by (at most once in a row)."""

    name: str
    horizon: int
    share: Fraction
    budget: Fraction
    avoids_bad_throws: bool

    def __call__(self, state: Any, rng: random.Random) -> Action:
        seat = state.current_player()
        if state.phase == "auction":
            return bid_reasoning(state, seat, self)["action"]
        return throw_reasoning(state, seat, self)["action"]


def bid_reasoning(state: ZaldiState, seat: int, bidder: Bidder) -> BidReasoning:
    """Why ``seat`` bids or passes on the card for sale: every number the decision used."""
    card = state.card_on_sale
    assert card is not None, "a bid is weighed only in the auction, with a card on sale"
    players = len(state.active)
    now = card_values(state.rules, state.bank, False, players)[card] * players
    later = card_values(state.rules, LATE_BANK, True, players)[card] * players
    per_round = (now + later) / 2
    worth = max(Fraction(0), per_round * bidder.horizon)
    by_worth = math.floor(worth * bidder.share)
    by_chips = math.floor(state.chips[seat] * bidder.budget)
    limit = min(by_worth, by_chips)
    bid = state.high_bid + 1
    action: Action = bid_action(bid) if bid <= limit and state.high_bidder != seat else "pass"
    # why the bid stops where it does: the smaller of the two limits decides
    binding: Binding = "worth" if by_worth <= by_chips else "chips"
    decision: Decision = ("bids" if action != "pass" else
                          "already_highest" if state.high_bidder == seat else "limit_reached")
    return {"card": card, "seat": seat, "policy": bidder.name, "bank": state.bank,
            "binding": binding, "decision": decision, "chips": state.chips[seat],
            "players": players, "per_round_now": now, "per_round_later": later,
            "late_bank": LATE_BANK, "per_round": per_round, "horizon": bidder.horizon,
            "worth": worth, "share": bidder.share, "limit_by_worth": by_worth,
            "budget": bidder.budget, "limit_by_chips": by_chips, "limit": limit,
            "standing_bid": state.high_bid, "action": action}


def throw_reasoning(state: ZaldiState, seat: int, bidder: Bidder) -> ThrowReasoning:
    """Why ``seat`` throws or passes: the exact expected gain of throwing now."""
    gain = expected_gain(state.table(seat), seat, state.chips)
    may_pass = "pass" in state.legal_actions() and state.passes[seat] == 0
    action: Action = "pass" if bidder.avoids_bad_throws and gain < 0 and may_pass else "throw"
    return {"seat": seat, "policy": bidder.name, "expected_gain": gain, "bank": state.bank,
            "passes": state.passes[seat], "action": action}


#: the bidding styles, as the play page names them (msgids, translated by the page)
BIDDER_LABELS: dict[str, str] = {"careful": N_("careful"), "greedy": N_("greedy")}

POLICIES: dict[str, Bidder] = {
    "careful": Bidder("careful", horizon=4, share=Fraction(3, 4), budget=Fraction(1, 4),
                      avoids_bad_throws=True),
    "greedy": Bidder("greedy", horizon=10, share=Fraction(1), budget=Fraction(1, 2),
                     avoids_bad_throws=False),
}

__all__ = ["BIDDER_LABELS", "Bidder", "POLICIES", "bid_reasoning", "throw_reasoning", "CARDS"]


# --- the hint for a visitor playing against the computer ------------------------------

#: zaldi zuria's strongest computer player: the careful bidder (it passes a throw it expects
#: to lose by, and bids no more than the card is worth to it).
ZALDI_EXPERT = POLICIES["careful"]


def hint(state: Any, seat: int) -> Hint:
    """What the careful bidder would do in ``seat``, and why (:func:`jokoak.bots.hints.hint`)."""
    if state.phase == "auction":
        data = bid_reasoning(state, seat, ZALDI_EXPERT)
        if data["action"] != "pass":
            return Hint(data["action"], Reason(
                N_("Bid %(bid)s: the card is worth about %(worth)s chips to you over the next "
                   "rounds, and this bid stays under that."),
                (("bid", data["standing_bid"] + 1), ("worth", data["worth"])),
                ("phase1.auction",)))
        if data["decision"] == "already_highest":
            return Hint("pass", Reason(N_("Pass: the highest bid is already yours."),
                                       (), ("phase1.auction",)))
        return Hint("pass", Reason(
            N_("Pass: a higher bid would cost more than the card is worth to you (about "
               "%(worth)s chips) or more of your chips than is wise."),
            (("worth", data["worth"]),), ("phase1.auction",)))
    throw = throw_reasoning(state, seat, ZALDI_EXPERT)
    gain = throw["expected_gain"]
    if throw["action"] == "pass":
        return Hint("pass", Reason(
            N_("Pass: on average a throw now would cost you %(loss)s chips."),
            (("loss", -gain),)))
    return Hint("throw", Reason(
        N_("Throw: on average a throw now changes your chips by %(gain)s.")
        if gain < 0 else N_("Throw: on average a throw now wins you %(gain)s chips."),
        (("gain", gain),), ("play.start",)))
