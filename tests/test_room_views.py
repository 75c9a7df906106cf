"""Room play in the play views (AppTest): two sessions share one table through the store, each
sees only its own seat's dice, and a bad or unknown code changes nothing."""

from __future__ import annotations

import re

import pytest

from room_views_support import page_text, rooms_in_own_sqlite
from view_support import PERULUDO, open_view

ROOM_KEY = "jokoak_room_peruludo"


@pytest.fixture(autouse=True)
def shared_store(no_waiting, monkeypatch, tmp_path):
    rooms_in_own_sqlite(monkeypatch, tmp_path)


def wide_page_text(at):
    """The page's text without the table's phone layout, which repeats the wide one's
    description (the page's style shows one of the two)."""
    return re.sub(r'<div class="jk-narrow">.*?</svg></div>', "", page_text(at), flags=re.S)


def opened(people=(0, 1), players=3):
    at = open_view("games.peruludo.play", "play_view")
    at.segmented_control(key=f"{PERULUDO}_players").set_value(players).run()
    at.button_group(key=f"{PERULUDO}_people").set_value(list(people)).run()
    at.button(key=f"{PERULUDO}_room_open").click().run()
    assert not at.exception
    return at, at.session_state["jokoak_room"]["code"]


def joined(code):
    at = open_view("games.peruludo.play", "play_view")
    at.text_input(key=f"{PERULUDO}_room_code").input(code.lower()).run()
    at.button(key=f"{PERULUDO}_room_join").click().run()
    assert not at.exception
    return at


def seat_of(at):
    found = re.search(r'data-seat="(\d+)"', page_text(at))
    return int(found.group(1)) if found else None


def test_a_room_opens_in_one_step_from_its_panel_with_two_people_by_default():
    at = open_view("games.peruludo.play", "play_view")  # nobody chose people in "New game"
    assert at.button_group(key=f"{PERULUDO}_room_people").value == [0, 1]
    at.button(key=f"{PERULUDO}_room_open").click().run()
    code = at.session_state["jokoak_room"]["code"]
    assert stored_room(code).people == (0, 1) and seat_of(at) == 0


def test_a_room_needs_two_people_at_the_table():
    at = open_view("games.peruludo.play", "play_view")
    at.button_group(key=f"{PERULUDO}_room_people").set_value([2]).run()
    assert at.button(key=f"{PERULUDO}_room_open").disabled
    assert any("at least two people" in c.value for c in at.caption)


def test_the_code_field_starts_empty_with_nothing_that_looks_like_a_code():
    field = open_view("games.peruludo.play", "play_view").text_input(key=f"{PERULUDO}_room_code")
    assert field.value == "" and not field.placeholder


def test_the_opener_and_the_joiner_sit_at_the_two_peoples_seats():
    first, code = opened()
    second = joined(code)
    assert seat_of(first) == 0 and seat_of(second) == 1
    assert f"Room {code}: you are Player 1." in page_text(first)
    assert f"Room {code}: you are Player 2." in page_text(second)


@pytest.mark.parametrize("typed,warning", [("K0Q", "seven characters"), ("ZZZZZZZ", "no room")])
def test_a_bad_or_unknown_code_says_so_and_changes_nothing(typed, warning):
    at = open_view("games.peruludo.play", "play_view")
    at.text_input(key=f"{PERULUDO}_room_code").input(typed).run()
    at.button(key=f"{PERULUDO}_room_join").click().run()
    assert any(warning in w.value for w in at.warning)
    assert "jokoak_room" not in at.session_state


def test_a_full_room_takes_no_third_device():
    _first, code = opened()
    joined(code)
    third = joined(code)
    assert any("are taken" in w.value for w in third.warning)
    assert "jokoak_room" not in third.session_state


