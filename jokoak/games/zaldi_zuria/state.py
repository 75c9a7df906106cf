"""The zaldi zuria state machine: opening throws, auction, then throws until an ending.

Phases (``state.phase``):

* ``"start"`` — every contender throws once (chance nodes, in seat order); the most pips makes
  the auctioneer, who is also the banker (start.auctioneer). A tie is re-thrown among the tied
  only, as often as needed. Then everyone stakes four chips (start.stakes; or after the
  auction under option ``stakes_timing``).
* ``"auction"`` — the five cards are sold one by one in the text's order (phase1.auction).
  Bidding goes round from the auctioneer's left: ``bid:N`` (more than the standing bid, at most
  the bidder's own chips) or ``pass`` (out of bidding for this card). The card goes to the last
  bidder standing; its price goes to the bank. A card nobody bids on is unsold (option
  ``unsold_cards``).
* ``"play"`` — the player on turn chooses ``throw`` or ``pass``. "Taking part" in a round means
  throwing on one's own turn: a player who passes on two consecutive turns leaves the game and
  their chips go to the bank (phase1.absence). The last player left cannot pass. ``throw`` is
  followed by a chance node ``roll:...`` (:func:`rules.chance_outcomes`).
* ``"over"`` — an ending (pips equal to the bank, or 1-2-3-4-5-6 with two blanks).

One game = one auction + throws until an ending; ``next_auctioneer`` records who would
auction the next game.

Events (kind: clauses): ``table_set`` (setup.*), ``start_throw``/``start_tie``/
``auctioneer_chosen`` (start.auctioneer), ``auction_open``/``bid``/``auction_pass``/
``card_sold``/``card_unsold`` (phase1.auction, phase1.buyers), ``play_begins`` and
``takes_dice`` (play.start), ``turn_pass``/``eliminated``/``card_released`` (phase1.absence),
``throw`` (the kind's list item, plus phase1.throw_without_cards for a thrower without
cards), ``payment`` (the rule that asks for it; ``data.short`` when the payer ran out),
``no_payment`` (``data.reason``: ``self``, ``no_holder`` or ``not_covered``), ``inn_opens``
(phase3.inn_opens) and ``game_end`` (ending and the exact rule). A payment's parties are
seats or ``"bank"``.

Setup (``new_initial_state(rules, setup)``), a mapping; every field optional:

``players`` (int, at least ``minimum_players``, at most 12; default 6 or ``len(chips)``),
``chips`` (int for everyone or a list per seat; default 36), ``bank`` (int, default 0; chips
and bank at most 10,000 each),
``phase`` (``start``/``auction``/``play``; default ``start``), ``auctioneer`` (seat; needed
for ``auction`` and ``play``), ``holders`` (``{card: seat or "bank"}``; ``play`` only; a
card not listed is unsold), ``inn_open`` (bool, ``play`` only), ``to_throw`` (seat on turn,
``play`` only; default: option ``first_thrower``), ``passes`` (list of consecutive passes per
seat), ``out`` (list of seats already out of the game), ``stakes_paid`` (bool; default
``false`` for ``start``/``auction``, ``true`` for ``play``). Chips and bank are the amounts
*now*: a scenario that starts in play gives them after stakes and auction. Bad fields raise
:class:`SetupError` naming the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal, Mapping, NewType

from ...engine.core import (CHANCE, TERMINAL, Event, IllegalAction, Reason, Rules, SetupError,
                            event, game_over, not_legal, not_your_turn, reason)
from ...i18n.msgids import N_, Nn_
from .rules import (BANK, CARDS, MARKS, MAX_CHIPS, MAX_PLAYERS, ROLL_ACTIONS, STAKE,
                    START_CHIPS, RollAction, ZaldiZuriaOptions, chance_outcomes, options,
                    parse_roll, pips)
from .throws import Party, TableAtThrow, resolve, settle


#: The phases of a game (above).
Phase = Literal["start", "auction", "play", "over"]
#: The actions that are words: out of the bidding for this card, or out of this turn; take
#: the dice and throw.
Call = Literal["pass", "throw"]
#: A bid in the auction, ``bid:N`` (made by :func:`bid_action` alone).
BidAction = NewType("BidAction", str)
#: Every action of zaldi zuria, as records, scenarios and links write it.
Action = Call | BidAction | RollAction


def bid_action(amount: int) -> BidAction:
    """The bid of ``amount`` chips for the card on sale."""
    return BidAction(f"bid:{amount}")


def replace(state: "ZaldiState", *, phase: Phase | None = None,
            **changes: Any) -> "ZaldiState":
    """``dataclasses.replace`` without re-running ``__init__`` (every field is already valid,
    and a game copies its state at every step: the harness plays thousands of games). The
    phase is named apart so that the one moving the game on is type-checked."""
    if phase is not None:
        changes["phase"] = phase
    new = object.__new__(type(state))
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new


def action_sort_key(action: str) -> tuple[int, int, str]:
    """``pass`` < bids by amount < ``throw`` < throws: numeric order for ``bid:10``."""
    head, _, tail = action.partition(":")
    order = {"pass": 0, "bid": 1, "throw": 2, "roll": 3}.get(head, 4)
    return (order, int(tail) if head == "bid" else 0, action)


@dataclass(frozen=True)
class ZaldiState:
    rules: Rules
    chips: tuple[int, ...]
    start_chips: tuple[int, ...]
    bank: int
    phase: Phase = "start"
    out: frozenset[int] = frozenset()
    holders: tuple[tuple[str, Party], ...] = ()
    auctioneer: int | None = None
    stakes_paid: bool = False
    announced: bool = False
    # opening throws
    contenders: tuple[int, ...] = ()
    start_pips: tuple[int, ...] = ()
    # auction
    card_index: int = 0
    high_bid: int = 0
    high_bidder: int | None = None
    bidders: tuple[int, ...] = ()
    to_bid: int | None = None
    # play
    to_throw: int = 0
    throwing: bool = False
    passes: tuple[int, ...] = ()
    inn_open: bool = False
    last_roll: frozenset[str] | None = None
    throws: int = 0
    # over
    ending: str | None = None
    winner: int | None = None
    next_auctioneer: int | None = None

    # ---- reading the state -------------------------------------------------------------
    @property
    def options(self) -> ZaldiZuriaOptions:
        """The rules as their typed options."""
        return self.rules.view(ZaldiZuriaOptions)

    @property
    def players(self) -> int:
        return len(self.chips)

    @property
    def active(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if s not in self.out)

    def holder(self, card: str) -> Party:
        return dict(self.holders).get(card)

    def cards_of(self, seat: int) -> tuple[str, ...]:
        return tuple(c for c, h in self.holders if h == seat)

    @property
    def card_on_sale(self) -> str | None:
        return CARDS[self.card_index] if self.phase == "auction" else None

    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase == "start" or (self.phase == "play" and self.throwing):
            return CHANCE
        if self.phase == "auction":
            assert self.to_bid is not None
            return self.to_bid
        return self.to_throw

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        return chance_outcomes() if self.current_player() == CHANCE else []

    def legal_actions(self) -> list[str]:
        player = self.current_player()
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return list(_SORTED_ROLLS)
        if self.phase == "auction":
            bids: list[str] = [bid_action(n)
                               for n in range(self.high_bid + 1, self.chips[player] + 1)]
            return ["pass"] + bids
        return ["throw"] if len(self.active) == 1 else ["pass", "throw"]

    def returns(self) -> list[float]:
        """Chips won or lost since the start of this game."""
        return [float(c - s) for c, s in zip(self.chips, self.start_chips)]

    def totals(self) -> dict[str, int]:
        """Conserved by every action: chips (players + bank), dice, cards."""
        return {"chips": sum(self.chips) + self.bank, "dice": len(MARKS), "cards": len(CARDS)}

    def observation(self, player: int | None) -> dict[str, Any]:
        """Everything is public in zaldi zuria: every seat sees what a spectator sees."""
        return {
            "phase": self.phase, "chips": list(self.chips), "bank": self.bank,
            "out": sorted(self.out), "holders": dict(self.holders),
            "auctioneer": self.auctioneer, "inn_open": self.inn_open,
            "card_on_sale": self.card_on_sale, "high_bid": self.high_bid,
            "high_bidder": self.high_bidder, "to_throw": self.to_throw,
            "passes": list(self.passes),
            "last_roll": None if self.last_roll is None else
            [m for m in MARKS if m in self.last_roll],
            "ending": self.ending, "winner": self.winner,
            "next_auctioneer": self.next_auctioneer,
        }

    def table(self, thrower: int | None = None) -> TableAtThrow:
        """The view :func:`throws.resolve` reads (thrower: the seat on turn by default)."""
        return TableAtThrow(self.rules, self.bank, self.inn_open,
                     self.to_throw if thrower is None else thrower,
                     dict(self.holders), self.active)

    # ---- moving ------------------------------------------------------------------------
    def why_not(self, action: str, seat: int | None = None) -> Reason | None:
        """``None`` if ``action`` is legal here (for ``seat``, if given), else the rule that
        refuses it: the same tests :meth:`legal_actions` makes, said one by one."""
        player = self.current_player()
        if player == TERMINAL:
            return game_over("ending")
        if seat is not None and player != CHANCE and seat != player:
            return self._seat_refusal(seat)
        if player == CHANCE:
            if action in ROLL_ACTIONS:
                return None
            if self.phase == "start":
                return reason(_OPENING_THROWS, "start.auctioneer")
            return reason(_DICE_IN_THE_AIR, "play.start")
        if action in self.legal_actions():
            return None
        if self.phase == "auction":
            return self._bid_refusal(action, player)
        if action == "pass":
            return reason(_LAST_CANNOT_PASS, "phase1.absence")
        if action.startswith("bid:"):
            return reason(_AUCTION_OVER, "phase1.auction")
        if action in ROLL_ACTIONS:
            return reason(_TAKE_THE_DICE, "play.start")
        return not_legal(action)

    def _bid_refusal(self, action: str, player: int) -> Reason:
        if action == "throw" or action in ROLL_ACTIONS:
            return reason(_THROWS_AFTER_AUCTION, ("phase1.auction", "play.start"))
        amount = _int_or_none(action[4:]) if action.startswith("bid:") else None
        if amount is None:
            return not_legal(action)
        if amount < 1:
            return reason(_BID_A_CHIP, "phase1.auction")
        if amount <= self.high_bid:
            return reason(_ABOVE_STANDING, "phase1.auction", count=self.high_bid)
        return reason(_ABOVE_CHIPS, "phase1.buyers", count=self.chips[player], bid=amount)

    def _seat_refusal(self, seat: int) -> Reason:
        """``seat`` asks, but another seat is the one to act."""
        if not 0 <= seat < self.players or seat in self.out:
            return reason(_OUT_OF_GAME, "phase1.absence")
        if self.phase == "auction":
            if seat == self.high_bidder:
                return reason(_YOUR_BID_STANDS, "phase1.auction")
            if seat not in self.bidders:
                return reason(_PASSED_ON_CARD, "phase1.buyers")
            return not_your_turn("phase1.auction", self.current_player())
        return not_your_turn("play.start", self.current_player())

    def apply(self, action: str) -> tuple["ZaldiState", list[Event]]:
        player = self.current_player()
        if (action not in ROLL_ACTIONS) if player == CHANCE else (action not in self.legal_actions()):
            raise IllegalAction(action, self.why_not(action))
        events: list[Event] = []
        state = self
        if not self.announced:
            # what is on the table now: a scenario may start mid-game, with other purses
            purses = [self.chips[s] for s in range(self.players) if s not in self.out]
            same = len(set(purses)) == 1
            events.append(event("table_set", ("setup.cards", "setup.dice", "setup.players",
                                              "setup.chips"), (),
                                {"cards": list(CARDS), "purses": purses,
                                 "same_purses": same, "start": self.chips == (
                                     (START_CHIPS,) * self.players) and self.bank == 0},
                                players=len(purses), chips=purses[0] if same else sum(purses),
                                bank=self.bank, dice=len(MARKS)))
            state = replace(state, announced=True)
        if state.phase == "start":
            return state._start_throw(parse_roll(action), events)
        if state.phase == "auction":
            return state._auction(player, action, events)
        if action == "pass":
            return state._pass(player, events)
        if action == "throw":
            passes = list(state.passes)
            passes[player] = 0
            events.append(event("takes_dice", "play.start", (player,)))
            return replace(state, throwing=True, passes=tuple(passes)), events
        return state._roll(parse_roll(action), events)

    # opening throws (start.auctioneer) ------------------------------------------------------
    def _start_throw(self, shown: frozenset[str], events: list[Event]
                     ) -> tuple["ZaldiState", list[Event]]:
        seat = self.contenders[len(self.start_pips)]
        got = pips(shown)
        events.append(event("start_throw", ("start.auctioneer", "setup.dice"), (seat,),
                            {"marks": [m for m in MARKS if m in shown]}, pips=got))
        done = self.start_pips + (got,)
        state = replace(self, start_pips=done, last_roll=shown)
        if len(done) < len(self.contenders):
            return state, events
        best = max(done)
        tied = tuple(s for s, p in zip(self.contenders, done) if p == best)
        if len(tied) > 1:
            events.append(event("start_tie", "start.auctioneer", tied, pips=best))
            return replace(state, contenders=tied, start_pips=()), events
        auctioneer = tied[0]
        events.append(event("auctioneer_chosen", "start.auctioneer", (auctioneer,), pips=best))
        state = replace(state, auctioneer=auctioneer, contenders=(), start_pips=())
        if self.options.stakes_timing == "before_auction":
            state = state._collect_stakes(events)
        return state._open_auction(0, events)

    def _collect_stakes(self, events: list[Event]) -> "ZaldiState":
        if self.stakes_paid:
            return self
        chips, bank = list(self.chips), self.bank
        order = [self.auctioneer] + [s for s in self.active if s != self.auctioneer]
        for seat in order:
            if seat is None or seat in self.out:
                continue
            paid = min(STAKE, chips[seat])
            chips[seat] -= paid
            bank += paid
            events.append(_payment(("start.stakes",), seat, BANK, paid, STAKE, None))
        return replace(self, chips=tuple(chips), bank=bank, stakes_paid=True)

    # auction (phase1.auction, phase1.buyers) ----------------------------------------------
    def _open_auction(self, index: int, events: list[Event]) -> tuple["ZaldiState", list[Event]]:
        if index >= len(CARDS):
            return self._begin_play(events)
        order = self._seats_after(self.auctioneer)
        assert self.auctioneer is not None, "the auctioneer is chosen before the auction"
        events.append(event("auction_open", ("phase1.auction", "setup.cards"),
                            (self.auctioneer,), {"card": CARDS[index]}))
        return replace(self, phase="auction", card_index=index, high_bid=0, high_bidder=None,
                       bidders=order, to_bid=order[0]), events

    def _auction(self, seat: int, action: str, events: list[Event]
                 ) -> tuple["ZaldiState", list[Event]]:
        card = CARDS[self.card_index]
        state = self
        if action == "pass":
            events.append(event("auction_pass", "phase1.buyers", (seat,), {"card": card}))
            state = replace(state, bidders=tuple(b for b in state.bidders if b != seat))
        else:
            amount = int(action[4:])
            events.append(event("bid", "phase1.auction", (seat,), {"card": card}, bid=amount))
            state = replace(state, high_bid=amount, high_bidder=seat)
        waiting = [b for b in state._seats_after(seat) if b in state.bidders
                   and b != state.high_bidder]
        if waiting:
            return replace(state, to_bid=waiting[0]), events
        holders = dict(state.holders)
        chips, bank = list(state.chips), state.bank
        if state.high_bidder is not None:
            buyer, price = state.high_bidder, state.high_bid
            chips[buyer] -= price
            bank += price
            holders[card] = buyer
            events.append(event("card_sold", ("phase1.auction", "phase1.buyers"), (buyer,),
                                {"card": card}, price=price))
            events.append(_payment(("phase1.auction",), buyer, BANK, price, price, card))
        else:
            events.append(event("card_unsold", "phase1.auction", (), {"card": card}))
        state = replace(state, chips=tuple(chips), bank=bank, holders=tuple(holders.items()),
                        to_bid=None)
        return state._open_auction(state.card_index + 1, events)

    def _begin_play(self, events: list[Event]) -> tuple["ZaldiState", list[Event]]:
        state = self._collect_stakes(events)
        holders = dict(state.holders)
        for card in CARDS:
            if card not in holders:
                holders[card] = BANK if state.options.unsold_cards == "bank" else None
        state = replace(state, phase="play", holders=tuple((c, holders[c]) for c in CARDS),
                        bidders=(), to_bid=None, high_bid=0, high_bidder=None,
                        passes=tuple(0 for _ in state.chips))
        first = state._first_thrower()
        events.append(event("play_begins", "play.start", (first,)))
        return replace(state, to_throw=first), events

    def _first_thrower(self) -> int:
        how = self.options.first_thrower
        banker = self.auctioneer if self.auctioneer is not None else 0
        horse = self.holder("white_horse")
        if how == "white_horse_owner" and isinstance(horse, int) and horse not in self.out:
            return horse
        if how == "left_of_banker" or banker in self.out:
            return self._seats_after(banker)[0]
        return banker

    # play ------------------------------------------------------------------------------------
    def _pass(self, seat: int, events: list[Event]) -> tuple["ZaldiState", list[Event]]:
        passes = list(self.passes)
        passes[seat] += 1
        events.append(event("turn_pass", "phase1.absence", (seat,), passes=passes[seat]))
        state = replace(self, passes=tuple(passes))
        if passes[seat] >= 2:
            state = state._eliminate(seat, events)
        return state._next_turn(seat), events

    def _eliminate(self, seat: int, events: list[Event]) -> "ZaldiState":
        chips = list(self.chips)
        had = chips[seat]
        chips[seat] = 0
        events.append(event("eliminated", "phase1.absence", (seat,), chips=had))
        events.append(_payment(("phase1.absence",), seat, BANK, had, had, None))
        new_holder = BANK if self.options.unsold_cards == "bank" else None
        holders = tuple((c, new_holder if h == seat else h) for c, h in self.holders)
        for card in self.cards_of(seat):
            events.append(event("card_released", "phase1.absence", (seat,),
                                {"card": card, "to": new_holder}))
        return replace(self, chips=tuple(chips), bank=self.bank + had, holders=holders,
                       out=self.out | {seat})

    def _next_turn(self, seat: int) -> "ZaldiState":
        following = self._seats_after(seat)
        return replace(self, to_throw=following[0] if following else seat, throwing=False)

    def _roll(self, shown: frozenset[str], events: list[Event]
              ) -> tuple["ZaldiState", list[Event]]:
        thrower = self.to_throw
        res = resolve(self.table(), shown)
        clauses: tuple[str, ...] = (res.list_clause,)
        if not self.cards_of(thrower):
            clauses += ("phase1.throw_without_cards",)
        events.append(event("throw", clauses, (thrower,),
                            {"marks": [m for m in MARKS if m in shown], "phase": res.phase,
                             "rule": res.rule, "throw_kind": res.kind},
                            pips=res.pips, bank=self.bank))
        done, chips, bank = settle(res.transfers, self.chips, self.bank)
        for paid in done:
            t = paid.transfer
            if paid.skipped:
                events.append(event("no_payment", t.clauses, _seats(t.payer, t.payee),
                                    {"reason": paid.skipped, "card": t.card,
                                     "payer": t.payer, "payee": t.payee}, owed=t.owed))
            else:
                events.append(_payment(t.clauses, t.payer, t.payee, paid.paid, t.owed, t.card))
        if not res.transfers and not res.ending:
            events.append(event("no_payment", res.rule, (thrower,),
                                {"reason": "not_covered", "card": None, "payer": None,
                                 "payee": None}, owed=0))
        state = replace(self, chips=tuple(chips), bank=bank, last_roll=shown,
                        throws=self.throws + 1)
        if res.ending:
            nxt = res.winner if res.winner is not None else self.auctioneer
            clauses = ("ending",) + tuple(c for c in (res.rule,) if c != "ending")
            if res.winner is not None and res.phase == 3 and res.ending == "exact_hit":
                clauses += ("phase3.throw4.b.next",)
            events.append(event("game_end", clauses, (thrower,),
                                {"ending": res.ending, "winner": res.winner,
                                 "next_auctioneer": nxt}, pips=res.pips))
            return replace(state, phase="over", throwing=False, ending=res.ending,
                           winner=res.winner, next_auctioneer=nxt), events
        opens = res.opens_inn or (not self.inn_open and self.options.inn_opens == "bank_below_21"
                                  and bank < 21)
        if opens and not self.inn_open:
            # the text's clause opens the inn with a 4c throw; the bank falling below 21
            # (Pierer) is another rule, which only starts the third phase
            clause = "phase3.inn_opens" if res.opens_inn else "phase3.heading"
            events.append(event("inn_opens", clause,
                                _seats(self.holder("inn")),
                                {"innkeeper": self.holder("inn"),
                                 "reason": "throw_over_bank" if res.opens_inn
                                 else "bank_below_21"}, bank=bank))
            state = replace(state, inn_open=True)
        return state._next_turn(thrower), events

    def _seats_after(self, seat: int | None) -> tuple[int, ...]:
        """Active seats in turn order, starting just after ``seat`` and ending with it."""
        start = -1 if seat is None else seat
        n = self.players
        return tuple(s for s in ((start + i) % n for i in range(1, n + 1)) if s not in self.out)


_OPENING_THROWS = N_("First everyone throws once: the player with the most pips becomes the auctioneer.")
_DICE_IN_THE_AIR = N_("The dice are being thrown: wait for the throw.")
_LAST_CANNOT_PASS = N_("You are the last player left: you cannot pass.")
_AUCTION_OVER = N_("The auction is over: there is no card to bid on.")
_TAKE_THE_DICE = N_("The player on turn takes the dice before they are thrown.")
_THROWS_AFTER_AUCTION = N_("The cards are being auctioned: the throws begin after the auction.")
_BID_A_CHIP = N_("A bid is a whole number of chips, at least one.")
_ABOVE_STANDING = Nn_("A bid must be more than the standing bid of %(count)s chip.",
                      "A bid must be more than the standing bid of %(count)s chips.")
_ABOVE_CHIPS = Nn_("You hold only %(count)s chip: a bid of %(bid)s is too much.",
                   "You hold only %(count)s chips: a bid of %(bid)s is too much.")
_OUT_OF_GAME = N_("You are out of this game.")
_YOUR_BID_STANDS = N_("Your bid is the standing one: the others answer it.")
_PASSED_ON_CARD = N_("You passed on this card: you are out of the bidding for it.")

_SORTED_ROLLS: tuple[RollAction, ...] = tuple(sorted(ROLL_ACTIONS, key=action_sort_key))


def _int_or_none(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


def _seats(*parties: Party) -> tuple[int, ...]:
    return tuple(p for p in parties if isinstance(p, int) and not isinstance(p, bool))


def _payment(clauses: tuple[str, ...], payer: Party, payee: Party, paid: int, owed: int,
             card: str | None) -> Event:
    return event("payment", clauses, _seats(payer, payee),
                 {"payer": payer, "payee": payee, "card": card, "short": paid < owed},
                 chips=paid, owed=owed)


# ---- setup ---------------------------------------------------------------------------------
SETUP_FIELDS = ("players", "chips", "bank", "phase", "auctioneer", "holders", "inn_open",
                "to_throw", "passes", "out", "stakes_paid")


def initial_state(rules: Rules, setup: Mapping[str, Any] | None) -> ZaldiState:
    """Validate ``setup`` (module docstring) and build the state it describes."""
    setup = dict(setup or {})
    unknown = sorted(set(setup) - set(SETUP_FIELDS))
    if unknown:
        raise SetupError(N_("Setup field %(field)s is not known."), field=", ".join(unknown))
    raw_chips = setup.get("chips", START_CHIPS)
    players = setup.get("players", len(raw_chips) if isinstance(raw_chips, list) else 6)
    if not _is_int(players):
        raise SetupError(N_("Setup field %(field)s must be a whole number."), field="players")
    minimum = options(rules).minimum_players
    if players < minimum:
        raise SetupError(N_("Setup field %(field)s: zaldi zuria needs at least %(minimum)s "
                            "players, not %(count)s."), field="players", minimum=minimum,
                         count=players)
    if players > MAX_PLAYERS:
        raise SetupError(N_("Setup field %(field)s: zaldi zuria seats at most %(maximum)s "
                            "players, not %(count)s."), field="players", maximum=MAX_PLAYERS,
                         count=players)
    if _is_int(raw_chips):
        chips = [raw_chips] * players
    elif isinstance(raw_chips, list) and all(_is_int(c) for c in raw_chips):
        chips = list(raw_chips)
    else:
        raise SetupError(N_("Setup field %(field)s must be a whole number or a list of them."),
                         field="chips")
    if len(chips) != players:
        raise SetupError(N_("Setup field %(field)s lists %(count)s amounts for %(players)s "
                            "players."), field="chips", count=len(chips), players=players)
    bank = setup.get("bank", 0)
    for name, value in [("chips", c) for c in chips] + [("bank", bank)]:
        if not _is_int(value) or value < 0:
            raise SetupError(N_("Setup field %(field)s cannot be negative or fractional."),
                             field=name)
        if value > MAX_CHIPS:
            raise SetupError(N_("Setup field %(field)s: at most %(maximum)s chips."),
                             field=name, maximum=MAX_CHIPS)
    phase = setup.get("phase", "start")
    if phase not in ("start", "auction", "play"):
        raise SetupError(N_("Setup field %(field)s must be start, auction or play."),
                         field="phase")
    seats = range(players)

    def seat_field(name: str) -> int | None:
        value = setup.get(name)
        if value is not None and (not _is_int(value) or value not in seats):
            raise SetupError(N_("Setup field %(field)s must be a seat from 0 to %(last)s."),
                             field=name, last=players - 1)
        return value

    auctioneer = seat_field("auctioneer")
    if phase != "start" and auctioneer is None:
        raise SetupError(N_("Setup field %(field)s is needed once the opening throws are "
                            "over."), field="auctioneer")
    out = setup.get("out", [])
    if not isinstance(out, list) or any(not _is_int(s) or s not in seats for s in out):
        raise SetupError(N_("Setup field %(field)s must list seats from 0 to %(last)s."),
                         field="out", last=players - 1)
    if len(set(out)) >= players:
        raise SetupError(N_("Setup field %(field)s leaves nobody at the table."), field="out")
    passes = setup.get("passes", [0] * players)
    if (not isinstance(passes, list) or len(passes) != players
            or any(p not in (0, 1) for p in passes)):
        raise SetupError(N_("Setup field %(field)s must give 0 or 1 for each of the "
                            "%(players)s players."), field="passes", players=players)
    holders_raw = setup.get("holders", {})
    if holders_raw and phase != "play":
        raise SetupError(N_("Setup field %(field)s is only for a game already in play."),
                         field="holders")
    if not isinstance(holders_raw, dict) or any(
            c not in CARDS or not (h == BANK or (_is_int(h) and h in seats))
            for c, h in holders_raw.items()):
        raise SetupError(N_("Setup field %(field)s maps cards (%(cards)s) to seats or "
                            "\u201cbank\u201d."), field="holders", cards=", ".join(CARDS))
    for name in ("inn_open", "stakes_paid"):
        if name in setup and not isinstance(setup[name], bool):
            raise SetupError(N_("Setup field %(field)s must be true or false."), field=name)
    if phase != "play" and (setup.get("inn_open") or "to_throw" in setup):
        raise SetupError(N_("Setup field %(field)s is only for a game already in play."),
                         field="inn_open" if setup.get("inn_open") else "to_throw")
    stakes_paid = setup.get("stakes_paid", phase == "play")
    state = ZaldiState(rules=rules, chips=tuple(chips), start_chips=tuple(chips), bank=bank,
                       phase="start", out=frozenset(out), auctioneer=auctioneer,
                       stakes_paid=stakes_paid, passes=tuple(passes))
    if phase == "start":
        return replace(state, contenders=state.active)
    if phase == "auction":
        if auctioneer in out:
            raise SetupError(N_("Setup field %(field)s names a seat that is out."),
                             field="auctioneer")
        state, _ = state._open_auction(0, [])
        if state.phase == "play":   # pragma: no cover - five cards always open an auction
            return state
        return state
    missing = BANK if options(rules).unsold_cards == "bank" else None
    holders = {c: holders_raw.get(c, missing) for c in CARDS}
    state = replace(state, phase="play", holders=tuple(holders.items()),
                    inn_open=bool(setup.get("inn_open", False)))
    to_throw = seat_field("to_throw")
    if to_throw is None:
        to_throw = state._first_thrower()
    if to_throw in out:
        raise SetupError(N_("Setup field %(field)s names a seat that is out."), field="to_throw")
    return replace(state, to_throw=to_throw)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
