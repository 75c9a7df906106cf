"""Held polls (jokoak/service/room_wakeups.py): woken at once by a move written in this
process, by the store's own answer otherwise, and never held past their time."""

from __future__ import annotations

import threading
import time

from jokoak.service.room_wakeups import moved, wait_for_move


def test_a_move_written_in_this_process_wakes_a_held_poll_at_once():
    woken: list[float] = []

    def hold() -> None:
        start = time.monotonic()
        assert wait_for_move("WAKE001", 5.0, lambda: False, check_seconds=5.0)
        woken.append(time.monotonic() - start)

    waiter = threading.Thread(target=hold)
    waiter.start()
    time.sleep(0.2)
    moved("WAKE001")
    waiter.join(2.0)
    assert woken and woken[0] < 0.6


def test_a_move_in_another_room_wakes_nobody_here():
    started = time.monotonic()
    timer = threading.Timer(0.1, moved, args=("OTHER01",))
    timer.start()
    assert not wait_for_move("WAKE002", 0.5, lambda: False, check_seconds=1.0)
    assert time.monotonic() - started >= 0.45


def test_a_move_written_by_another_replica_is_seen_at_the_next_check():
    seen = {"version": 3}
    threading.Timer(0.2, lambda: seen.update(version=4)).start()
    started = time.monotonic()
    assert wait_for_move("WAKE003", 3.0, lambda: seen["version"] != 3, check_seconds=0.3)
    assert time.monotonic() - started < 1.0


def test_a_quiet_room_releases_the_poll_when_its_time_is_up():
    started = time.monotonic()
    assert not wait_for_move("WAKE004", 0.4, lambda: False, check_seconds=0.1)
    assert 0.35 <= time.monotonic() - started < 1.0