def test_each_device_sees_its_own_dice_and_the_others_moves():
    first, code = opened()
    second = joined(code)
    devices = {0: first, 1: second}
    for _ in range(30):
        for at in devices.values():
            at.run()
        game = first.session_state[ROOM_KEY]
        state = game.position.state
        for seat, at in devices.items():
            # the table's text alternative lists only the dice this seat may see
            shown = wide_page_text(at).count("Dice:")
            assert shown == (1 if state.cups[seat] and not state.stale else 0) + len(
                [s for s in state.revealed if s != seat])
        acting = state.current_player()
        at = devices.get(acting)
        quick = [b for b in at.button if b.key.startswith(f"{ROOM_KEY}_quick")] if at else []
        if quick and not quick[0].disabled:
            before = len(game.position.record.actions)
            quick[0].click().run()
            other = devices[1 - acting]
            other.run()  # the other device's poll
            assert len(other.session_state[ROOM_KEY].position.record.actions) > before
            return
    raise AssertionError("no person's bid in 30 polls")


def test_a_second_tap_on_open_a_room_opens_no_second_room(monkeypatch):
    import ui.room
    from ui.games.peruludo.play import SPEC
    first, code = opened()
    # the callback as the second tap of a double tap runs it: this device already sits
    seated = {"jokoak_room": dict(first.session_state["jokoak_room"])}
    monkeypatch.setattr(ui.room.access.st, "session_state", seated)
    ui.room.open_new(SPEC, {"players": 3, "people": [0, 1]})
    assert seated["jokoak_room"]["code"] == code


def test_zohn_ahl_in_a_room_only_the_device_of_the_thrower_on_turn_can_throw():
    zohn = "jokoak_zohn_ahl_play"
    first = open_view("games.zohn_ahl.play", "play_view")
    first.segmented_control(key=f"{zohn}_team1").set_value("people").run()
    first.button(key=f"{zohn}_room_open").click().run()
    code = first.session_state["jokoak_room"]["code"]
    second = open_view("games.zohn_ahl.play", "play_view")
    second.text_input(key=f"{zohn}_room_code").input(code).run()
    second.button(key=f"{zohn}_room_join").click().run()
    devices = {0: first, 1: second}
    thrown = set()
    for _ in range(12):
        for at in devices.values():
            at.run()
        state = first.session_state["jokoak_room_zohn_ahl"].position.state
        if state.is_terminal():
            break
        on_turn = state.current_player()
        for seat, at in devices.items():
            throws = [b for b in at.button if b.key.startswith("jokoak_room_zohn_ahl_throw")
                      and not b.disabled]
            assert bool(throws) == (seat == on_turn), (seat, on_turn)
        throws = [b for b in devices[on_turn].button
                  if b.key.startswith("jokoak_room_zohn_ahl_throw")]
        throws[0].click().run()
        thrown.add(on_turn)
    assert thrown == {0, 1}


def test_a_store_that_cannot_be_reached_refuses_the_tap_and_breaks_nothing(monkeypatch):
    """A locked SQLite file or a Redis server gone: the tap is not played, no exception."""
    import sqlite3

    import streamlit as st

    import ui.room
    from ui.play import PlaySession
    from ui.games.peruludo.play import SPEC
    from jokoak.engine.core import make_rules
    from jokoak.engine.driver import start

    class Unreachable:
        def __getattr__(self, name):
            def fail(*args, **kwargs):
                raise sqlite3.OperationalError("database is locked")
            return fail

    monkeypatch.setattr(ui.room.access, "store", lambda: Unreachable())
    monkeypatch.setattr(st, "session_state", {ui.room.ROOM: {"game": "peruludo", "code": "ABCDE"}})
    position = start(SPEC.game, make_rules(SPEC.game))
    game = PlaySession(position=position, choices={}, good=position)
    assert ui.room.accept(SPEC, game, 0, 0, "palero", now=1e9) is False
    assert game.position is position


# ---- the address: a reload finds its seat --------------------------------------------------
def reloaded(at, module="games.peruludo.play", cookie=True):
    """The same address in a new session: what a reload, a tab opened again or a restarted
    server gives (nothing of the old session's state, only its URL and, with ``cookie``,
    the seat secret its browser keeps; ``cookie=False``: the address opened on another
    device)."""
    from unittest import mock

    from streamlit.testing.v1 import AppTest

    import ui.room
    from ui.common import LANG_KEY
    from view_support import TIMEOUT

    again = AppTest.from_string(f"from ui.{module} import play_view\nplay_view()\n",
                                default_timeout=TIMEOUT)
    again.query_params.update(at.query_params)
    again.session_state[LANG_KEY] = "en"
    secret = at.session_state["jokoak_device"] if cookie and "jokoak_device" in at.session_state \
        else None
    with mock.patch.object(ui.room.access, "_cookie_device", lambda: secret):
        again.run()
    assert not again.exception
    return again


