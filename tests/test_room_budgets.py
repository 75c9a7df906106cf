"""Rooms a teacher can always open (issue 39): rooms nobody joined are swept after ten
minutes, each client opens only so many rooms an hour (and is told how long to wait), a class
screen's tables spend a budget of their own, and a client is known by its address, forwarded
only by the booklet's own proxy."""

from __future__ import annotations

import time

import pytest

from jokoak.engine.core import make_rules
from jokoak.engine.driver import start
from jokoak.games.peruludo.engine import GAME
from jokoak.service import room_stores
from jokoak.service.clients import client_address, client_key
from jokoak.service.rooms import (BUDGET_WINDOW, UNJOINED_SECONDS, BudgetSpent, RedisRoomStore,
                                  RoomsFull, SqliteRoomStore, budget_left, join, open_room,
                                  read_room, spend_budget, update)
from jokoak.service.settings import parse_settings

GAMES = {GAME.name: GAME}
SETUP = {"players": 3, "dice": [5, 5, 5], "ages": [20, 23, 26], "bag": 0}
LOOPBACK = ("127.0.0.1", "::1")

#: The budgets are tallies per hour of the wall clock: a test's tallies fall in one window.
pytestmark = pytest.mark.usefixtures("one_tally_window")


def a_record(people=(0, 2)):
    return start(GAME, make_rules(GAME), SETUP, seed=5, people=people).record


@pytest.fixture
def store(either_store):
    return either_store


# ---- rooms nobody joined --------------------------------------------------------------------
def test_a_room_nobody_joined_is_swept_ten_minutes_after_it_was_opened(tmp_path, monkeypatch):
    store = SqliteRoomStore(tmp_path / "rooms.sqlite3")
    clock = time.time()
    alone = open_room(store, a_record(), {}, "device-a")
    played = open_room(store, a_record(), {}, "device-b")
    join(store, played.code, GAMES, "device-c")
    update(store, alone, a_record(), now=clock)  # its opener plays on alone: still unjoined
    monkeypatch.setattr(room_stores.time, "time", lambda: clock + UNJOINED_SECONDS + 5)
    assert read_room(store, alone.code, GAMES) is None
    assert read_room(store, played.code, GAMES) is not None
    assert store.count() == 1


def test_a_redis_room_nobody_joined_expires_in_ten_minutes_and_a_joined_one_lives_on(redis_url):
    store = RedisRoomStore(redis_url, prefix=f"test:{time.time()}:")
    alone = open_room(store, a_record(), {}, "device-a")
    update(store, alone, a_record())
    assert 0 < store.client.ttl(store.prefix + alone.code) <= UNJOINED_SECONDS
    played = open_room(store, a_record(), {}, "device-b")
    join(store, played.code, GAMES, "device-c")
    assert store.client.ttl(store.prefix + played.code) > UNJOINED_SECONDS


def test_a_room_without_an_opener_is_joined_by_its_first_pupil(store):
    from jokoak.service import rooms
    table = rooms.Room("K7QF2M9", 0, a_record(), {}, {}, time.time())  # a class screen's
    assert store.create(table.code, rooms._dump(table))               # table: nobody seated
    join(store, table.code, GAMES, "pupil-1")
    if isinstance(store, RedisRoomStore):
        assert store.client.ttl(store.prefix + table.code) > UNJOINED_SECONDS
    else:
        with store._connection() as db:
            assert db.execute("SELECT joined FROM rooms WHERE code = ?",
                              (table.code,)).fetchone()[0] == 1


def test_rooms_nobody_joined_leave_the_cap_when_they_are_swept(store, monkeypatch):
    for n in range(3):
        open_room(store, a_record(), {}, f"device-{n}", limit=3)
    with pytest.raises(RoomsFull):
        open_room(store, a_record(), {}, "device-x", limit=3)
    if isinstance(store, RedisRoomStore):  # the index says when each room expires
        store.client.zadd(store._live, {code: 0 for code in store.client.zrange(store._live, 0, -1)})
    else:
        clock = time.time()
        monkeypatch.setattr(room_stores.time, "time", lambda: clock + UNJOINED_SECONDS + 5)
    assert open_room(store, a_record(), {}, "device-x", limit=3).version == 0


def test_a_file_from_before_the_sweep_of_unjoined_rooms_keeps_its_rooms(tmp_path):
    import sqlite3
    path = tmp_path / "rooms.sqlite3"
    with sqlite3.connect(path) as db:  # the schema before issue 39
        db.execute("CREATE TABLE rooms (code TEXT PRIMARY KEY, version INTEGER NOT NULL, "
                   "data TEXT NOT NULL, updated REAL NOT NULL)")
    first = SqliteRoomStore(tmp_path / "first.sqlite3")
    room = open_room(first, a_record(), {}, "device-a")
    data = first.read(room.code)[1]
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO rooms VALUES (?, 0, ?, ?)", ("K7QF2", data, time.time()))
    store = SqliteRoomStore(path)
    assert read_room(store, "K7QF2", GAMES).seat_of("device-a") == 0  # an old 5-letter code


