"""Peruludo positions: immutable, with the round as four phases.

* ``roll``   — chance: every die is thrown, one at a time (6 outcomes, 1/6 each), seat 0 first.
  The cups of the last round stay on the table (``stale``) until the first die is thrown, so
  the position after a palero still shows what was lifted.
* ``bid``    — the player on turn bids (``bid:Q:F``) or calls ``palero``.
* ``doia``   — after every bid, each player allowed to call doia is asked in turn (``doia`` /
  ``no_doia``), starting to the left of the player on turn, before that player acts: "at any
  moment" made honest as one question per player and bid.
* ``reveal`` — after a palero the challenger lifts the cups one by one (``lift``), starting at
  their right (the bidder) and moving right; under the text's ``partial`` reveal the cups left
  closed once the bid is reached are never shown to anybody.

Seats are numbered in the direction of play: play passes to the left, seat + 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal, NewType, TypeVar

from ...engine.core import (CHANCE, TERMINAL, Reason, Rules, game_over, not_legal,
                            not_your_turn, reason)
from ...i18n.msgids import N_
from .bids import Bid, BidAction, BidContext, legal_bid_actions, parse_bid
from .refusals import bid_refusal
from .rules import PeruludoOptions, options

#: The phases of a round (above), and the end of the game.
Phase = Literal["roll", "bid", "doia", "reveal", "over"]
#: The actions that are words: the challenge, the doia question's two answers, a cup lifted.
Call = Literal["palero", "doia", "no_doia", "lift"]
#: The answers to the doia question.
DOIA_ANSWERS: tuple[Call, ...] = ("doia", "no_doia")
#: A die's throw as a chance outcome, ``roll:F``.
RollAction = NewType("RollAction", str)
#: Every action of peruludo, as records, scenarios and links write it.
Action = Call | BidAction | RollAction

SIXTH = Fraction(1, 6)
#: One die's throw: the same pairs every time (their weights are worked out once).
_ROLL_OUTCOMES = tuple((RollAction(f"roll:{face}"), SIXTH) for face in range(1, 7))

_BID_CLAUSES = {
    "opening": ("round.opening_bid", "round.no_six_opening"),
    "more": ("turn.raise_or_challenge", "turn.options", "raise.option", "raise.ways",
             "raise.higher"),
    "higher_face": ("turn.raise_or_challenge", "turn.options", "raise.option", "raise.ways",
                    "raise.higher"),
    "both": ("turn.raise_or_challenge", "raise.option", "raise.higher"),
    "any_face": ("turn.raise_or_challenge", "raise.option", "raise.higher"),
    "to_wild": ("turn.raise_or_challenge", "raise.option", "raise.ways", "raise.to_wild"),
    "more_wild": ("turn.raise_or_challenge", "raise.option", "raise.from_wild",
                  "raise.from_wild.more"),
    "from_wild": ("turn.raise_or_challenge", "raise.option", "raise.from_wild",
                  "raise.from_wild.switch"),
    "arrastatze_more": ("turn.raise_or_challenge", "raise.option", "arrastatze.fixed_face"),
    "arrastatze_switch": ("turn.raise_or_challenge", "raise.option", "arrastatze.others_switch"),
}


@dataclass(frozen=True)
class PeruludoPosition:
    """A position and every fact about it; :class:`.engine.PeruludoState` adds the moves."""

    rules: Rules
    ages: tuple[int, ...]
    counts: tuple[int, ...]
    bag: int
    cups: tuple[tuple[int, ...], ...]
    starter: int
    starter_reason: str
    arrastatu: frozenset[int] = frozenset()
    spent: frozenset[int] = frozenset()
    phase: Phase = "roll"
    stale: bool = True
    round_no: int = 1
    arrastatze_round: bool = False
    bid: Bid | None = None
    bidder: int | None = None
    turn: int | None = None
    history: tuple[tuple[int, int, int], ...] = ()
    asking: tuple[int, ...] = ()
    challenger: int | None = None
    reveal_order: tuple[int, ...] = ()
    revealed: tuple[int, ...] = ()
    running: int = 0
    winner: int | None = None
    last_loser: int | None = None
    #: dice a right doia brought from outside the table when the bag was empty
    outside: int = 0

    # --- public facts -------------------------------------------------------------------
    @property
    def options(self) -> PeruludoOptions:
        """The rules as their typed options."""
        return self.rules.view(PeruludoOptions)

    @property
    def players(self) -> int:
        return len(self.counts)

    @property
    def wild(self) -> bool:
        """Sixes are wild (clause ``setup.wild``), except in an arrastatze round (clause
        ``arrastatze.no_wilds``) or with the option ``wild_sixes`` switched off."""
        return not self.arrastatze_round and self.options.wild_sixes

    def alive(self) -> list[int]:
        return [s for s in range(self.players) if self.counts[s] > 0]

    def dice_in_play(self) -> int:
        return sum(self.counts)

    def bid_context(self, seat: int | None = None) -> BidContext:
        """Everything :func:`.bids.legal_bids` needs; public, so bots can rebuild it."""
        seat = self.turn if seat is None else seat
        return bid_context_for(self.rules, self.dice_in_play(), self.arrastatze_round,
                               seat in self.arrastatu and seat != self.starter,
                               [(q, f) for _, q, f in self.history])

    # --- protocol -----------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase == "roll":
            return CHANCE
        if self.phase == "doia":
            return self.asking[0]
        seat = self.challenger if self.phase == "reveal" else self.turn
        assert seat is not None, "a challenger lifts the cups; a seat is on turn to bid"
        return seat

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def returns(self) -> list[float]:
        return [1.0 if s == self.winner else 0.0 for s in range(self.players)]

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        if self.phase != "roll":
            return []
        return list(_ROLL_OUTCOMES)

    def legal_actions(self) -> list[str]:
        if self.phase == "bid":
            acts = legal_bid_actions(self.bid, self.bid_context())
            if self.bid is not None:
                acts.append("palero")
            return acts  # already in action_sort_key order: bids by (quantity, face), palero
        if self.phase == "doia":
            return ["doia", "no_doia"]
        if self.phase == "reveal":
            return ["lift"]
        return []

    def totals(self) -> dict[str, int]:
        """Dice in the players' hands plus the bag, less the dice brought from outside the
        table (a right doia with an empty bag): no action creates or destroys a die."""
        return {"dice": sum(self.counts) + self.bag - self.outside}

    def why_not(self, action: str, seat: int | None = None) -> Reason | None:
        """``None`` if ``action`` is legal here (for ``seat``, if given), else why not.

        Bids are explained by :func:`refusals.bid_refusal`, which reads the same ladder
        :meth:`legal_actions` offers; the rest is the phase of the round.
        """
        if self.phase == "over":
            return game_over("setup.goal")
        player = self.current_player()
        if seat is not None and player != CHANCE and seat != player:
            return self._seat_refusal(action, seat)
        if self.phase == "roll":
            if action in (f"roll:{face}" for face in range(1, 7)):
                return None
            return reason(_THROW_FIRST, "round.throw")
        if self.phase == "reveal":
            return None if action == "lift" else reason(_LIFTING, "palero.reveal")
        if self.phase == "doia":
            if action in DOIA_ANSWERS:
                return None
            return self._misplaced(action) or reason(_DOIA_FIRST, "doia.call")
        bid = parse_bid(action)
        if bid is not None:
            return bid_refusal(self.bid, bid, self.bid_context())
        if action == "palero":
            return None if self.bid is not None else reason(
                _NOTHING_TO_CHALLENGE, ("palero.option", "round.opening_bid"))
        if action in DOIA_ANSWERS:
            return reason(_DOIA_ON_TURN if self.bid is not None else _NO_BID_FOR_DOIA,
                          "doia.call")
        return self._misplaced(action) or not_legal(action)

    def _misplaced(self, action: str) -> Reason | None:
        """A lift or a throw outside its phase."""
        if action == "lift":
            return reason(_LIFT_AFTER_PALERO, "palero.reveal")
        if action.startswith("roll:"):
            return reason(_THROWN_ALREADY, "round.throw")
        return None

    def _seat_refusal(self, action: str, seat: int) -> Reason:
        """``seat`` asks, but another seat is the one to act."""
        if not 0 <= seat < self.players or self.counts[seat] == 0:
            return reason(_OUT_OF_DICE, "setup.goal")
        if self.phase == "doia" and action in DOIA_ANSWERS:
            if seat == self.turn:
                return reason(_DOIA_ON_TURN, "doia.call")
            if seat == self.bidder and seat not in self.asking:
                return reason(_BIDDER_NO_DOIA, "doia.call")
            return not_your_turn("doia.call", self.current_player())
        if self.phase == "doia" and seat == self.turn:
            return reason(_DOIA_FIRST, "doia.call")
        if action in DOIA_ANSWERS and self.bid is not None:
            return reason(_DOIA_PASSED, "doia.call")
        if self.phase == "reveal":
            return reason(_CHALLENGER_LIFTS, "palero.reveal")
        return not_your_turn("turn.raise_or_challenge", self.current_player())

    # --- what a seat may see ------------------------------------------------------------
    def visible_cup(self, seat: int, viewer: int | None) -> tuple[int, ...] | None:
        """A cup's dice if ``viewer`` may see them: their own, a lifted cup, or a spectator."""
        if viewer is None or viewer == seat or seat in self.revealed:
            return self.cups[seat]
        return None

    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` knows; ``None`` is a spectator who sees every die.

        The cups follow :meth:`visible_cup`, written out here: the harness asks every state
        for a dozen views, so this is the engine's hottest method."""
        cups, revealed, arrastatu = self.cups, self.revealed, self.arrastatu
        shown: list[list[int] | None]
        if player is None:
            shown = [list(c) for c in cups]
        else:
            shown = [list(c) if s == player or s in revealed else None
                     for s, c in enumerate(cups)]
        return {
            "viewer": player,
            "phase": self.phase,
            "players": len(self.counts),
            "ages": list(self.ages),
            "dice_counts": list(self.counts),
            "dice_in_play": sum(self.counts),
            "bag": self.bag,
            "outside": self.outside,
            "cups": shown,
            "own_dice": (list(cups[player]) if player is not None and not self.stale
                         else []),
            "round_dice_thrown": not self.stale,
            "revealed": list(revealed),
            "running_count": self.running,
            "closed_cups": [s for s in self.reveal_order if s not in revealed],
            "bid": list(self.bid) if self.bid else None,
            "bidder": self.bidder,
            "turn": self.turn,
            "asking": self.asking[0] if self.phase == "doia" else None,
            "challenger": self.challenger,
            "starter": self.starter,
            "starter_reason": self.starter_reason,
            "round": self.round_no,
            "arrastatze": sorted(arrastatu),
            "arrastatze_round": self.arrastatze_round,
            "wild": self.wild,
            "history": [list(h) for h in self.history],
            "winner": self.winner,
            "may_switch_face": (player is not None and player in arrastatu
                                and player != self.starter),
        }


_THROW_FIRST = N_("First every die of the round is thrown.")
_THROWN_ALREADY = N_("The dice of this round are already thrown.")
_LIFTING = N_("After a palero the cups are lifted one by one until the count is known.")
_LIFT_AFTER_PALERO = N_("Cups are lifted one by one only after a palero.")
_DOIA_FIRST = N_("First each player says whether they call doia on the last bid.")
_NOTHING_TO_CHALLENGE = N_("There is no bid to call palero on yet: the round opens with a bid.")
_DOIA_ON_TURN = N_("Doia is called only when it is not your turn.")
_NO_BID_FOR_DOIA = N_("There is no bid to call doia on yet.")
_BIDDER_NO_DOIA = N_("Under these rules the last bidder may not call doia.")
_DOIA_PASSED = N_("Doia is called on a bid as soon as it is made, before the next player "
                  "acts.")
_OUT_OF_DICE = N_("You have no dice left: you are out of the game.")
_CHALLENGER_LIFTS = N_("The player who called palero lifts the cups.")


P = TypeVar("P", bound=PeruludoPosition)


def with_changes(state: P, *, phase: Phase | None = None, **changes: Any) -> P:
    """``dataclasses.replace`` without re-running ``__init__``: the engine copies states
    tens of thousands of times in a tournament, and every field is already valid. The phase
    is named apart so that the one moving the round on is type-checked."""
    if phase is not None:
        changes["phase"] = phase
    new = object.__new__(type(state))
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new


def bid_context_for(rules: Rules, total: int, arrastatze_round: bool, may_switch: bool,
                    earlier: list[Bid]) -> BidContext:
    chosen = options(rules)
    return BidContext(total_dice=total, wild=not arrastatze_round and chosen.wild_sixes,
                      arrastatze_round=arrastatze_round,
                      may_switch_face=arrastatze_round and (
                          may_switch or not chosen.arrastatze_fixed_face),
                      raise_rule=chosen.raise_rule, from_wild_rule=chosen.from_wild_rule,
                      earlier_bids=frozenset(earlier),
                      forbid_repeated=chosen.forbid_repeated_bids)


def bid_clauses(kind: str) -> tuple[str, ...]:
    return _BID_CLAUSES[kind]
