"""A class's tables in the rooms' store (jokoak/service/classes.py): opened at once with
nobody seated, tied to their class, closed and restarted from the class screen."""

from __future__ import annotations

import pytest

from jokoak.engine.core import make_rules
from jokoak.engine.driver import start
from jokoak.games.peruludo.engine import GAME
from jokoak.service.classes import (MAX_TABLES, class_of, close_table, open_class,
                                    other_tables, parse_class_id, read_class, restart_table)
from jokoak.service.room_stores import SqliteRoomStore
from jokoak.service.rooms import join, new_device, read_room

GAMES = {GAME.name: GAME}
TEACHER = new_device()


def record(seed=1):
    return start(GAME, make_rules(GAME), {"players": 3, "dice": [5] * 3, "ages": [20, 23, 26],
                                          "bag": 0}, seed, (0, 1, 2)).record


@pytest.fixture
def store(tmp_path):
    return SqliteRoomStore(tmp_path / "rooms.sqlite3")


def opened(store, tables=3):
    return open_class(store, GAME.name, [(record(i), {"players": 3, "people": [0, 1, 2]})
                                         for i in range(tables)], TEACHER)


def test_a_class_opens_every_table_at_once_with_nobody_seated(store):
    school = opened(store)
    assert len(school.tables) == 3 and len(set(school.tables)) == 3
    for code in school.tables:
        table = read_room(store, code, GAMES)
        assert table.seats == {} and table.free_seats() == (0, 1, 2)
        assert class_of(table) == school.id
    assert read_class(store, school.id) == school


def test_only_the_teachers_device_leads_the_class(store):
    school = opened(store)
    assert school.led_by(TEACHER) and not school.led_by(new_device())


def test_a_class_has_one_to_twelve_tables(store):
    with pytest.raises(ValueError):
        opened(store, tables=0)
    with pytest.raises(ValueError):
        opened(store, tables=MAX_TABLES + 1)


def test_a_class_id_in_an_address_is_read_only_when_it_has_an_ids_shape():
    assert parse_class_id("ABCDEFGH23") == "ABCDEFGH23"
    for bad in ("abcdefgh23", "ABCDEFGH2", "ABCDEFGH0O", "<script>12", None, 12):
        assert parse_class_id(bad) is None


def test_a_closed_table_stands_everyone_up_and_takes_nobody_again(store):
    school = opened(store)
    code = school.tables[0]
    joined = join(store, code, GAMES, new_device())
    assert joined is not None and joined[1] == 0
    closed = close_table(store, read_room(store, code, GAMES))
    assert closed is not None and closed.closed and closed.seats == {}
    again = join(store, code, GAMES, new_device())
    assert again is not None and again[1] is None and again[0].closed


def test_a_closed_tables_code_names_the_classs_other_open_tables(store):
    school = opened(store)
    first, second, third = school.tables
    close_table(store, read_room(store, second, GAMES))
    assert other_tables(store, read_room(store, second, GAMES)) == (first, third)


def test_closing_a_closed_table_again_changes_nothing(store):
    school = opened(store)
    table = close_table(store, read_room(store, school.tables[0], GAMES))
    assert close_table(store, table) is table
    assert read_room(store, school.tables[0], GAMES).version == table.version


def test_a_restarted_table_starts_a_new_game_with_everyone_in_their_seat(store):
    school = opened(store)
    code = school.tables[0]
    pupil = new_device()
    join(store, code, GAMES, pupil)
    before = read_room(store, code, GAMES)
    fresh = record(seed=99)
    after = restart_table(store, before, fresh)
    assert after is not None and after.record == fresh and after.seat_of(pupil) == 0
    assert restart_table(store, before, record(seed=5)) is None  # a second tap: stale


def test_a_closed_table_is_not_restarted(store):
    school = opened(store)
    closed = close_table(store, read_room(store, school.tables[0], GAMES))
    assert restart_table(store, closed, record(seed=3)) is None


def test_a_classs_tables_outlive_the_sweep_of_rooms_nobody_joined(tmp_path):
    import time
    store = SqliteRoomStore(tmp_path / "rooms.sqlite3", unjoined_seconds=1)
    school = opened(store)
    unjoined = store.create("ZZZZZZZ", store.read(school.tables[0])[1])  # an ordinary room
    time.sleep(1.2)
    assert unjoined and store.read("ZZZZZZZ") is None  # swept: nobody joined it
    assert read_class(store, school.id) is not None
    assert all(read_room(store, code, GAMES) is not None for code in school.tables)