# ---- budgets per client ------------------------------------------------------------------
def test_a_client_opens_its_hours_rooms_then_is_told_how_long_to_wait(store):
    for n in range(3):
        open_room(store, a_record(), {}, f"device-{n}", client="here", budget=3)
    with pytest.raises(BudgetSpent) as refused:
        open_room(store, a_record(), {}, "device-new-session", client="here", budget=3)
    assert 0 < refused.value.wait_seconds <= BUDGET_WINDOW
    assert store.count() == 3
    assert open_room(store, a_record(), {}, "device-z", client="elsewhere", budget=3)


def test_a_class_screens_tables_are_never_counted_against_anybodys_open_a_room(store):
    for n in range(2):
        open_room(store, a_record(), {}, f"device-{n}", client="school", budget=2)
    with pytest.raises(BudgetSpent):
        open_room(store, a_record(), {}, "device-2", client="school", budget=2)
    tables = [open_room(store, a_record(), {}, "teacher", client="school", purpose="class",
                        budget=4) for _ in range(4)]
    assert len({t.code for t in tables}) == 4
    assert budget_left(store, "school", "class", 4) == 0
    assert budget_left(store, "school", "table", 2) == 0


def test_a_class_screen_takes_its_tables_all_at_once_or_not_at_all(store):
    spend_budget(store, "school", "class", 10, rooms=8)
    with pytest.raises(BudgetSpent):
        spend_budget(store, "school", "class", 10, rooms=3)
    assert budget_left(store, "school", "class", 10) == 2  # the refused three were not taken


def test_a_room_refused_by_the_servers_cap_costs_the_client_nothing(store):
    open_room(store, a_record(), {}, "device-a", limit=1)
    with pytest.raises(RoomsFull):
        open_room(store, a_record(), {}, "device-b", limit=1, client="here", budget=5)
    assert budget_left(store, "here", "table", 5) == 5


def test_no_budget_means_no_limit(store):
    for n in range(5):
        open_room(store, a_record(), {}, f"device-{n}", client="here", budget=0)
    assert budget_left(store, "here", "table", 0) is None


def test_one_client_fills_at_most_its_budget_of_a_300_room_cap(store):
    """The red team's loop (a fresh session per room) at the default budget: refused after
    30 rooms, in the same second, with the cap far from full."""
    budget = parse_settings("").rooms.rooms_per_client_hour
    opened = 0
    with pytest.raises(BudgetSpent):
        for n in range(300):
            open_room(store, a_record(), {}, f"session-{n}", limit=300, client="one",
                      budget=budget)
            opened += 1
    assert opened == budget == 30 and store.count() == 30


# ---- who the client is ------------------------------------------------------------------
def test_a_direct_client_is_its_own_address_whatever_headers_it_sends():
    spoof = {"X-Forwarded-For": "10.0.0.9", "X-Real-IP": "10.0.0.8"}
    assert client_address("203.0.113.7", spoof, LOOPBACK) == "203.0.113.7"


def test_behind_the_own_nginx_the_client_is_the_address_nginx_appended():
    # nginx's $proxy_add_x_forwarded_for: what the client wrote, then the address nginx saw
    headers = {"x-forwarded-for": "10.0.0.9, 198.51.100.4", "X-Real-IP": "198.51.100.4"}
    assert client_address(None, headers, LOOPBACK) == "198.51.100.4"  # None: a loopback peer
    assert client_address("172.30.39.10", headers, ["172.30.39.0/24"]) == "198.51.100.4"


def test_a_local_browser_without_a_proxy_is_the_loopback_client():
    assert client_address(None, {}, LOOPBACK) == "127.0.0.1"
    assert client_address(None, {"X-Forwarded-For": "garbage"}, LOOPBACK) == "127.0.0.1"


def test_an_ipv6_client_is_its_whole_64_network():
    assert client_key("2001:db8:1:2::1") == client_key("2001:db8:1:2:ffff::9")
    assert client_key("2001:db8:1:3::1") != client_key("2001:db8:1:2::1")
    assert client_key("::ffff:198.51.100.4") == client_key("198.51.100.4")
    assert "198" not in client_key("198.51.100.4")  # a hash: no address in the store


def test_the_budgets_and_the_trusted_proxies_are_settings():
    rooms = parse_settings("").rooms
    assert (rooms.rooms_per_client_hour, rooms.class_tables_per_client_hour) == (30, 60)
    assert rooms.trusted_proxies == LOOPBACK
    chosen = parse_settings('[rooms]\nrooms_per_client_hour = 5\n'
                            'trusted_proxies = ["172.30.39.10", "10.1.0.0/16"]\n')
    assert chosen.rooms.rooms_per_client_hour == 5 and not chosen.problems
    assert chosen.rooms.trusted_proxies == ("172.30.39.10", "10.1.0.0/16")
    for bad in ('"127.0.0.1"', '["nginx"]', "[1]"):
        parsed = parse_settings(f"[rooms]\ntrusted_proxies = {bad}\n")
        assert parsed.rooms.trusted_proxies == LOOPBACK and parsed.problems, bad
