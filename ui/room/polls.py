"""Polling the store: a table that does not change costs nothing. Small self-rerunning
fragments read the room's version alone and draw the room's area again only when it moved
on, the store came back or went away, or a computer's beat is due."""

from __future__ import annotations

import logging
import time
from typing import Any, NoReturn

import streamlit as st

from jokoak.engine.driver import pending
from jokoak.service.room_wakeups import wait_for_move
from jokoak.service.rooms import STORE_ERRORS

from .. import play
from ..play import PlaySession, PlaySpec, pace
from ..streamlit_adapter import rerun_fragment
from . import access
from .access import SEAT, SPECTATOR

log = logging.getLogger("jokoak")

#: Seconds between two polls of the store for the others' moves while the table is lively
#: (a computer's beat to play, or a move made less than :data:`LIVELY_SECONDS` ago) ...
POLL_SECONDS = 1.0
#: ... and while it waits on a person who has been thinking longer than that.
SLOW_POLL_SECONDS = 3.0
LIVELY_SECONDS = 15.0
#: The longest a poll waits for the others' move before it ends (woken at once by a move
#: written in this process, :mod:`jokoak.service.room_wakeups`): shorter than the slow
#: poll's period, so the next poll starts a moment after.
HOLD_SECONDS = 2.2
#: ``session_state`` key suffix: what the area last drew (:func:`drawn_key`).
DRAWN = "_drawn"
#: ``session_state`` key: the polls run inside the area's own run (which has just read the
#: room), not as the browser's timer asks.
INLINE = "jokoak_room_polls_inline"
#: The fragment key of the room's area: a poll that finds the room changed draws it alone.
AREA_KEY = "jokoak_room_area"
#: What a poll finds when the store cannot be reached.
AWAY = "away"


# ---- polling: a table that does not change costs nothing -----------------------------------


def drawn_key(spec: PlaySpec[Any]) -> str:
    return spec.key + DRAWN


def _version_now(code: str) -> int | str | None:
    """The room's version (None: no such room; :data:`AWAY`: the store does not answer),
    read alone: no record, no replay."""
    try:
        return access.store().version(code)
    except STORE_ERRORS as exc:
        log.warning("room %s not polled: %s", code, exc)
        return AWAY


def _beat_due(spec: PlaySpec[Any], game: PlaySession[Any], moved_at: float) -> bool:
    """A computer seat's next beat is to be played (:func:`tick_computers`'s own test)."""
    return (pending(game.position, spec.table(game.choices))
            and time.time() - moved_at >= 0.9 * spec.pace * pace.PACE_SCALE)


def poll_seconds(beat_pending: bool, moved_at: float | None, now: float,
                 own_turn: bool = False) -> float:
    """Seconds between two polls of the room: :data:`POLL_SECONDS` while the table is lively
    (a computer seat has a beat to play, or the last move, at ``moved_at``, is less than
    :data:`LIVELY_SECONDS` old: the next person usually answers soon), else
    :data:`SLOW_POLL_SECONDS` (a person thinking, or no table drawn yet). On a device whose
    own person is to act (``own_turn``) nobody else moves: only a teacher's restart or close,
    or a seat taken or left, can change the table, and the slow pace is soon enough (a
    class of 30 spent a poll a second on each such device). Pure, so the back-off is
    checked without a browser (tests/test_room_polls.py)."""
    if moved_at is None or (own_turn and not beat_pending):
        return SLOW_POLL_SECONDS
    lively = beat_pending or now - moved_at < LIVELY_SECONDS
    return POLL_SECONDS if lively else SLOW_POLL_SECONDS


def _poll_seconds(spec: PlaySpec[Any]) -> float:
    """:func:`poll_seconds` for the table this device drew last."""
    drawn = st.session_state.get(drawn_key(spec))
    game = st.session_state.get(spec.key)
    if not isinstance(drawn, tuple) or not isinstance(game, PlaySession):
        return poll_seconds(False, None, time.time())
    return poll_seconds(pending(game.position, spec.table(game.choices)), drawn[1], time.time(),
                        own_turn=_own_turn(spec, game))


def _own_turn(spec: PlaySpec[Any], game: PlaySession[Any]) -> bool:
    """This device's own person is to act: nobody else at the table moves meanwhile."""
    seat = game.extra.get(SEAT)
    return seat is not None and seat != SPECTATOR and play.person_to_act(spec, game) == seat


def _draw_area_again() -> NoReturn:
    """Run the room's area (:data:`AREA_KEY`) again, alone: not the whole page
    (:func:`ui.streamlit_adapter.rerun_fragment`)."""
    rerun_fragment(AREA_KEY)


def _poll(spec: PlaySpec[Any], code: str) -> None:
    """One poll: the room's version only, and the area drawn again
    (:func:`_draw_area_again`) only when it is not the one drawn, the store came back or
    went away, or a computer's beat is due. An unchanged table draws nothing: no replay,
    no table, no element sent."""
    if st.session_state.get(INLINE):
        return
    if _changed(spec, code):
        _draw_area_again()
    hold = _hold_seconds(spec)
    if hold > 0 and wait_for_move(code, hold, lambda: _changed(spec, code)):
        _draw_area_again()


def _changed(spec: PlaySpec[Any], code: str) -> bool:
    """The room is not the one drawn (another version, the store came back or went away),
    or a computer's beat is due."""
    drawn = st.session_state.get(drawn_key(spec))
    version = _version_now(code)
    if isinstance(drawn, tuple):
        game = st.session_state.get(spec.key)
        return version != drawn[0] or (isinstance(game, PlaySession)
                                       and _beat_due(spec, game, drawn[1]))
    return version != drawn  # gone or away: changed when it is back


def _hold_seconds(spec: PlaySpec[Any]) -> float:
    """How long a poll may wait for the others' move (:data:`HOLD_SECONDS`, less when a
    computer's beat comes sooner): never while this device's own person is to act (a tap
    of theirs would wait behind the held poll), nor before a table is drawn."""
    game = st.session_state.get(spec.key)
    drawn = st.session_state.get(drawn_key(spec))
    if not isinstance(game, PlaySession) or not isinstance(drawn, tuple):
        return 0.0
    if _own_turn(spec, game):
        return 0.0
    hold = HOLD_SECONDS
    if pending(game.position, spec.table(game.choices)):
        due = drawn[1] + 0.9 * spec.pace * pace.PACE_SCALE - time.time()
        hold = min(hold, max(0.0, due))
    return hold


def watch_polls(spec: PlaySpec[Any], code: str) -> None:
    """The polls of the room's version. Two timers the browser keeps (``run_every``): a
    slow one, every :data:`SLOW_POLL_SECONDS`, and inside it, while the table is lively,
    a fast one every :data:`POLL_SECONDS`. A slow poll that finds the table quiet no longer
    draws the fast one, and Streamlit stops its timer: a table waiting on a person who is
    thinking costs a poll every three seconds, of a few messages each."""

    @st.fragment(run_every=SLOW_POLL_SECONDS)
    def slow_poll() -> None:
        if _poll_seconds(spec) == POLL_SECONDS:
            fast_poll()
        else:
            _poll(spec, code)

    @st.fragment(run_every=POLL_SECONDS)
    def fast_poll() -> None:
        _poll(spec, code)

    slow_poll()
