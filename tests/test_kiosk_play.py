"""Kiosk play starts at once (issue 25): a kiosk's play view opens on one big Start, one person
against the computer on the Basque text's rules; the choices (players, rules, Ludii's
reading ...) wait folded behind "Change the game". For every game with a play view."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from jokoak import GAMES
from ui.common import LANG_KEY
from ui.play import game_spec

pytestmark = pytest.mark.usefixtures("no_waiting")


def kiosk_play(game: str, lang: str = "es") -> AppTest:
    at = AppTest.from_string(f"from ui.games.{game}.play import play_view\nplay_view()\n",
                             default_timeout=120)
    at.query_params["kiosk"] = "1"
    at.query_params["lang"] = lang
    at.session_state[LANG_KEY] = lang
    return at.run()


@pytest.mark.parametrize("game", GAMES)
def test_kiosk_play_opens_on_one_big_start_with_the_choices_folded_behind_change_the_game(game):
    at = kiosk_play(game)
    assert not at.exception
    key = game_spec(game).key
    start = at.button(key=f"{key}_kiosk_start")
    assert start.label == "Empezar a jugar" and start.proto.type == "primary"
    panels = {e.label: e for e in at.expander}
    assert "Cambiar la partida" in panels and "Partida nueva" not in panels
    assert not panels["Cambiar la partida"].proto.expanded     # folded
    assert key not in at.session_state          # no game before the Start
    assert "Tú contra el ordenador, con las reglas del texto vasco." in \
        " ".join(m.value for m in at.markdown)


@pytest.mark.parametrize("game", GAMES)
def test_the_kiosks_start_seats_one_person_against_the_computer_on_the_basque_texts_rules(game):
    from ui import play
    at = kiosk_play(game)
    spec = game_spec(game)
    at.button(key=f"{spec.key}_kiosk_start").click().run()
    assert not at.exception
    session = at.session_state[spec.key]
    assert session.choices["ruleset"] == spec.game.rulesets[0].name == "basque_text"
    assert play.people(spec, session) == (0,)
    assert f"{spec.key}_kiosk_start" not in [b.key for b in at.button]
    assert "Cambiar la partida" in [e.label for e in at.expander]   # still there, folded


def test_a_second_tap_on_start_starts_no_second_game_and_finds_the_controls_disabled(
        monkeypatch):
    import streamlit as st
    from ui import play
    monkeypatch.setattr(play.pace, "DEBOUNCE_SECONDS", 1.0)
    spec = game_spec("zohn_ahl")
    state: dict = {}
    monkeypatch.setattr(st, "session_state", state)
    play.start_at_once(spec, None)            # the first tap, on a screen with no game
    first = state[spec.key]
    assert play.locked(first)                 # the throw under the finger: disabled a moment
    play.start_at_once(spec, None)            # the same button's callback, drawn before
    assert state[spec.key] is first


def test_without_a_kiosk_the_play_view_keeps_its_new_game_form():
    at = AppTest.from_string("from ui.games.zohn_ahl.play import play_view\nplay_view()\n",
                             default_timeout=120)
    at.session_state[LANG_KEY] = "es"
    at.run()
    assert "Partida nueva" in [e.label for e in at.expander]
    assert "jokoak_zohn_ahl_play_kiosk_start" not in [b.key for b in at.button]
