"""Peruludo's options and rulesets.

The first ruleset, ``basque_text``, is the Basque text's literal reading; where the text is
silent the default is argued in ``content/peruludo/notes.yaml``. ``perudo_standard`` changes
only the rules where common Perudo differs, and keeps sixes as the wild face in every ruleset.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...engine.core import Option, Rules, Ruleset
from ...i18n.msgids import N_


#: Fewest and most players at one table (the default table is six players, 30 dice).
MIN_PLAYERS = 2
MAX_PLAYERS = 10
START_DICE = 5
#: The most dice a table holds, cups and bag together (ten players start with 50): the
#: bound of setups and of the odds tables, whose cost grows with the count.
MAX_TABLE_DICE = 100
WILD_FACE = 6

OPTIONS: tuple[Option, ...] = (
    Option("raise_rule",
           N_("Which raises are allowed on an ordinary face"),
           "same_face_or_same_quantity", "raise.higher",
           choices=("same_face_or_same_quantity", "both_may_rise", "any_face_with_more"),
           choice_labels=(N_("More dice of the same face, or as many dice of a higher face"),
                          N_("Also more dice of a higher face at once"),
                          N_("Any face with more dice (common Perudo)"))),
    Option("from_wild_rule",
           N_("How many dice a bid needs when it leaves the sixes"),
           "double", "raise.from_wild.switch",
           choices=("double", "double_plus_one"),
           choice_labels=(N_("At least double the sixes"),
                          N_("At least double the sixes plus one (common Perudo)"))),
    Option("wild_sixes",
           N_("Sixes are wild outside an arrastatze round"),
           True, "setup.wild"),
    Option("arrastatze_fixed_face",
           N_("In a round an arrastatu starts, the number cannot change"),
           True, "arrastatze.fixed_face"),
    Option("forbid_repeated_bids",
           N_("A bid already made in the round may not be made again"),
           True, "raise.from_wild.switch"),
    Option("reveal",
           N_("How many cups are lifted after a palero"),
           "partial", "palero.cups_stay_closed",
           choices=("partial", "full"),
           choice_labels=(N_("Only until the bid is reached; the rest stay closed"),
                          N_("Every cup (common Perudo)"))),
    Option("doia_die_source",
           N_("Where the die a right doia wins comes from"),
           "bag_else_outside", "doia.right",
           choices=("bag_else_outside", "bag_only"),
           choice_labels=(N_("From the bag, else a new die: a right doia always wins a die"),
                          N_("Only from the bag: with an empty bag a right doia wins nothing"))),
    Option("arrastatze_rounds",
           N_("Which rounds a player in arrastatze turns into arrastatze rounds"),
           "every_round_they_start", "arrastatze.fixed_face",
           choices=("every_round_they_start", "first_round_only"),
           choice_labels=(N_("Every round they start"),
                          N_("Only the first round they start (palifico, once per game)"))),
    Option("arrastatze_after_regain",
           N_("What happens to arrastatze when a doia brings a player back above one die"),
           "status_ends", "arrastatze.announce",
           choices=("status_ends", "status_stays"),
           choice_labels=(N_("It ends; it is announced again at the next drop to one die"),
                          N_("It stays for the rest of the game"))),
    Option("doia_callers",
           N_("Who may call doia"),
           "anyone_off_turn", "doia.call",
           choices=("anyone_off_turn", "not_bidder_nor_turn"),
           choice_labels=(N_("Anyone whose turn it is not, the last bidder included"),
                          N_("Neither the last bidder nor the player on turn (common calza)"))),
    Option("starter_after_doia",
           N_("Who starts the round after a doia"),
           "loser_else_player_on_turn", "round.starter",
           choices=("loser_else_player_on_turn", "caller"),
           choice_labels=(N_("The caller if wrong (the loser), else the player whose turn it was"),
                          N_("The caller (common calza)"))),
    Option("starter_after_elimination",
           N_("Who starts the round after the loser is eliminated"),
           "next_after_eliminated", "round.starter",
           choices=("next_after_eliminated", "round_winner"),
           choice_labels=(
               N_("The next player to the left of the eliminated one (Board Game Arena's Dudo)"),
               N_("The other player of the palero, or the player on turn after a doia"))),
)

RaiseRule = Literal["same_face_or_same_quantity", "both_may_rise", "any_face_with_more"]
FromWildRule = Literal["double", "double_plus_one"]


@dataclass(frozen=True)
class PeruludoOptions:
    """The options as the engine, odds, bots and views read them: one typed field per
    option of :data:`OPTIONS`, its choices spelled as a ``Literal`` (held to them by
    tests/test_options_views.py), so a misspelt option or choice fails the type check."""

    raise_rule: RaiseRule
    from_wild_rule: FromWildRule
    wild_sixes: bool
    arrastatze_fixed_face: bool
    forbid_repeated_bids: bool
    reveal: Literal["partial", "full"]
    doia_die_source: Literal["bag_else_outside", "bag_only"]
    arrastatze_rounds: Literal["every_round_they_start", "first_round_only"]
    arrastatze_after_regain: Literal["status_ends", "status_stays"]
    doia_callers: Literal["anyone_off_turn", "not_bidder_nor_turn"]
    starter_after_doia: Literal["loser_else_player_on_turn", "caller"]
    starter_after_elimination: Literal["next_after_eliminated", "round_winner"]


def options(rules: Rules) -> PeruludoOptions:
    """Peruludo's ``rules`` as its typed options."""
    return rules.view(PeruludoOptions)


RULESETS: tuple[Ruleset, ...] = (
    Ruleset("basque_text", N_("The Basque text"),
            N_("Jokoenea's Basque rules, read literally; silent points filled as the notes argue"),
            {}),
    Ruleset("perudo_standard", N_("Common Perudo, sixes wild"),
            N_("Common Perudo (Dudo) rules, with sixes as the wild face instead of ones"),
            {"raise_rule": "any_face_with_more", "from_wild_rule": "double_plus_one",
             "reveal": "full", "arrastatze_rounds": "first_round_only",
             "doia_callers": "not_bidder_nor_turn", "starter_after_doia": "caller",
             "doia_die_source": "bag_only"}),
)
