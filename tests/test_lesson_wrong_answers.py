"""A wrong answer is marked, with one line of why (issue 37): the tapped answer turns red with
✗, and right under it its own sentence says why THAT answer is not what happened (the
choice's ``why``, content/LESSONS.md); another wrong answer says its own; "Why?" still opens
the clauses. Every shipped wrong answer has its why, translated in every language."""

from __future__ import annotations

from html import escape

import pytest

from games_support import GAMES
from jokoak.content.lessons import lessons
from jokoak.i18n import LANGUAGES, SOURCE_UI_LANGUAGE, interface_catalog, translator

from test_lesson_views import behind_why, click, open_lesson, session


@pytest.fixture(autouse=True)
def no_fresh_screen_wait(no_waiting, monkeypatch):
    monkeypatch.setattr("ui.lesson.FRESH_SCREEN_SECONDS", 0.0)


def _in_order(node):
    """The page's elements in the order they are drawn (buttons by label, text by value)."""
    children = getattr(node, "children", None)
    if children is not None:
        for child in (children.values() if isinstance(children, dict) else children):
            yield from _in_order(child)
    elif getattr(node, "type", "") == "button":
        yield ("button", node.label)
    elif hasattr(node, "value") and isinstance(node.value, str):
        yield ("text", node.value)


def _page(at):
    return " ".join(m.value for m in at.markdown)


def _shown(text):
    return escape(text)


ZALDI_BELL = ("zaldi_zuria", "01_first_throws", 2)   # a bell and 3 pips: two wrong answers


def _step(game, name, index):
    return next(x for x in lessons(game) if x.name == name).steps[index]


def _first_wrong_tapped():
    """The bell step opened and its first wrong answer tapped: the page, the step and the
    indexes of its two wrong answers."""
    game, name, index = ZALDI_BELL
    step = _step(game, name, index)
    first, second = [n for n, c in enumerate(step.choices) if not c.right]
    at = open_lesson(game, lesson=name, lstep=str(index + 1))
    click(at, f"jokoak_lesson_choice_{game}_{index}_{first}")
    return at, step, first, second


def test_a_wrong_tap_shows_that_answers_own_why_under_it_marked():
    at, step, first, second = _first_wrong_tapped()
    page = _page(at)
    assert _shown(step.choices[first].why) in page
    assert _shown(step.choices[second].why) not in page
    order = list(_in_order(at.main))
    marked = order.index(("button", "✗ " + step.choices[first].label))
    said = next(i for i, (kind, value) in enumerate(order)
                if kind == "text" and _shown(step.choices[first].why) in value)
    nxt = order.index(("button", step.choices[first + 1].label))
    assert marked < said < nxt          # right under the marked answer, before the next one
    assert f'data-segment="{step.teaches[0]}"' in behind_why(page)   # "Why?": the clauses


def test_a_second_wrong_answer_shows_its_own_why_instead():
    at, step, first, second = _first_wrong_tapped()
    game, _name, index = ZALDI_BELL
    click(at, f"jokoak_lesson_choice_{game}_{index}_{second}")
    page = _page(at)
    assert _shown(step.choices[second].why) in page
    assert _shown(step.choices[first].why) not in page
    labels = [b.label for b in at.button]
    assert "✗ " + step.choices[second].label in labels
    assert "✗ " + step.choices[first].label not in labels
    assert session(at, game).extra["wrong"] == second and not session(at, game).extra["done"]


def test_a_wrong_answers_why_is_said_in_the_visitors_language():
    game, name, index = ("zohn_ahl", "01_first_throws", 1)
    step = _step(game, name, index)
    wrong = next(n for n, c in enumerate(step.choices) if not c.right)
    at = open_lesson(game, lang="eu", lesson=name, lstep=str(index + 1))
    click(at, f"jokoak_lesson_choice_{game}_{index}_{wrong}")
    basque = translator("eu").gettext(step.choices[wrong].why)
    assert basque != step.choices[wrong].why and _shown(basque) in _page(at)


def test_a_double_tap_on_the_same_wrong_answer_counts_once(monkeypatch):
    counted = []
    monkeypatch.setattr("ui.lesson.counters.step_count",
                        lambda *args, **kw: counted.append(args[1]))
    game, name, index = ZALDI_BELL
    step = _step(game, name, index)
    wrong = next(n for n, c in enumerate(step.choices) if not c.right)
    at = open_lesson(game, lesson=name, lstep=str(index + 1))
    click(at, f"jokoak_lesson_choice_{game}_{index}_{wrong}")
    click(at, f"jokoak_lesson_choice_{game}_{index}_{wrong}")
    assert counted.count("hint") == 1   # one stumble, not two
    assert _page(at).count(_shown(step.choices[wrong].why)) == 1



def _wrong_answers():
    return [(f"{game}/{lesson.name} step {i + 1} choice {n + 1}", choice)
            for game in GAMES for lesson in lessons(game)
            for i, step in enumerate(lesson.steps) for n, choice in enumerate(step.choices)
            if not choice.right]


def test_every_shipped_wrong_answer_has_its_why_and_no_right_answer_has_one():
    wrong = _wrong_answers()
    assert len(wrong) >= 40
    assert [where for where, choice in wrong if not choice.why] == []
    assert [c.why for g in GAMES for lesson in lessons(g) for s in lesson.steps
            for c in s.choices if c.right and c.why] == []


@pytest.mark.parametrize("lang", [c for c in LANGUAGES if c != SOURCE_UI_LANGUAGE])
def test_every_wrong_answers_why_is_translated_and_not_fuzzy(lang):
    catalog = interface_catalog(lang)   # the shared catalog with the games' own merged in
    missing = []
    for where, choice in _wrong_answers():
        entry = catalog.get(choice.why)
        if entry is None or not entry.string or entry.fuzzy:
            missing.append(f"{where}: {choice.why}")
    assert missing == []
