"""Rooms through faults and abuse, at the store level: a SQLite file removed, overwritten or
locked, Redis restarted mid-game, the caps on rooms, and the limits on guessing codes."""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import tempfile
import time
from pathlib import Path

import pytest

from redis_support import RedisServer
from jokoak.service import room_stores
from jokoak.engine.core import make_rules
from jokoak.engine.driver import start
from jokoak.games.peruludo.engine import GAME
from jokoak.service.rooms import (BUDGET_SECONDS, CODE_SPACE, FREE_MISSES, IDLE_SECONDS,
                          MAX_WAIT_SECONDS, STORE_ERRORS, JoinGuard, RedisRoomStore, RoomsFull,
                          SqliteRoomStore, close_unplayed, count_unknown, data_folder,
                          default_sqlite_path, guess_wait, join, open_room, read_room, update)

GAMES = {GAME.name: GAME}
SETUP = {"players": 3, "dice": [5, 5, 5], "ages": [20, 23, 26], "bag": 0}


def a_record(people=(0, 2)):
    return start(GAME, make_rules(GAME), SETUP, seed=5, people=people).record


def a_game_under_way(store):
    """A room of two devices: opened, joined, one move written."""
    room = open_room(store, a_record(), {"level": "easy"}, "device-a")
    joined, _seat = join(store, room.code, GAMES, "device-b")
    moved = update(store, joined, a_record(), now=5.0)
    assert moved is not None and moved.version == 2
    return moved


@pytest.fixture
def redis_server(tmp_path):
    server = RedisServer(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "redis"])
def store(request, tmp_path):
    if request.param == "sqlite":
        return SqliteRoomStore(tmp_path / "rooms.sqlite3")
    server = request.getfixturevalue("redis_server")
    return RedisRoomStore(server.url, prefix="test:")


# ---- the SQLite file ---------------------------------------------------------------------
def test_a_file_removed_under_a_running_server_is_started_again_and_rooms_open_at_once(tmp_path):
    path = tmp_path / "rooms.sqlite3"
    store = SqliteRoomStore(path)
    room = a_game_under_way(store)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    assert read_room(store, room.code, GAMES) is None  # really gone: it says so
    fresh = open_room(store, a_record(), {}, "device-c")  # no restart needed
    assert read_room(store, fresh.code, GAMES) == fresh
    assert path.exists()


def test_a_folder_removed_under_a_running_server_is_made_again(tmp_path):
    folder = tmp_path / "data"
    store = SqliteRoomStore(folder / "rooms.sqlite3")
    shutil.rmtree(folder)
    room = open_room(store, a_record(), {}, "device-a")
    assert read_room(store, room.code, GAMES) == room


def overwrite_start(path: Path, size: int = 4096) -> None:
    with open(path, "r+b") as file:
        file.write(os.urandom(size))


def test_a_file_that_is_not_a_database_is_moved_aside_kept_logged_and_started_again(
        tmp_path, caplog):
    path = tmp_path / "rooms.sqlite3"
    store = SqliteRoomStore(path)
    room = a_game_under_way(store)
    garbage = b"not a database, a tidy-up's leftovers " * 200
    path.write_bytes(garbage)
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    with caplog.at_level(logging.ERROR, logger="jokoak"):
        assert read_room(store, room.code, GAMES) is None
    kept = sorted(tmp_path.glob("rooms.sqlite3.broken-*"))
    assert [p.read_bytes() for p in kept if not p.name.endswith(("-wal", "-shm"))] == [garbage]
    assert any("moved aside" in r.getMessage() for r in caplog.records)
    assert open_room(store, a_record(), {}, "device-c").version == 0


def test_a_file_whose_first_pages_were_overwritten_mends_on_the_running_server(tmp_path):
    path = tmp_path / "rooms.sqlite3"
    store = SqliteRoomStore(path)
    a_game_under_way(store)
    with sqlite3.connect(path) as db:  # everything into the main file, then break its header
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    overwrite_start(path)
    fresh = open_room(store, a_record(), {}, "device-c")
    assert read_room(store, fresh.code, GAMES) == fresh
    assert len(list(tmp_path.glob("rooms.sqlite3.broken-*"))) >= 1


def test_a_file_with_pages_overwritten_in_its_middle_mends_on_the_running_server(tmp_path):
    path = tmp_path / "rooms.sqlite3"
    store = SqliteRoomStore(path)
    db = sqlite3.connect(path)
    with db:  # a file of many pages
        db.executemany("INSERT INTO rooms (code, version, data, updated) VALUES (?, 0, ?, ?)",
                       [(f"A{n:04d}", "x" * 3000, time.time()) for n in range(300)])
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    with open(path, "r+b") as file:  # the header is whole: "malformed", not "not a database"
        file.seek(3 * 4096)
        file.write(os.urandom(5 * 4096))
    assert store.count() == 0  # the count reads every page: broken, moved aside, started again
    assert store.create("ZZZZZ", "{}") and store.count() == 1
    assert len([p for p in tmp_path.glob("rooms.sqlite3.broken-*")
                if not p.name.endswith(("-wal", "-shm"))]) == 1


