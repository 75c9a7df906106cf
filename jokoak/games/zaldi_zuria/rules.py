"""Zaldi zuria's equipment, options and rulesets.

The Basque text (``content/zaldi_zuria/seed.eu.txt``) is the first ruleset, read literally
where it speaks; where it is silent the default is argued in ``content/zaldi_zuria/notes.yaml`` and
each alternative the older sources give (Pierer 1857–62, Young Folks' Cyclopaedia 1890) is a
choice of the same :class:`Option`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterator, Literal, NewType

from ...engine.core import Option, Rules, Ruleset
from ...i18n.msgids import N_


#: The five cards in the order the text lists (and the auctioneer sells) them (setup.cards).
CARDS: tuple[str, ...] = ("white_horse", "inn", "bell", "hammer", "bell_hammer")
CARD_LABELS: dict[str, str] = {
    "white_horse": N_("white horse"), "inn": N_("inn"), "bell": N_("bell"),
    "hammer": N_("hammer"), "bell_hammer": N_("bell with hammer"),
}
#: The marked face of each of the eight dice (setup.dice); the other five faces are blank.
MARKS: tuple[str, ...] = ("1", "2", "3", "4", "5", "6", "bell", "hammer")
PIP_MARKS: tuple[str, ...] = MARKS[:6]
SIDES = 6
#: 6**8: every throw's probability is an integer weight over this denominator.
DENOMINATOR = SIDES ** len(MARKS)
START_CHIPS = 36      # setup.chips
#: Bounds of a setup: a table of at most twelve (the odds tables' bound too) and at most
#: 10,000 chips a seat or in the bank, far beyond any game of 36 chips each.
MAX_PLAYERS = 12
MAX_CHIPS = 10_000
STAKE = 4             # start.stakes
MAX_PIPS = 21         # 1+2+...+6
#: A card held by the bank (unsold or left by an eliminated player), see option unsold_cards.
BANK = "bank"


def marks_weight(shown: frozenset[str]) -> int:
    """Weight of one pattern over 6**8: each shown mark 1 face of 6, each blank 5 of 6."""
    weight: int = 5 ** (len(MARKS) - len(shown))   # int ** int is Any to mypy (may be a float)
    return weight


def all_patterns() -> Iterator[frozenset[str]]:
    """The 2**8 patterns (which dice show their mark), in a fixed order."""
    for bits in range(1 << len(MARKS)):
        yield frozenset(m for i, m in enumerate(MARKS) if bits >> i & 1)


#: How the eight dice fell, a chance outcome (made by :func:`roll_action` alone).
RollAction = NewType("RollAction", str)


def roll_action(shown: frozenset[str] | set[str]) -> RollAction:
    """``roll:blank`` or ``roll:1,3,bell``: the marks shown, in die order."""
    marks = [m for m in MARKS if m in shown]
    return RollAction("roll:" + (",".join(marks) if marks else "blank"))


def parse_roll(action: str) -> frozenset[str]:
    body = action.split(":", 1)[1]
    if body == "blank":
        return frozenset()
    marks = body.split(",")
    if any(m not in MARKS for m in marks) or len(set(marks)) != len(marks):
        raise ValueError(f"not a throw: {action!r}")
    return frozenset(marks)


def chance_outcomes() -> list[tuple[str, Fraction]]:
    """One chance node over the 256 patterns, exact; sums to 1 (tested)."""
    return list(_OUTCOMES)


_OUTCOMES: tuple[tuple[RollAction, Fraction], ...] = tuple(
    (roll_action(p), Fraction(marks_weight(p), DENOMINATOR)) for p in all_patterns())
#: Every ``roll:`` action, for a quick legality check.
ROLL_ACTIONS: frozenset[RollAction] = frozenset(a for a, _ in _OUTCOMES)


def pips(shown: frozenset[str]) -> int:
    return sum(int(m) for m in shown if m in PIP_MARKS)


OPTIONS: tuple[Option, ...] = (
    Option("minimum_players", N_("Fewest players allowed at the table"), 6, "setup.players",
           (6, 4, 3), (N_("six (the Basque text)"), N_("four (Pierer)"),
                       N_("three (Museo del Romanticismo copy)"))),
    Option("stakes_timing", N_("When everyone puts four chips into the bank"),
           "before_auction", "start.stakes", ("before_auction", "after_auction"),
           (N_("before the auction (the Basque text)"),
            N_("after the auction (Young Folks' Cyclopaedia)"))),
    Option("first_thrower", N_("Who throws first once the cards are sold"), "banker",
           "Young Folks' Cyclopaedia 1890", ("banker", "left_of_banker", "white_horse_owner"),
           (N_("the banker"), N_("the player after the banker"),
            N_("the owner of the white horse (Pierer)"))),
    Option("unsold_cards", N_("What happens to a card nobody buys"), "bank", "phase1.auction",
           ("bank", "nobody"),
           (N_("the bank keeps it: the bank pays and is paid in its place"),
            N_("nobody holds it: payments to or from it are not made"))),
    Option("all_blank_payment", N_("Who pays on an all-blank throw before the inn opens"),
           "text", "phase2.throw1.owner", ("text", "everyone_pays", "thrower_pays"),
           (N_("the Basque text: everyone if the owner threw, else the thrower"),
            N_("everyone pays the owner (Young Folks' Cyclopaedia)"),
            N_("only the thrower pays the owner (Pierer)"))),
    Option("bell_and_hammer", N_("Which cards count when bell and hammer show together"),
           "three_cards", "phase2.throw3.both", ("three_cards", "combined_card"),
           (N_("bell, hammer and bell with hammer (the Basque text)"),
            N_("only bell with hammer (Pierer, Every Boy's Book)"))),
    Option("symbol_payout", N_("How the bank pays the card owners on a symbol throw with pips"),
           "each_full_sum", "phase2.throw3.pay", ("each_full_sum", "split_sum"),
           (N_("each card's owner gets the whole sum"),
            N_("the owners share the sum (remainder stays in the bank)"))),
    Option("inn_payment", N_("What a throw over the bank pays to the inn"), "whole_sum",
           "phase2.throw4.c", ("whole_sum", "excess"),
           (N_("the whole pip sum (the Basque text)"),
            N_("only the pips above the bank (older sources)"))),
    Option("inn_opens", N_("When the inn opens"), "first_throw_over_bank", "phase3.inn_opens",
           ("first_throw_over_bank", "bank_below_21"),
           (N_("at the first pips-only throw above the bank (the Basque text)"),
            N_("as soon as the bank holds fewer than 21 chips (Pierer)"))),
    Option("exact_hit_with_symbol", N_("A throw with bell or hammer whose pips equal the bank"),
           "ends_game", "ending", ("ends_game", "throw_kind_rules"),
           (N_("ends the game (the general ending rule)"),
            N_("is paid like any other throw of its kind"))),
    Option("phase2_exact_hit", N_("Who takes the bank when the game ends before the inn opens"),
           "thrower_takes_bank", "phase3.throw4.b",
           ("thrower_takes_bank", "bank_untouched"),
           (N_("the thrower takes the bank and wins (as after the inn opens)"),
            N_("nobody: the game just ends (the phase 2 sentence read literally)"))),
    Option("straight_ending", N_("Who wins on 1-2-3-4-5-6 with two blanks"),
           "thrower_takes_bank", "ending", ("thrower_takes_bank", "no_winner", "ordinary_throw"),
           (N_("the thrower takes the bank and wins"),
            N_("nobody: the game ends and the bank stays"),
            N_("no special ending: it is paid as a pips-only throw of 21 (no other source has "
               "this ending)"))),
)

@dataclass(frozen=True)
class ZaldiZuriaOptions:
    """The options as the engine, odds, bots and views read them: one typed field per
    option of :data:`OPTIONS`, its choices spelled as a ``Literal`` (held to them by
    tests/test_options_views.py), so a misspelt option or choice fails the type check."""

    minimum_players: Literal[6, 4, 3]
    stakes_timing: Literal["before_auction", "after_auction"]
    first_thrower: Literal["banker", "left_of_banker", "white_horse_owner"]
    unsold_cards: Literal["bank", "nobody"]
    all_blank_payment: Literal["text", "everyone_pays", "thrower_pays"]
    bell_and_hammer: Literal["three_cards", "combined_card"]
    symbol_payout: Literal["each_full_sum", "split_sum"]
    inn_payment: Literal["whole_sum", "excess"]
    inn_opens: Literal["first_throw_over_bank", "bank_below_21"]
    exact_hit_with_symbol: Literal["ends_game", "throw_kind_rules"]
    phase2_exact_hit: Literal["thrower_takes_bank", "bank_untouched"]
    straight_ending: Literal["thrower_takes_bank", "no_winner", "ordinary_throw"]


def options(rules: Rules) -> ZaldiZuriaOptions:
    """Zaldi zuria's ``rules`` as its typed options."""
    return rules.view(ZaldiZuriaOptions)


