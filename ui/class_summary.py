"""What a class screen says of one table, and how a game's play view tells it.

The class screen (:mod:`ui.class_screen`) names no game: each game's views
(``VIEWS`` of ``ui/games/<key>/``, :mod:`ui.game_views`) may declare
``VIEWS.play.class_hooks`` (:class:`ui.game_views.ClassHooks`): the table sizes a class may
choose, the new-game choices of such a table, and a :class:`TableSummary` of a table's
position, in the run's language, as a spectator sees it (no hidden die).

A game without them is not offered to a class; a game that has them is, with no page edited.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from jokoak import registry
from jokoak.engine.core import Event

from .game_views import TableSummary, views_of
from .play import PlaySession, PlaySpec

__all__ = ["ClassGame", "TableSummary", "class_game", "class_game_of", "class_games",
           "last_event"]


@dataclass(frozen=True)
class ClassGame:
    """A game a class can play: its play spec and its class conventions."""

    key: str
    name: str
    spec: PlaySpec[Any]
    seats: tuple[int, ...]
    choices: Callable[[int, int], dict[str, Any]]
    summary: Callable[[PlaySession[Any]], TableSummary]


def _class_game(key: str) -> ClassGame | None:
    play = views_of(key).play
    hooks = play.class_hooks if play is not None else None
    if play is None or hooks is None:
        return None
    return ClassGame(key, registry.plugin(key).name, play.spec, tuple(hooks.seats),
                     hooks.choices, hooks.summary)


def class_games() -> list[ClassGame]:
    """Every registered game a class can play, in the registry's order."""
    found = (_class_game(key) for key in registry.plugins())
    return [g for g in found if g is not None]


def class_game(key: str) -> ClassGame | None:
    return next((g for g in class_games() if g.key == key), None)


def class_game_of(game_name: str) -> ClassGame | None:
    """The class game whose engine is ``game_name`` (``Game.name``, what a room stores)."""
    return next((g for g in class_games() if g.spec.game.name == game_name), None)


def last_event(events: list[Event], skipped: tuple[str, ...]) -> Event | None:
    """The latest event worth a line (not one of the ``skipped`` kinds)."""
    return next((e for e in reversed(events) if e.kind not in skipped), None)
