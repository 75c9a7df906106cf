"""Peruludo's chances to guess before seeing (:mod:`jokoak.odds.guesses`): one die is one
chance node of six faces, read off the engine itself, so the exact chance and the throws shown
come from the same ``Fraction``s."""

from __future__ import annotations

from typing import Any, Callable

from ...i18n.msgids import N_
from ...odds.guesses import Question, basque_rules
from .bids import matches
from .engine import GAME as PERULUDO


def questions() -> list[Question]:
    """The questions of peruludo, in the order they are offered."""
    state = PERULUDO.new_initial_state(basque_rules("peruludo"))
    node = tuple(state.chance_outcomes())
    wild = state.wild  # sixes are wild outside an arrastatze round (setup.wild)

    def counts_for(face: int, wilds: bool) -> Callable[[str], bool]:
        return lambda action: matches(int(action.split(":")[1]), face, wilds)

    def own_dice(wilds: bool | None) -> Callable[[Any, int], str | None]:
        """The question is about the visitor's five dice (and wild sixes where it says so)."""
        def premise(position: Any, seat: int) -> str | None:
            if position.counts[seat] != 5:
                return f"the visitor has {position.counts[seat]} dice, the question five"
            if wilds is not None and position.wild != wilds:
                return "the question counts wild sixes; this round has none"
            return None
        return premise

    return [
        Question("two_of_five", "peruludo",
                 N_("How often do at least two of your five dice show 4 or a six (sixes "
                    "wild)?"),
                 N_("At least two of five dice count for 4 in %(chance)s of the throws."),
                 N_("two or more"), ("setup.dice", "setup.wild", "round.facts.wild"),
                 node, 5, counts_for(4, wild), at_least=2, premise=own_dice(True)),
        Question("no_six_of_five", "peruludo",
                 N_("How often do your five dice show no six at all?"),
                 N_("Five dice show no six in %(chance)s of the throws."),
                 N_("no six"), ("setup.dice", "setup.wild"),
                 node, 5, counts_for(6, False), at_least=0, at_most=0,
                 premise=own_dice(None)),
        Question("ten_of_thirty", "peruludo",
                 N_("Six players hide 30 dice. How often do at least ten of them count for 2 "
                    "(sixes wild)?"),
                 N_("At least ten of 30 dice count for 2 in %(chance)s of the throws."),
                 N_("ten or more"), ("setup.dice", "setup.wild", "round.facts.dice_count"),
                 node, 30, counts_for(2, wild), at_least=10),
    ]
