"""Lessons in a real Chromium, tapped as a visitor would: lessons walked to their end (each
move by the play view's own control, each answer by its button, each "Next" tapped twice
fast, which must move one step), a move the rules refuse said in words with the clause it
breaks behind "Why?", a legal move that is not the lesson's hinted at with the clause the
step teaches behind "Why?", and each walk timed (printed: the machine's share of a lesson's two minutes).

The session's server and Chromium (tests/conftest.py); each walk its own page (its own
session).
"""

from __future__ import annotations

import time

import pytest

import browser_support
from jokoak.content.lessons import lessons

pytestmark = pytest.mark.browser

#: Walked in a real browser: each game's first lesson (the one Home and the kiosk offer), in
#: the kiosk's Basque, French or Spanish, and one lesson with a guess step. Every step of every
#: lesson is walked by tapping the play views' controls in tests/test_lesson_views.py (AppTest);
#: what only a browser shows — a hidden or covered control, a double tap's two clicks, the
#: page scrolled to the step — is the same code for every lesson.
WALKS = [("zaldi_zuria", lessons("zaldi_zuria")[0].name, "eu"),
         ("peruludo", lessons("peruludo")[0].name, "fr"),
         ("zohn_ahl", lessons("zohn_ahl")[0].name, "es"),
         ("peruludo", next(x.name for x in lessons("peruludo")
                           if any(s.kind == "guess" for s in x.steps)), "eu")]


def settled(page):
    browser_support.settled(page, 250)


def open_lesson(server, chromium, game, lesson, lang, size=(1366, 768)):
    page = chromium.new_page(viewport={"width": size[0], "height": size[1]})
    page.goto(f"{server.url}/{game}?lang={lang}&view=learn&lesson={lesson}&lstep=1")
    page.wait_for_selector('[data-lesson-step="1"][data-done="0"]', timeout=30000)
    settled(page)
    return page


def tap(page, css):
    """Tap the control ``css`` names (a control with help text holds a second button, its
    tooltip's: the first is the control)."""
    page.locator(css).first.click()


def control(game, action):
    """The CSS of the play-view control that makes ``action`` in a lesson."""
    key = f"jokoak_lesson_{game}"
    if action.startswith("bid:") and game == "peruludo":
        return f'[class*="st-key-{key}_quick{action.split(":")[2]}_t"] button'
    if action.startswith("bid:"):
        return f'[class*="st-key-{key}_bid0_t"] button'   # the lowest raise the view offers
    return f'[class*="st-key-{key}_{action}_t"] button'


#: A visitor reads before tapping: a tap within ui.lesson.FRESH_SCREEN_SECONDS of a new
#: screen is taken for the second half of a double tap.
READ = 700


def do_step(page, game, index, step):
    page.wait_for_timeout(READ)
    if step.kind == "action":
        page.locator(control(game, step.expect)).first.click()
    elif step.kind == "question":
        page.locator(f'[class*="st-key-jokoak_lesson_choice_{game}_{index}_{step.right_choice}_t"]'
                     " button").first.click()
    else:
        page.locator(f'.st-key-jokoak_lesson_guess_{game}_{index}_throw_r0 button').click()
    page.wait_for_selector(f'[data-lesson-step="{index + 1}"][data-done="1"]', timeout=30000)


@pytest.mark.parametrize("game,name,lang", WALKS)
def test_every_lesson_is_walked_by_tapping_and_a_fast_double_tap_moves_one_step(
        server, chromium_browser, game, name, lang):
    lesson = next(x for x in lessons(game) if x.name == name)
    page = open_lesson(server, chromium_browser, game, name, lang, size=(1080, 1920))
    start = time.monotonic()
    for index, step in enumerate(lesson.steps):
        do_step(page, game, index, step)
        page.wait_for_timeout(READ)
        page.locator(f".st-key-jokoak_lesson_next_{game}_{index} button").dblclick()
        after = index + 2
        if after <= len(lesson.steps):
            page.wait_for_selector(f'[data-lesson-step="{after}"][data-done="0"]', timeout=30000)
        else:
            page.wait_for_selector('[data-lesson-over="1"]', timeout=30000)
        settled(page)  # a second "Next" would have been played by now
        assert f"lstep={after}" in page.url and page.locator(
            f'[data-lesson-step="{after + 1}"]').count() == 0  # one step on, not two
    # the machine's part of "a first-timer finishes in under two minutes": taps and redraws
    print(f"{game}/{name} [{lang}]: {len(lesson.steps)} steps tapped through in "
          f"{time.monotonic() - start:.1f} s, {2 * len(lesson.steps) * READ / 1000:.1f} s of "
          f"it reading pauses")
    assert page.locator(f".st-key-jokoak_lesson_real_{game} button").is_visible()
    assert page.locator('[data-testid="stException"]').count() == 0
    page.close()


def opens_behind_why(box, clause):
    """The clause sits behind the box's "Why?", hidden until a tap opens it, lit; its id is
    never shown (only for staff, ``[booklet] clause_ids``)."""
    lit = box.locator(f'details.jokoak-why [data-segment="{clause}"]').first
    assert lit.count() == 1 and not lit.is_visible() and clause not in box.inner_text()
    box.locator("details.jokoak-why > summary").first.click()
    lit.wait_for(state="visible", timeout=5000)
    assert "jk-hl" in (lit.get_attribute("class") or "") and clause not in box.inner_text()


def test_a_bid_the_rules_refuse_is_said_in_words_with_the_clause_it_breaks_behind_why(
        server, chromium_browser):
    page = open_lesson(server, chromium_browser, "peruludo", "01_first_round", "eu")
    do_step(page, "peruludo", 0, lessons("peruludo")[0].steps[0])
    page.wait_for_timeout(READ)
    page.locator(".st-key-jokoak_lesson_next_peruludo_0 button").click()
    page.wait_for_selector('[data-lesson-step="2"][data-done="0"]', timeout=30000)
    settled(page)
    page.locator('[data-testid="stExpander"] summary').last.click()  # "Another bid"
    tap(page, ".st-key-jokoak_lesson_peruludo_face6 button")
    settled(page)
    while page.locator(".st-key-jokoak_lesson_peruludo_qminus button:not([disabled])").count():
        tap(page, ".st-key-jokoak_lesson_peruludo_qminus button")
        settled(page)
    refused = page.locator(".jokoak-refused").last
    assert refused.is_visible()
    opens_behind_why(refused, "raise.to_wild")
    assert page.locator('[class*="st-key-jokoak_lesson_peruludo_bid_t"] button').is_disabled()
    assert page.locator('[data-lesson-step="2"][data-done="0"]').count() == 1
    page.close()


def test_a_legal_move_that_is_not_the_lessons_gets_the_hint_with_its_clause_behind_why(
        server, chromium_browser):
    page = open_lesson(server, chromium_browser, "peruludo", "01_first_round", "fr")
    page.wait_for_timeout(READ)
    page.locator(control("peruludo", "bid:3:3")).first.click()   # legal; the step asks 4 × 2
    page.wait_for_selector(".jokoak-lesson-hint", timeout=30000)
    hint = page.locator(".jokoak-lesson-hint").first
    assert "quatre 2" in hint.inner_text()
    opens_behind_why(hint, "raise.higher")
    assert page.locator('[data-lesson-step="1"][data-done="0"]').count() == 1
    do_step(page, "peruludo", 0, lessons("peruludo")[0].steps[0])  # the second try
    page.close()
