"""The bidding ladder: which bid may follow which, as pure functions of public facts.

Both the engine and the computer players call :func:`legal_bids`, so a computer player knows
exactly what it may say from its observation alone. A bid is ``(quantity, face)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, NewType, Sequence

from .rules import WILD_FACE, FromWildRule, RaiseRule

Bid = tuple[int, int]
FACES = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True)
class BidContext:
    """What decides a bid's legality, all of it public.

    ``total_dice`` caps quantities (a bid above every die on the table is pointless);
    ``may_switch_face`` is true for a player in arrastatze who did not start an arrastatze
    round (clause ``arrastatze.others_switch``).
    """

    total_dice: int
    wild: bool = True
    arrastatze_round: bool = False
    may_switch_face: bool = False
    raise_rule: RaiseRule = "same_face_or_same_quantity"
    from_wild_rule: FromWildRule = "double"
    earlier_bids: frozenset[Bid] = frozenset()
    forbid_repeated: bool = True


def half_up(quantity: int) -> int:
    """Half the quantity, rounded up (clause ``raise.to_wild``)."""
    return (quantity + 1) // 2


def from_wild_minimum(sixes: int, rule: FromWildRule) -> int:
    """Fewest dice of another face after a bid of ``sixes`` sixes (``raise.from_wild.switch``)."""
    return 2 * sixes + (1 if rule == "double_plus_one" else 0)


def bid_kind(previous: Bid | None, bid: Bid, ctx: BidContext) -> str | None:
    """The kind of raise ``bid`` is after ``previous``, or None if the rules forbid it.

    Kinds: ``opening``, ``more``, ``higher_face``, ``both``, ``any_face``, ``to_wild``,
    ``more_wild``, ``from_wild``, ``arrastatze_more``, ``arrastatze_switch``.
    """
    quantity, face = bid
    if not (1 <= quantity <= ctx.total_dice and face in FACES):
        return None
    if ctx.forbid_repeated and bid in ctx.earlier_bids:
        return None
    if previous is None:
        if not ctx.wild or face != WILD_FACE:
            return "opening"
        return None  # round.no_six_opening
    pq, pf = previous
    if ctx.arrastatze_round:
        return _arrastatze_kind(pq, pf, quantity, face, ctx)
    if not ctx.wild:
        return _plain_kind(pq, pf, quantity, face, ctx)
    if pf == WILD_FACE:
        if face == WILD_FACE:
            return "more_wild" if quantity > pq else None
        return "from_wild" if quantity >= from_wild_minimum(pq, ctx.from_wild_rule) else None
    if face == WILD_FACE:
        return "to_wild" if quantity >= half_up(pq) else None
    return _plain_kind(pq, pf, quantity, face, ctx)


def _plain_kind(pq: int, pf: int, quantity: int, face: int, ctx: BidContext) -> str | None:
    """A raise between ordinary faces, by the raise rule: also every raise when sixes are not
    wild (option ``wild_sixes`` off), where a six is an ordinary face, the highest."""
    if face == pf:
        return "more" if quantity > pq else None
    if face > pf and quantity == pq:
        return "higher_face"
    if ctx.raise_rule == "both_may_rise" and face > pf and quantity > pq:
        return "both"
    if ctx.raise_rule == "any_face_with_more" and quantity > pq:
        return "any_face"
    return None


def _arrastatze_kind(pq: int, pf: int, quantity: int, face: int, ctx: BidContext) -> str | None:
    """Sixes are an ordinary (the highest) face; the face is fixed except for other arrastatus."""
    if face == pf:
        return "arrastatze_more" if quantity > pq else None
    if not ctx.may_switch_face or face < pf:
        return None
    if quantity == pq or (ctx.raise_rule != "same_face_or_same_quantity" and quantity > pq):
        return "arrastatze_switch"
    return None


def legal_bids(previous: Bid | None, ctx: BidContext) -> list[Bid]:
    """Every legal bid, ordered by quantity then face."""
    return [bid for bid, _ in _unrepeated(previous, ctx)]


def legal_bid_actions(previous: Bid | None, ctx: BidContext) -> list[str]:
    """:func:`legal_bids` as actions (``bid:Q:F``), in the same order."""
    return [action for _, action in _unrepeated(previous, ctx)]


def _unrepeated(previous: Bid | None, ctx: BidContext) -> list[tuple[Bid, str]]:
    """The ladder of :func:`bid_kind` with the bids already made taken out.

    :func:`bid_kind` refuses a bid made earlier in the round before it looks at anything
    else, so the ladder is the one of the same context without earlier bids, less those:
    the rest depends on a few public facts that recur all game long, and is worked out
    once for each (:func:`_ladder`)."""
    ladder = _ladder(previous, ctx.total_dice, ctx.wild, ctx.arrastatze_round,
                     ctx.may_switch_face, ctx.raise_rule, ctx.from_wild_rule)
    earlier = ctx.earlier_bids
    if not (ctx.forbid_repeated and earlier):
        return list(ladder)
    return [pair for pair in ladder if pair[0] not in earlier]


@lru_cache(maxsize=4096)
def _ladder(previous: Bid | None, total_dice: int, wild: bool, arrastatze_round: bool,
            may_switch_face: bool, raise_rule: RaiseRule, from_wild_rule: FromWildRule
            ) -> tuple[tuple[Bid, str], ...]:
    """Every bid :func:`bid_kind` accepts in that context when no bid was made before, with
    its action, ordered by quantity then face."""
    ctx = BidContext(total_dice=total_dice, wild=wild, arrastatze_round=arrastatze_round,
                     may_switch_face=may_switch_face, raise_rule=raise_rule,
                     from_wild_rule=from_wild_rule, earlier_bids=frozenset(),
                     forbid_repeated=False)
    return tuple(((q, f), bid_action((q, f))) for q in range(1, total_dice + 1) for f in FACES
                 if bid_kind(previous, (q, f), ctx) is not None)


def matches(die: int, face: int, wild: bool) -> bool:
    """Does one die count for ``face``? Sixes count for every face when wild."""
    return die == face or (wild and die == WILD_FACE)


def count_face(dice: Iterable[int], face: int, wild: bool) -> int:
    return sum(1 for d in dice if matches(d, face, wild))


#: A bid as an action, ``bid:Q:F`` (made by :func:`bid_action` alone, so a bot's or a view's
#: bid is always well formed).
BidAction = NewType("BidAction", str)


def bid_action(bid: Bid) -> BidAction:
    return BidAction(f"bid:{bid[0]}:{bid[1]}")


@lru_cache(maxsize=4096)
def action_sort_key(action: str) -> tuple[int, int, int, str]:
    """Bids in bid order (quantity, then face), then the other actions by name (a pure
    function of a few hundred distinct actions: kept, as the harness sorts every list)."""
    bid = parse_bid(action)
    return (0, bid[0], bid[1], "") if bid else (1, 0, 0, action)


def parse_bid(action: str) -> Bid | None:
    parts = action.split(":")
    if len(parts) != 3 or parts[0] != "bid":
        return None
    try:
        return int(parts[1]), int(parts[2])
    except ValueError:
        return None


def seats_to_the_right(start: int, counts: Sequence[int]) -> list[int]:
    """Seats with dice, from ``start``'s right round to ``start`` itself.

    Seats are numbered in the direction of play: play passes to the left (seat + 1), so a
    player's right-hand neighbour is seat - 1, the previous player (clause ``palero.reveal``).
    """
    n = len(counts)
    return [s for s in ((start - k) % n for k in range(1, n + 1)) if counts[s] > 0]


def next_seat(seat: int, counts: Sequence[int]) -> int:
    """The next seat with dice to the left of ``seat`` (play passes to the left)."""
    n = len(counts)
    for k in range(1, n + 1):
        s = (seat + k) % n
        if counts[s] > 0:
            return s
    return seat
