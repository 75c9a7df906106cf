"""Peruludo's engine: :data:`GAME` (``registry.plugin("peruludo").game()``) and its states.

A state is a position (:mod:`.state`) that moves by :mod:`.transitions`; the split keeps the
imports one-way: the position knows nothing of the moves, the moves know the position, and
:class:`PeruludoState` joins them into a :class:`jokoak.engine.GameState`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, Mapping

from ...engine.core import Event, Game, Option, Rules, Ruleset
from .rules import OPTIONS, RULESETS, PeruludoOptions, options
from .setup import default_setup as _default_setup, parse_setup
from .bids import action_sort_key
from . import transitions
from .state import PeruludoPosition, with_changes


@dataclass(frozen=True)
class PeruludoState(PeruludoPosition):
    """An immutable Peruludo position with the engine's ``apply``."""

    def apply(self, action: str) -> tuple[PeruludoState, list[Event]]:
        return transitions.apply(self, action)


@dataclass(frozen=True)
class PeruludoGame:
    name: str = "peruludo"
    options: tuple[Option, ...] = OPTIONS
    rulesets: tuple[Ruleset, ...] = RULESETS
    options_view: ClassVar[type[PeruludoOptions]] = PeruludoOptions
    #: a harness cutoff, not a rule: a six-player game takes about 3,000 actions
    #: (30 dice thrown one at a time each round, a doia question per player after each bid);
    #: correct doias return dice, so no finite bound holds for every game.
    max_actions: int = 60000

    def new_initial_state(self, rules: Rules, setup: Mapping[str, Any] | None = None
                          ) -> PeruludoState:
        table = parse_setup(rules, setup)
        special = table.starter in table.arrastatu and not (
            options(rules).arrastatze_rounds == "first_round_only" and table.starter in table.spent)
        return PeruludoState(rules=rules, ages=table.ages, counts=table.counts, bag=table.bag,
                             cups=tuple(() for _ in table.counts), starter=table.starter,
                             starter_reason=table.starter_reason, arrastatu=table.arrastatu,
                             spent=table.spent, arrastatze_round=special)

    def default_setup(self, rules: Rules) -> dict[str, Any]:
        return _default_setup()

    def longest_game(self, initial: PeruludoState) -> int:
        """The most actions a real game from ``initial`` takes (a longer link is refused):
        a round throws every die in play one at a time and asks each player about doia
        after each bid, and a game lasts about one round a die, so a game grows with the
        square of the dice on the table (cups and bag): 8 a die squared, plus 50 a player
        and 200. Seeded six-player games of five dice (every computer level) take at most
        2,941 actions of its 7,700, and smaller tables at most half of theirs
        (tests/test_record_code.py)."""
        dice = sum(initial.counts) + initial.bag
        return 200 + 50 * initial.players + 8 * dice * dice

    def action_sort_key(self, action: str) -> tuple[int, int, int, str]:
        """Bids by quantity then face (``bid:10:2`` after ``bid:9:5``), then the rest."""
        return action_sort_key(action)

    def hidden_variants(self, state: PeruludoState, seat: int) -> list[PeruludoState]:
        """Positions ``seat`` cannot tell from ``state``: every die ``seat`` may not see
        turned to another face (the conformance harness checks observations match)."""
        hidden = [s for s in range(state.players) if state.visible_cup(s, seat) is None
                  and state.cups[s]]
        if not hidden:
            return []
        cups = list(state.cups)
        for s in hidden:
            cups[s] = _turned(cups[s])
        return [with_changes(state, cups=tuple(cups))]


@lru_cache(maxsize=4096)
def _turned(cup: tuple[int, ...]) -> tuple[int, ...]:
    """Every die of a cup turned to the next face (6 to 1): a cup its owner's neighbours
    cannot tell from the real one (a few hundred cups recur all game long)."""
    return tuple(d % 6 + 1 for d in cup)


GAME = PeruludoGame()

#: Read by mypy: the game keeps :class:`jokoak.engine.Game`, and so its states keep
#: :class:`jokoak.engine.GameState` (``new_initial_state`` returns one). The protocols are
#: structural, so nothing else would notice the game drifting from them (a missing
#: ``why_not``, another ``apply``); this line fails to type-check the moment it does.
KEEPS_THE_ENGINE_PROTOCOLS: Game = GAME


def dealt(rules: Rules, setup: Mapping[str, Any] | None, cups: list[list[int]]
          ) -> PeruludoState:
    """The position after the round's throw came out as ``cups`` (one list per seat, empty
    for seats without dice): for tests, examples and the play view's replays."""
    state = GAME.new_initial_state(rules, setup)
    for cup in cups:
        for face in cup:
            state, _ = state.apply(f"roll:{face}")
    if state.phase != "bid":
        raise ValueError("the cups do not match the dice each seat holds")
    return state
