"""Rooms shared by several devices: the same behaviour from the SQLite and the Redis store,
and a version check that lets only one of two simultaneous moves land."""

from __future__ import annotations

import threading

import pytest

from jokoak.engine.core import make_rules
from jokoak.engine.driver import start
from jokoak.games.peruludo.engine import GAME
from jokoak.games.zohn_ahl.engine import GAME as ZOHN_AHL
from jokoak.service.rooms import (CODE_LENGTH, RedisRoomStore, SqliteRoomStore, join, new_device,
                          normalise_code, open_room, parse_device, read_room, rejoin,
                          store_from_setting, update)
from jokoak.service.settings import parse_settings

GAMES = {GAME.name: GAME}
SETUP = {"players": 3, "dice": [5, 5, 5], "ages": [20, 23, 26], "bag": 0}


@pytest.fixture
def store(either_store):
    return either_store


def a_record(people=(0, 2)):
    return start(GAME, make_rules(GAME), SETUP, seed=5, people=people).record


def test_a_new_room_reads_back_with_its_record_and_the_opener_at_the_first_persons_seat(store):
    room = open_room(store, a_record(), {"level": "easy"}, "device-a")
    back = read_room(store, room.code, GAMES)
    assert back == room and back.version == 0
    assert back.seat_of("device-a") == 0 and back.free_seats() == (2,)
    assert len(room.code) == CODE_LENGTH


def test_joining_takes_the_next_free_persons_seat_and_a_device_keeps_its_seat(store):
    room = open_room(store, a_record(), {}, "device-a")
    joined, seat = join(store, room.code, GAMES, "device-b")
    assert seat == 2 and joined.version == 1
    again, same = join(store, room.code, GAMES, "device-b")
    assert same == 2 and again.version == 1  # nothing written the second time
    full, none = join(store, room.code, GAMES, "device-c")
    assert none is None and full.seats == {0: "device-a", 2: "device-b"}


def test_an_unknown_code_is_no_room(store):
    assert join(store, "ZZZZZ", GAMES, "device-a") is None
    assert read_room(store, "ZZZZZ", GAMES) is None


def test_a_code_already_taken_is_never_overwritten(store):
    room = open_room(store, a_record(), {"first": True}, "device-a")
    assert not store.create(room.code, "{}")
    assert read_room(store, room.code, GAMES).choices == {"first": True}


def test_of_two_moves_from_the_same_version_only_the_first_lands(store):
    room = open_room(store, a_record(), {}, "device-a")
    first = update(store, room, a_record(), now=1.0)
    second = update(store, room, a_record(), now=2.0)  # read before the first was written
    assert first is not None and first.version == 1
    assert second is None
    assert read_room(store, room.code, GAMES).moved_at == 1.0


def test_devices_racing_at_once_make_exactly_one_move(store):
    room = open_room(store, a_record(), {}, "device-a")
    results = []
    gate = threading.Barrier(6)

    def race(n):
        gate.wait()
        results.append(update(store, room, a_record(), now=float(n)))

    threads = [threading.Thread(target=race, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(r is not None for r in results) == 1
    assert read_room(store, room.code, GAMES).version == 1


def test_a_devices_token_finds_its_seat_again_and_takes_none(store):
    opener, joiner = new_device(), new_device()
    room = open_room(store, a_record(), {}, opener)
    join(store, room.code, GAMES, joiner)
    found, seat = rejoin(store, room.code, GAMES, joiner)
    assert seat == 2 and found.version == 1
    assert rejoin(store, room.code, GAMES, opener)[1] == 0
    assert read_room(store, room.code, GAMES).version == 1  # only read


def test_a_token_that_sits_nowhere_in_the_room_finds_the_room_and_no_seat(store):
    room = open_room(store, a_record(), {}, new_device())
    found, seat = rejoin(store, room.code, GAMES, new_device())
    assert found is not None and seat is None
    assert found.free_seats() == (2,)  # the seat still free is not taken by a reload


def test_an_unknown_code_or_another_games_room_is_no_room_to_rejoin(store):
    device = new_device()
    room = open_room(store, a_record(), {}, device)
    assert rejoin(store, "ZZZZZ", GAMES, device) == (None, None)
    assert rejoin(store, room.code, {ZOHN_AHL.name: ZOHN_AHL}, device) == (None, None)


def test_a_new_devices_token_is_unguessable_and_fits_an_address():
    tokens = {new_device() for _ in range(50)}
    assert len(tokens) == 50
    assert all(parse_device(t) == t and len(t) >= 22 for t in tokens)


@pytest.mark.parametrize("raw", [None, 7, "", "short", "a" * 65, "<script>alert(1)</script>",
                                 "tok en with spaces!!", "../../../../etc/passwd", "é" * 22])
def test_anything_but_a_token_is_refused_as_a_device(raw):
    assert parse_device(raw) is None


@pytest.mark.parametrize("typed,code", [("k7qf2m9", "K7QF2M9"), (" K7Q F2M 9", "K7QF2M9"),
                                        ("k7q-f2m9", "K7QF2M9"), ("k7qf2", "K7QF2"),
                                        ("K7QF", None), ("K0QF2M9", None), ("K7QF2X", None),
                                        ("K7QF2M9X", None), ("<b>x</b>", None), (None, None),
                                        ("K7QF2" * 20, None)])
def test_a_typed_code_is_read_leniently_and_anything_else_refused(typed, code):
    assert normalise_code(typed) == code


def test_the_setting_chooses_the_store(tmp_path, redis_url):
    assert isinstance(store_from_setting(f"sqlite:{tmp_path / 'r.sqlite3'}"), SqliteRoomStore)
    assert isinstance(store_from_setting(redis_url), RedisRoomStore)
    assert parse_settings('[rooms]\nstore = "redis://h:6379/0"\n').rooms.store == "redis://h:6379/0"
    bad = parse_settings('[rooms]\nstore = "ftp://x"\n')
    assert bad.rooms.store == "" and bad.problems


def test_the_room_caps_are_settings_with_safe_defaults():
    defaults = parse_settings("").rooms
    assert defaults.max_rooms > 0 and defaults.unknown_codes_per_minute > 0
    chosen = parse_settings("[rooms]\nmax_rooms = 20\nunknown_codes_per_minute = 0\n").rooms
    assert (chosen.max_rooms, chosen.unknown_codes_per_minute) == (20, 0)
    for bad in ("-1", "true", '"many"', "1.5"):
        parsed = parse_settings(f"[rooms]\nmax_rooms = {bad}\n")
        assert parsed.rooms.max_rooms == defaults.max_rooms and parsed.problems, bad
