"""Lessons remember the visitor: a star per lesson finished, kept in the URL (``?stars=``,
validated), "Again" on every step; against the computer one Undo per tap and a Hint (the
expert's move and one sentence of why) in every language."""

from __future__ import annotations

import re

import pytest

from jokoak import registry
from games_support import games_with_lessons
from jokoak.bots.hints import EXPERT_SAYS, hint
from jokoak.engine.driver import resume
from jokoak.i18n import LANGUAGES, translator
from jokoak.content.lessons import lessons
from ui.progress import parse_stars, star_line

from test_lesson_views import buttons, click, no_fresh_screen_wait, open_lesson, session, walk  # noqa: F401
from test_play_views import PERULUDO, _visitors_turn, start


@pytest.mark.parametrize("raw,stars", [("1", {1}), ("13", {1, 3}), ("123", {1, 2, 3})])
def test_a_star_list_names_finished_lessons_in_order(raw, stars):
    assert parse_stars(raw, 3) == frozenset(stars)


@pytest.mark.parametrize("raw", ["", "31", "11", "4", "0", "1a", "²", "١", "1234", " 1", None, 13])
def test_a_star_list_that_does_not_fit_is_refused(raw):
    assert parse_stars(raw, 3) is None


def test_the_star_line_shows_a_full_star_per_lesson_finished():
    assert star_line(frozenset({1, 3}), 3) == "★☆★"


def test_finishing_a_lesson_puts_its_star_in_the_url_and_on_its_button():
    game = "zaldi_zuria"
    at = open_lesson(game)
    walk(at, game, lessons(game)[0])
    assert at.query_params["stars"] == "1"
    labels = {b.key: b.label for b in at.button}
    assert labels[f"jokoak_lesson_pick_{game}_{lessons(game)[0].name}"].startswith("★ ")
    assert labels[f"jokoak_lesson_pick_{game}_{lessons(game)[1].name}"].startswith("☆ ")
    assert 'data-stars="1"' in " ".join(m.value for m in at.markdown)


def test_stars_from_a_link_are_kept_and_a_forged_list_is_dropped():
    at = open_lesson("peruludo", lesson=lessons("peruludo")[1].name, lstep="1")
    at.query_params["stars"] = "13"
    at.run()
    assert at.query_params["stars"] == "13"
    assert 'data-stars="2"' in " ".join(m.value for m in at.markdown)
    forged = open_lesson("peruludo")
    forged.query_params["stars"] = "9"
    forged.run()
    assert "stars" not in forged.query_params and not forged.exception


def test_again_opens_the_same_step_afresh():
    """A question step answered wrongly: "Again" draws the step as it first was (no wrong
    mark). Once a step is done, nothing is drawn where the finger was: no "Again"."""
    game = "zaldi_zuria"
    lesson = lessons(game)[0]
    index = next(n for n, step in enumerate(lesson.steps) if step.choices)
    wrong = next(n for n, choice in enumerate(lesson.steps[index].choices) if not choice.right)
    at = open_lesson(game, lstep=str(index + 1))
    click(at, f"jokoak_lesson_choice_{game}_{index}_{wrong}")
    assert session(at, game).extra["wrong"] == wrong
    click(at, f"jokoak_lesson_redo_{game}_{index}")
    now = session(at, game)
    assert (now.extra["index"], now.extra["done"], now.extra.get("wrong")) == (index, False, None)
    assert at.query_params["lstep"] == str(index + 1)
    right = next(n for n, choice in enumerate(lesson.steps[index].choices) if choice.right)
    click(at, f"jokoak_lesson_choice_{game}_{index}_{right}")
    assert session(at, game).extra["done"]
    assert f"jokoak_lesson_redo_{game}_{index}" not in buttons(at)


@pytest.mark.parametrize("game", games_with_lessons())
def test_a_hint_is_a_legal_move_with_one_sentence_in_every_language(game):
    engine = registry.plugin(game).game()
    seen = 0
    for lesson in lessons(game):
        for step in lesson.steps:
            if step.kind != "action":
                continue
            state = resume(engine, step.record).state
            found = hint(game, state, lesson.seat)
            assert found is not None and found.action in state.legal_actions()
            for code in LANGUAGES:
                t = translator(code)
                params = {k: 1 for k, _v in found.reason.params}
                text = t.gettext(found.reason.msgid) % params if params else t.gettext(
                    found.reason.msgid)
                if found.quoted:
                    text = t.gettext(EXPERT_SAYS) % {"why": text}
                assert text and not re.search(r"[.!?]\s+\w", text), text   # one sentence
            seen += 1
    assert seen


def test_the_hint_is_shown_on_a_tap_and_undo_takes_back_one_move_per_tap():
    at = start("games.peruludo.play", PERULUDO)
    game = _visitors_turn(at)
    keys = {k for k in buttons(at)}
    assert f"{PERULUDO}_coach_hint" in keys and f"{PERULUDO}_coach_undo" in keys
    click(at, f"{PERULUDO}_coach_hint")
    shown = [m.value for m in at.markdown if "jokoak-hint" in m.value]
    assert shown and "The expert in your seat would say" in shown[-1]
    expected = hint("peruludo", game.position.state, 0)
    assert f'data-hint="{expected.action}"' in shown[-1]
    # the visitor moves; the computers answer; Undo takes back the visitor's move only
    import ui.play
    made = ui.play.decisions_made(game)
    click(at, f"{PERULUDO}_palero" if game.position.state.bid else f"{PERULUDO}_bid")
    game = _visitors_turn(at) if not game.position.state.is_terminal() else game
    after = ui.play.decisions_made(game)
    assert after == made + 1
    undo = next(b for b in at.button if b.key.startswith(f"{PERULUDO}_coach_undo_t"))
    stale = undo.key
    undo.click().run()
    game = at.session_state[PERULUDO]
    assert ui.play.decisions_made(game) == made
    # the second tap of a double tap: sent for the screen before the undo, it does nothing
    import ui.play.coach
    from ui.games.peruludo.play import SPEC
    ui.play.coach.undo_once(SPEC, int(stale.rsplit("_t", 1)[1]))
    assert ui.play.decisions_made(game) == made
