"""Room play: several devices at one table, joined by a short code (:mod:`jokoak.service.rooms`).

One person opens a room with the new-game choices (at least two people at the table); the
others type its code on their own phone or computer and sit at the next free person's seat.
The table lives in the shared store (SQLite or Redis, the ``[rooms]`` setting), never in
this process: any replica can serve any device's next request. Each device draws the table
for its own seat only (``seat_view`` of the game's :class:`ui.play.page.PlayPage`). Small self-rerunning
fragments poll the store for the room's version alone, every second while the table is
lively and every three while it waits on a person who is thinking (:func:`poll_seconds`,
:func:`ui.room.polls.watch_polls`), and draw the page again only when the version moved on or a computer seat's
beat is due: that drawing plays the computer seats at the table's pace (whichever device's
write lands first, the others' are refused by the store's version check). A device whose
person is not to act holds its poll open up to :data:`HOLD_SECONDS`, woken the moment a move
is written in this process (:mod:`jokoak.service.room_wakeups`; another replica's move is
seen within half a second): a move reaches the table's other devices within a second, where
a device waiting on a thinking person saw it up to three seconds late. A tap carries the record's length it was drawn at:
a double tap, or a tap on a table that has moved on, changes nothing. A poll replays the
room's record only when another device changed it (its version moved on and the record is
not the one drawn); otherwise the position drawn last is kept.

The visitor's place lives in the URL, the seat does not: a device's address is
``?room=<code>`` (``&watch=1`` for a spectator), and the device is known at its seat by a
secret the address bar never shows, a cookie of its browser (:mod:`jokoak.service.seat_secret`).
A reload, a tab opened again or a restarted server sends the cookie and finds the seat again
(:func:`restore`); the same address opened on another device (a shared link, a QR code) offers
that device a free seat or to watch, never someone else's seat. An old address that still
carries ``&seat=<token>`` is read once: the token becomes the device's cookie and leaves the
address. In a room the store holds the game, so the address carries no ``?game=`` (leaving
the room brings back this session's own game, if it has one). A link whose code does not fit,
or names no room of this game, changes nothing and says so; the code is filled in for
joining. Leaving drops the parameters. A spectator (``watch``) sits at no seat: the table is
drawn for no seat, so no hidden die is in its page.

Faults and abuse (:mod:`jokoak.service.room_stores`): a store that cannot be reached is never taken
for a room that is gone. The seated device keeps its table on screen under "Reconnecting…"
and the next poll tries again; a tap it cannot save says "Not saved — tap again" (the write
is one compare-and-set: whole or not at all); a link followed meanwhile waits at its seat.
The room panel chooses who plays on their own device itself (one step), opening a room
closes this session's unplayed one, a full server says so, a client (its address,
:func:`client`) that opened its hour's rooms is told how long to wait, and a session that
typed too many unknown codes, or a client that typed its minute's share of them, waits
before looking again (:class:`jokoak.service.rooms.JoinGuard`, ``[rooms]
unknown_codes_per_minute``): only the guesser waits.

The room is a peer of the play page, not its owner: a game's play view draws its
:class:`ui.play.page.PlayPage` with :data:`HOOKS`, through which the room seats this device,
draws the table for its seat, and adds its invitation above and its panel below. One
concern a module: :mod:`.access` (the store, the settings, this device's secret, the room
this session sits in), :mod:`.notes` (what a step that seated nobody says),
:mod:`.table` (taps written to the store, the computers' beats), :mod:`.joining` (open,
join, watch, leave, the address), :mod:`.panel` (the room panel, a link's invitation),
:mod:`.polls` (a table that does not change costs nothing), :mod:`.area` (the room as this
device sees it).
"""

from __future__ import annotations

from typing import Any

from ..play import PlaySpec
from ..play.page import PlayPage
from .access import (CLASS_PARAM, DEVICE, ROOM, ROOM_PARAM, SEAT_PARAM, SPECTATOR,
                     WATCH_PARAM, client, device, in_room, keep_secret, seated, settings,
                     store, watching)
from .area import room_area
from .joining import join_typed, leave, open_new, restore, watch_typed, write_address
from .notes import panel_note
from .panel import CLASS_GAME_KEY, class_screen_button, invitation, room_panel
from .polls import (AREA_KEY, HOLD_SECONDS, LIVELY_SECONDS, POLL_SECONDS, SLOW_POLL_SECONDS,
                    poll_seconds)
from .table import accept, room_spec

__all__ = [
    "AREA_KEY", "CLASS_GAME_KEY", "CLASS_PARAM", "DEVICE", "HOLD_SECONDS", "HOOKS",
    "LIVELY_SECONDS", "POLL_SECONDS", "ROOM", "ROOM_PARAM", "SEAT_PARAM", "SLOW_POLL_SECONDS",
    "SPECTATOR", "WATCH_PARAM", "RoomHooks", "accept", "class_screen_button", "client",
    "device", "in_room", "invitation", "join_typed", "keep_secret", "leave", "open_new",
    "panel_note", "poll_seconds", "restore", "room_area", "room_panel", "room_spec", "seated",
    "settings", "store", "watch_typed", "watching", "write_address",
]


class RoomHooks:
    """The rooms as a play page's :class:`ui.play.page.TableHooks`: a device seated in a
    room of the page's game sees the room's table for its seat; any other sees the
    one-screen game, a followed link's invitation above it and the room panel below."""

    def restore(self, spec: PlaySpec[Any]) -> None:
        restore(spec)

    def seated(self, spec: PlaySpec[Any]) -> bool:
        return in_room(spec) is not None

    def draw_table(self, page: PlayPage[Any]) -> None:
        write_address(page.spec)
        keep_secret()
        room_area(page.spec, page.seat_view, page.seat_name)

    def above(self, spec: PlaySpec[Any]) -> None:
        invitation(spec)

    def below(self, page: PlayPage[Any], chosen: dict[str, Any]) -> None:
        room_panel(page.spec, chosen, page.seat_name)


#: What every game's play view draws its page with (``PlayPage.draw(room.HOOKS)``).
HOOKS = RoomHooks()
