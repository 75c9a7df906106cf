"""The lesson view, driven as a visitor would in AppTest: every lesson is walked to its end by
tapping the play views' own controls and the answer buttons; a refused move shows the
engine's reason, a legal move that is not the lesson's a hint, a wrong answer a second try;
taps are idempotent and the URL keeps the progress."""

from __future__ import annotations

import re
import time
from html import escape

import pytest
from streamlit.testing.v1 import AppTest

from games_support import games_with_lessons
from jokoak.i18n import translator
from jokoak.content.lessons import lessons
import ui.play
import ui.games.zohn_ahl.play
from ui.common import LANG_KEY

TIMEOUT = 120


@pytest.fixture(autouse=True)
def no_fresh_screen_wait(no_waiting, monkeypatch):
    """No double-tap window: each click is a deliberate tap; a guess's throws land at once
    (``no_waiting``), and a new step's screen takes taps at once."""
    monkeypatch.setattr("ui.lesson.FRESH_SCREEN_SECONDS", 0.0)


def open_lesson(game, lang="en", lesson=None, lstep=None):
    at = AppTest.from_string(f"from ui.lesson import lesson_view\nlesson_view({game!r})\n",
                             default_timeout=TIMEOUT)
    at.session_state[LANG_KEY] = lang
    if lesson is not None:
        at.query_params["lesson"] = lesson
    if lstep is not None:
        at.query_params["lstep"] = lstep
    return at.run()


def session(at, game):
    return at.session_state[f"jokoak_lesson_{game}"]


def buttons(at):
    return {re.sub(r"_t\d+$", "", b.key): b for b in at.button if b.key}


def click(at, key):
    found = buttons(at)
    assert key in found, (key, sorted(found))
    found[key].click().run()
    assert not at.exception, at.exception


def tap_action(at, game, action):
    """Tap the control of the play view that makes ``action`` (the visitor's seat)."""
    spec = f"jokoak_lesson_{game}"
    if game == "peruludo" and action.startswith("bid:"):
        quantity, face = (int(x) for x in action.split(":")[1:])
        state = session(at, game).position.state
        from ui.games.peruludo.play import quick_bids
        if action in quick_bids(state):
            click(at, f"{spec}_quick{face}")
            return
        click(at, f"{spec}_face{face}")
        while at.session_state[f"{spec}_q"] != quantity:
            click(at, f"{spec}_qplus" if at.session_state[f"{spec}_q"] < quantity else f"{spec}_qminus")
        click(at, f"{spec}_bid")
    elif game == "zaldi_zuria" and action.startswith("bid:"):
        from ui.games.zaldi_zuria.play import RAISES
        state = session(at, game).position.state
        legal = [f"bid:{state.high_bid + n}" for n in RAISES if f"bid:{state.high_bid + n}" in state.legal_actions()]
        click(at, f"{spec}_bid{legal.index(action)}")
    elif game == "zaldi_zuria" and action == "pass" and session(at, game).position.state.phase == "auction":
        click(at, f"{spec}_nobid")
    else:
        click(at, f"{spec}_{action}")


def walk(at, game, lesson, lang="en"):
    """Do every step of ``lesson`` right, pressing Next after each; the view ends on the
    lesson's last screen."""
    for index, step in enumerate(lesson.steps):
        now = session(at, game)
        assert (now.extra["lesson"], now.extra["index"], now.extra["done"]) == (lesson.name, index, False)
        if step.kind == "action":
            tap_action(at, game, step.expect)
        elif step.kind == "question":
            click(at, f"jokoak_lesson_choice_{game}_{index}_{step.right_choice}")
        else:  # a guess: the slider as it stands, then "Throw 300 times"
            assert not session(at, game).extra["done"]
            click(at, f"jokoak_lesson_guess_{game}_{index}_throw_r0")
        assert session(at, game).extra["done"], (lesson.name, index)
        assert escape(translator(lang).gettext(step.said)) in " ".join(m.value for m in at.markdown)
        click(at, f"jokoak_lesson_next_{game}_{index}")
        assert at.query_params["lstep"] == str(index + 2)


@pytest.mark.parametrize("game", games_with_lessons())
def test_every_lesson_is_walked_to_its_end_by_tapping_the_play_views_controls(game):
    at = open_lesson(game)
    for lesson in lessons(game):
        if len(lessons(game)) > 1:
            click(at, f"jokoak_lesson_pick_{game}_{lesson.name}")
        walk(at, game, lesson)
        assert "jokoak_lesson_real_" + game in buttons(at)  # "Play a real game"


@pytest.mark.parametrize("game", games_with_lessons())
def test_the_first_lesson_walks_in_basque_with_basque_texts(game):
    at = open_lesson(game, lang="eu")
    walk(at, game, lessons(game)[0], "eu")
    assert "Jokatu benetako partida bat" in [b.label for b in at.button]


