"""What each action does: throwing, bidding, doia, palero and the end of a round.

Functions of a position (:mod:`.state`) to the next one of the same type, so the engine's
:class:`.engine.P` imports this module and this module never imports it.
"""

from __future__ import annotations

from ...engine.core import Event, IllegalAction, event
from .bids import bid_kind, count_face, next_seat, parse_bid, seats_to_the_right
from .rules import START_DICE
from .state import DOIA_ANSWERS, P, bid_clauses, with_changes


def apply(state: P, action: str) -> tuple[P, list[Event]]:
    """The next position and its events; :class:`IllegalAction` (with the position's own
    ``why_not`` reason) for an action the rules refuse."""
    if state.phase == "roll" and action in _ROLLS:
        return _roll(state, int(action[5:]))
    if state.phase == "bid" and action != "palero":
        return _bid(state, action)
    if state.phase == "bid" and action == "palero" and state.bid is not None:
        return _palero(state)
    if state.phase == "doia" and action in DOIA_ANSWERS:
        return _doia(state) if action == "doia" else _no_doia(state)
    if state.phase == "reveal" and action == "lift":
        return _lift(state)
    raise IllegalAction(action, state.why_not(action))


_ROLLS = frozenset(f"roll:{face}" for face in range(1, 7))


# --- throwing -------------------------------------------------------------------------------
def _roll(state: P, face: int) -> tuple[P, list[Event]]:
    events: list[Event] = []
    if state.stale:
        events.append(_round_start_event(state))
        state = with_changes(state, cups=tuple(() for _ in state.counts), stale=False,
                             revealed=(), reveal_order=(), running=0, challenger=None,
                             bid=None, bidder=None, history=())
    seat = next(s for s in range(state.players) if len(state.cups[s]) < state.counts[s])
    cups = list(state.cups)
    cups[seat] = cups[seat] + (face,)
    state = with_changes(state, cups=tuple(cups))
    events.append(event("roll", "round.throw", (seat,), face=face))
    if all(len(state.cups[s]) == state.counts[s] for s in range(state.players)):
        state = with_changes(state, phase="bid", turn=state.starter)
    return state, events


def _round_start_event(state: P) -> Event:
    clauses = ["round.starter", "round.facts.dice_count", "round.throw"]
    if state.round_no == 1 and state.bag == 0 and all(c == START_DICE for c in state.counts):
        clauses[:0] = ["setup.dice", "setup.bag"]
    clauses += (["arrastatze.fixed_face", "arrastatze.no_wilds"] if state.arrastatze_round
                else ["setup.wild", "round.facts.wild"])
    return event("round_start", clauses, (state.starter,),
                 {"reason": state.starter_reason, "arrastatze_round": state.arrastatze_round,
                  "wild": state.wild},
                 round=state.round_no, dice=state.dice_in_play(), bag=state.bag,
                 players=len(state.alive()))


# --- bidding --------------------------------------------------------------------------------
def _bid(state: P, action: str) -> tuple[P, list[Event]]:
    bid = parse_bid(action)
    kind = bid_kind(state.bid, bid, state.bid_context()) if bid else None
    if bid is None or kind is None:
        raise IllegalAction(action, state.why_not(action))
    clauses = bid_clauses(kind)
    if kind == "opening" and state.arrastatze_round:
        clauses = ("round.opening_bid", "arrastatze.fixed_face", "arrastatze.no_wilds")
    seat = state.turn
    assert seat is not None and bid is not None, "a readable bid, made on a turn"
    new_turn = next_seat(seat, state.counts)
    ev = event("bid", clauses, (seat,), {"kind": kind, "previous": list(state.bid) if state.bid
                                         else None},
               quantity=bid[0], face=bid[1])
    state = with_changes(state, bid=bid, bidder=seat, turn=new_turn,
                    history=state.history + ((seat, bid[0], bid[1]),))
    asking = doia_askers(state)
    return with_changes(state, phase="doia" if asking else "bid", asking=asking), [ev]


