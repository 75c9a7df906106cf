"""Salvage, not replacement (issue 39): a damaged rooms' file is kept aside, and every room
and counter row that still reads is copied into the fresh file, the log counting them; a
check on a timer finds the damage before a teacher's tap does."""

from __future__ import annotations

import logging
import os
import re
import sqlite3
import time
from pathlib import Path

from jokoak.engine.core import make_rules
from jokoak.engine.driver import start
from jokoak.games.peruludo.engine import GAME
from jokoak.service.counters import SqliteCounters
from jokoak.service.room_stores import SqliteRoomStore
from jokoak.service.rooms import join, open_room, read_room, update
from jokoak.service.salvage import salvage

GAMES = {GAME.name: GAME}
SETUP = {"players": 3, "dice": [5, 5, 5], "ages": [20, 23, 26], "bag": 0}
PAGE = 4096


def a_record(people=(0, 2)):
    return start(GAME, make_rules(GAME), SETUP, seed=5, people=people).record


def a_class_of_rooms(path: Path, rooms: int = 61) -> tuple[SqliteRoomStore, list[str]]:
    """``rooms`` games under way (opened, joined, a move written) and some counters, all of
    it written into the main file (a checkpoint), as a server leaves it after a while."""
    store = SqliteRoomStore(path, check_seconds=0)
    codes = []
    for n in range(rooms):
        room = open_room(store, a_record(), {"n": n}, f"device-{n}-a")
        joined, _seat = join(store, room.code, GAMES, f"device-{n}-b")
        update(store, joined, a_record())
        codes.append(room.code)
    SqliteCounters(path).add({f"peruludo\tstarted\tp01\t{n}\t": n + 1 for n in range(1, 9)})
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return store, codes


def garble(path: Path, page: int) -> None:
    """Overwrite one whole page (1-based) with random bytes."""
    with open(path, "r+b") as file:
        file.seek((page - 1) * PAGE)
        file.write(os.urandom(PAGE))


def readable(store, codes) -> int:
    return sum(read_room(store, code, GAMES) is not None for code in codes)


def salvaged_line(caplog) -> tuple[int, int, int, int]:
    line = next(r.getMessage() for r in caplog.records if "salvaged from" in r.getMessage())
    found = re.search(r"(\d+) rooms and (\d+) counters saved .* about (\d+) rooms and (\d+) "
                      r"counters lost", line)
    assert found, line
    return tuple(int(n) for n in found.groups())  # type: ignore[return-value]


def test_a_garbled_page_in_the_middle_loses_only_the_rooms_on_it(tmp_path, caplog):
    path = tmp_path / "rooms.sqlite3"
    store, codes = a_class_of_rooms(path)
    pages = path.stat().st_size // PAGE
    garble(path, pages // 2)
    with caplog.at_level(logging.ERROR, logger="jokoak"):
        fresh = open_room(store, a_record(), {}, "teacher")  # the next "Open a room"
    saved, counters, lost, counters_lost = salvaged_line(caplog)
    assert readable(store, codes) == saved and saved + lost == 61
    assert 1 <= lost <= 6  # the rooms of one 4 kB page (about 1 kB each), not all 61
    assert (counters, counters_lost) == (8, 0)
    assert read_room(store, fresh.code, GAMES) is not None
    assert len([p for p in tmp_path.glob("rooms.sqlite3.broken-*")
                if not p.name.endswith(("-wal", "-shm"))]) == 1  # the damaged file is kept


def test_a_garbled_header_with_intact_data_pages_loses_no_room_and_no_counter(tmp_path, caplog):
    path = tmp_path / "rooms.sqlite3"
    store, codes = a_class_of_rooms(path)
    garble(path, 1)  # the header and the schema: SQLite no longer opens the file at all
    with caplog.at_level(logging.ERROR, logger="jokoak"):
        assert read_room(store, codes[0], GAMES) is not None  # a pupil's next poll
    assert salvaged_line(caplog) == (61, 8, 0, 0)
    assert readable(store, codes) == 61
    assert SqliteCounters(path).read()["peruludo\tstarted\tp01\t8\t"] == 9
    played = read_room(store, codes[5], GAMES)
    assert played.version == 2 and played.seat_of("device-5-b") == 2  # the game as it was


def test_moves_still_in_the_write_ahead_log_are_salvaged_too(tmp_path):
    path = tmp_path / "rooms.sqlite3"
    store, codes = a_class_of_rooms(path, rooms=3)
    late = update(store, read_room(store, codes[0], GAMES), a_record())  # not checkpointed
    found = salvage(path)
    assert found.rooms[codes[0]][0] == late.version == 3


def test_a_salvaged_room_nobody_joined_is_still_swept_early(tmp_path):
    path = tmp_path / "rooms.sqlite3"
    store = SqliteRoomStore(path, check_seconds=0)
    alone = open_room(store, a_record(), {}, "device-a")
    found = salvage(path)
    version, _data, _updated, joined, created = found.rooms[alone.code]
    assert (version, joined) == (0, 0) and created > 0


def test_the_timer_finds_a_damaged_file_before_any_request_does(tmp_path, caplog):
    path = tmp_path / "rooms.sqlite3"
    _store, codes = a_class_of_rooms(path, rooms=12)
    garble(path, path.stat().st_size // PAGE // 2)
    with caplog.at_level(logging.ERROR, logger="jokoak"):
        watched = SqliteRoomStore(path, check_seconds=0.3)  # a server started on it; no tap
        for _ in range(50):
            if any("salvaged from" in r.getMessage() for r in caplog.records):
                break
            time.sleep(0.1)
    assert salvaged_line(caplog)[0] >= 10
    assert readable(watched, codes) >= 10


def test_the_check_leaves_a_sound_file_alone(tmp_path):
    path = tmp_path / "rooms.sqlite3"
    store, codes = a_class_of_rooms(path, rooms=3)
    assert store.check()
    assert readable(store, codes) == 3 and not list(tmp_path.glob("*.broken-*"))
