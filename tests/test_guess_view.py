"""Guess first, then see, driven in AppTest as a visitor would: guess with the slider, throw,
see the guess, the share seen and the exact chance side by side; a double tap is one run."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from jokoak.odds.guesses import questions
from ui.common import LANG_KEY

KEY = "jokoak_test_guess"
#: One guess step on a page, and what it returned (a lesson moves on once it is True).
SCRIPT = f"""
import streamlit as st
from ui.guess import guess_step
seen = guess_step(st.session_state.get("game", "zaldi_zuria"),
                  st.session_state.get("question", "all_blank"), "{KEY}")
st.caption("answer seen" if seen else "answer not seen yet")
"""


# Every throw lands at once and no debounce window: each click is a deliberate tap.
pytestmark = pytest.mark.usefixtures("no_waiting")


def open_step(lang="en", game="zaldi_zuria", question="all_blank") -> AppTest:
    at = AppTest.from_string(SCRIPT, default_timeout=120)
    at.session_state[LANG_KEY] = lang
    at.session_state["game"] = game
    at.session_state["question"] = question
    return at.run()


def markup(at) -> str:
    return "\n".join(m.value for m in at.markdown)


def throw_button(at):
    return next(b for b in at.button if b.key.startswith(f"{KEY}_throw_r"))


def test_the_question_comes_first_with_a_slider_and_no_answer():
    at = open_step()
    assert not at.exception
    assert "How often do all eight dice show blank?" in markup(at)
    assert at.slider(key=f"{KEY}_slider").value == 50
    assert 'class="jokoak-guess-answer"' not in markup(at)
    assert at.caption[0].value == "answer not seen yet"


def test_throwing_shows_the_guess_the_share_seen_and_the_exact_chance():
    at = open_step()
    at.slider(key=f"{KEY}_slider").set_value(30).run()
    throw_button(at).click().run()
    assert not at.exception
    run = at.session_state[KEY]
    page = markup(at)
    share = sum(run.landed) / len(run.landed)
    assert len(run.landed) == 300 and run.guess == 30
    assert '<p class="v">30%</p>' in page
    assert f'<p class="v">{share:.1%}</p>' in page
    assert '<p class="v">23.3%</p>' in page and "about 1 in 4" in page
    assert at.caption[0].value == "answer seen"


def test_the_exact_fraction_is_one_tap_away():
    at = open_step()
    throw_button(at).click().run()
    fraction = questions("zaldi_zuria")["all_blank"].exact
    expander = next(e for e in at.expander if e.label == "The exact fraction")
    text = "\n".join(m.value for m in expander.markdown)
    assert f"{fraction.numerator:,} throws in {fraction.denominator:,}" in text


def test_the_slider_and_the_answer_are_in_the_visitors_language():
    from jokoak.i18n import translator
    at = open_step("fr")
    label = translator("fr").gettext("Your guess: in how many throws out of 100?")
    assert at.slider(key=f"{KEY}_slider").label == label != "Your guess: in how many throws out of 100?"
    at.slider(key=f"{KEY}_slider").set_value(30).run()
    throw_button(at).click().run()
    page = markup(at)
    assert '<p class="v">30\u202f%</p>' in page or '<p class="v">30\u00a0%</p>' in page
    assert "23,3" in page and "environ 1 sur 4" in page


def test_a_double_tap_is_one_run():
    from ui.guess import GuessRun, accept_throw
    question = questions("zohn_ahl")["ten"]
    run = GuessRun()
    assert accept_throw(run, question, 0, 40, now=100.0)
    # the second tap of the same finger was sent by the button drawn for run 0
    assert not accept_throw(run, question, 0, 40, now=100.2)
    assert run.runs == 1 and len(run.landed) == 300


def test_a_tap_within_the_debounce_window_changes_nothing(monkeypatch):
    import ui.play
    from ui.guess import GuessRun, accept_again
    monkeypatch.setattr(ui.play.pace, "DEBOUNCE_SECONDS", 1.0)
    from ui.guess import accept_throw
    run = GuessRun()
    accept_throw(run, questions("zohn_ahl")["ten"], 0, 40, now=100.0)
    assert not accept_again(run, 1, now=100.3)      # "Guess again" under the same finger
    assert run.done and accept_again(run, 1, now=101.5)


def test_after_a_run_the_throw_button_is_gone_and_guess_again_brings_it_back():
    at = open_step()
    throw_button(at).click().run()
    assert not [b for b in at.button if b.key.startswith(f"{KEY}_throw_r")]
    at.button(key=f"{KEY}_again_r1").click().run()
    assert throw_button(at).key == f"{KEY}_throw_r1"
    assert at.caption[0].value == "answer seen"     # a lesson may still move on


def test_each_run_has_its_own_seed():
    at = open_step()
    throw_button(at).click().run()
    first = at.session_state[KEY].seed
    at.button(key=f"{KEY}_again_r1").click().run()
    throw_button(at).click().run()
    assert at.session_state[KEY].seed != first


def test_an_unknown_question_is_said_not_raised():
    at = open_step(question="no_such_question")
    assert not at.exception and at.warning
    assert at.caption[0].value == "answer not seen yet"


@pytest.mark.parametrize("module", ["games.zaldi_zuria.views", "games.peruludo.views", "games.zohn_ahl.views"])
def test_each_odds_view_offers_guess_first(module):
    from view_support import open_view
    at = open_view(module, "odds_view")
    assert not at.exception
    assert any(e.label == "Guess first, then see" for e in at.expander)
    assert [b for b in at.button if "_guess_" in b.key and "_throw_r0" in b.key]


def test_an_exact_chance_of_a_quarter_percent_is_shown_whole():
    at = open_step(game="zohn_ahl", question="ten")
    throw_button(at).click().run()
    assert '<p class="v">6.25%</p>' in markup(at) and "about 1 in 16" in markup(at)


def test_with_a_pace_the_throws_land_a_batch_a_tick_and_the_answer_comes_after_the_last(
        monkeypatch):
    import ui.guess
    import ui.play
    monkeypatch.setattr(ui.play.pace, "PACE_SCALE", 1.0)
    at = open_step()
    throw_button(at).click().run()
    landed = [len(at.session_state[KEY].landed)]
    while landed[-1] < 300 and len(landed) < 40:
        assert 'class="jokoak-guess-answer"' not in markup(at)
        at.run()  # a tick of the fragment
        landed.append(len(at.session_state[KEY].landed))
    assert landed[-1] == 300 and len(landed) > 5
    assert all(b - a <= ui.guess.BATCH for a, b in zip(landed, landed[1:]))
    assert 'class="jokoak-guess-answer"' in markup(at)
    assert at.caption[0].value == "answer seen"


def test_a_run_is_seeded_by_new_seed_and_drawn_batch_by_batch_as_chance_moves(monkeypatch):
    import ui.guess
    from jokoak.engine.driver import chance_rng
    monkeypatch.setattr(ui.guess, "new_seed", lambda: 1234)
    question = questions("peruludo")["two_of_five"]
    run = ui.guess.GuessRun()
    ui.guess.accept_throw(run, question, 0, 50, now=10.0)
    expected = [hit for b in range(300 // ui.guess.BATCH)
                for hit in question.throws(chance_rng(1234, b), ui.guess.BATCH)]
    assert run.seed == 1234 and run.landed == expected


def test_the_second_tap_on_guess_again_does_not_throw(monkeypatch):
    import ui.play
    from ui.guess import GuessRun, accept_again, accept_throw
    monkeypatch.setattr(ui.play.pace, "DEBOUNCE_SECONDS", 1.0)
    question = questions("zohn_ahl")["two"]
    run = GuessRun()
    accept_throw(run, question, 0, 40, now=100.0)
    assert accept_again(run, 1, now=102.0)
    # the finger lands again where the new throw button is drawn, 0.2 s later
    assert not accept_throw(run, question, 1, 40, now=102.2)
    assert run.runs == 1 and run.seed is None
