"""Why a bid is refused, read off the ladder itself.

:func:`bid_refusal` never decides legality on its own: it asks :func:`bids.bid_kind` (the one
function the engine uses) which quantities of the bid's face *would* be legal here, and under
what kind of raise, then names the clause that decides it. So an option such as
``raise_rule`` or ``from_wild_rule`` changes the reason exactly as it changes the ladder, and
the numbers a reason states are the ladder's own (after 2 x 6 it says sixes need at least 3).
"""

from __future__ import annotations

from dataclasses import replace

from ...engine.core import Reason, not_legal, reason
from ...i18n.msgids import N_, Nn_
from .bids import FACES, Bid, BidContext, bid_kind

#: The clause that decides each kind of raise (the one a page highlights).
DECIDING_CLAUSE = {
    "opening": "round.opening_bid",
    "more": "raise.higher",
    "higher_face": "raise.higher",
    "both": "raise.higher",
    "any_face": "raise.higher",
    "to_wild": "raise.to_wild",
    "more_wild": "raise.from_wild.more",
    "from_wild": "raise.from_wild.switch",
    "arrastatze_more": "arrastatze.fixed_face",
    "arrastatze_switch": "arrastatze.others_switch",
}
#: Where the ban on repeating a bid rests (content/peruludo/notes.yaml, ``repeated-bids``).
REPEAT_CLAUSES = ("raise.to_wild", "raise.from_wild.switch")
#: Where the cap at the dice on the table rests (notes ``quantity-cap``).
TABLE_CLAUSES = ("round.facts.dice_count", "round.opening_bid")

#: "At least N" for each kind of raise the smallest legal bid of the face would be.
AT_LEAST = {
    "more": Nn_("To stay on %(face)s, bid at least %(count)s die.",
                "To stay on %(face)s, bid at least %(count)s dice."),
    "arrastatze_more": Nn_("To stay on %(face)s, bid at least %(count)s die.",
                           "To stay on %(face)s, bid at least %(count)s dice."),
    "higher_face": Nn_("A higher face needs at least %(count)s die.",
                       "A higher face needs at least %(count)s dice."),
    "both": Nn_("A higher face needs at least %(count)s die.",
                "A higher face needs at least %(count)s dice."),
    "arrastatze_switch": Nn_("A higher face needs at least %(count)s die.",
                             "A higher face needs at least %(count)s dice."),
    "any_face": Nn_("A lower face needs more dice: at least %(count)s.",
                    "A lower face needs more dice: at least %(count)s."),
    "to_wild": Nn_("Sixes need at least %(count)s die: half the last bid, rounded up.",
                   "Sixes need at least %(count)s dice: half the last bid, rounded up."),
    "more_wild": Nn_("After sixes, more sixes means at least %(count)s die.",
                     "After sixes, more sixes means at least %(count)s dice."),
    "from_wild": Nn_("After sixes, another face needs at least %(count)s die.",
                     "After sixes, another face needs at least %(count)s dice."),
}
AT_LEAST_UNUSED = Nn_("A bid on %(face)s needs at least %(count)s die now: the smaller "
                      "ones were already made.",
                      "A bid on %(face)s needs at least %(count)s dice now: the smaller "
                      "ones were already made.")
ALL_USED = N_("Every bid on dice showing %(face)s that is allowed here was already made in "
              "this round.")
EXACTLY = Nn_("A higher face keeps the quantity: exactly %(count)s die.",
              "A higher face keeps the quantity: exactly %(count)s dice.")
OVER_THE_TABLE = Nn_("That face would need at least %(count)s die, more than the %(total)s "
                     "on the table.",
                     "That face would need at least %(count)s dice, more than the %(total)s "
                     "on the table.")
ONLY_ON_TABLE = Nn_("There is only %(count)s die on the table.",
                    "There are only %(count)s dice on the table.")
NOT_A_BID = N_("A bid names a number of dice and a face from 1 to 6.")
REPEATED = N_("That bid was already made in this round.")
NO_SIX_OPENING = N_("A round cannot open on sixes (except in an arrastatze round).")
FIXED_FACE = N_("In an arrastatze round the face cannot change: bid more dice showing "
                "%(face)s.")
ONLY_HIGHER_FACE = N_("In this arrastatze round you may change the face, but only to a "
                      "higher one than %(face)s.")
NO_LOWER_FACE = N_("The face cannot go lower than %(face)s.")


def legal_quantities(previous: Bid | None, face: int, ctx: BidContext) -> list[int]:
    """Every quantity of ``face`` the ladder accepts after ``previous``."""
    return [q for q in range(1, ctx.total_dice + 1) if bid_kind(previous, (q, face), ctx)]


def bid_refusal(previous: Bid | None, bid: Bid, ctx: BidContext) -> Reason | None:
    """``None`` if ``bid`` may follow ``previous`` in ``ctx``, else the rule that forbids it."""
    quantity, face = bid
    if bid_kind(previous, bid, ctx) is not None:
        return None
    if face not in FACES or quantity < 1:
        return reason(NOT_A_BID, "round.opening_bid")
    if quantity > ctx.total_dice:
        return reason(ONLY_ON_TABLE, TABLE_CLAUSES, count=ctx.total_dice)
    unrepeated = replace(ctx, forbid_repeated=False)
    if ctx.forbid_repeated and bid in ctx.earlier_bids and bid_kind(previous, bid, unrepeated):
        return reason(REPEATED, REPEAT_CLAUSES)
    if previous is None:
        return reason(NO_SIX_OPENING, ("round.no_six_opening", "notes.six_opening"))
    legal = legal_quantities(previous, face, ctx)
    # the ladder without the table's cap or the ban on repeats: what the raise rule asks
    bare = replace(unrepeated, total_dice=2 * ctx.total_dice + 2)
    wanted = legal_quantities(previous, face, bare)
    if not wanted:
        return _closed_face(previous, face, ctx)
    if not legal:
        kind = bid_kind(previous, (wanted[0], face), bare)
        assert kind is not None, "the bare ladder allows its own lowest raise"
        if wanted[0] <= ctx.total_dice:
            return reason(ALL_USED, (DECIDING_CLAUSE[kind],) + REPEAT_CLAUSES, face=face)
        return reason(OVER_THE_TABLE, (DECIDING_CLAUSE[kind],) + TABLE_CLAUSES,
                      count=wanted[0], total=ctx.total_dice)
    least = legal[0]
    kind = bid_kind(previous, (least, face), ctx)
    assert kind is not None
    if len(wanted) == 1 and kind in ("higher_face", "arrastatze_switch"):
        return reason(EXACTLY, DECIDING_CLAUSE[kind], count=least)
    if quantity < least:
        if least != wanted[0]:
            return reason(AT_LEAST_UNUSED, (DECIDING_CLAUSE[kind],) + REPEAT_CLAUSES,
                          count=least, face=face)
        return reason(AT_LEAST[kind], DECIDING_CLAUSE[kind], count=least, face=face)
    return not_legal(f"bid:{quantity}:{face}")  # no ladder leaves a gap above its least bid


def _closed_face(previous: Bid, face: int, ctx: BidContext) -> Reason:
    """No quantity of ``face`` can follow ``previous``: the face itself is barred."""
    if ctx.arrastatze_round:
        if ctx.may_switch_face:
            return reason(ONLY_HIGHER_FACE, "arrastatze.others_switch", face=previous[1])
        return reason(FIXED_FACE, "arrastatze.fixed_face", face=previous[1])
    return reason(NO_LOWER_FACE, "raise.higher", face=previous[1])
