"""Opening, joining, watching and leaving a room, and the address a reload finds its seat
by (``?room=<code>``, never the seat's secret)."""

from __future__ import annotations

import logging
import time
from typing import Any, Callable, TypeVar

import streamlit as st

from jokoak.service.classes import parse_class_id, read_class
from jokoak.service.rooms import (STORE_ERRORS, BudgetSpent, JoinGuard, RoomsFull,
                                  close_unplayed, count_unknown, guess_wait, join,
                                  normalise_code, open_room, read_room, rejoin)
from jokoak.service.seat_secret import legacy_seat

from .. import play
from ..params import drop
from ..play import PlaySpec
from ..play import link as game_link
from . import access
from .access import (CLASS_PARAM, DEVICE, GUARD, OPENED, ROOM, ROOM_PARAM, SEAT_PARAM,
                     WATCH_PARAM, closed_table, from_link_key, games_of, in_room, note_key,
                     other_tables, sit)
from .table import room_spec

log = logging.getLogger("jokoak")

#: What a typed code finds in the store: a room and this device's seat there (joining), or
#: the room alone (watching).
Found = TypeVar("Found")


# ---- opening, joining, leaving -------------------------------------------------------------


def open_new(spec: PlaySpec[Any], choices: dict[str, Any]) -> None:
    """Open a room for a new game with ``choices``; this device sits at the first person's
    seat. The ruleset is the one the new-game panel shows now. A second tap (this device
    already sits in a room) opens nothing."""
    if in_room(spec):
        return
    names = [r.name for r in spec.game.rulesets]
    ruleset = st.session_state.get(f"{spec.key}_ruleset") or names[0]
    fresh = play.fresh_session(spec, ruleset if ruleset in names else names[0], choices)
    try:
        _close_opened()
        room = open_room(access.store(), fresh.position.record, fresh.choices, access.device(),
                         limit=access.settings().max_rooms, client=access.client(), purpose="table",
                         budget=access.settings().rooms_per_client_hour)
    except RoomsFull:
        st.session_state[note_key(spec)] = "server_full"
        return
    except BudgetSpent as spent:
        st.session_state[note_key(spec)] = ("budget", spent.wait_seconds)
        return
    except STORE_ERRORS as exc:
        log.warning("no room opened: %s", exc)
        st.session_state[note_key(spec)] = "unavailable"
        return
    st.session_state[OPENED] = room.code
    sit(spec, room.code, access.device())


def _close_opened() -> None:
    """One unplayed room a session: the room it opened last is closed if nobody else ever
    sat down in it (:func:`jokoak.service.rooms.close_unplayed`)."""
    code = st.session_state.pop(OPENED, None)
    if isinstance(code, str):
        close_unplayed(access.store(), code, access.device())


def _look_up_typed(spec: PlaySpec[Any], look: Callable[[str], Found | None],
                   action: str) -> tuple[str, Found] | None:
    """The guards that joining and watching share, before ``look(code)`` asks the store for
    the room whose code the visitor typed: the code must fit, and neither this session nor
    this client (:func:`client`) may have guessed too many unknown codes lately, so a guesser
    waits without a look at the store. An unknown code counts against both. The code and what
    ``look`` found, or None when a note says why not (``action``, "joined" or "watched",
    names the step in the log) or this device already sits in the room (a second tap)."""
    if in_room(spec):
        return None
    note = note_key(spec)
    st.session_state.pop(from_link_key(spec), None)
    code = normalise_code(st.session_state.get(f"{spec.key}_room_code", ""))
    if code is None:
        st.session_state[note] = "bad"
        return None
    guard = st.session_state.get(GUARD)
    guard = guard if isinstance(guard, JoinGuard) else JoinGuard()
    now = time.time()
    if guard.wait(now) > 0:  # this session guessed too often: no look at the store at all
        st.session_state[note] = ("wait", guard.wait(now))
        return None
    try:
        who = access.client()
        wait = guess_wait(access.store(), who, access.settings().unknown_codes_per_minute, now)
        if wait > 0:  # this client guessed too often: every code waits, known or not
            st.session_state[note] = ("wait", wait)
            return None
        found = look(code)
        if found is None:
            count_unknown(access.store(), who)
    except STORE_ERRORS as exc:
        log.warning("room %s not %s: %s", code, action, exc)
        st.session_state[note] = "unavailable"
        return None
    if found is None:
        guard = guard.missed(now)
        st.session_state[GUARD] = guard
        st.session_state[note] = ("unknown", code) if guard.wait(now) <= 0 else \
            ("wait", guard.wait(now))
        return None
    return code, found


def join_typed(spec: PlaySpec[Any]) -> None:
    """Join the room whose code the visitor typed (a bad code changes nothing, and says so;
    a second tap finds this device seated and does nothing)."""
    typed = _look_up_typed(spec, lambda code: join(access.store(), code, games_of(spec), access.device()),
                           "joined")
    if typed is None:
        return
    code, (room, seat) = typed
    if closed_table(room):
        st.session_state[note_key(spec)] = ("closed", code, other_tables(room))
    elif seat is None:
        st.session_state[note_key(spec)] = ("full", code)
    else:
        sit(spec, code, access.device())