def behind_why(text):
    """The markup behind the page's "Why?" chips (the clauses, lit)."""
    return "".join(part.split("</details>")[0] for part in text.split('class="jokoak-why"')[1:])


def test_a_legal_move_that_is_not_the_lessons_gets_the_hint_and_a_second_try():
    at = open_lesson("peruludo", lesson="01_first_round", lstep="1")
    before = session(at, "peruludo").position.length
    click(at, "jokoak_lesson_peruludo_quick3")           # legal, but the step asks for 4 × 2
    now = session(at, "peruludo")
    assert not now.extra["done"] and now.position.length == before  # nothing was played
    text = " ".join(m.value for m in at.markdown)
    assert "this step asks for four 2s" in text
    assert 'class="jokoak-why"' in text and 'class="jk-id"' not in text
    tap_action(at, "peruludo", "bid:4:2")
    assert session(at, "peruludo").extra["done"]


def test_a_lesson_offers_no_control_its_step_does_not_teach():
    """The first zaldi zuria throw: Throw alone, no Pass beside it (no step teaches it)."""
    at = open_lesson("zaldi_zuria")
    assert "jokoak_lesson_zaldi_zuria_throw" in buttons(at)
    assert "jokoak_lesson_zaldi_zuria_pass" not in buttons(at)


def test_a_bid_the_rules_refuse_says_why_in_words_with_its_clause_behind_why_and_cannot_be_tapped():
    at = open_lesson("peruludo", lesson="01_first_round", lstep="2")
    click(at, "jokoak_lesson_peruludo_face6")
    while at.session_state["jokoak_lesson_peruludo_q"] > 1:
        click(at, "jokoak_lesson_peruludo_qminus")
    text = " ".join(m.value for m in at.markdown)
    assert "jokoak-refused" in text and 'data-segment="raise.to_wild"' in behind_why(text)
    assert 'class="jk-id"' not in text
    assert buttons(at)["jokoak_lesson_peruludo_bid"].disabled


def test_a_doia_called_on_ones_own_turn_is_refused_with_the_engines_reason_its_clause_behind_why():
    """Doia is called only when it is not one's turn: on the visitor's turn to answer Player
    3's bid, a doia tap (the Doia button's callback) keeps the position and the lesson shows
    the engine's reason, with the clause it rests on, as the play view's controls show it."""
    from jokoak.engine.core import refusal
    from ui.lesson import _spec, lesson_tap
    at = open_lesson("peruludo", lesson="01_first_round", lstep="1")
    now = session(at, "peruludo")
    before = now.position.length
    why = refusal(now.position.state, "doia", 0)
    assert why is not None and why.clauses
    assert not lesson_tap(_spec("peruludo", 0), now, ui.play.token(now), 0, "doia",
                          time.monotonic() + 5)
    at.run()
    assert now.position.length == before and not now.extra["done"]
    english = translator("en")
    refused = [m.value for m in at.markdown if 'class="jokoak-refused"' in m.value]
    assert len(refused) == 1   # once, not by the controls and again under them
    assert escape(why.text(english.gettext, english.ngettext)) in refused[0]
    assert all(f'data-segment="{clause}"' in behind_why(refused[0]) for clause in why.clauses)


def test_a_refused_tap_keeps_the_position_and_records_the_engines_reason():
    from ui.lesson import lesson_tap, _spec
    at = open_lesson("peruludo", lesson="01_first_round", lstep="2")
    now = session(at, "peruludo")
    before = now.position.length
    assert not lesson_tap(_spec("peruludo", 0), now, ui.play.token(now), 0, "bid:1:6",
                          time.monotonic() + 5)
    assert now.position.length == before and "raise.to_wild" in now.refused.clauses


def test_a_double_tap_plays_the_lessons_move_once():
    from ui.lesson import lesson_tap, _spec
    at = open_lesson("zaldi_zuria")
    now = session(at, "zaldi_zuria")
    spec = _spec("zaldi_zuria", 0)
    later = time.monotonic() + 5
    drawn = ui.play.token(now)
    assert lesson_tap(spec, now, drawn, 0, "throw", later)
    after = now.position.length
    assert not lesson_tap(spec, now, drawn, 0, "throw", later + 0.2)  # drawn for the old position
    assert now.position.length == after == 2 and now.extra["done"]