def doia_askers(state: P) -> tuple[int, ...]:
    """Who is asked about doia after a bid: every seat with dice but the player on turn
    (and, in common calza, the bidder), from the left of the player on turn round."""
    order: list[int] = []
    seat = state.turn
    assert seat is not None, "doia is asked about a bid made on a turn"
    for _ in range(state.players):
        seat = next_seat(seat, state.counts)
        if seat == state.turn:
            break
        if state.options.doia_callers == "not_bidder_nor_turn" and seat == state.bidder:
            continue
        order.append(seat)
    return tuple(order)


def doia_die_source(state: P) -> str | None:
    """Where a right doia's die comes from: the bag while it holds any; else, as the text
    sets no condition ("doia esan duenak dado bat irabaziko du"), from outside the table,
    unless the ``bag_only`` option keeps the win to the dice in the bag (``None``: no die)."""
    if state.bag > 0:
        return "bag"
    return "outside" if state.options.doia_die_source == "bag_else_outside" else None


def _no_doia(state: P) -> tuple[P, list[Event]]:
    seat = state.asking[0]
    rest = state.asking[1:]
    ev = event("doia_pass", "doia.call", (seat,))
    return with_changes(state, asking=rest, phase="doia" if rest else "bid"), [ev]


# --- doia -----------------------------------------------------------------------------------
def _doia(state: P) -> tuple[P, list[Event]]:
    caller = state.asking[0]
    assert state.bid is not None and state.bidder is not None and state.turn is not None
    quantity, face = state.bid
    counted = sum(count_face(state.cups[s], face, state.wild) for s in state.alive())
    events = [event("doia", "doia.call", (caller, state.bidder), {"turn": state.turn},
                    quantity=quantity, face=face),
              event("doia_count", ["doia.right"] + (
                        ["arrastatze.no_wilds"] if state.arrastatze_round
                        else ["setup.wild", "round.facts.wild"]), tuple(state.alive()),
                    {"wild": state.wild, "cups": {str(s): list(state.cups[s])
                                                  for s in state.alive()}},
                    count=counted, quantity=quantity, face=face)]
    state = with_changes(state, revealed=tuple(state.alive()), asking=(), running=counted)
    on_turn = state.turn
    assert on_turn is not None
    if counted == quantity:
        source = doia_die_source(state)
        gained = 0 if source is None else 1
        events.append(event("doia_right", "doia.right", (caller,), {"source": source},
                            gained=gained, count=counted))
        counts = list(state.counts)
        counts[caller] += gained
        if source == "bag":
            state = with_changes(state, counts=tuple(counts), bag=state.bag - 1)
        elif source == "outside":
            state = with_changes(state, counts=tuple(counts), outside=state.outside + 1)
        if gained:
            events.append(event("die_gained", "doia.right", (caller,), {"source": source},
                                dice=counts[caller], bag=state.bag))
            if (counts[caller] == 2 and caller in state.arrastatu
                    and state.options.arrastatze_after_regain == "status_ends"):
                state = with_changes(state, arrastatu=state.arrastatu - {caller})
                events.append(event("arrastatze_ended", "arrastatze.announce", (caller,),
                                     dice=counts[caller]))
        starter = caller if state.options.starter_after_doia == "caller" else on_turn
        return _end_round(state, events, starter, "after_doia", loser=None)
    events.append(event("doia_wrong", "doia.wrong", (caller,), count=counted, quantity=quantity))
    return _lose_die(state, events, caller, other=on_turn)


# --- palero ---------------------------------------------------------------------------------
def _palero(state: P) -> tuple[P, list[Event]]:
    challenger = state.turn
    assert challenger is not None and state.bid is not None and state.bidder is not None
    order = tuple(seats_to_the_right(challenger, state.counts))
    quantity, face = state.bid
    ev = event("palero", ("turn.raise_or_challenge", "palero.option", "palero.reveal"),
               (challenger, state.bidder), {"order": list(order)},
               quantity=quantity, face=face)
    return with_changes(state, phase="reveal", challenger=challenger, reveal_order=order,
                   revealed=(), running=0), [ev]


