"""What a game's Streamlit side offers, as one typed object each ``ui/games/<key>/`` exports.

The core's registry (:mod:`jokoak.registry`) describes a game but never names Streamlit
code. Its views are declared here instead of being found by name: each
``ui/games/<key>/__init__.py`` exports ``VIEWS``, a :class:`GameViews`, whose fields say
which views the game has (an odds view, a play view) and what the rooms, the lessons and
the class screen need of its play view. mypy checks every field, where a lookup by name
(``getattr(module, "play_view")``) was checked by nothing until a page drew it.

A game with no ``ui/games/<key>/`` package has no drawn views (its rules are still read);
a package that exists without ``VIEWS`` is an error that names the package, never a game
silently missing its views.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

from .play import PlaySession, PlaySpec

#: A view drawn whole: an odds view, a play view.
View = Callable[[], None]


@dataclass(frozen=True)
class TableSummary:
    """One table of a class screen in three short lines (each may be empty)."""

    turn: str     # whose turn it is, or how the game ended
    last: str     # the last move, in one sentence
    counts: str   # what each player or team holds (dice, chips, scoring sticks)


@dataclass(frozen=True)
class ClassHooks:
    """What a class screen (:mod:`ui.class_screen`) needs of a game to open its tables.

    ``seats`` are the table sizes a class may choose; ``choices(seats, people)`` the new-game
    choices of such a table (people at the first seats, the computer at the rest);
    ``summary(game)`` a table's position in three short lines, as a spectator sees it.
    """

    seats: tuple[int, ...]
    choices: Callable[[int, int], dict[str, Any]]
    summary: Callable[[PlaySession[Any]], TableSummary]


@dataclass(frozen=True)
class PlayViews:
    """A game's play view and what the other pages use of it.

    ``view`` draws the whole play view (alone or in a room); ``spec`` is what it tells the
    play controller (a lesson plays its steps with it); ``control_name(state, action)``
    names the control that makes ``action`` (a lesson rings it), ``None`` when the view
    names none; ``class_hooks`` makes the game one a class can play.
    """

    spec: PlaySpec[Any]
    view: View
    control_name: Callable[[Any, str], str | None] | None = None
    class_hooks: ClassHooks | None = None


@dataclass(frozen=True)
class GameViews:
    """Everything ``ui/games/<key>/`` draws: its odds view and its play view, each ``None``
    when the game has none (the page then offers no such view)."""

    odds: View | None = None
    play: PlayViews | None = None


#: The views of a game without a ``ui/games/<key>/`` package.
NO_VIEWS = GameViews()


def views_of(key: str) -> GameViews:
    """``VIEWS`` of ``ui/games/<key>/`` (:data:`NO_VIEWS` when the game has no such package);
    a package without a :class:`GameViews` called ``VIEWS`` is a ``LookupError``."""
    package = f"ui.games.{key}"
    try:
        module = importlib.import_module(package)
    except ModuleNotFoundError as missing:
        if missing.name != package:
            raise   # the package is there and something it imports is not
        return NO_VIEWS
    views = getattr(module, "VIEWS", None)
    if not isinstance(views, GameViews):
        raise LookupError(f"ui/games/{key}/__init__.py exports no GameViews called VIEWS")
    return views


def game_spec(key: str) -> PlaySpec[Any]:
    """Game ``key``'s play view spec, ``VIEWS.play.spec`` (``LookupError`` for a game without
    a play view)."""
    play = views_of(key).play
    if play is None:
        raise LookupError(f"game {key!r} has no play view (VIEWS.play of ui/games/{key}/)")
    return play.spec