def test_a_wrong_answer_is_refused_with_the_rule_and_a_second_try():
    at = open_lesson("zaldi_zuria", lesson="01_first_throws", lstep="3")
    step = lessons("zaldi_zuria")[0].steps[2]
    wrong = next(i for i, c in enumerate(step.choices) if not c.right)
    click(at, f"jokoak_lesson_choice_zaldi_zuria_2_{wrong}")
    assert not session(at, "zaldi_zuria").extra["done"]
    text = " ".join(m.value for m in at.markdown)
    assert escape(step.choices[wrong].why) in text    # that answer's own why
    assert 'data-segment="phase2.throw3.pay"' in behind_why(text)
    click(at, f"jokoak_lesson_choice_zaldi_zuria_2_{step.right_choice}")
    assert session(at, "zaldi_zuria").extra["done"]


def test_a_question_hides_its_outcome_until_it_is_answered():
    at = open_lesson("zohn_ahl", lesson="01_first_throws", lstep="4")
    step = lessons("zohn_ahl")[0].steps[3]
    assert session(at, "zohn_ahl").position.length == len(step.record.actions) - 1
    click(at, f"jokoak_lesson_choice_zohn_ahl_3_{step.right_choice}")
    assert session(at, "zohn_ahl").position.record == step.record


def test_the_url_keeps_the_progress_so_a_new_session_resumes_the_step():
    at = open_lesson("zohn_ahl")
    click(at, "jokoak_lesson_zohn_ahl_throw")
    click(at, "jokoak_lesson_next_zohn_ahl_0")
    assert at.query_params["lstep"] == "2"
    again = open_lesson("zohn_ahl", lesson=at.query_params["lesson"], lstep="2")
    assert session(again, "zohn_ahl").extra["index"] == 1


def test_a_rerun_carrying_the_address_of_the_step_just_left_keeps_the_new_step():
    """The second tap of a double tap on "Next", sent before the first tap's address came
    back, carries ``lstep`` of the step just left: the lesson stays on the new step."""
    at = open_lesson("zohn_ahl")
    click(at, "jokoak_lesson_zohn_ahl_throw")
    click(at, "jokoak_lesson_next_zohn_ahl_0")
    at.query_params["lstep"] = "1"          # what the browser still had
    at.run()
    assert session(at, "zohn_ahl").extra["index"] == 1
    assert at.query_params["lstep"] == "2"


def test_a_rerun_carrying_the_view_just_left_after_play_a_real_game_stays_in_play():
    """A double tap on "Play a real game": the second tap's rerun carries ``view=learn``."""
    at = AppTest.from_string("from ui.game_page import render\nrender('zohn_ahl')\n",
                             default_timeout=TIMEOUT)
    at.session_state[LANG_KEY] = "en"
    at.query_params.update(view="learn", lesson="01_first_throws",
                           lstep=str(len(lessons("zohn_ahl")[0].steps) + 1))
    at.run()
    click(at, "jokoak_lesson_real_zohn_ahl")
    assert at.query_params["view"] == "play"
    assert "lesson" not in at.query_params and "lstep" not in at.query_params
    at.query_params.update(view="learn", lesson="01_first_throws", lstep="7")  # the old address
    at.run()
    assert at.query_params["view"] == "play"
    assert "lesson" not in at.query_params and "lstep" not in at.query_params
    assert at.session_state["jokoak_view_zohn_ahl"] == "play"


def test_a_link_to_another_step_in_a_new_session_opens_that_step():
    """Only this session's own old address is an echo: a link opens the step it names."""
    at = open_lesson("zohn_ahl", lesson="01_first_throws", lstep="3")
    assert session(at, "zohn_ahl").extra["index"] == 2


@pytest.mark.parametrize("lesson, lstep", [("../x", "1"), ("01_first_throws", "99"),
                                           ("01_first_throws", "²"), ("01_first_throws", "0")])
def test_a_lesson_link_that_does_not_fit_opens_the_first_step(lesson, lstep):
    at = open_lesson("zaldi_zuria", lesson=lesson, lstep=lstep)
    assert not at.exception
    now = session(at, "zaldi_zuria")
    assert (now.extra["lesson"], now.extra["index"]) == (lessons("zaldi_zuria")[0].name, 0)


def test_the_end_of_a_lesson_offers_a_real_game_with_the_visitors_seat():
    at = open_lesson("zohn_ahl", lesson="01_first_throws",
                     lstep=str(len(lessons("zohn_ahl")[0].steps) + 1))
    click(at, "jokoak_lesson_real_zohn_ahl")
    game = at.session_state["jokoak_zohn_ahl_play"]
    assert game.position.record.seed is not None
    assert ui.play.people(ui.games.zohn_ahl.play.SPEC, game) == (lessons("zohn_ahl")[0].seat,)
    assert at.session_state["jokoak_view_zohn_ahl"] == "play"
    assert at.query_params["view"] == "play"


