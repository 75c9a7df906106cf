"""Playing at a room's table: a tap written to the store (one compare-and-set), the
computers' beats, and this device's drawing state at the room's position (replayed only
when another device changed the record)."""

from __future__ import annotations

import logging
import time
from dataclasses import replace
from typing import Any

import streamlit as st

from jokoak.engine.driver import Position, Seating, advance, pending, resume
from jokoak.service.room_wakeups import moved as wake
from jokoak.service.rooms import STORE_ERRORS, Room, update

from .. import play
from ..play import PlaySession, PlaySpec, pace
from . import access
from .access import CODE, UNSAVED, VERSION, read_here, seated

log = logging.getLogger("jokoak")


def room_spec(spec: PlaySpec[Any]) -> PlaySpec[Any]:
    """The game's spec, with taps written to the room's store instead of played here."""
    return replace(spec, key=f"jokoak_room_{spec.game.name}", accept=accept)


# ---- playing -------------------------------------------------------------------------------


def accept(spec: PlaySpec[Any], game: PlaySession[Any], token: int, seat: int,
           action: str, now: float) -> bool:
    """A tap in a room: played by :func:`ui.play.accept_tap`'s rules from the table in the
    store, only if this device sits at ``seat``, and kept only if no other device wrote
    first. A store that cannot be read or written within its budget (about 2 s,
    :data:`jokoak.service.rooms.BUDGET_SECONDS`) keeps nothing and marks the tap "Not saved — tap
    again": the write is one compare-and-set, so it happened whole or not at all (and a
    second tap of a move that did land is stale: it changes nothing)."""
    read: list[Room] = []
    game.extra.pop(UNSAVED, None)

    def source() -> tuple[Position, Seating] | None:
        room, reachable = read_here(spec)
        if not reachable:
            game.extra[UNSAVED] = True
        if room is None or room.seat_of(seated(spec)) != seat:
            return None
        read.append(room)
        return position_of(spec, game, room), spec.table(room.choices)

    def keep(position: Position) -> bool:
        room = read[0]
        try:
            written = update(access.store(), room, position.record)
        except STORE_ERRORS as exc:
            log.warning("room %s not written: %s", room.code, exc)
            game.extra[UNSAVED] = True
            return False
        if written is None:
            game.extra["lost"] = True  # another device moved first: draw the table anew
            return False
        game.position = game.good = position
        game.extra[VERSION] = written.version
        game.extra.pop("lost", None)
        wake(room.code)  # the other devices' held polls wake at once
        return True

    return play.accept_tap(spec, game, token, seat, action, now, source=source, keep=keep)


def position_of(spec: PlaySpec[Any], game: PlaySession[Any], room: Room) -> Position:
    """The room's position: the one ``game`` holds while the room's record is the one it
    was drawn from (a poll, a tap, a device joining); replayed only when another device
    changed the record."""
    if game.extra.get(CODE) == room.code and (game.extra.get(VERSION) == room.version
                                               or game.position.record == room.record):
        return game.position
    return resume(spec.game, room.record, spec.table(room.choices))


def tick_computers(spec: PlaySpec[Any], room: Room, game: PlaySession[Any]) -> Room:
    """The computers' next beat, once the table's pace has passed since the last move (any
    device may write it; the store takes only the first). ``game`` holds the room's
    position (:func:`table_session`) and keeps the beat written, with no replay."""
    table = spec.table(room.choices)
    position = game.position
    if not pending(position, table):
        return room
    if time.time() - room.moved_at < 0.9 * spec.pace * pace.PACE_SCALE:
        return room
    moved = advance(position, table, spec.beat)
    if moved.length == position.length:
        return room
    try:
        written = update(access.store(), room, moved.record)
    except STORE_ERRORS as exc:  # the next poll tries again
        log.warning("room %s not written: %s", room.code, exc)
        return room
    if written is None:  # another device wrote first: the next poll draws its table
        return room
    game.position = game.good = moved
    game.extra[VERSION] = written.version
    wake(room.code)
    return written


def table_session(spec: PlaySpec[Any], room: Room) -> PlaySession[Any]:
    """This device's drawing state for the room (kept across polls for its tap lock), at
    the room's position (:func:`position_of`)."""
    key = spec.key
    game = st.session_state.get(key)
    if not isinstance(game, PlaySession) or game.extra.get(CODE) != room.code:
        position = resume(spec.game, room.record, spec.table(room.choices))
        game = PlaySession(position=position, choices=dict(room.choices), good=position)
        game.extra[CODE] = room.code
        st.session_state[key] = game
    else:
        position = position_of(spec, game, room)
        if position is not game.position:
            game.position = game.good = position
            game.choices = dict(room.choices)
            game.extra.pop(UNSAVED, None)  # the table moved on: that tap is of the past
    game.extra[VERSION] = room.version
    return game
