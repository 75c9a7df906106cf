"""Where visitors stumble (jokoak/service/counters.py, ui/counters.py): a lesson played with two
wrong moves finds them counted under the clause the engine cited; counts add up across
processes; nothing names a visitor; an unreachable store loses counts, never a tap; the
operator page shows a table and a chart per game and all of it as CSV; off by a setting."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest
from streamlit.testing.v1 import AppTest

from jokoak.service import counters
from jokoak.service.counters import Key, Recorder, SqliteCounters
from jokoak.content.lessons import lessons
from jokoak.service.settings import CountersSettings, Settings, parse_settings
import ui.counters

from test_lesson_views import click, no_fresh_screen_wait, open_lesson, session, walk  # noqa: F401
from ui.common import LANG_KEY
from view_support import TIMEOUT


@pytest.fixture
def store(tmp_path, monkeypatch):
    """Counting into a SQLite file of the test's own, as ``[rooms] store = "sqlite:..."``."""
    path = tmp_path / "rooms.sqlite3"
    settings = Settings()
    from dataclasses import replace
    settings = replace(settings, rooms=replace(settings.rooms, store=f"sqlite:{path}"))
    monkeypatch.setattr(ui.counters, "_settings", lambda: settings)
    return SqliteCounters(path)


def counted(store):
    ui.counters.recorder().flush()
    return {Key.parse(name): n for name, n in store.read().items()}


def refuse_a_bid_under_the_wild_sixes(at, now):
    """In peruludo's first lesson, step 2, a tap on "1 × 6": too few sixes (the clause
    raise.to_wild: at least half the last bid, rounded up)."""
    before = session(at, "peruludo").position.length
    import ui.lesson
    import ui.play
    game = session(at, "peruludo")
    lesson_spec = ui.lesson._spec("peruludo", lessons("peruludo")[0].seat)
    assert not ui.lesson.lesson_tap(lesson_spec, game, ui.play.token(game), 0, "bid:1:6",
                                    now)
    assert game.refused is not None and game.position.length == before
    return game.refused.clauses


def test_a_lesson_with_two_wrong_moves_finds_them_counted_under_their_clause(store, monkeypatch):
    lesson = lessons("peruludo")[0]
    at = open_lesson("peruludo")
    # step 1 right, then Next
    from test_lesson_views import tap_action
    tap_action(at, "peruludo", lesson.steps[0].expect)
    click(at, "jokoak_lesson_next_peruludo_0")
    import ui.play
    monkeypatch.setattr(ui.play.pace, "DEBOUNCE_SECONDS", 1.0)   # a double tap's time, as served
    at_first = time.monotonic() + 5
    first = refuse_a_bid_under_the_wild_sixes(at, at_first)
    refuse_a_bid_under_the_wild_sixes(at, at_first + 0.2)   # a double tap's second half
    second = refuse_a_bid_under_the_wild_sixes(at, at_first + 5)
    assert first == second and "raise.to_wild" in first
    found = counted(store)
    name = lesson.name
    assert found[Key("peruludo", "refused", name, 2, "raise.to_wild")] == 2, found
    assert found[Key("peruludo", "started", name, 1)] == 1
    assert found[Key("peruludo", "started", name, 2)] == 1
    assert found[Key("peruludo", "finished", name, 1)] == 1
    assert Key("peruludo", "finished", name, 2) not in found


def test_a_finished_lesson_counts_each_step_and_the_lesson(store):
    game = "peruludo"
    lesson = lessons(game)[0]
    at = open_lesson(game)
    click(at, f"jokoak_lesson_{game}_quick3")        # a legal bid, not the lesson's: a hint
    walk(at, game, lesson)
    found = counted(store)
    assert found[Key(game, "hint", lesson.name, 1)] == 1
    assert all(found[Key(game, "finished", lesson.name, n)] == 1
               for n in range(1, len(lesson.steps) + 1))
    assert found[Key(game, "lessons_finished")] == 1


def test_counts_name_no_visitor_only_the_booklets_own_ids(store):
    at = open_lesson("zohn_ahl")
    click(at, "jokoak_lesson_zohn_ahl_throw")
    for key in counted(store):
        assert key.game == "zohn_ahl" and key.kind in counters.STEP_KINDS + counters.GAME_KINDS
        assert key.lesson in {x.name for x in lessons("zohn_ahl")}


def test_counts_from_several_processes_add_up(tmp_path):
    path = tmp_path / "rooms.sqlite3"
    script = ("import sys; from jokoak.service.counters import SqliteCounters, Key; "
              "SqliteCounters(sys.argv[1]).add({Key('peruludo', 'games_played').name(): 3})")
    for _ in range(2):
        subprocess.run([sys.executable, "-c", script, str(path)], check=True)
    assert SqliteCounters(path).read() == {Key("peruludo", "games_played").name(): 6}


def test_a_store_that_cannot_be_reached_loses_counts_never_the_tap(monkeypatch):
    settings = Settings()
    from dataclasses import replace
    settings = replace(settings, rooms=replace(settings.rooms, store="redis://127.0.0.1:1/0"))
    monkeypatch.setattr(ui.counters, "_settings", lambda: settings)
    at = open_lesson("zaldi_zuria")
    click(at, "jokoak_lesson_zaldi_zuria_throw")
    assert session(at, "zaldi_zuria").extra["done"] and not at.exception
    recorder = ui.counters.recorder()
    recorder.flush()
    assert recorder.lost >= 2     # "started" and "finished", both lost


