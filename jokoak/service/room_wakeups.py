"""Wake-ups: a device waiting on a room hears at once of a move written in this process.

A device whose person is not to act holds its poll open for up to a couple of seconds
(:func:`wait_for_move`, ``ui/room/polls.py``): it looks at the room's version every
:data:`CHECK_SECONDS` (a move written by another replica, through the shared store) and is
woken the moment a move is written in this process (:func:`moved`, called after every write
the store took). A move therefore reaches the other devices of a table within a fraction of
a second, where a poll every few seconds made them wait up to its period, and the polls
cost no more than before: a held poll draws nothing unless the room changed.

Pure: no Streamlit; one condition variable per process, shared by its sessions' threads.
"""

from __future__ import annotations

import threading
import time
from typing import Callable

#: How often a held poll looks at the store itself (moves written by another replica).
CHECK_SECONDS = 0.5
#: How long a woken poll lets the mover's own run finish before it draws: woken at the
#: write, the other devices' drawings run at the same time as the mover's and slow its tap
#: (``bench/class_bench.py`` shows it in the seated taps; figures in docs/performance.md).
SETTLE_SECONDS = 0.12

_written = threading.Condition()
#: room code -> how many moves this process has written to it (what waiters compare).
_moves: dict[str, int] = {}


def moved(code: str) -> None:
    """A write to room ``code`` was taken by the store: wake every poll held on it."""
    with _written:
        _moves[code] = _moves.get(code, 0) + 1
        if len(_moves) > 10_000:  # rooms long gone: their counters only
            _moves.clear()
            _moves[code] = 1
        _written.notify_all()


def moves_written(code: str) -> int:
    with _written:
        return _moves.get(code, 0)


def wait_for_move(code: str, seconds: float, changed: Callable[[], bool],
                  check_seconds: float = CHECK_SECONDS,
                  settle_seconds: float = SETTLE_SECONDS) -> bool:
    """Wait up to ``seconds`` for a move in room ``code``: True ``settle_seconds`` after one
    is written in this process (the mover's run ends first), or as soon as ``changed()``
    (asked every ``check_seconds``, and once at the end) says so; False when the time is up
    with nothing new."""
    deadline = time.monotonic() + max(0.0, seconds)
    seen = moves_written(code)
    next_check = time.monotonic() + check_seconds
    while True:
        now = time.monotonic()
        if now >= deadline:
            return changed()
        with _written:
            _written.wait_for(lambda: _moves.get(code, 0) != seen,
                              timeout=min(deadline, next_check) - now)
            woken = _moves.get(code, 0) != seen
        if woken:
            time.sleep(settle_seconds)
            return True
        if time.monotonic() >= next_check:
            if changed():
                return True
            next_check = time.monotonic() + check_seconds