def test_a_server_started_on_a_broken_file_starts_a_fresh_one(tmp_path):
    path = tmp_path / "rooms.sqlite3"
    path.write_bytes(os.urandom(8192))
    store = SqliteRoomStore(path)  # a restart after the damage: no one deletes anything
    room = open_room(store, a_record(), {}, "device-a")
    assert read_room(store, room.code, GAMES) == room


def test_a_healthy_file_is_never_moved_aside(tmp_path):
    path = tmp_path / "rooms.sqlite3"
    first, second = SqliteRoomStore(path), SqliteRoomStore(path)  # two processes
    room = a_game_under_way(first)
    second._recover(sqlite3.DatabaseError("file is not a database"))  # a stale alarm
    assert read_room(first, room.code, GAMES) == room
    assert not list(tmp_path.glob("*.broken-*"))


def test_a_write_held_up_by_a_lock_fails_within_the_budget_and_changes_nothing(tmp_path):
    path = tmp_path / "rooms.sqlite3"
    store = SqliteRoomStore(path)
    room = a_game_under_way(store)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another process holds the write lock
    try:
        with pytest.raises(STORE_ERRORS):
            update(store, room, a_record(people=(0,)), now=9.0)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    back = read_room(store, room.code, GAMES)
    assert back.version == room.version and back.moved_at == 5.0  # nothing half-happened
    assert update(store, back, a_record(people=(0,)), now=9.0) is not None  # tap again: saved


def test_every_sqlite_connection_waits_at_most_the_budget_for_a_lock(tmp_path):
    store = SqliteRoomStore(tmp_path / "rooms.sqlite3")
    with store._connection() as db:
        assert db.execute("PRAGMA busy_timeout").fetchone()[0] == int(BUDGET_SECONDS * 1000)
    assert BUDGET_SECONDS <= 2.0


def test_every_pooled_reader_waits_at_most_the_budget_for_a_lock(tmp_path):
    store = SqliteRoomStore(tmp_path / "rooms.sqlite3")
    with store._connection(reading=True) as db:
        assert db.execute("PRAGMA busy_timeout").fetchone()[0] == int(BUDGET_SECONDS * 1000)


def test_a_pooled_reader_sees_a_move_another_replica_wrote_at_once(tmp_path):
    """Reads go through kept read-only connections: a poll on this server finds the move
    the other server (its own store on the same file) has just written."""
    here = SqliteRoomStore(tmp_path / "rooms.sqlite3")
    there = SqliteRoomStore(tmp_path / "rooms.sqlite3")
    room = a_game_under_way(here)
    assert here.version(room.code) == room.version   # a reader now kept in the pool
    assert update(there, read_room(there, room.code, GAMES), a_record(people=(0,)),
                  now=9.0) is not None
    assert here.version(room.code) == room.version + 1
    assert read_room(here, room.code, GAMES).version == room.version + 1


def test_a_pooled_reader_never_writes_on_the_file(tmp_path):
    store = SqliteRoomStore(tmp_path / "rooms.sqlite3")
    room = a_game_under_way(store)
    store.version(room.code)
    with store._connection(reading=True) as db, pytest.raises(sqlite3.OperationalError):
        db.execute("DELETE FROM rooms")
    assert store.version(room.code) == room.version


# ---- where the default file lives --------------------------------------------------------
def test_the_default_store_lives_in_a_data_folder_not_the_temporary_one(monkeypatch, tmp_path):
    for name in ("JOKOAK_DATA", "STATE_DIRECTORY", "XDG_STATE_HOME"):
        monkeypatch.delenv(name, raising=False)
    assert not default_sqlite_path().is_relative_to(tempfile.gettempdir())
    assert data_folder() == Path.home() / ".local" / "state" / "jokoak"
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert data_folder() == tmp_path / "state" / "jokoak"
    monkeypatch.setenv("STATE_DIRECTORY", "/var/lib/jokoak")  # systemd's StateDirectory=
    assert default_sqlite_path() == Path("/var/lib/jokoak/rooms.sqlite3")
    monkeypatch.setenv("JOKOAK_DATA", str(tmp_path / "kept"))
    assert default_sqlite_path() == tmp_path / "kept" / "rooms.sqlite3"


# ---- Redis -------------------------------------------------------------------------------
def test_a_redis_restart_mid_game_keeps_the_game(redis_server):
    store = RedisRoomStore(redis_server.url)
    room = a_game_under_way(store)
    redis_server.stop()
    with pytest.raises(STORE_ERRORS):  # while it is down: an error, never "no such room"
        read_room(store, room.code, GAMES)
    with pytest.raises(STORE_ERRORS):
        store.version(room.code)
    redis_server.start()
    back = read_room(store, room.code, GAMES)  # the same client: its old connection is dead
    assert back == room and back.seats == {0: "device-a", 2: "device-b"}
    assert update(store, back, a_record(people=(0,)), now=7.0).version == 3
    assert store.count() == 1


