"""Zaldi zuria's chances to guess before seeing (:mod:`jokoak.odds.guesses`): one chance node
over the 2**8 patterns of the eight dice, read off the engine itself, so the exact chance and
the throws shown come from the same ``Fraction``s."""

from __future__ import annotations

from typing import Callable

from ...i18n.msgids import N_
from ...odds.guesses import Question, basque_rules
from .engine import GAME
from .rules import parse_roll
from .throws import throw_kind


def questions() -> list[Question]:
    """The questions of zaldi zuria, in the order they are offered."""
    state = GAME.new_initial_state(basque_rules("zaldi_zuria"))
    node = tuple(state.chance_outcomes())

    def kind_is(*kinds: int) -> Callable[[str], bool]:
        return lambda action: throw_kind(parse_roll(action)) in kinds

    return [
        Question("all_blank", "zaldi_zuria",
                 N_("How often do all eight dice show blank?"),
                 N_("All eight dice show blank (a white horse) in %(chance)s of the throws."),
                 N_("all blank"), ("setup.dice", "phase2.throw1"), node, 1, kind_is(1)),
        Question("bell_or_hammer", "zaldi_zuria",
                 N_("How often does the bell or the hammer show, or both?"),
                 N_("The bell or the hammer shows in %(chance)s of the throws."),
                 N_("bell or hammer"), ("setup.dice", "phase2.throw2", "phase2.throw3"),
                 node, 1, kind_is(2, 3)),
        Question("pips_only", "zaldi_zuria",
                 N_("How often do only pips show, with neither the bell nor the hammer?"),
                 N_("Only pips show in %(chance)s of the throws."),
                 N_("pips only"), ("setup.dice", "phase2.throw4"), node, 1, kind_is(4)),
    ]
