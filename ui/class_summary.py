"""What a class screen says of one table, and how a game's play view tells it.

The class screen (:mod:`ui.class_screen`) names no game: each game's play module
(``ui/games/<key>/play.py``, found by the registry's convention, :func:`class_game`) gives

* ``CLASS_SEATS``: the table sizes a class may choose (seats, people and computers);
* ``class_choices(seats, people)``: the new-game choices of such a table, people at the
  first seats and the computer at the rest;
* ``class_summary(game)``: a :class:`TableSummary` of a table's position, in the run's
  language, as a spectator sees it (no hidden die).

A game without them is not offered to a class; a game that has them is, with no page edited.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable

from jokoak import registry
from jokoak.engine.core import Event

from .play import PlaySpec


@dataclass(frozen=True)
class TableSummary:
    """One table in three short lines (each may be empty)."""

    turn: str     # whose turn it is, or how the game ended
    last: str     # the last move, in one sentence
    counts: str   # what each player or team holds (dice, chips, scoring sticks)


@dataclass(frozen=True)
class ClassGame:
    """A game a class can play: its play spec and its class conventions."""

    key: str
    name: str
    spec: PlaySpec[Any]   # any game's (a spec is invariant in its state type)
    seats: tuple[int, ...]
    choices: Callable[[int, int], dict[str, Any]]
    summary: Callable[[Any], TableSummary]


def _class_game(key: str, module: ModuleType | None) -> ClassGame | None:
    needed = ("SPEC", "CLASS_SEATS", "class_choices", "class_summary")
    if module is None or not all(hasattr(module, name) for name in needed):
        return None
    entry = registry.plugin(key)
    return ClassGame(key, entry.name, module.SPEC, tuple(module.CLASS_SEATS),
                     module.class_choices, module.class_summary)


def class_games() -> list[ClassGame]:
    """Every registered game a class can play, in the registry's order."""
    found = (_class_game(e.key, registry.optional_module(f"ui.games.{e.key}.play"))
             for e in registry.plugins().values())
    return [g for g in found if g is not None]


def class_game(key: str) -> ClassGame | None:
    return next((g for g in class_games() if g.key == key), None)


def class_game_of(game_name: str) -> ClassGame | None:
    """The class game whose engine is ``game_name`` (``Game.name``, what a room stores)."""
    return next((g for g in class_games() if g.spec.game.name == game_name), None)


def last_event(events: list[Event], skipped: tuple[str, ...]) -> Event | None:
    """The latest event worth a line (not one of the ``skipped`` kinds)."""
    return next((e for e in reversed(events) if e.kind not in skipped), None)