def test_redis_rooms_expire_after_the_idle_time(redis_server):
    store = RedisRoomStore(redis_server.url)
    room = open_room(store, a_record(), {}, "device-a")
    assert 0 < store.client.ttl(store.prefix + room.code) <= IDLE_SECONDS


# ---- both stores: versions, closing, caps, tallies ---------------------------------------
def test_the_version_alone_is_read_cheaply_and_none_for_no_room(store):
    room = a_game_under_way(store)
    assert store.version(room.code) == 2
    assert store.version("ZZZZZ") is None


def test_opening_another_room_closes_an_unplayed_one_but_never_a_joined_one(store):
    alone = open_room(store, a_record(), {}, "device-a")
    assert not close_unplayed(store, alone.code, "device-z")  # not this device's room
    assert close_unplayed(store, alone.code, "device-a")
    assert read_room(store, alone.code, GAMES) is None
    joined = a_game_under_way(store)
    assert not close_unplayed(store, joined.code, "device-a")
    assert read_room(store, joined.code, GAMES) is not None


def test_a_room_changed_since_it_was_read_is_not_deleted(store):
    room = open_room(store, a_record(), {}, "device-a")
    join(store, room.code, GAMES, "device-b")
    assert not store.delete(room.code, room.version)
    assert store.count() == 1


def test_a_server_at_its_cap_opens_no_room_until_one_closes(store):
    rooms = [open_room(store, a_record(), {}, f"device-{n}", limit=3) for n in range(3)]
    assert store.count() == 3
    with pytest.raises(RoomsFull):
        open_room(store, a_record(), {}, "device-x", limit=3)
    assert close_unplayed(store, rooms[0].code, "device-0")
    assert open_room(store, a_record(), {}, "device-x", limit=3).version == 0


def test_a_sqlite_room_nobody_moved_in_for_two_hours_is_swept(tmp_path, monkeypatch):
    store = SqliteRoomStore(tmp_path / "rooms.sqlite3")
    idle = open_room(store, a_record(), {}, "device-a")
    clock = time.time()
    monkeypatch.setattr(room_stores.time, "time", lambda: clock + IDLE_SECONDS - 60)
    played = a_game_under_way(store)
    monkeypatch.setattr(room_stores.time, "time", lambda: clock + IDLE_SECONDS + 60)
    assert read_room(store, idle.code, GAMES) is None
    assert store.version(idle.code) is None
    assert read_room(store, played.code, GAMES) is not None
    assert store.count() == 1
    open_room(store, a_record(), {}, "device-c")  # opening sweeps the rows away
    with store._connection() as db:
        assert db.execute("SELECT COUNT(*) FROM rooms WHERE code = ?",
                          (idle.code,)).fetchone()[0] == 0


def test_a_tally_counts_within_its_window_for_every_process(store, one_tally_window):
    assert store.tally("probe", 60, by=0) == 0
    assert [store.tally("probe", 60) for _ in range(3)] == [1, 2, 3]
    assert store.tally("probe", 60, by=0) == 3
    assert store.tally("other", 60, by=0) == 0


def test_sqlite_tallies_are_shared_by_two_processes_of_one_file(tmp_path, one_tally_window):
    first = SqliteRoomStore(tmp_path / "rooms.sqlite3")
    second = SqliteRoomStore(tmp_path / "rooms.sqlite3")
    first.tally("probe", 60)
    assert second.tally("probe", 60) == 2


# ---- guessing codes ------------------------------------------------------------------------
def test_the_first_five_unknown_codes_cost_nothing_then_the_wait_doubles():
    guard, now, waits = JoinGuard(), 1000.0, []
    for _ in range(FREE_MISSES + 4):
        guard = guard.missed(now)
        waits.append(guard.wait(now))
    assert waits[:FREE_MISSES - 1] == [0.0] * (FREE_MISSES - 1)
    assert waits[FREE_MISSES - 1:] == [2.0, 4.0, 8.0, 16.0, 32.0]
    assert guard.wait(now + 40) == 0.0


def test_a_sessions_wait_never_grows_past_its_ceiling():
    guard = JoinGuard()
    for _ in range(40):
        guard = guard.missed(0.0)
    assert guard.wait(0.0) == MAX_WAIT_SECONDS


def test_a_client_past_its_minutes_unknown_codes_waits_and_no_other_client_does(store):
    for _ in range(3):
        assert guess_wait(store, "guesser", 3) == 0
        count_unknown(store, "guesser")
    assert 0 < guess_wait(store, "guesser", 3) <= 60
    assert guess_wait(store, "pupil", 3) == 0  # the guesser's codes are the guesser's own
    assert guess_wait(store, "guesser", 0) == 0  # 0: no limit


def test_the_code_space_is_thirty_one_to_the_seventh():
    assert CODE_SPACE == 31 ** 7 == 27_512_614_111
