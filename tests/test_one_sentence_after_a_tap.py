"""One sentence after a tap (issue 25): what a child reads right after tapping is one short
sentence, at most :data:`WORDS` words in every language of the booklet, and the rule's clause
waits one tap away behind "Why?" (lit in the Basque and the translation); clause ids show only
when the operator turns them on (``[booklet] clause_ids``).

The words are counted per feedback in every language: each lesson step's sentence after
success (its ``feedback``, else its ``why``), each wrong answer's why, its hint, the lesson view's own hint and
second-try sentence, and every reason an engine gives for refusing a move (read off the
engines' source: every ``reason(...)`` call and the msgids it can be given)."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from jokoak import ROOT
from games_support import GAMES
from jokoak.i18n import LANGUAGES, translator
from jokoak.content.lessons import DEFAULT_HINT, lessons, sentence_words

#: At most this many words in a child's sentence after a tap (in English and in every
#: translation: Spanish and French run longer than English, so the English is kept shorter).
WORDS = 20


#: Words as a reader counts them (a French "?" or ":" standing alone is no word;
#: "%(count)s" becomes a number, one word): the lessons' loader counts a wrong answer's why so.
words = sentence_words


def too_long(msgids: list[tuple[str, str | tuple[str, str]]]) -> list[str]:
    """``where: language: text (n words)`` for every translation over :data:`WORDS`."""
    found = []
    for where, msgid in msgids:
        for code in LANGUAGES:
            tr = translator(code)
            texts = ([tr.gettext(msgid)] if isinstance(msgid, str) else
                     [tr.ngettext(msgid[0], msgid[1], n) for n in (1, 5)])
            for text in texts:
                if words(text) > WORDS:
                    found.append(f"{where}: {code}: {text!r} ({words(text)} words)")
    return found


def test_words_are_counted_as_a_reader_counts_them():
    assert words("Vous avez touché l’autre bâton : il revient au départ.") == 9
    assert words("To stay on %(face)s, bid at least %(count)s dice.") == 9


# ---- lessons -------------------------------------------------------------------------------

def lesson_sentences() -> list[tuple[str, str | tuple[str, str]]]:
    out: list[tuple[str, str | tuple[str, str]]] = [("lesson hint", DEFAULT_HINT)]
    for game in GAMES:
        for lesson in lessons(game):
            for n, step in enumerate(lesson.steps, start=1):
                where = f"{game}/{lesson.name} step {n}"
                out.append((f"{where} after success", step.said))
                out += [(f"{where} wrong answer {c}", choice.why)
                        for c, choice in enumerate(step.choices, start=1) if choice.why]
                if step.hint:
                    out.append((f"{where} hint", step.hint))
    return out


def test_every_lesson_step_says_one_short_sentence_after_the_tap_in_every_language():
    found = lesson_sentences()
    assert len(found) > 2 + sum(len(lesson.steps) for g in GAMES for lesson in lessons(g))
    assert too_long(found) == []


def test_a_long_explanation_waits_behind_why_with_a_short_sentence_before_it():
    """A step whose why is longer than a child reads at once says its feedback first."""
    for game in GAMES:
        for lesson in lessons(game):
            for step in lesson.steps:
                if step.feedback:
                    assert step.said == step.feedback and step.behind_why == step.why
                else:
                    assert step.said == step.why and step.behind_why == ""


# ---- the engines' refusals -----------------------------------------------------------------

ENGINE_SOURCES = [ROOT / "jokoak" / "engine" / "core.py",
                  *sorted((ROOT / "jokoak" / "games").rglob("*.py"))]


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def _msgids(node: ast.expr, module: Any) -> Iterator[str | tuple[str, str]]:
    """The msgids an argument of ``reason(...)`` can be: a name or a subscript of the
    module (every value of the mapping), a conditional (both sides), an ``N_``/``Nn_``."""
    if isinstance(node, ast.IfExp):
        yield from _msgids(node.body, module)
        yield from _msgids(node.orelse, module)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("N_", "Nn_"):
        values = [ast.literal_eval(a) for a in node.args]
        yield values[0] if len(values) == 1 else (values[0], values[1])
    elif isinstance(node, ast.Name):
        yield getattr(module, node.id)
    elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        yield from getattr(module, node.value.id).values()
    else:
        raise AssertionError(f"{module.__name__}: a reason's msgid this test cannot read: "
                             f"{ast.unparse(node)}")


def refusal_msgids() -> list[tuple[str, str | tuple[str, str]]]:
    out = []
    for path in ENGINE_SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)
                 and isinstance(n.func, ast.Name) and n.func.id == "reason" and n.args]
        if not calls:
            continue
        module = importlib.import_module(_module_name(path))
        for call in calls:
            for msgid in _msgids(call.args[0], module):
                out.append((f"{path.relative_to(ROOT)}:{call.lineno}", msgid))
    return out


def test_the_refusals_are_read_off_every_engine():
    found = {m if isinstance(m, str) else m[0] for _, m in refusal_msgids()}
    from jokoak.games.peruludo import refusals
    assert {"It is not your turn.", "The game is over.", refusals.REPEATED,
            refusals.AT_LEAST_UNUSED[0]} <= found
    assert len(found) >= 30


def test_every_refusal_the_engines_give_is_one_short_sentence_in_every_language():
    assert too_long(refusal_msgids()) == []


# ---- the views: one sentence on screen, the clause behind "Why?" ---------------------------

def _page(at) -> str:
    return " ".join(m.value for m in at.markdown)


def _shown_before_why(box: str) -> str:
    """The words of a feedback box a child sees without tapping "Why?"."""
    visible = re.sub(r"<style>.*?</style>", " ", box.split('<details class="jokoak-why"')[0],
                     flags=re.S)
    return re.sub(r"<[^>]+>", " ", visible)


def _first_zohn_ahl_throw(lang: str):
    from test_lesson_views import click, open_lesson
    at = open_lesson("zohn_ahl", lang=lang)
    click(at, "jokoak_lesson_zohn_ahl_throw")
    return at


@pytest.fixture
def no_fresh_screen_wait(no_waiting, monkeypatch):
    monkeypatch.setattr("ui.lesson.FRESH_SCREEN_SECONDS", 0.0)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_after_the_first_zohn_ahl_throw_the_lesson_says_one_sentence_and_hides_the_clauses_behind_why(
        lang, no_fresh_screen_wait):
    """The issue's example: five clauses, about 60 words with "25,4 cm × 1,59 cm", were on
    screen after the first throw. Now: the step's sentence, and the five clauses behind
    "Why?", lit in the Basque and (but for a Basque visitor) in the translation."""
    at = _first_zohn_ahl_throw(lang)
    step = lessons("zohn_ahl")[0].steps[0]
    page = _page(at)
    box = next(m.value for m in at.markdown if 'class="jokoak-lesson-why"' in m.value)
    shown = _shown_before_why(box)
    assert translator(lang).gettext(step.said) in shown.replace("&#x27;", "'").replace("&quot;", '"')
    assert words(shown) <= WORDS and "cm" not in shown
    behind = box.split('<details class="jokoak-why"')[1]
    for clause in step.teaches:
        assert f'data-segment="{clause}"' in behind
    lit = re.findall(r'class="jk-seg [^"]*jk-hl" lang="(\w+)"', behind)
    assert set(lit) == ({"eu"} if lang == "eu" else {"eu", lang})   # Basque, translation
    assert 'class="jk-id"' not in page


def test_a_step_with_a_feedback_keeps_its_longer_why_behind_why(no_fresh_screen_wait):
    from test_lesson_views import click, open_lesson
    lesson = lessons("zaldi_zuria")[0]
    step = lesson.steps[0]
    assert step.feedback
    at = open_lesson("zaldi_zuria")
    click(at, "jokoak_lesson_zaldi_zuria_throw")
    box = next(m.value for m in at.markdown if 'class="jokoak-lesson-why"' in m.value)
    english = translator("en")
    from html import escape
    assert escape(english.gettext(step.feedback)) in _shown_before_why(box)
    assert escape(english.gettext(step.why)) in box.split('<details class="jokoak-why"')[1]


def test_clause_ids_show_in_lessons_and_play_only_when_the_operator_turns_them_on(
        no_fresh_screen_wait, monkeypatch):
    from jokoak.service.settings import BookletSettings, Settings
    import ui.kiosk_mode
    monkeypatch.setattr(ui.kiosk_mode, "settings",
                        lambda: Settings(booklet=BookletSettings(clause_ids=True)))
    at = _first_zohn_ahl_throw("en")
    box = next(m.value for m in at.markdown if 'class="jokoak-lesson-why"' in m.value)
    assert '<span class="jk-id" lang="zxx" translate="no">throw.three</span>' in box


def test_the_clause_ids_setting_is_off_unless_the_operator_turns_it_on():
    from jokoak.service.settings import parse_settings
    assert not parse_settings("").booklet.clause_ids
    assert parse_settings("[booklet]\nclause_ids = true\n").booklet.clause_ids
    bad = parse_settings('[booklet]\nclause_ids = "yes"\n')
    assert not bad.booklet.clause_ids and bad.problems[0].params == {"key": "booklet.clause_ids"}
    assert "clause_ids = false" in (ROOT / "jokoak.toml").read_text(encoding="utf-8")


def test_each_line_of_the_zohn_ahl_play_log_says_what_happened_with_its_rule_behind_why(no_waiting):
    from view_support import open_view
    at = open_view("games.zohn_ahl.play", "play_view", "fr")
    at.button(key="jokoak_zohn_ahl_play_new").click().run()
    for _ in range(6):
        throw = [b for b in at.button if b.key.startswith("jokoak_zohn_ahl_play_throw")
                 and not b.disabled]
        if throw:
            throw[0].click().run()
            break
        at.run()
    page = _page(at)
    log = page[page.index('class="jokoak-log"'):]
    lines = log.split("<li>")[1:]
    assert lines and all('<details class="jokoak-why"' in line for line in lines
                         if "data-segment" in line)
    assert any("data-segment" in line for line in lines)
    assert 'class="jk-id"' not in page and "jk-clause-ids" not in page
    for line in lines:
        assert words(_shown_before_why(line)) <= WORDS