def test_a_full_queue_drops_the_count_at_once():
    recorder = Recorder(lambda: (_ for _ in ()).throw(OSError("never")), limit=1)
    recorder._start = lambda: None          # no writer: the queue stays full
    recorder.count(Key("g", "started", "l", 1))
    recorder.count(Key("g", "started", "l", 1))
    assert recorder.lost == 1


def test_counting_off_by_the_setting_counts_nothing(store, monkeypatch):
    off = Settings(counters=CountersSettings(enabled=False))
    monkeypatch.setattr(ui.counters, "_settings", lambda: off)
    assert ui.counters.recorder() is None
    at = open_lesson("zaldi_zuria")
    click(at, "jokoak_lesson_zaldi_zuria_throw")
    assert store.read() == {}
    assert parse_settings("[counters]\nenabled = false\n").counters.enabled is False
    assert parse_settings("[counters]\nenabled = 1\n").problems


@pytest.mark.parametrize("raw,found", [
    ("zaldi_zuria.01_first_throws.2", ("zaldi_zuria", "01_first_throws", 2)),
    ("zaldi_zuria.01_first_throws.99", None), ("zaldi_zuria.nope.1", None),
    ("x.01_first_throws.1", None), ("zaldi_zuria.01_first_throws.²", None), ("", None),
    ("a.b.c.d", None)])
def test_the_kiosks_left_step_is_read_only_when_it_names_a_lesson_step(raw, found):
    assert ui.counters.parse_left(raw) == found


LEFT_APP = ("from ui.counters import note_left, left_token\nnote_left()\n"
            "import streamlit as st\nst.session_state['token'] = left_token()\n")
GAVE_UP = Key("zaldi_zuria", "gave_up", "01_first_throws", 2)


def a_kiosk_sessions_token():
    """The token a kiosk session's idle watcher carries (ui/kiosk.py puts it in its reset)."""
    kiosk = AppTest.from_string(LEFT_APP, default_timeout=TIMEOUT).run()
    return kiosk.session_state["token"]


def load(left, token=None):
    at = AppTest.from_string(LEFT_APP, default_timeout=TIMEOUT)
    at.query_params["left"] = left
    if token is not None:
        at.query_params["leftkey"] = token
    return at.run()


def test_the_kiosk_reset_counts_the_step_left_as_gave_up_once(store):
    at = load("zaldi_zuria.01_first_throws.2", a_kiosk_sessions_token())
    assert "left" not in at.query_params and "leftkey" not in at.query_params
    at.run()
    assert counted(store) == {GAVE_UP: 1}


def test_fifty_ordinary_loads_with_left_in_the_address_count_nothing(store):
    for _ in range(50):
        at = load("zaldi_zuria.01_first_throws.2")
        assert "left" not in at.query_params
    assert counted(store) == {}


def test_a_kiosk_reset_address_loaded_again_counts_once(store):
    token = a_kiosk_sessions_token()
    for _ in range(5):
        load("zaldi_zuria.01_first_throws.2", token)
    assert counted(store) == {GAVE_UP: 1}


def test_a_token_not_issued_by_this_server_counts_nothing(store):
    nonce, mac = a_kiosk_sessions_token().split(".")
    for forged in (f"{nonce}x.{mac}", f"{nonce}.{'0' * len(mac)}", "x.y", "", "a.b.c"):
        load("zaldi_zuria.01_first_throws.2", forged)
    assert counted(store) == {}


def test_the_kiosks_idle_reset_carries_its_sessions_token():
    from ui.kiosk import idle_script
    script = idle_script(60, 30, "./?kiosk=1&lang=eu", "abc.def")
    assert '"leftkey": "abc.def"' in script and "'&leftkey='" in script


def test_the_operator_tab_shows_a_table_and_a_chart_per_game_and_a_csv(store):
    store.add({Key("peruludo", "refused", "01_first_round", 2, "raise.to_wild").name(): 2,
               Key("peruludo", "games_played").name(): 5})
    at = AppTest.from_string("from ui.counters import operator_tab\noperator_tab()\n",
                             default_timeout=TIMEOUT)
    at.session_state[LANG_KEY] = "en"
    at.run()
    assert not at.exception
    page = " ".join(m.value for m in at.markdown)
    assert 'data-counts="peruludo"' in page and "raise.to_wild" in page
    assert "Games played: 5" in page
    assert len(at.get("vega_lite_chart")) == 1
    import base64
    import re
    link = re.search(r'href="data:text/csv;base64,([^"]+)"', page).group(1)
    csv = base64.b64decode(link).decode()
    assert "peruludo,01_first_round,2,refused,raise.to_wild,2" in csv
    assert "peruludo,,,games_played,,5" in csv


def test_a_kiosk_pages_own_reset_address_counts_its_step_once(store):
    import re

    from jokoak import ROOT
    kiosk = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    kiosk.query_params["kiosk"] = "1"
    kiosk.run()
    scripts = " ".join(str(getattr(h, "proto", h)) for h in kiosk.get("html"))
    token = re.search(r'leftkey\\\\?": \\\\?"([A-Za-z0-9_.-]+)', scripts).group(1)
    for _ in range(2):  # the reset address, and the same address loaded again
        after = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
        after.query_params.update({"kiosk": "1", "lang": "eu",
                                   "left": "zaldi_zuria.01_first_throws.2", "leftkey": token})
        after.run()
        assert not after.exception and "leftkey" not in after.query_params
    assert counted(store) == {GAVE_UP: 1}