def stored_room(code):
    from jokoak.games.peruludo.engine import GAME
    from jokoak.service.rooms import read_room
    from ui.room import store
    return read_room(store(), code, {GAME.name: GAME})


def test_a_seated_devices_address_carries_its_room_and_never_its_seats_secret():
    first, code = opened()
    assert first.query_params["room"] == code
    assert "seat" not in first.query_params and "game" not in first.query_params
    secret = stored_room(code).seats[0]
    assert first.session_state["jokoak_device"] == secret
    assert all(secret not in value for value in first.query_params.values())


def test_the_same_address_on_another_device_offers_a_free_seat_never_the_first_ones():
    first, code = opened()
    elsewhere = reloaded(first, cookie=False)  # the address bar copied to another phone
    assert seat_of(elsewhere) is None and "jokoak_room" not in elsewhere.session_state
    assert any("Join the room" in i.value for i in elsewhere.info)
    elsewhere.button(key=f"{PERULUDO}_room_join").click().run()
    assert seat_of(elsewhere) == 1 and seat_of(reloaded(first)) == 0


def test_an_old_address_with_a_seat_token_sits_its_device_once_and_drops_the_token():
    first, code = opened()
    secret = stored_room(code).seats[0]
    old = open_view("games.peruludo.play", "play_view")
    old.query_params.update({"room": code, "seat": secret})
    again = reloaded(old, cookie=False)
    assert seat_of(again) == 0 and "seat" not in again.query_params
    assert again.session_state["jokoak_device"] == secret  # now the device's own secret


def test_a_spectator_sees_the_table_without_a_seat_and_no_hidden_dice():
    first, code = opened()
    watcher = reloaded(first, cookie=False)
    watcher.button(key=f"{PERULUDO}_room_watch").click().run()
    assert seat_of(watcher) is None and "you are watching" in page_text(watcher)
    assert watcher.query_params["room"] == code and watcher.query_params["watch"] == "1"
    assert "Your dice" not in page_text(watcher)
    assert stored_room(code).seats.keys() == {0}  # watching takes no seat
    again = reloaded(watcher, cookie=False)  # a spectator's reload still watches
    assert "you are watching" in page_text(again)


def test_a_full_table_offers_watching():
    first, code = opened()
    joined(code)
    third = joined(code)
    assert any("are taken" in w.value and "Watch" in w.value for w in third.warning)
    third.button(key=f"{PERULUDO}_room_watch").click().run()
    assert "you are watching" in page_text(third)


def test_a_reloaded_device_sits_at_its_seat_again_and_takes_no_other():
    first, code = opened()
    second = reloaded(joined(code))
    assert seat_of(second) == 1 and f"Room {code}: you are Player 2." in page_text(second)
    assert stored_room(code).version == 1  # the join alone: the reload wrote nothing
    third = joined(code)
    assert any("are taken" in w.value for w in third.warning)  # the seat is still the device's


def test_a_reloaded_device_plays_its_turn():
    first, code = opened()
    devices = {0: first, 1: reloaded(joined(code))}
    for _ in range(30):
        for at in devices.values():
            at.run()
        state = devices[0].session_state[ROOM_KEY].position.state
        at = devices.get(state.current_player())
        quick = [b for b in at.button if b.key.startswith(f"{ROOM_KEY}_quick")] if at else []
        if quick and not quick[0].disabled and at is devices[1]:
            before = stored_room(code).record.actions
            quick[0].click().run()
            after = stored_room(code).record.actions
            assert len(after) > len(before) and after[len(before)].startswith("bid:")
            return
        if quick and not quick[0].disabled:
            quick[0].click().run()  # the opener's turn: bid, and the reloaded device's comes
    raise AssertionError("the reloaded device's turn did not come in 30 polls")


