"""A game's play page, and what a shared table adds to it, as peers over one play session.

A :class:`PlayPage` is what a game's play view draws: its spec, the words before a game
starts, the table beside the controls, the new-game choices, and how the table looks from
one seat (what a device at a shared table draws). It draws the one-screen game
(:func:`ui.play.view.page`) itself. A shared table (a room, :mod:`ui.room`) is no owner of
the page: it is a :class:`TableHooks` the page is drawn with, which may seat this device
first, draw the table for its seat instead, and add its notes above and its panel below.
The page never imports the room, and the room never draws a one-screen game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Generic, Protocol

from .sessions import PlaySession, PlaySpec, S
from .view import page as one_screen_page

#: ``seat_view(game, seat, spec)``: the table as the device at ``seat`` sees it (its own
#: hidden dice, its own controls when the move is its), taps going to ``spec``.
SeatView = Callable[[PlaySession[Any], int, PlaySpec[Any]], None]
#: ``names(game, seat)``: how the page names a seat ("Player 3", "player 2 of the … team").
SeatNames = Callable[[PlaySession[Any], int], str]


@dataclass(frozen=True)
class PlayPage(Generic[S]):
    """One game's play page: ``table`` (which calls :func:`ui.play.board`) beside ``side``
    (the controls), ``intro`` until a game starts, ``choices`` the new-game panel's own
    choices; ``seat_view`` and ``seat_name`` are what a shared table draws of it."""

    spec: PlaySpec[S]
    intro: str
    table: Callable[[PlaySession[S]], None]
    side: Callable[[PlaySession[S]], None]
    choices: Callable[[], dict[str, Any]]
    seat_view: Callable[[PlaySession[S], int, PlaySpec[S]], None]
    seat_name: Callable[[PlaySession[S], int], str]

    def draw(self, shared: TableHooks | None = None) -> None:
        """The page: when ``shared`` seats this device at a shared table, that table for
        its seat; else the one-screen game, with ``shared``'s notes above and its panel
        below (given the new-game choices the panel starts from)."""
        if shared is not None:
            shared.restore(self.spec)
            if shared.seated(self.spec):
                shared.draw_table(self)
                return
            shared.above(self.spec)
        seen: dict[str, Any] = {}

        def remembered() -> dict[str, Any]:
            picked = self.choices()
            seen.update(picked)
            return picked

        one_screen_page(self.spec, self.intro, self.table, self.side, remembered)
        if shared is not None:
            shared.below(self, dict(seen))


class TableHooks(Protocol):
    """What a shared table adds to a :class:`PlayPage` (the rooms, :data:`ui.room.HOOKS`)."""

    def restore(self, spec: PlaySpec[Any]) -> None:
        """Sit this device where its address and its secret say, if anywhere."""

    def seated(self, spec: PlaySpec[Any]) -> bool:
        """This device sits (or watches) at a shared table of this game."""

    def draw_table(self, page: PlayPage[Any]) -> None:
        """The shared table for this device's seat, instead of the one-screen game."""

    def above(self, spec: PlaySpec[Any]) -> None:
        """What the table says at the top of the page (a followed link's note)."""

    def below(self, page: PlayPage[Any], chosen: dict[str, Any]) -> None:
        """What the table adds under the one-screen game (its panel), from ``chosen``."""
