"""The room as this device sees it: its seat's line, who is awaited, the table drawn for
its own seat (or for no seat, watching), "Reconnecting…" while the store is away, and
"Leave the room"."""

from __future__ import annotations

from typing import Any, NoReturn

import streamlit as st

from ..common import _, esc, html, lang
from .. import play
from ..play import PlaySession, PlaySpec
from ..play.page import SeatNames, SeatView
from .access import (CODE, SEAT, SPECTATOR, UNSAVED, in_room, note_key, other_tables,
                     read_here, seated)
from .joining import leave
from .polls import AREA_KEY, AWAY, INLINE, drawn_key, watch_polls
from .table import room_spec, table_session, tick_computers


def room_area(spec: PlaySpec[Any], seat_view: SeatView, names: SeatNames) -> None:
    """The room as this device sees it: drawn when this device taps or a poll
    (:func:`watch_polls`) finds that the room changed, never on an unchanged one."""
    shared = room_spec(spec)
    here = in_room(spec) or {}
    code = str(here.get("code"))

    @st.fragment(key=AREA_KEY)
    def area() -> None:
        if not in_room(spec):  # "Leave the room" tapped: the whole page, with the panel
            st.rerun()
        _area(spec, shared, seat_view, names)
        st.session_state[INLINE] = True  # the room was just read: the timers only start
        try:
            watch_polls(shared, code)
        finally:
            st.session_state[INLINE] = False

    area()


def _area(spec: PlaySpec[Any], shared: PlaySpec[Any], seat_view: SeatView,
          names: SeatNames) -> None:
    """The room drawn, and what was drawn noted for the polls (:func:`_poll`)."""
    drawn = drawn_key(shared)
    room, reachable = read_here(shared)
    if not reachable:
        st.session_state[drawn] = AWAY
        _reconnecting(spec, shared, seat_view, names)
        return
    here = in_room(spec) or {}
    if room is None:
        st.session_state[drawn] = None
        if here.get("unconfirmed"):  # a link followed while the store was away
            _unseat(spec, ("no_seat", here.get("code")))
        st.warning(_("This room is not there any more."))
        st.button(_("Leave the room"), key=f"{shared.key}_leave", on_click=leave,
                  args=(spec,), icon=":material/logout:")
        return
    unconfirmed = here.pop("unconfirmed", False)
    if room.closed:  # closed from the class screen: out, with the class's other tables
        _unseat(spec, ("closed", room.code, other_tables(room)))
    game = table_session(shared, room)
    room = tick_computers(shared, room, game)
    st.session_state[drawn] = (room.version, room.moved_at)
    seat = room.seat_of(seated(shared))
    if seat is None and not here.get("watch"):
        _unseat(spec, ("no_seat", room.code) if unconfirmed else None)
    if seat is None:
        seat = SPECTATOR
        _watch_line(room.code)
    else:
        _room_line(room.code, seat, names(game, seat))
    game.extra[SEAT] = seat
    waiting = [names(game, s) for s in room.free_seats()]
    if waiting:
        st.caption(_("Waiting for %(players)s to join with the code %(code)s.") % {
            "players": ", ".join(waiting), "code": room.code})
    if game.extra.pop("lost", False):
        st.info(_("Another player moved first: here is the table now."))
    _unsaved_note(game)
    seat_view(game, seat, shared)
    st.button(_("Leave the room"), key=f"{shared.key}_leave", on_click=leave,
              args=(spec,), icon=":material/logout:")


def _room_line(code: str, seat: int, player: str) -> None:
    you = _("Room %(code)s: you are %(player)s.") % {"code": code, "player": player}
    html(f'<p lang="{lang()}" class="jokoak-turn jokoak-room" data-room="{esc(code)}" '
         f'data-seat="{seat}">{esc(you)}</p>')


def _watch_line(code: str) -> None:
    line = _("Room %(code)s: you are watching (nothing a player keeps hidden is shown).") % {"code": code}
    html(f'<p lang="{lang()}" class="jokoak-turn jokoak-room" data-room="{esc(code)}" '
         f'data-seat="watch">{esc(line)}</p>')


def _unsaved_note(game: PlaySession[Any]) -> None:
    if game.extra.get(UNSAVED):
        st.warning(_("Not saved — tap again."), icon=":material/sync_problem:")


def _reconnecting(spec: PlaySpec[Any], shared: PlaySpec[Any], seat_view: SeatView,
                  names: SeatNames) -> None:
    """The store cannot be reached: the table last drawn stays on screen under
    "Reconnecting…" (a tap on it says "Not saved — tap again"), and the next poll tries
    again. Never "gone": only a store that answers can say a room is not there."""
    st.info(_("Reconnecting…"), icon=":material/sync:")
    game = play.session(shared)
    here = in_room(spec) or {}
    seat = game.extra.get(SEAT) if game is not None else None
    if game is not None and isinstance(seat, int) and game.extra.get(CODE) == here.get("code"):
        if seat == SPECTATOR:
            _watch_line(str(here.get("code")))
        else:
            _room_line(str(here.get("code")), seat, names(game, seat))
        _unsaved_note(game)
        seat_view(game, seat, shared)
    st.button(_("Leave the room"), key=f"{shared.key}_leave", on_click=leave,
              args=(spec,), icon=":material/logout:")


def _unseat(spec: PlaySpec[Any], note: Any) -> NoReturn:
    """This device sits in no seat of the room after all: out of it, with ``note`` for the
    room panel (the whole page is drawn again)."""
    leave(spec)
    if note is not None:
        st.session_state[note_key(spec)] = note
    st.rerun()
    raise AssertionError("st.rerun returns only outside a script run")  # pragma: no cover
