"""Query parameters go through one validated layer (ui/params.py); a bad value is dropped.

Issue 16: ``?step=²`` (or ``①``, or a 4,300-digit number) passed ``str.isdigit`` and then
broke the step-through for the whole visit; a newly chosen scenario opened at the previous
scenario's step.
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from jokoak import ROOT
from ui.params import parse_choice, parse_number
from view_support import step_data, switch_to

GAME = "zaldi_zuria"
UNICODE_DIGITS = ["²", "①", "٣", "߁", "５"]
HUGE = "9" * 4301   # one digit over Python's int() limit for text


def visit(params: dict[str, str]) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    switch_to(at, GAME)
    at.run()
    return at


def step_of(at: AppTest) -> dict[str, int]:
    """The step of each scenario opened so far (button states are booleans, steps ints)."""
    return {k: at.session_state[k] for k in at.session_state
            if str(k).startswith(f"jokoak_step_{GAME}_")
            and type(at.session_state[k]) is int}


def no_failure(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


@pytest.mark.parametrize("raw", UNICODE_DIGITS + [HUGE, "1000000", "-1", "+1", " 1", "1 ",
                                                   "1.0", "0x1", "1_0", "", "1e3"])
def test_a_number_parameter_is_ascii_digits_within_bounds(raw):
    assert parse_number(raw, 0, 99_999) is None


@pytest.mark.parametrize("raw, value", [("0", 0), ("7", 7), ("007", 7), ("99999", 99_999)])
def test_plain_ascii_digits_within_bounds_are_read(raw, value):
    assert parse_number(raw, 0, 99_999) == value


def test_a_number_beyond_its_bound_is_refused():
    assert parse_number("9", 0, 8) is None and parse_number("3", 4, 9) is None


def test_a_choice_parameter_is_exactly_a_known_name():
    assert parse_choice("step", ("read", "step")) == "step"
    assert parse_choice("Step", ("read", "step")) is None
    assert parse_choice("step ", ("read", "step")) is None


@pytest.mark.parametrize("raw", UNICODE_DIGITS[:2] + [HUGE])
def test_a_step_in_unicode_digits_or_huge_opens_the_start_and_keeps_the_controls(raw):
    at = visit({"lang": "en", "view": "step", "step": raw})
    no_failure(at)
    assert list(step_of(at).values()) == [0]
    assert at.query_params["step"] == "0"
    shown = step_data(at)
    assert [m["to"] for m in shown["moves"] if m["label"] == "Next"] == [1]


def test_a_step_from_the_link_is_opened():
    at = visit({"lang": "en", "view": "step", "step": "3"})
    no_failure(at)
    assert list(step_of(at).values()) == [3]


def test_a_newly_chosen_scenario_opens_at_its_start_not_at_the_previous_step():
    at = visit({"lang": "en", "view": "step", "step": "3"})
    picker = at.selectbox(key=f"jokoak_scenario_{GAME}__en")
    first = at.session_state[f"jokoak_scenario_{GAME}"]
    other = next(o for o in picker.options if o != picker.format_func(first))
    picker.select(other).run()
    no_failure(at)
    chosen = at.session_state[f"jokoak_scenario_{GAME}"]
    assert chosen != first
    assert at.session_state[f"jokoak_step_{GAME}_{chosen}"] == 0
    assert at.query_params["step"] == "0"


def test_an_unknown_parameter_is_dropped_from_the_url():
    at = visit({"lang": "fr", "utm_source": "<script>", "debug": "1"})
    no_failure(at)
    assert "utm_source" not in at.query_params and "debug" not in at.query_params
    assert at.query_params["lang"] == "fr"


@pytest.mark.parametrize("raw", ["2", "yes", "①"])
def test_a_bad_kiosk_value_is_dropped_and_kiosk_mode_stays_off(raw):
    at = visit({"lang": "fr", "kiosk": raw})
    no_failure(at)
    assert "kiosk" not in at.query_params and at.session_state["jokoak_kiosk"] is False


def test_a_bad_view_is_replaced_by_the_reading_view():
    at = visit({"lang": "fr", "view": "../x"})
    no_failure(at)
    assert at.query_params["view"] == "read"


# ---- a room's address (?room=&seat=, ui/room/) -----------------------------------------------
A_TOKEN = "Zq3v9Yb2Xw7Tr5Ps1Nm0Lk"  # a token's shape; no room of the test's store seats it


@pytest.fixture
def room_store(monkeypatch, tmp_path):
    """Rooms in the test's own SQLite file."""
    settings = tmp_path / "jokoak.toml"
    settings.write_text(f'[rooms]\nstore = "sqlite:{tmp_path / "rooms.sqlite3"}"\n')
    monkeypatch.setenv("JOKOAK_SETTINGS", str(settings))


def visit_play(params: dict[str, str], game: str = "peruludo") -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    for key, value in {"lang": "en", "view": "play", **params}.items():
        at.query_params[key] = value
    at.run()
    switch_to(at, game)
    at.run()
    return at


@pytest.mark.parametrize("params", [
    {"room": "<script>", "seat": A_TOKEN},
    {"room": "K7QF2", "seat": "../../x"},
    {"room": "K7QF2", "seat": "x" * 5000},
    {"room": "Ｋ７ＱＦ２", "seat": A_TOKEN},
    {"room": HUGE, "seat": A_TOKEN},
    {"seat": A_TOKEN},
    {"room": "K7QF2", "seat": A_TOKEN},
], ids=["markup", "path", "huge-seat", "fullwidth", "huge-room", "seat-alone", "unknown"])
def test_a_bad_or_unknown_room_link_says_so_drops_it_and_sits_nobody(room_store, params):
    at = visit_play(params)
    no_failure(at)
    assert "room" not in at.query_params and "seat" not in at.query_params
    assert "jokoak_room" not in at.session_state
    # an unknown code reads like a seatless one: a link tells nobody which codes are live
    assert any("room link is not valid" in w.value or "gives no seat" in w.value
               for w in at.warning)
    assert any(b.label == "Join the room" for b in at.button)  # joining by code still works


def test_a_room_link_of_another_game_is_no_room_on_this_page(room_store):
    from jokoak.engine.core import make_rules
    from jokoak.engine.driver import start
    from jokoak.games.zohn_ahl.engine import GAME
    from jokoak.service.rooms import open_room
    from ui.room import store

    record = start(GAME, make_rules(GAME), people=(0, 1)).record
    room = open_room(store(), record, {}, A_TOKEN)  # a zohn ahl room, this token seated
    at = visit_play({"room": room.code, "seat": A_TOKEN}, game="peruludo")
    no_failure(at)
    assert "jokoak_room" not in at.session_state
    assert any("gives no seat" in w.value for w in at.warning)


def test_a_room_link_that_fits_passes_the_shell_and_sits_its_device(room_store):
    from jokoak.engine.core import make_rules
    from jokoak.engine.driver import start
    from jokoak.games.peruludo.engine import GAME
    from jokoak.service.rooms import open_room
    from ui.room import store

    record = start(GAME, make_rules(GAME), people=(0, 1)).record
    room = open_room(store(), record, {"players": 4, "people": [0, 1]}, A_TOKEN)
    at = visit_play({"room": room.code, "seat": A_TOKEN})
    no_failure(at)
    assert at.session_state["jokoak_room"]["code"] == room.code
    # the seat's secret is taken once and leaves the address (ui/room/joining.py, restore)
    assert at.query_params["room"] == room.code and "seat" not in at.query_params
