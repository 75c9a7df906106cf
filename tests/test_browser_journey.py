"""A child's whole visit, by touch, in a real Chromium (issue 37): the kiosk's attract screen,
a game's first lesson step by step, "Play a real game", a few moves, and the idle reset back to
the attract screen. Every tap is a child's: twice, 80 or 150 ms apart.

What a child meets is asserted at each tap: at most 20 new words to read, no "Why?" opened by
the second half of a double tap, the control to press next wholly on screen (not under the
answer bar), one step per double tap; the lesson's end is a moment (a star and a chime); the
handoff starts a game in the play view with no lesson left in the address; the idle reset
returns to the attract screen. The shipped settings (idle 60 s and a 20 s countdown);
Playwright's clock moves the page's time on, so nobody waits for the idle timer.

Screenshots of every screen are kept as artefacts: under ``JOKOAK_JOURNEY_SHOTS`` when set,
else in pytest's temporary folder of the test (its path is printed).

By default each game is walked at one of the three sizes (each size once); with
``JOKOAK_JOURNEY_ALL=1`` every game at every size (nine journeys, about three times longer).
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError

import browser_support
from games_support import games_with_lessons, games_with_play_view
from jokoak.content.lessons import lessons
from jokoak.service.settings import load_settings

pytestmark = pytest.mark.browser

SIZES = [((1920, 1080), "eu"), ((1080, 1920), "es"), ((390, 844), "fr")]
ALL = os.environ.get("JOKOAK_JOURNEY_ALL") == "1"
#: A child's journey goes from a lesson to a real game: the games that have both.
GAMES = tuple(g for g in games_with_lessons() if g in games_with_play_view())
JOURNEYS = ([(game, size, lang) for game in GAMES for size, lang in SIZES] if ALL else
            [(game, *SIZES[i % len(SIZES)]) for i, game in enumerate(GAMES)])
#: A child reads before tapping (longer than the arming time of a new screen).
READ_MS = 900
MOST_WORDS = 20

#: The words a child reads in the main area, in page order: visible text outside the
#: drawings (board labels) and the controls' own labels.
WORDS_JS = """() => {
  const main = document.querySelector('[data-testid="stMain"]');
  if (!main) { return []; }
  const out = [];
  const walk = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walk.nextNode())) {
    const el = node.parentElement;
    if (!el || el.closest('svg, button, summary, style, script, [data-testid="stExpander"]')) { continue; }
    if (el.closest('details:not([open])') ) { continue; }
    if (!el.getClientRects().length) { continue; }
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') { continue; }
    for (const w of node.nodeValue.split(/\\s+/)) { if (/\\p{L}|\\p{N}/u.test(w)) { out.push(w); } }
  }
  return out;
}"""

#: Is the element wholly inside the window and the topmost thing at its centre (not under
#: the answer bar or anything else)?
ON_SCREEN_JS = """(el) => {
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5
      || r.right > innerWidth + 0.5) { return false; }
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!hit && (hit === el || el.contains(hit));
}"""


def appeared(before: list[str], after: list[str]) -> list[str]:
    """The words on screen after a tap that were not there before (as a multiset)."""
    left = list(before)
    new = []
    for word in after:
        if word in left:
            left.remove(word)
        else:
            new.append(word)
    return new


class Child:
    """A child at the screen: double taps, reads, and what the test sees of it."""

    def __init__(self, page, shots: Path, tag: str) -> None:
        self.page, self.shots, self.tag, self.taps, self.shot_number = page, shots, tag, 0, 0

    def shot(self, name: str) -> None:
        self.shot_number += 1
        self.page.screenshot(path=str(self.shots / f"{self.tag}_{self.shot_number:02d}_{name}.png"))

    def words(self) -> list[str]:
        return self.page.evaluate(WORDS_JS)

    def wholly_on_screen(self, css: str) -> bool:
        found = self.page.locator(css).locator("visible=true").first   # not a tooltip's twin
        found.wait_for(timeout=30000)
        return found.evaluate(ON_SCREEN_JS)

    def double_tap(self, css: str) -> None:
        """Two taps of one finger on the control ``css``, 80 or 150 ms apart (in turn)."""
        self.page.wait_for_timeout(READ_MS)
        target = self.page.locator(css).locator("visible=true").first
        target.wait_for(timeout=30000)
        target.scroll_into_view_if_needed()
        box = target.bounding_box()
        assert box is not None, css
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        gap = (80, 150)[self.taps % 2]
        self.taps += 1
        self.page.mouse.click(x, y)
        self.page.wait_for_timeout(gap)
        self.page.mouse.click(x, y)

    def settled(self) -> None:
        browser_support.settled(self.page, 300)


def control(game: str, step) -> str:
    """The control a lesson step asks for (the lesson's own play controls, or an answer)."""
    key = f"jokoak_lesson_{game}"
    if step.kind == "question":
        return f'[class*="st-key-jokoak_lesson_choice_{game}_"][class*="_{step.right_choice}_t"] button'
    if step.expect.startswith("bid:") and game == "peruludo":
        return f'[class*="st-key-{key}_quick{step.expect.split(":")[2]}_t"] button'
    if step.expect.startswith("bid:"):
        return f'[class*="st-key-{key}_bid0_t"] button'
    return f'[class*="st-key-{key}_{step.expect}_t"] button'


def play_control(game: str) -> str:
    """Any of the visitor's live move controls in the play view (not Undo or Hint)."""
    return (f'[class*="st-key-jokoak_{game}_play_"][class*="_t"]:not([class*="_coach_"]) '
            'button[kind="primary"]:not([disabled])')


@pytest.fixture
def shots(request, tmp_path) -> Path:
    chosen = os.environ.get("JOKOAK_JOURNEY_SHOTS")
    folder = Path(chosen) if chosen else tmp_path / "journey"
    folder.mkdir(parents=True, exist_ok=True)
    print(f"journey screenshots: {folder}")
    return folder


@pytest.mark.parametrize("game,size,lang", JOURNEYS,
                         ids=[f"{g}-{w}x{h}-{lang}" for g, (w, h), lang in JOURNEYS])
def test_a_childs_visit_from_the_attract_screen_to_a_real_game_and_back(
        server, chromium_browser, shots, game, size, lang):
    kiosk = load_settings().kiosk
    context = chromium_browser.new_context(viewport={"width": size[0], "height": size[1]},
                                           has_touch=True)
    page = context.new_page()
    page.clock.install()
    child = Child(page, shots, f"{game}_{size[0]}x{size[1]}_{lang}")
    try:
        page.goto(f"{server.url}/?kiosk=1&lang={lang}")
        browser_support.wait_for_app(page)
        card = f".st-key-jokoak_learn_{game} button"
        assert child.wholly_on_screen(card)
        child.shot("attract")
        child.double_tap(card)
        lesson = lessons(game)[0]
        for index, step in enumerate(lesson.steps):
            page.wait_for_selector(f'[data-lesson-step="{index + 1}"][data-done="0"]',
                                   timeout=30000)
            child.settled()
            assert child.wholly_on_screen(control(game, step)), (index, "control")
            before = child.words()
            child.double_tap(control(game, step))
            page.wait_for_selector(f'[data-lesson-step="{index + 1}"][data-done="1"]',
                                   timeout=30000)
            child.settled()
            new = appeared(before, child.words())
            assert len(new) <= MOST_WORDS, (index, " ".join(new))
            assert page.locator("details.jokoak-why[open]").count() == 0, index
            nxt = f".st-key-jokoak_lesson_next_{game}_{index} button"
            assert child.wholly_on_screen(nxt), (index, "Next")
            child.shot(f"step{index + 1}")
            before = child.words()
            child.double_tap(nxt)
            if index + 1 < len(lesson.steps):
                page.wait_for_selector(f'[data-lesson-step="{index + 2}"][data-done="0"]',
                                       timeout=30000)
                child.settled()
                assert page.locator(f'[data-lesson-step="{index + 3}"]').count() == 0
                new = appeared(before, child.words())
                assert len(new) <= MOST_WORDS, (index, "next", " ".join(new))
        # the lesson's end: a star and a chime, then "Play a real game" under the thumb
        page.wait_for_selector('[data-lesson-over="1"] .jk-star', timeout=30000)
        child.settled()
        assert page.evaluate("() => window.__jkChimes || 0") >= 1
        real = f".st-key-jokoak_lesson_real_{game} button"
        assert child.wholly_on_screen(real)
        child.shot("end")
        child.double_tap(real)
        page.wait_for_url(re.compile(r"view=play"), timeout=30000)
        page.locator(play_control(game)).locator("visible=true").first.wait_for(timeout=30000)
        page.wait_for_url(lambda url: "lesson=" not in url and "lstep=" not in url,
                          timeout=15000)
        assert page.locator('[data-lesson-step]').count() == 0
        child.shot("play")
        board = page.locator(".jokoak-board[data-decisions]").first
        for _move in range(3):
            made = int(board.get_attribute("data-decisions") or 0)
            live = page.locator(play_control(game)).locator("visible=true").first
            live.wait_for(timeout=40000)
            assert live.evaluate(ON_SCREEN_JS) or (live.scroll_into_view_if_needed()
                                                   or live.evaluate(ON_SCREEN_JS))
            child.double_tap(play_control(game))
            page.wait_for_function(
                "(n) => Number(document.querySelector('.jokoak-board[data-decisions]')"
                "?.dataset.decisions) > n",
                arg=made, timeout=40000)
            child.settled()
        child.shot("moves")
        # the visitor walks away: the countdown, then the attract screen
        page.clock.run_for((kiosk.idle_seconds + 1) * 1000)
        page.locator("#jk-idle").wait_for(timeout=15000)
        child.shot("idle")
        page.clock.run_for((kiosk.countdown_seconds + 1) * 1000)
        # the watcher sets the address again every 250 ms until the page goes, so one
        # navigation may be aborted by the next: wait for the attract screen itself
        deadline = time.monotonic() + 40
        while time.monotonic() < deadline:
            try:
                if (f"lang={kiosk.language}" in page.url and "view=" not in page.url
                        and page.locator(f".st-key-jokoak_learn_{game} button").count()):
                    break
            except PlaywrightError:
                pass   # the page was navigating
            page.wait_for_timeout(250)
        browser_support.wait_for_app(page)
        page.locator(f".st-key-jokoak_learn_{game} button").wait_for(timeout=30000)
        assert "kiosk=1" in page.url and f"lang={kiosk.language}" in page.url
        child.shot("reset")
    except Exception:
        child.shot("failed")   # what the child saw when the journey broke
        raise
    finally:
        context.close()


#: Taps the element ``css`` names as soon as it is drawn, and notes whether it then shows
#: pressed (``window.__jkArrived``, a promise).
TAP_ON_ARRIVAL = """(css) => { window.__jkArrived = new Promise((resolve) => {
  const obs = new MutationObserver(() => { const b = document.querySelector(css);
    if (!b) { return; } obs.disconnect(); const r = b.getBoundingClientRect();
    b.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window,
      clientX: r.left + r.width / 2, clientY: r.top + r.height / 2}));
    resolve(b.classList.contains('jk-pressed')); });
  obs.observe(document.body, {childList: true, subtree: true}); }); }"""


def test_a_tap_on_a_control_still_arming_is_taken_once(server, chromium_browser):
    """A "Next" tapped the moment it appears (elsewhere than the finger's last tap) is not
    lost: the lesson moves on, once."""
    context = chromium_browser.new_context(viewport={"width": 1920, "height": 1080},
                                           has_touch=True)
    page = context.new_page()
    try:
        page.goto(f"{server.url}/zaldi_zuria?lang=es&view=learn&lesson=01_first_throws"
                  "&lstep=1&kiosk=1")
        page.wait_for_selector('[data-lesson-step="1"][data-done="0"]', timeout=30000)
        browser_support.settled(page, 300)
        page.wait_for_timeout(READ_MS)
        # a finger as quick as the screen: "Next" tapped the moment it is drawn
        page.evaluate(TAP_ON_ARRIVAL, ".st-key-jokoak_lesson_next_zaldi_zuria_0 button")
        page.locator('[class*="st-key-jokoak_lesson_zaldi_zuria_throw_t"] button').first.click()
        assert page.evaluate("() => window.__jkArrived")   # tapped as it arrived: pressed
        page.wait_for_selector('[data-lesson-step="2"][data-done="0"]', timeout=30000)
        browser_support.settled(page, 300)
        assert page.locator('[data-lesson-step="3"]').count() == 0
    finally:
        context.close()