def watch_typed(spec: PlaySpec[Any]) -> None:
    """Watch the room whose code the visitor typed or followed, from no seat (a full table
    offers this). The same guards as joining; a second tap finds this device in the room."""
    typed = _look_up_typed(spec, lambda code: read_room(access.store(), code, games_of(spec)),
                           "watched")
    if typed is None:
        return
    code, room = typed
    if closed_table(room):
        st.session_state[note_key(spec)] = ("closed", code, other_tables(room))
    else:
        sit(spec, code, access.device(), watch=True)


def leave(spec: PlaySpec[Any]) -> None:
    """Stand up: this session's room and its address go (the seat stays the device's, so
    the same session joining again by the code finds it)."""
    st.session_state.pop(ROOM, None)
    st.session_state.pop(room_spec(spec).key, None)
    drop(ROOM_PARAM)
    drop(SEAT_PARAM)
    drop(WATCH_PARAM)


# ---- the address: a reload finds its seat -------------------------------------------------


def restore(spec: PlaySpec[Any]) -> None:
    """Sit this session where its address and its secret say, when it is in no room of this
    game: at the seat its cookie holds in the room the address names, or watching
    (``watch=1``). A device with no seat there is invited to take a free one or to watch (a
    full table: to watch); a closed table says so and names the class's other tables. An old
    address's ``seat=`` token is taken once as this device's secret and leaves the address.
    A link that does not fit changes nothing and leaves a note (with the code filled in, the
    visitor can still join by it)."""
    raw_code, raw_token = st.query_params.get(ROOM_PARAM), st.query_params.get(SEAT_PARAM)
    wants_watch = st.query_params.get(WATCH_PARAM) == "1"
    raw_class = st.query_params.get(CLASS_PARAM)  # a class screen's join link names its class
    drop(SEAT_PARAM)  # the seat's secret never stays in an address
    drop(CLASS_PARAM)
    if (raw_code is None and raw_token is None) or in_room(spec):
        return
    note = note_key(spec)
    code = normalise_code(raw_code)
    legacy = legacy_seat(raw_token)
    if code is not None:
        st.session_state[f"{spec.key}_room_code"] = code
    if code is None or (raw_token is not None and legacy is None):
        found: Any = "bad_link"
    else:
        token = legacy or access.device()
        try:
            room, seat = rejoin(access.store(), code, games_of(spec), token)
            if room is None:
                count_unknown(access.store(), access.client())
        except STORE_ERRORS as exc:
            # the store cannot be reached: sit where the link says, "Reconnecting…" until
            # it answers (then the seat is checked, :func:`room_area`)
            log.warning("room %s not rejoined yet: %s", code, exc)
            if legacy is not None:
                st.session_state[DEVICE] = legacy
            sit(spec, code, token, watch=wants_watch)
            st.session_state[ROOM]["unconfirmed"] = True
            return
        if room is not None and closed_table(room):
            found = ("closed", code, other_tables(room))
        elif room is not None and seat is not None:
            if legacy is not None:  # an old address: its token becomes this device's secret
                st.session_state[DEVICE] = legacy
            sit(spec, code, token)
            return
        elif legacy is not None:  # the link claimed a seat this room does not give it
            found = ("no_seat", code)
        elif room is not None and wants_watch:
            sit(spec, code, token, watch=True)
            return
        elif room is not None and not room.free_seats():
            found = ("full", code)
        elif room is None and raw_class is not None and not _class_here(raw_class):
            found = ("elsewhere", code)  # a QR code of another server's booklet
        else:  # no room and a free seat read alike: a link tells nobody which codes are live
            found = ("invited", code)
    st.session_state[note] = found
    st.session_state[from_link_key(spec)] = True  # answered at the top of the page
    drop(ROOM_PARAM)
    drop(WATCH_PARAM)


def _class_here(raw: object) -> bool:
    """Whether a join link's class is one of this booklet's (else the link was made by
    another server's class screen)."""
    class_id = parse_class_id(raw)
    try:
        return class_id is not None and read_class(access.store(), class_id) is not None
    except STORE_ERRORS:
        return True  # cannot tell: say no more than for any unknown code


def write_address(spec: PlaySpec[Any]) -> None:
    """The address of a session in a room: its room (and ``watch=1`` for a spectator), never
    its seat's secret, and no local game (``?game=``)."""
    here = in_room(spec)
    if here is None:
        return
    code = str(here["code"])
    if st.query_params.get(ROOM_PARAM) != code:
        st.query_params[ROOM_PARAM] = code
    if here.get("watch"):
        if st.query_params.get(WATCH_PARAM) != "1":
            st.query_params[WATCH_PARAM] = "1"
    else:
        drop(WATCH_PARAM)
    drop(SEAT_PARAM)
    drop(game_link.PARAM)