def _lift(state: P) -> tuple[P, list[Event]]:
    seat = state.reveal_order[len(state.revealed)]
    assert state.bid is not None, "cups are lifted to check the standing bid"
    quantity, face = state.bid
    matched = count_face(state.cups[seat], face, state.wild)
    running = state.running + matched
    state = with_changes(state, revealed=state.revealed + (seat,), running=running)
    clauses = ["palero.reveal"] + (["arrastatze.no_wilds"] if state.arrastatze_round
                                   else ["setup.wild", "round.facts.wild"])
    events = [event("cup_lifted", clauses, (seat,),
                    {"dice": list(state.cups[seat]), "wild": state.wild},
                    matched=matched, count=running, quantity=quantity, face=face,
                    left=len(state.reveal_order) - len(state.revealed))]
    closed = len(state.reveal_order) - len(state.revealed)
    reached = running >= quantity
    challenger, bidder = state.challenger, state.bidder
    assert challenger is not None and bidder is not None, "a palero names both"
    if reached and state.options.reveal == "partial" or closed == 0:
        if reached:
            events.append(event("palero_lost", "palero.challenger_loses",
                                (challenger, bidder), count=running,
                                quantity=quantity))
            if closed:
                events.append(event("cups_stay_closed", "palero.cups_stay_closed",
                                    tuple(state.reveal_order[len(state.revealed):]),
                                    closed=closed))
            return _lose_die(state, events, challenger, other=bidder)
        events.append(event("palero_won", "palero.bidder_loses", (bidder, challenger),
                            count=running, quantity=quantity))
        return _lose_die(state, events, bidder, other=challenger)
    return state, events


# --- losing a die, the end of a round -------------------------------------------------------
def _lose_die(state: P, events: list[Event], loser: int, other: int) -> tuple[P, list[Event]]:
    counts = list(state.counts)
    counts[loser] -= 1
    state = with_changes(state, counts=tuple(counts), bag=state.bag + 1)
    events.append(event("die_lost", "palero.bag", (loser,), dice=counts[loser], bag=state.bag))
    if counts[loser] == 0:
        events.append(event("eliminated", "setup.goal", (loser,), left=len(state.alive())))
        state = with_changes(state, arrastatu=state.arrastatu - {loser})
        if len(state.alive()) == 1:
            winner = state.alive()[0]
            events.append(event("win", "setup.goal", (winner,)))
            return with_changes(state, phase="over", winner=winner, asking=(), turn=None,
                           last_loser=loser), events
        if state.options.starter_after_elimination == "round_winner" and counts[other] > 0:
            starter = other
        else:
            starter = next_seat(loser, counts)
        return _end_round(state, events, starter, "after_elimination", loser)
    if counts[loser] == 1 and loser not in state.arrastatu and not (
            state.options.arrastatze_rounds == "first_round_only" and loser in state.spent):
        state = with_changes(state, arrastatu=state.arrastatu | {loser})
        events.append(event("arrastatze_announced", "arrastatze.announce", (loser,),
                            dice=1))
    return _end_round(state, events, loser, "loser", loser)


def _end_round(state: P, events: list[Event], starter: int, reason: str,
               loser: int | None) -> tuple[P, list[Event]]:
    """Set up the next round. The last bid and the lifted cups stay on the table (for the
    picture) until the first die of the next round is thrown."""
    arrastatu, spent = state.arrastatu, state.spent
    if state.arrastatze_round and state.options.arrastatze_rounds == "first_round_only":
        arrastatu, spent = arrastatu - {state.starter}, spent | {state.starter}
    special = starter in arrastatu
    state = with_changes(state, phase="roll", stale=True, round_no=state.round_no + 1,
                    starter=starter, starter_reason=reason, arrastatze_round=special,
                    arrastatu=arrastatu, spent=spent, turn=None, asking=(), last_loser=loser)
    return state, events
