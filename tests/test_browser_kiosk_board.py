"""A portrait kiosk (1080×1920) gives the board the room that is left (issue 37, point 4): in
each game's first lesson and in kiosk play, the board spans the page's column or takes more
than half the screen's height, while the control to press stays wholly on screen, and once a
step is done the board ends above the answer bar.
"""

from __future__ import annotations

import pytest

import browser_support
from games_support import games_with_lessons, games_with_play_view
from jokoak.content.lessons import lessons

pytestmark = pytest.mark.browser

SIZE = (1080, 1920)

#: The board drawing's box, and the answer bar's top (None without one).
BOXES_JS = """() => { const b = document.querySelector('.jokoak-board svg').getBoundingClientRect();
  const bar = document.querySelector('[class*="st-key-jokoak_answer_bar_"]');
  return {top: b.top, bottom: b.bottom, width: b.width, height: b.height,
          bar: bar ? bar.getBoundingClientRect().top : null}; }"""

#: Wholly inside the window and the topmost thing at its centre.
ON_SCREEN_JS = """(el) => { const r = el.getBoundingClientRect();
  if (r.width === 0 || r.top < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) {
    return false; }
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!hit && (hit === el || el.contains(hit)); }"""


def takes_the_room(board: dict) -> bool:
    """Spans the column (the window less the kiosk's 1.5 rem margins) or more than half the
    height: a wide table is as wide as it can be, a square board as tall."""
    return board["width"] >= 0.93 * SIZE[0] or board["height"] >= 0.55 * SIZE[1]


def _page(chromium_browser):
    context = chromium_browser.new_context(viewport={"width": SIZE[0], "height": SIZE[1]},
                                           has_touch=True)
    return context, context.new_page()


@pytest.mark.parametrize("game", games_with_lessons())
def test_a_portrait_kiosk_lesson_gives_the_board_the_room_left_with_its_control_on_screen(
        server, chromium_browser, game):
    lesson = lessons(game)[0]
    step = lesson.steps[0]
    assert step.kind == "action"
    context, page = _page(chromium_browser)
    try:
        page.goto(f"{server.url}/{game}?kiosk=1&lang=es&view=learn&lesson={lesson.name}&lstep=1")
        page.wait_for_selector('[data-lesson-step="1"][data-done="0"]', timeout=30000)
        browser_support.settled(page, 300)
        board = page.evaluate(BOXES_JS)
        assert takes_the_room(board), board
        instruction = page.locator(".jokoak-lesson-instruction").first
        assert instruction.evaluate(ON_SCREEN_JS)
        control = page.locator(f'[class*="st-key-jokoak_lesson_{game}_"][class*="_t"] button'
                               ).locator("visible=true").first
        assert control.evaluate(ON_SCREEN_JS), board
        page.wait_for_timeout(900)   # a child reads first
        control.click()
        page.wait_for_selector('[data-lesson-step="1"][data-done="1"]', timeout=30000)
        browser_support.settled(page, 300)
        done = page.evaluate(BOXES_JS)
        assert done["bar"] is not None and done["bottom"] <= done["bar"] + 1, done
        assert page.locator(f".st-key-jokoak_lesson_next_{game}_0 button").first.evaluate(
            ON_SCREEN_JS)
    finally:
        context.close()


@pytest.mark.parametrize("game", games_with_play_view())
def test_portrait_kiosk_play_gives_the_board_the_room_left_with_a_move_on_screen(
        server, chromium_browser, game):
    context, page = _page(chromium_browser)
    try:
        page.goto(f"{server.url}/{game}?kiosk=1&lang=es&view=play")
        start = f'[class*="st-key-jokoak_{game}_play_kiosk_start"] button'
        page.wait_for_selector(f"{start}, .jokoak-board svg", timeout=30000)
        browser_support.settled(page, 300)
        if page.locator(start).count():
            page.locator(start).first.click()
        page.wait_for_selector(".jokoak-board svg", timeout=30000)
        live = page.locator(f'[class*="st-key-jokoak_{game}_play_"][class*="_t"]'
                            ':not([class*="_coach_"]) button[kind="primary"]:not([disabled])'
                            ).locator("visible=true").first
        live.wait_for(timeout=40000)
        browser_support.settled(page, 300)
        board = page.evaluate(BOXES_JS)
        assert takes_the_room(board), board
        assert live.evaluate(ON_SCREEN_JS), board
    finally:
        context.close()