def test_leaving_drops_the_room_from_the_address_and_a_reload_sits_nowhere():
    first, code = opened()
    first.button(key=f"{ROOM_KEY}_leave").click().run()
    assert "room" not in first.query_params and "seat" not in first.query_params
    again = reloaded(first)
    assert seat_of(again) is None and "jokoak_room" not in again.session_state


def test_a_room_link_resumes_the_room_and_not_the_local_game():
    at = open_view("games.peruludo.play", "play_view")
    at.segmented_control(key=f"{PERULUDO}_players").set_value(3).run()
    at.button_group(key=f"{PERULUDO}_people").set_value([0, 1]).run()
    at.button(key=f"{PERULUDO}_new").click().run()
    local = at.query_params["game"]  # a game of this session's own, in its address
    at.button(key=f"{PERULUDO}_room_open").click().run()
    assert "game" not in at.query_params
    at.query_params["game"] = local  # an address with both, as an old link might carry
    again = reloaded(at)
    assert seat_of(again) == 0
    assert PERULUDO not in again.session_state and "game" not in again.query_params


@pytest.mark.parametrize("stale", ["unknown code", "token seated nowhere"])
def test_a_link_naming_no_seat_changes_nothing_and_leaves_joining_by_the_code(stale):
    from jokoak.service.rooms import new_device
    _first, code = opened()
    at = open_view("games.peruludo.play", "play_view")
    at.query_params.update({"room": "ZZZZZ" if stale == "unknown code" else code,
                            "seat": new_device()})
    at = reloaded(at)
    assert seat_of(at) is None and "jokoak_room" not in at.session_state
    assert "room" not in at.query_params and "seat" not in at.query_params
    assert any("no room" in w.value or "gives no seat" in w.value for w in at.warning)
    if stale == "token seated nowhere":
        assert stored_room(code).seats.keys() == {0}
        assert at.text_input(key=f"{PERULUDO}_room_code").value == code
        at.button(key=f"{PERULUDO}_room_join").click().run()
        assert seat_of(at) == 1


def test_a_code_without_a_seat_fills_in_the_code_and_sits_nobody():
    _first, code = opened()
    at = open_view("games.peruludo.play", "play_view")
    at.query_params["room"] = code.lower()
    at = reloaded(at)
    assert seat_of(at) is None and at.text_input(key=f"{PERULUDO}_room_code").value == code
    assert any("Join the room" in i.value for i in at.info)


def test_a_poll_replays_the_record_only_when_another_device_changed_it(monkeypatch):
    import ui.room
    first, code = opened()
    devices = {0: first, 1: joined(code)}
    for _ in range(30):  # until a person must decide: no computer beat changes the table
        for at in devices.values():
            at.run()
        acting = devices[0].session_state[ROOM_KEY].position.state.current_player()
        if acting in devices:
            break
    replays = []
    real = ui.room.table.resume

    def counted(*args, **kwargs):
        replays.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(ui.room.table, "resume", counted)
    for _ in range(3):
        for at in devices.values():
            at.run()
    assert replays == []  # polls of an unchanged room keep the position drawn
    at = devices[acting]
    [b for b in at.button if b.key.startswith(f"{ROOM_KEY}_quick")][0].click().run()
    assert replays == []  # the tapping device keeps the position its tap led to
    devices[1 - acting].run()
    assert len(replays) == 1  # the other device replays the changed record once


# ---- faults and abuse ----------------------------------------------------------------------
class Unreachable:
    """A store that cannot be reached: every call fails as a locked file or a Redis gone."""

    def __getattr__(self, name):
        def fail(*args, **kwargs):
            import sqlite3
            raise sqlite3.OperationalError("database is locked")
        return fail


def with_settings(monkeypatch, tmp_path, extra):
    rooms_in_own_sqlite(monkeypatch, tmp_path, extra, settings_name="capped.toml")


def person_on_turn(devices):
    """Polls until a person at the table is to bid; that device and its quick bid."""
    for _ in range(30):
        for at in devices.values():
            at.run()
        acting = devices[0].session_state[ROOM_KEY].position.state.current_player()
        at = devices.get(acting)
        quick = [b for b in at.button if b.key.startswith(f"{ROOM_KEY}_quick")] if at else []
        if quick and not quick[0].disabled:
            return at
    raise AssertionError("no person's bid in 30 polls")