RULESETS: tuple[Ruleset, ...] = (
    Ruleset("basque_text", N_("The Basque text"),
            N_("Jokoenea's Basque text, read literally; its silences filled as the notes say."),
            {}),
    Ruleset("pierer_1857", N_("Pierer's Universal-Lexikon"),
            N_("From Pierer's Universal-Lexikon (1857\u201362), article \u201cSchimmelspiel\u201d, "
               "with Every Boy's Book for the bell-with-hammer card: at least four players; the "
               "white horse's owner throws first; before the inn opens, on all blanks only the "
               "thrower pays the white horse's owner a chip; when bell and hammer show together, only the bell-with-hammer card "
               "counts; the excess goes to the inn; the inn opens when the bank falls below 21. "
               "Everything else follows the Basque text, including the rules Pierer does not "
               "have: the auctioneer chosen by the highest throw, elimination after two rounds "
               "of play in a row without taking part and the 1-2-3-4-5-6 ending (an option makes it an ordinary "
               "throw)."),
            {"minimum_players": 4, "first_thrower": "white_horse_owner",
             "all_blank_payment": "thrower_pays", "bell_and_hammer": "combined_card",
             "inn_payment": "excess", "inn_opens": "bank_below_21"}),
    Ruleset("young_folks_1890", N_("Young Folks' Cyclopaedia"),
            N_("From the Young Folks' Cyclopaedia of Games and Sports (1890): the stakes come "
               "after the auction; the banker (the Cyclopaedia's cashier) throws first; before "
               "the inn opens, on all blanks every player except the white horse's owner pays "
               "the owner a chip, whoever throws; the excess goes to the inn. Everything else "
               "follows the Basque text, including the rules the Cyclopaedia does not have: the "
               "auctioneer chosen by the highest throw, elimination after two rounds of play in "
               "a row without taking part, all three cards counting when bell and hammer show "
               "together and the 1-2-3-4-5-6 ending (an option makes it an ordinary throw)."),
            {"stakes_timing": "after_auction", "first_thrower": "banker",
             "all_blank_payment": "everyone_pays", "inn_payment": "excess"}),
)
