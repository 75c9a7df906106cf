"""Kiosk play starts at once (issue 25): a kiosk's play view opens on one big Start, one person
against the computer on the Basque text's rules; the choices (players, rules, Ludii's
reading ...) wait folded behind "Change the game". For every game with a play view."""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from games_support import games_with_play_view
from ui.common import LANG_KEY
from ui.game_views import game_spec

pytestmark = pytest.mark.usefixtures("no_waiting")


def kiosk_play(game: str, lang: str = "es") -> AppTest:
    at = AppTest.from_string(f"from ui.games.{game}.play import play_view\nplay_view()\n",
                             default_timeout=120)
    at.query_params["kiosk"] = "1"
    at.query_params["lang"] = lang
    at.session_state[LANG_KEY] = lang
    return at.run()


@pytest.mark.parametrize("game", games_with_play_view())
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


@pytest.mark.parametrize("game", games_with_play_view())
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


def _kiosk_peruludo_until(at: AppTest, wanted: str, limit: int = 200) -> str:
    """Plays the visitor's seat at a kiosk (a quick bid when asked to bid) until the page
    says ``wanted``; the page's words then."""
    key = game_spec("peruludo").key
    for _ in range(limit):
        text = " ".join(m.value for m in at.markdown)
        if wanted in text:
            return text
        quick = [b for b in at.button if b.key.startswith(f"{key}_quick") and not b.disabled]
        if quick and "With your dice" not in text:
            quick[0].click()
        at.run()
        assert not at.exception
    raise AssertionError(f"never said {wanted!r}")


def test_at_a_kiosk_a_childs_chance_of_a_bid_is_said_in_words_never_as_a_percent():
    at = kiosk_play("peruludo", lang="en")
    at.button(key=f"{game_spec('peruludo').key}_kiosk_start").click().run()
    text = _kiosk_peruludo_until(at, "With your dice, at least")
    said = re.search(r"With your dice, at least (.+?) on the table: (.+?)\.", text)
    assert said, text
    assert said.group(2) in ("never", "certain", "almost certain") \
        or re.fullmatch(r"about \d+ in [\d,]+", said.group(2)), said.group(2)
    words = re.sub(r"<[^>]+>", " ", re.sub(r"<(style|svg)\b.*?</\1>", " ", text, flags=re.S))
    assert not re.search(r"\d\s?%|%\s?\d", words), words
    assert "chance is" not in text and "true with chance" not in text


#: What a child's Hint may say at a kiosk: a move in its button's words (English).
CHILD_HINTS = {
    "peruludo": r"Bid (one|two|three|four|five|six|seven|eight|nine|ten|\d+) \d+s?|Palero!|Doia!",
    "zaldi_zuria": r"Throw the dice|Pass|No bid|Bid \d+ chips?",
    "zohn_ahl": r"Throw the sticks",
}


def _hint_shown(at: AppTest, key: str, limit: int = 60) -> str:
    """Taps Hint as soon as it is offered; the hint's words."""
    for _ in range(limit):
        hints = [b for b in at.button if b.key.startswith(f"{key}_coach_hint_t")]
        if hints:
            hints[0].click().run()
            shown = " ".join(m.value for m in at.markdown if "jokoak-hint" in m.value)
            found = re.search(r'class="jokoak-hint"[^>]*><p>(.*?)</p>', shown)
            assert found, shown
            return found.group(1)
        at.run()
        assert not at.exception
    raise AssertionError("Hint was never offered")


@pytest.mark.parametrize("game", games_with_play_view())
def test_at_a_kiosk_a_childs_hint_is_the_move_in_its_buttons_words(game):
    at = kiosk_play(game, lang="en")
    key = game_spec(game).key
    at.button(key=f"{key}_kiosk_start").click().run()
    said = _hint_shown(at, key)
    assert re.fullmatch(CHILD_HINTS[game], said), said
    assert "%" not in said and "average" not in said
