"""The class screen (ui/class_screen.py) without a browser: one tap opens one class of tables,
seated at none; its address names the class; a class id that fits no class here says so; the
teacher's Restart and Close act on their own table alone."""

from __future__ import annotations

from functools import partial

import pytest

from room_views_support import page_text, rooms_in_own_sqlite
from view_support import open_view


@pytest.fixture(autouse=True)
def shared_store(no_waiting, monkeypatch, tmp_path):
    rooms_in_own_sqlite(monkeypatch, tmp_path)


def screen(params=None):
    at = open_view("class_screen", "class_page")
    if params:
        at.query_params.update(params)
        at.run()
    return at


def open_button(at):
    return next(b for b in at.button if b.key.startswith("jokoak_class_open_"))


def test_one_tap_opens_every_table_of_the_class_and_seats_nobody():
    from jokoak.service.classes import read_class
    from ui.room import store
    at = screen()
    at.segmented_control(key="jokoak_class_tables").set_value(3).run()
    open_button(at).click().run()
    assert not at.exception
    school = read_class(store(), at.query_params["class"])
    assert school is not None and len(school.tables) == 3
    assert all(code in page_text(at) for code in school.tables)
    assert "jokoak_room" not in at.session_state  # the screen sits at no table
    assert school.led_by(at.session_state["jokoak_device"])


@pytest.mark.parametrize("raw", ["ABCDEFGH23", "<script>", "x" * 400])
def test_a_class_address_that_names_no_class_here_says_so_and_offers_the_set_up(raw):
    at = screen({"class": raw})
    assert not at.exception and "class" not in at.query_params
    assert any("no such class on this server" in w.value for w in at.warning)
    assert open_button(at) is not None


def opened_class(tables=2):
    """The teacher's screen with ``tables`` tables open, and the class as stored."""
    from jokoak.service.classes import read_class
    from ui.room import store
    at = screen()
    at.segmented_control(key="jokoak_class_tables").set_value(tables).run()
    open_button(at).click().run()
    return at, read_class(store(), at.query_params["class"])


def stored_table(code):
    from jokoak.service.rooms import read_room
    from ui.class_summary import class_games
    from ui.room import store
    return read_room(store(), code, {g.spec.game.name: g.spec.game for g in class_games()})


def test_the_teachers_close_closes_that_table_alone_and_says_so():
    at, school = opened_class()
    first, second = school.tables
    at.button(key=f"jokoak_class_close_{first}_{stored_table(first).version}").click().run()
    assert not at.exception
    assert stored_table(first).closed and not stored_table(second).closed
    assert f"Table {first} was closed by the teacher." in page_text(at)


def test_the_teachers_restart_starts_a_new_game_at_that_table_alone():
    at, school = opened_class()
    first, second = school.tables
    before, other = stored_table(first), stored_table(second)
    at.button(key=f"jokoak_class_restart_{first}_{before.version}").click().run()
    assert not at.exception
    after = stored_table(first)
    assert after.version > before.version and after.record != before.record
    assert not after.closed and stored_table(second).version == other.version


@pytest.mark.parametrize("button", ["close", "restart"])
def test_a_teachers_tap_while_the_store_does_not_answer_changes_nothing_and_says_so(
        button, monkeypatch):
    import sqlite3
    import ui.class_screen
    at, school = opened_class()
    first = school.tables[0]
    before = stored_table(first)

    answered = ui.class_screen.read_class
    calls = []

    def down_for_the_tap(*args, **kwargs):   # the tap's read fails; the page's own reads work
        calls.append(args)
        if len(calls) == 1:
            raise sqlite3.OperationalError("database is locked")
        return answered(*args, **kwargs)
    monkeypatch.setattr(ui.class_screen, "read_class", down_for_the_tap)
    at.button(key=f"jokoak_class_{button}_{first}_{before.version}").click().run()
    assert not at.exception
    assert any("Rooms are not available on this server just now." in w.value
               for w in at.warning)
    assert stored_table(first) == before


def test_a_class_sheet_printed_after_a_close_leaves_the_closed_table_out(monkeypatch):
    import ui.class_screen as screen
    from jokoak.render.class_sheet import SheetTable
    from ui.class_summary import class_games
    from ui.room import store
    at, school = opened_class()
    first, second = school.tables
    at.button(key=f"jokoak_class_close_{first}_{stored_table(first).version}").click().run()
    printed = []
    monkeypatch.setattr(screen, "class_sheet_pdf", lambda game, lang, tables: printed.append(
        [t.code for t in tables]) or b"%PDF")
    games = {g.spec.game.name: g.spec.game for g in class_games()}
    sheet = (SheetTable(1, first, "a"), SheetTable(2, second, "b"))
    screen._sheet("peruludo", "en", sheet, partial(screen._still_open, store(), games))
    assert printed == [[second]]
