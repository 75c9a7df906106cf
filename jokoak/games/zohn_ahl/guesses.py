"""Zohn ahl's chances to guess before seeing (:mod:`jokoak.odds.guesses`): one throw of the
four sticks is one chance node, read off the engine itself, so the exact chance and the throws
shown come from the same ``Fraction``s."""

from __future__ import annotations

from typing import Any, Callable

from ...i18n.msgids import N_
from ...odds.guesses import Question, basque_rules
from .engine import GAME, ThrowKind, options, throw_kinds


def questions() -> list[Question]:
    """The questions of zohn ahl, in the order they are offered."""
    rules = basque_rules("zohn_ahl")
    state, _events = GAME.new_initial_state(rules).apply("throw")
    node = tuple(state.chance_outcomes())
    kinds: dict[str, ThrowKind] = {  # by the chance node's actions (text)
        k.action: k for k in throw_kinds(options(rules).stick_set)}

    def value_is(value: int) -> Callable[[str], bool]:
        return lambda action: kinds[action].value == value

    def zohn_ahl_sticks(position: Any, seat: int) -> str | None:
        """The odds are those of zohn ahl's four sticks, not Nebäkuthana's."""
        used = options(position.rules).stick_set
        return (None if used == options(rules).stick_set
                else f"the position throws the {used} sticks")

    return [
        Question("ten", "zohn_ahl",
                 N_("How often does a throw of the sticks score 10?"),
                 N_("A throw scores 10 (all blank sides up) in %(chance)s of the throws."),
                 N_("10 points"), ("sticks.dice", "throw.white"), node, 1, value_is(10),
                 premise=zohn_ahl_sticks),
        Question("again", "zohn_ahl",
                 N_("How often does a throw give another throw (a 5 or a 10)?"),
                 N_("A throw gives another throw in %(chance)s of the throws."),
                 N_("another throw"), ("throw.red", "throw.white", "throw.again"), node, 1,
                 lambda action: kinds[action].again, premise=zohn_ahl_sticks),
        Question("two", "zohn_ahl",
                 N_("How often does a throw of the sticks score 2?"),
                 N_("A throw scores 2 in %(chance)s of the throws."),
                 N_("2 points"), ("throw.value", "throw.two"), node, 1, value_is(2),
                 premise=zohn_ahl_sticks),
    ]
