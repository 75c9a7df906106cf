"""A room's place in this session and in the shared store: the store and the ``[rooms]``
settings, this device's secret (its browser's cookie), the room this session sits in, and
the keys the other room modules share (:mod:`ui.room`)."""

from __future__ import annotations

import logging
from typing import Any

import streamlit as st

from jokoak.service.classes import other_tables as class_tables
from jokoak.service.rooms import (STORE_ERRORS, Room, RoomStore, new_device, read_room,
                                  store_from_setting)
from jokoak.service.seat_secret import cookie_script, device_from_cookies
from jokoak.service.settings import RoomSettings, load_settings, settings_path

from ..clients import client as _client
from ..play import PlaySpec

log = logging.getLogger("jokoak")

ROOM = "jokoak_room"      # session: {"game": name, "code": code, "device": its token there}
DEVICE = "jokoak_device"  # session: this device's token in the rooms it opens or joins
OPENED = "jokoak_room_opened"  # session: the code of the last room it opened (any game)
GUARD = "jokoak_join_guard"    # session: its unknown codes (:class:`jokoak.service.rooms.JoinGuard`)
#: The address of a device in a room: ``?room=<code>``, and ``&watch=1`` for a spectator.
#: ``seat`` is an old address's token (read once, :func:`restore`).
ROOM_PARAM = "room"
SEAT_PARAM = "seat"
WATCH_PARAM = "watch"
#: A class screen's join link also names its class (``?class=<id>``, read once).
CLASS_PARAM = "class"
#: session: the token whose cookie this session has written (:func:`keep_secret`)
SECRET_WRITTEN = "jokoak_seat_cookie"
#: The seat a spectator's table is drawn for: no seat, so no hidden die is drawn.
SPECTATOR = -1
#: ``PlaySession.extra`` keys: the room drawn and the version of it the position is of.
CODE = "code"
VERSION = "room_version"
SEAT = "room_seat"        # the seat this device was drawn at (kept through an outage)
UNSAVED = "room_unsaved"  # the last tap could not be written: "Not saved — tap again"


@st.cache_resource(show_spinner=False)
def _store(setting: str) -> RoomStore:
    return store_from_setting(setting)


@st.cache_resource(show_spinner=False)
def _room_settings(settings_file: str) -> RoomSettings:
    """The ``[rooms]`` settings, read once per settings file (not at every poll)."""
    return load_settings().rooms


def settings() -> RoomSettings:
    return _room_settings(str(settings_path()))


def store() -> RoomStore:
    return _store(settings().store)


def client() -> str:
    """This session's client (:mod:`jokoak.service.clients`): what its budgets of opened
    rooms and of unknown codes are counted by (pass it to ``open_room(..., client=)``)."""
    return _client(settings().trusted_proxies)


def _cookie_device() -> str | None:
    """The device token the browser sent in its cookie when it opened this connection."""
    try:
        return device_from_cookies(st.context.cookies)
    except Exception:  # no browser behind this run (AppTest, a script)
        return None


def device() -> str:
    """This device's secret: its browser's cookie, else a new one (written by
    :func:`keep_secret`)."""
    if DEVICE not in st.session_state:
        st.session_state[DEVICE] = _cookie_device() or new_device()
    return str(st.session_state[DEVICE])


def keep_secret() -> None:
    """Write this device's secret into its browser's cookie, once a session, unless the
    browser sent it already: the next connection (a reload, a restarted server) finds its
    seat by it, and the address never carries it."""
    token = device()
    if st.session_state.get(SECRET_WRITTEN) == token or _cookie_device() == token:
        return
    st.html(cookie_script(token), unsafe_allow_javascript=True)
    st.session_state[SECRET_WRITTEN] = token


def seated(spec: PlaySpec[Any]) -> str:
    """The token this session sits with in its room (the one its address carries)."""
    here = in_room(spec)
    token = here.get("device") if here is not None else None
    return token if isinstance(token, str) else device()


def closed_table(room: Room) -> bool:
    return room.closed


def other_tables(room: Room) -> tuple[str, ...]:
    """The class's other open tables, for a closed table's note (none when the store does
    not answer: the note still says the table is closed)."""
    try:
        return class_tables(store(), room)
    except STORE_ERRORS as exc:
        log.warning("class of room %s unreadable: %s", room.code, exc)
        return ()


def note_key(spec: PlaySpec[Any]) -> str:
    return f"{spec.key}_room_note"


def sit(spec: PlaySpec[Any], code: str, token: str, watch: bool = False) -> None:
    st.session_state[ROOM] = {"game": spec.game.name, "code": code, "device": token,
                              "watch": watch}
    st.session_state.pop(note_key(spec), None)


def watching(spec: PlaySpec[Any]) -> bool:
    """This device watches its room from no seat."""
    return bool((in_room(spec) or {}).get("watch"))


def games_of(spec: PlaySpec[Any]) -> dict[str, Any]:
    return {spec.game.name: spec.game}


def in_room(spec: PlaySpec[Any]) -> dict[str, Any] | None:
    here = st.session_state.get(ROOM)
    return here if isinstance(here, dict) and here.get("game") == spec.game.name else None


def read_here(spec: PlaySpec[Any]) -> tuple[Room | None, bool]:
    """This session's room, and whether the store answered: ``(None, True)`` is a room that
    is really not there; ``(None, False)`` a store that cannot be reached just now (the page
    keeps its table and tries again)."""
    here = in_room(spec)
    if here is None:
        return None, True
    try:
        return read_room(store(), here["code"], games_of(spec)), True
    except STORE_ERRORS as exc:
        log.warning("room %s unreadable: %s", here.get("code"), exc)
        return None, False


def from_link_key(spec: PlaySpec[Any]) -> str:
    return f"{spec.key}_room_note_from_link"