def test_a_store_out_of_reach_keeps_the_table_says_reconnecting_and_comes_back(monkeypatch):
    import ui.room
    first, code = opened()
    second = joined(code)
    real = ui.room.access.store
    monkeypatch.setattr(ui.room.access, "store", lambda: Unreachable())
    second.run()  # the poll finds no store
    assert any("Reconnecting" in i.value for i in second.info)
    assert not any("not there any more" in w.value for w in second.warning)
    assert seat_of(second) == 1 and "Dice:" in page_text(second)  # the table is still drawn
    monkeypatch.setattr(ui.room.access, "store", real)
    second.run()
    assert not any("Reconnecting" in i.value for i in second.info)
    assert seat_of(second) == 1


def test_a_tap_the_store_cannot_take_says_not_saved_and_the_next_tap_is_saved(monkeypatch):
    import ui.play
    import ui.room
    first, code = opened()
    devices = {0: first, 1: joined(code)}
    at = person_on_turn(devices)
    before = stored_room(code)
    real = ui.room.access.store
    monkeypatch.setattr(ui.room.access, "store", lambda: Unreachable())
    [b for b in at.button if b.key.startswith(f"{ROOM_KEY}_quick")][0].click().run()
    assert any("Not saved — tap again" in w.value for w in at.warning)
    monkeypatch.setattr(ui.room.access, "store", real)
    assert stored_room(code) == before  # nothing half-happened
    at.run()
    assert any("Not saved" in w.value for w in at.warning)  # still said until the next tap
    # the real pace: the rerun after the tap does not also play the next beat (the bidder's
    # own moment to call doia, under the Basque text's rules), so one write is the tap's
    monkeypatch.setattr(ui.play.pace, "PACE_SCALE", 1.0)
    [b for b in at.button if b.key.startswith(f"{ROOM_KEY}_quick")][0].click().run()
    assert stored_room(code).version == before.version + 1
    assert not any("Not saved" in w.value for w in at.warning)


def test_a_room_that_really_is_gone_says_so(monkeypatch):
    import ui.room
    from jokoak.service.rooms import close_unplayed
    first, code = opened()
    assert close_unplayed(ui.room.store(), code, first.session_state["jokoak_room"]["device"])
    first.run()
    assert any("not there any more" in w.value for w in first.warning)
    assert not any("Reconnecting" in i.value for i in first.info)


def test_opening_another_room_closes_the_sessions_unplayed_one():
    first, code = opened()
    first.button(key=f"{ROOM_KEY}_leave").click().run()
    first.button(key=f"{PERULUDO}_room_open").click().run()
    again = first.session_state["jokoak_room"]["code"]
    assert again != code and stored_room(code) is None and stored_room(again) is not None


def test_a_room_someone_joined_stays_open_when_its_opener_opens_another():
    first, code = opened()
    joined(code)
    first.button(key=f"{ROOM_KEY}_leave").click().run()
    first.button(key=f"{PERULUDO}_room_open").click().run()
    assert stored_room(code) is not None


def test_a_server_at_its_cap_says_so_and_opens_nothing(monkeypatch, tmp_path):
    with_settings(monkeypatch, tmp_path, "max_rooms = 1")
    opened()
    at = open_view("games.peruludo.play", "play_view")
    at.button(key=f"{PERULUDO}_room_open").click().run()
    assert any("as many rooms open as it can hold" in w.value for w in at.warning)
    assert "jokoak_room" not in at.session_state


def type_code(at, code):
    at.text_input(key=f"{PERULUDO}_room_code").input(code).run()
    at.button(key=f"{PERULUDO}_room_join").click().run()


def test_after_five_unknown_codes_a_session_waits_and_the_store_is_not_asked(monkeypatch):
    import ui.room
    at = open_view("games.peruludo.play", "play_view")
    for n in range(4):
        type_code(at, f"ZZZZ{n + 2}")
        assert any("no room" in w.value for w in at.warning)
    type_code(at, "ZZZZ7")
    assert any("Wait 2 seconds" in w.value for w in at.warning)
    asked = []
    monkeypatch.setattr(ui.room.joining, "join", lambda *a, **k: asked.append(a))
    _first, code = opened()  # even a live code waits its turn
    type_code(at, code)
    assert asked == [] and any("Wait" in w.value for w in at.warning)
    assert "jokoak_room" not in at.session_state