def test_the_kiosk_attract_screen_opens_a_games_first_lesson_in_the_kiosks_language():
    from jokoak import ROOT
    from ui.kiosk import STARTED_KEY
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    at.query_params["kiosk"] = "1"
    at.run()
    assert [b.label for b in at.button if b.key.startswith("jokoak_learn_")] == [
        "zaldi zuria: Ikasi 2 minututan", "peruludo: Ikasi 2 minututan",
        "zohn ahl: Ikasi 2 minututan"]
    at.button(key="jokoak_learn_peruludo").click().run()
    assert not at.exception and at.session_state[STARTED_KEY]
    assert at.query_params["view"] == "learn" and at.query_params["lstep"] == "1"
    assert session(at, "peruludo").extra["index"] == 0


def test_home_offers_learn_it_in_2_minutes_first_for_every_game_with_lessons():
    from jokoak import ROOT
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    at.session_state[LANG_KEY] = "fr"
    at.run()
    learn = [b for b in at.button if b.key.startswith("home_") and b.key.endswith("_learn")]
    assert [b.label for b in learn] == ["Apprendre en 2 minutes"] * 3
    assert all(b.proto.type == "primary" for b in learn)


def test_the_second_half_of_a_double_tap_on_next_lands_on_nothing(monkeypatch):
    """A child's double tap on "Next": the second tap, just after the new step was drawn,
    hits the control drawn in its place, and is ignored; a later tap plays."""
    from ui.lesson import _spec, lesson_tap
    monkeypatch.setattr("ui.lesson.FRESH_SCREEN_SECONDS", 0.6)
    at = open_lesson("zaldi_zuria")
    now = session(at, "zaldi_zuria")
    spec = _spec("zaldi_zuria", 0)
    drawn, token = now.extra["drawn_at"], ui.play.token(now)
    assert not lesson_tap(spec, now, token, 0, "throw", drawn + 0.3)
    assert not now.extra["done"]
    assert lesson_tap(spec, now, token, 0, "throw", drawn + 1.5)


def test_a_step_teaching_the_booklets_choice_marks_it_with_the_note_one_tap_away():
    at = open_lesson("zaldi_zuria", lang="es", lesson="02_auction_and_endings", lstep="7")
    step = lessons("zaldi_zuria")[1].steps[6]
    assert step.choice == "exact-hit-phase2"
    click(at, f"jokoak_lesson_choice_zaldi_zuria_6_{step.right_choice}")
    text = " ".join(m.value for m in at.markdown)
    assert '<details class="jk-choice"' in text and 'data-choice="exact-hit-phase2"' in text
    assert "Elección del cuadernillo" in text


def test_an_action_step_draws_the_eye_to_the_one_control_it_asks_for():
    at = open_lesson("peruludo", lesson="01_first_round", lstep="1")   # it asks for 4 × 2
    styles = " ".join(m.value for m in at.markdown if "outline:4px" in m.value)
    assert 'st-key-jokoak_lesson_peruludo_quick2_t' in styles
    assert "quick3" not in styles


@pytest.mark.parametrize("game", games_with_lessons())
def test_a_lesson_says_no_average_and_no_percentage(game):
    at = open_lesson(game)
    for lesson in lessons(game)[:1]:
        for index, step in enumerate(lesson.steps):
            shown = " ".join([m.value for m in at.markdown] + [c.value for c in at.caption])
            text = re.sub(r"<[^>]+>", " ", re.sub(r"<(style|svg)\b.*?</\1>", " ", shown,
                                                 flags=re.S))
            assert not re.search(r"\d\s?%|%\s?\d", text), (game, index, text)
            assert "average" not in text, (game, index)
            if step.kind == "action":
                tap_action(at, game, step.expect)
            elif step.kind == "question":
                click(at, f"jokoak_lesson_choice_{game}_{index}_{step.right_choice}")
            else:
                click(at, f"jokoak_lesson_guess_{game}_{index}_throw_r0")
            click(at, f"jokoak_lesson_next_{game}_{index}")


def test_a_zohn_ahl_lesson_points_at_the_stick_to_move_then_at_where_it_landed():
    at = open_lesson("zohn_ahl", lesson="01_first_throws", lstep="5")   # the hit
    board = " ".join(m.value for m in at.markdown if "jokoak-board" in m.value)
    assert 'data-highlight="stick" data-team="0"' in board
    assert 'data-highlight="landing"' not in board
    tap_action(at, "zohn_ahl", "throw")
    shown = " ".join(m.value for m in at.markdown)
    board = " ".join(m.value for m in at.markdown if "jokoak-board" in m.value)
    assert 'data-highlight="landing" data-team="0"' in board
    assert 'data-highlight="stick" data-team="1"' in board       # the stick sent back
    assert 'data-highlight="scoring" data-team="0"' in board     # the stick won
    assert shown.count('data-highlight="counted"') == 3          # three marked faces up