def test_a_client_past_its_minutes_unknown_codes_waits_in_every_session_it_opens(
        monkeypatch, tmp_path, one_tally_window):
    with_settings(monkeypatch, tmp_path, "unknown_codes_per_minute = 2")
    for n in range(2):  # two fresh sessions (a new websocket each) of one client
        type_code(open_view("games.peruludo.play", "play_view"), f"ZZZZZZ{n + 2}")
    _first, code = opened()
    late = open_view("games.peruludo.play", "play_view")
    type_code(late, code)  # a live code too: past the limit nothing is looked up
    assert any("Wait" in w.value and "seconds" in w.value for w in late.warning)
    assert "jokoak_room" not in late.session_state


def test_a_client_past_its_hours_rooms_is_told_how_many_minutes_to_wait(monkeypatch, tmp_path, one_tally_window):
    with_settings(monkeypatch, tmp_path, "rooms_per_client_hour = 1")
    opened()
    again = open_view("games.peruludo.play", "play_view")  # a new session of the same client
    again.button(key=f"{PERULUDO}_room_open").click().run()
    assert "jokoak_room" not in again.session_state
    assert any(re.search(r"opened from this network\. Try again in \d+ minutes?\.", w.value)
               for w in again.warning)


def test_a_pupil_joins_with_the_right_code_while_another_client_guesses(monkeypatch, tmp_path, one_tally_window):
    import ui.room
    with_settings(monkeypatch, tmp_path, "unknown_codes_per_minute = 2")
    monkeypatch.setattr(ui.room.access, "client", lambda: "guesser")
    for n in range(4):
        type_code(open_view("games.peruludo.play", "play_view"), f"ZZZZZZ{n + 2}")
    _first, code = opened()
    monkeypatch.setattr(ui.room.access, "client", lambda: "pupil")
    pupil = open_view("games.peruludo.play", "play_view")
    type_code(pupil, code)
    assert pupil.session_state["jokoak_room"]["code"] == code


def test_a_link_followed_while_the_store_is_away_waits_at_its_seat(monkeypatch):
    import ui.room
    first, code = opened()
    second = joined(code)
    real = ui.room.access.store
    monkeypatch.setattr(ui.room.access, "store", lambda: Unreachable())
    again = reloaded(second)
    assert any("Reconnecting" in i.value for i in again.info)
    assert again.query_params["room"] == code  # the address is kept for the next try
    monkeypatch.setattr(ui.room.access, "store", real)
    again.run()
    assert seat_of(again) == 1


def test_zohn_ahl_opens_a_room_of_both_teams_from_the_panel_alone():
    zohn = "jokoak_zohn_ahl_play"
    at = open_view("games.zohn_ahl.play", "play_view")  # "New game": one team people, one computer
    assert at.button_group(key=f"{zohn}_room_people").value == [0, 1]
    at.button(key=f"{zohn}_room_open").click().run()
    from jokoak.games.zohn_ahl.engine import GAME as ZOHN
    from jokoak.service.rooms import read_room
    from ui.room import store
    room = read_room(store(), at.session_state["jokoak_room"]["code"], {ZOHN.name: ZOHN})
    assert room.people == (0, 1)


def test_a_tap_held_up_by_another_processs_write_lock_says_not_saved_and_changes_nothing(
        tmp_path):
    import sqlite3
    first, code = opened()
    devices = {0: first, 1: joined(code)}
    at = person_on_turn(devices)
    before = stored_room(code)
    holder = sqlite3.connect(tmp_path / "rooms.sqlite3", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another process holds the write lock
    try:
        [b for b in at.button if b.key.startswith(f"{ROOM_KEY}_quick")][0].click().run()
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert any("Not saved — tap again" in w.value for w in at.warning)
    assert stored_room(code) == before


def test_the_operators_settings_say_where_the_default_rooms_file_is_and_the_caps(
        monkeypatch, tmp_path):
    from streamlit.testing.v1 import AppTest

    import ui.kiosk_mode
    from jokoak.service.settings import Settings
    monkeypatch.setattr(ui.kiosk_mode, "settings", lambda: Settings())  # store = "": the default
    monkeypatch.setenv("JOKOAK_DATA", str(tmp_path / "data"))
    at = AppTest.from_string("from ui.operator_views import settings_status\n"
                             "settings_status()\n", default_timeout=60).run()
    table = page_text(at)
    assert f"sqlite:{tmp_path / 'data' / 'rooms.sqlite3'}" in table
    assert "rooms.max_rooms" in table and "rooms.unknown_codes_per_minute" in table


# ---- a class's tables (ui/class_screen.py) -------------------------------------------------
def class_opened(tables=2):
    from jokoak.games.peruludo.engine import GAME
    from jokoak.service.classes import open_class
    from jokoak.service.rooms import new_device
    from ui import play
    from ui.games.peruludo.play import SPEC
    from ui.room import store
    made = []
    for _ in range(tables):
        fresh = play.fresh_session(SPEC, GAME.rulesets[0].name,
                                   {"players": 3, "people": [0, 1], "level": "medium"})
        made.append((fresh.position.record, fresh.choices))
    return open_class(store(), GAME.name, made, new_device())


def test_a_closed_tables_code_says_so_and_offers_the_classs_other_tables():
    from jokoak.service.classes import close_table
    from ui.room import store
    school = class_opened(3)
    close_table(store(), stored_room(school.tables[0]))
    at = open_view("games.peruludo.play", "play_view")
    type_code(at, school.tables[0])
    said = " ".join(w.value for w in at.warning)
    assert "was closed by the teacher" in said
    assert school.tables[1] in said and school.tables[2] in said
    assert "jokoak_room" not in at.session_state


def test_a_seated_device_at_a_table_closed_meanwhile_is_stood_up_and_told():
    from jokoak.service.classes import close_table
    from ui.room import store
    school = class_opened(2)
    at = joined(school.tables[0])
    assert seat_of(at) == 0
    close_table(store(), stored_room(school.tables[0]))
    at.run()
    assert "jokoak_room" not in at.session_state
    assert any("was closed by the teacher" in w.value and school.tables[1] in w.value
               for w in at.warning)


def test_a_closed_tables_note_is_at_the_top_of_the_page_not_in_the_room_panel():
    """A pupil's phone shows the new-game form first: the note must not wait under it."""
    from jokoak.service.classes import close_table
    from ui.room import store
    school = class_opened(2)
    at = joined(school.tables[0])
    close_table(store(), stored_room(school.tables[0]))
    at.run()
    assert [w for w in at.warning if "was closed by the teacher" in w.value]
    for panel in at.expander:
        assert not any("was closed by the teacher" in w.value for w in panel.warning)


def test_a_join_link_of_another_servers_class_is_refused_cleanly():
    at = open_view("games.peruludo.play", "play_view")
    at.query_params.update({"room": "ZZZZZZZ", "class": "ABCDEFGH23"})
    at = reloaded(at, cookie=False)
    assert "jokoak_room" not in at.session_state and "class" not in at.query_params
    assert any("not a room of this booklet" in w.value for w in at.warning)


def test_a_join_link_of_this_servers_class_invites_to_a_free_seat():
    school = class_opened(1)
    at = open_view("games.peruludo.play", "play_view")
    at.query_params.update({"room": school.tables[0], "class": school.id})
    at = reloaded(at, cookie=False)
    at.button(key=f"{PERULUDO}_invite_join").click().run()
    assert seat_of(at) == 0 and stored_room(school.tables[0]).seats.keys() == {0}


def test_a_closed_tables_note_joins_another_table_of_the_class_in_one_tap():
    from jokoak.service.classes import close_table
    from ui.room import store
    school = class_opened(3)
    at = joined(school.tables[0])
    close_table(store(), stored_room(school.tables[0]))
    at.run()
    other = school.tables[1]
    button = next(b for b in at.button if b.key.startswith("jokoak_peruludo_play_join_other_")
                  and b.label == other)
    button.click().run()
    assert not at.exception
    assert at.session_state["jokoak_room"]["code"] == other and seat_of(at) == 0
    assert not [w for w in at.warning if "was closed by the teacher" in w.value]
