"""The play views in a real Chromium: double taps play once, and the table and the control
to press next are on screen together, with no label cut, at kiosk, laptop and phone sizes.

The session's paced server (beats at 0.6 of their pace, so the others' play does not make
the test wait); each case its own browser page (its own session).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browser_support import decisions, double_tap, settle, settled, wait_for_app

pytestmark = pytest.mark.browser

#: The control a visitor presses to decide, per game, most frequent first.
DECISIONS = {
    "peruludo": ['[class*="st-key-jokoak_peruludo_play_quick"]', '[class*="st-key-jokoak_peruludo_play_doia_t"]'],
    "zaldi_zuria": ['[class*="st-key-jokoak_zaldi_zuria_play_nobid_t"]', '[class*="st-key-jokoak_zaldi_zuria_play_throw_t"]'],
    "zohn_ahl": ['[class*="st-key-jokoak_zohn_ahl_play_throw_t"]'],
}
#: Every play control that changes the game, tried in turn by the double-tap test.
EVERY_CONTROL = {
    "peruludo": ['[class*="st-key-jokoak_peruludo_play_quick"]', '[class*="st-key-jokoak_peruludo_play_palero_t"]',
                 '[class*="st-key-jokoak_peruludo_play_doia_t"]', ".st-key-jokoak_peruludo_play_skip"],
    "zaldi_zuria": ['[class*="st-key-jokoak_zaldi_zuria_play_bid0_t"]', '[class*="st-key-jokoak_zaldi_zuria_play_nobid_t"]',
                    '[class*="st-key-jokoak_zaldi_zuria_play_throw_t"]', '[class*="st-key-jokoak_zaldi_zuria_play_pass_t"]'],
    "zohn_ahl": ['[class*="st-key-jokoak_zohn_ahl_play_throw_t"]'],
}
SIZES = [(1920, 1080), (1080, 1920), (1366, 768), (390, 844)]
LANGS = ["eu", "fr", "es", "en"]


@pytest.fixture
def browser(paced_server, chromium_browser):
    """The session's paced server (beats at 0.6 of their pace), with its Chromium."""
    return paced_server, chromium_browser


def open_game(browser, game, lang, size=(1366, 768)):
    server, chromium = browser
    page = chromium.new_page(viewport={"width": size[0], "height": size[1]})
    page.goto(f"{server.url}/{game}?lang={lang}&view=play")
    wait_for_app(page)
    page.locator(f".st-key-jokoak_{game}_play_new button").click()
    page.wait_for_selector(".jokoak-board", timeout=30000)
    wait_for_app(page)
    page.wait_for_function(SCROLLED, timeout=15000)   # a new game scrolls the table up, once
    return page


#: The new game's scroll has happened: the table's scrolling box has moved down, or it
#: cannot (the whole page fits the screen).
SCROLLED = """() => {
  const board = document.querySelector('.jokoak-board');
  if (!board) return false;
  let box = board.parentElement;
  while (box && !(box.scrollHeight > box.clientHeight + 1
                  && /(auto|scroll)/.test(getComputedStyle(box).overflowY)))
    box = box.parentElement;
  box = box || document.scrollingElement;
  return box.scrollTop > 0 || box.scrollHeight <= box.clientHeight + 1;
}"""


def decision_control(page, game, timeout=30000):
    """The first enabled decision control, once the others have played up to the visitor;
    None when the visitor has no decision left: the game is over, or the visitor is out (no
    dice, no chips) and the page offers only "Finish the game" while the computers play on."""
    selector = ", ".join(f"{css} button:not([disabled]):visible" for css in DECISIONS[game])
    ended = (f".st-key-jokoak_{game}_play_again button:visible, "
             f".st-key-jokoak_{game}_play_finish button:visible")
    try:
        page.wait_for_selector(f"{selector}, {ended}", timeout=timeout)
    except PlaywrightTimeout:
        raise AssertionError(f"no decision control after {timeout} ms; the page says: "
                             + what_the_page_shows(page)) from None
    if page.locator(selector).count() == 0:
        return None
    return page.locator(selector).first


#: What a failing wait prints: the game area's words and every button with its state.
PAGE_SUMMARY = """() => {
  const main = document.querySelector('[data-testid="stMain"]') || document.body;
  const buttons = [...main.querySelectorAll('button')].filter(b => b.offsetParent)
    .map(b => (b.disabled ? '[disabled] ' : '') + (b.innerText || b.ariaLabel || '').trim()
              + ' <' + ((b.closest('[class*="st-key-"]') || {}).className || '')
                  .split(' ').filter(c => c.startsWith('st-key-')).join(' ') + '>');
  return main.innerText.replace(/\\s+/g, ' ').slice(0, 1200) + ' || buttons: '
    + buttons.join(' | ');
}"""


def what_the_page_shows(page) -> str:
    try:
        return page.evaluate(PAGE_SUMMARY)
    except Exception as exc:   # a page gone: say so rather than hide the first failure
        return f"(could not read the page: {exc})"


def played_or_waited(page, before: int, timeout: float = 10000) -> None:
    """Until the table counts a decision more than ``before`` (at most ``timeout`` ms): on a
    busy machine the tap's run can start after the waits of ``settled`` are over."""
    try:
        page.wait_for_function(
            "(b) => { const t = document.querySelector('.jokoak-board');"
            " return t && +t.getAttribute('data-decisions') > b; }", arg=before,
            timeout=timeout)
    except PlaywrightTimeout:
        pass   # the assertion that follows says what was lost


def server_errors(page) -> int:
    return page.locator('[data-testid="stException"], [data-testid="stAlertContentError"]').count()


#: One language per game (the taps and the debounce do not read words): the kiosk's Basque
#: and French, whose labels are the longest.
@pytest.mark.parametrize("game,lang", [("peruludo", "eu"), ("zaldi_zuria", "fr"),
                                       ("zohn_ahl", "eu")])
def test_a_double_tap_on_a_play_control_plays_one_move(browser, game, lang):
    page = open_game(browser, game, lang)
    try:
        for i, delay in enumerate((30, 80, 150, 300, 500) * 2):
            if decision_control(page, game) is None:
                break   # the visitor lost their last die or chip: nothing left to tap
            settle(page, quiet_ms=300)   # a finger taps what has stopped moving
            preferred = EVERY_CONTROL[game][i % len(EVERY_CONTROL[game])] + " button:not([disabled]):visible"
            skipping = "skip" in preferred and page.locator(preferred).count() > 0
            control = (page.locator(preferred).first if page.locator(preferred).count()
                       else decision_control(page, game))
            if control is None:
                break
            before = decisions(page)
            # a standing offer (doia) lasts one beat (0.9 s at this server's pace), and the
            # finger waits for the page to stop moving first: the game may go on before the
            # tap lands, and the late tap then rightly changes nothing
            try:
                offer = control.evaluate("b => !!b.closest('[class*=\"_doia_t\"]')",
                                         timeout=1000)
            except PlaywrightTimeout:
                continue   # gone already: an offer the game went on from
            if not double_tap(page, control, delay):
                continue   # an offer the game went on from (doia) before the tap: none made
            if not skipping:
                played_or_waited(page, before)
            settled(page)
            assert server_errors(page) == 0, (delay, page.inner_text("body")[:400])
            if page.locator(".st-key-jokoak_" + game + "_play_again").count():
                break  # the game ended with this tap
            if skipping or (offer and decisions(page) == before):
                continue  # Skip is not a decision: it must only not fail; nor a late offer's
            assert decisions(page) == before + 1, (delay, preferred, before, decisions(page))
    finally:
        page.close()


CASES = [(game, size, LANGS[(i + j) % 4]) for i, game in enumerate(DECISIONS)
         for j, size in enumerate(SIZES)]


@pytest.mark.parametrize("game,size,lang", CASES)
def test_the_table_and_the_next_control_are_on_screen_together(browser, game, size, lang):
    page = open_game(browser, game, lang, size)
    try:
        control = decision_control(page, game)
        settled(page)
        width, height = size
        board = page.locator(".jokoak-board svg:visible").first.bounding_box()
        button = control.bounding_box()
        # Streamlit's header bar stays over the top of the page: nothing may sit under it
        header = page.evaluate("() => { const h = document.querySelector('[data-testid=stHeader]');"
                               " return h && getComputedStyle(h).display !== 'none'"
                               " ? h.getBoundingClientRect().bottom : 0; }")
        for name, box in (("board", board), ("control", button)):
            assert box["y"] >= header - 2 and box["y"] + box["height"] <= height + 1, (name, box, size)
            assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, (name, box)
        cut = page.evaluate(
            "() => [...document.querySelectorAll('[data-testid=\"stMainBlockContainer\"] "
            "button, [data-testid=\"stMainBlockContainer\"] label, "
            "[data-testid=\"stMainBlockContainer\"] summary')].filter(b => b.offsetParent && "
            "(b.scrollWidth > b.clientWidth + 1 || [...b.querySelectorAll('p')].some("
            "p => p.scrollWidth > p.clientWidth + 1))).map(b => b.innerText)")
        assert cut == []
        # no word of the drawing runs past its edge (SVG text does not wrap)
        outside = page.evaluate(
            "() => [...document.querySelectorAll('.jokoak-board svg text')].filter(t => {"
            " if (!t.ownerSVGElement.getClientRects().length) return false;"  # the hidden layout
            " const v = t.ownerSVGElement.viewBox.baseVal, b = t.getBBox();"
            " return v.width && (b.x < v.x - 1 || b.x + b.width > v.x + v.width + 1); })"
            ".map(t => t.textContent)")
        assert outside == []
    finally:
        page.close()


STEP_NEXT = '.jk-steps button[data-fid="next"]'


def step_in_url(page) -> int:
    found = re.search(r"[?&]step=(\d+)", page.url)
    return int(found.group(1)) if found else 0


def header_bottom(page) -> float:
    return page.evaluate("() => { const h = document.querySelector('[data-testid=stHeader]');"
                         " return h && getComputedStyle(h).display !== 'none'"
                         " ? h.getBoundingClientRect().bottom : 0; }")


@pytest.mark.parametrize("size,lang", list(zip(SIZES, LANGS)))
def test_the_step_through_picture_sits_beside_or_under_next(browser, size, lang):
    server, chromium = browser
    page = chromium.new_page(viewport={"width": size[0], "height": size[1]})
    try:
        page.goto(f"{server.url}/zaldi_zuria?lang={lang}&view=step")
        wait_for_app(page)
        for _ in range(3):
            page.locator(STEP_NEXT).first.click()
            settled(page)
        button = page.locator(STEP_NEXT).first.bounding_box()
        picture = page.locator(".jokoak-board svg:visible").first.bounding_box()
        words = page.locator(".jokoak-step-text").first.bounding_box()
        top = header_bottom(page)
        assert top - 2 <= button["y"] and button["y"] + button["height"] <= size[1]
        # beside "Next" (wide screens) or directly under it and its words (phone): all three
        # on one screen, nothing under Streamlit's header bar
        assert picture["y"] - button["y"] < size[1] * 0.6
        assert picture["y"] + min(picture["height"], 120) > button["y"]
        assert picture["y"] + min(picture["height"], 120) <= size[1]
        assert top - 2 <= words["y"] and words["y"] + words["height"] <= size[1], (words, size)
        assert words["y"] - button["y"] < size[1] * 0.5
    finally:
        page.close()


@pytest.mark.parametrize("lang", ["fr"])
def test_a_double_tap_on_a_step_control_moves_one_step(browser, lang):
    server, chromium = browser
    page = chromium.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(f"{server.url}/zaldi_zuria?lang={lang}&view=step")
        wait_for_app(page)
        for control, move in (("next", 1), ("back", -1)):
            for delay in (30, 80, 150, 300, 500):
                target = page.locator(f'.jk-steps button[data-act="go"][data-fid="{control}"]').first
                target.wait_for()
                page.wait_for_timeout(700)     # a reader reads before tapping again
                before = step_in_url(page)
                double_tap(page, target, delay)
                settled(page)
                page.wait_for_function(f"() => !/[?&]step={before}(&|$)/.test(location.search)",
                                       timeout=15000)
                assert step_in_url(page) == before + move, (control, delay, before)
                assert server_errors(page) == 0
    finally:
        page.close()


def test_autoplay_plays_the_steps_until_paused(browser):
    server, chromium = browser
    page = chromium.new_page(viewport={"width": 1366, "height": 768})
    try:
        page.goto(f"{server.url}/zohn_ahl?lang=es&view=step")
        wait_for_app(page)
        page.locator('.jk-steps button[data-act="speed"]', has_text="Rápido").click()
        settled(page)
        page.locator('.jk-steps button[data-act="play"]').first.click()
        page.wait_for_function("() => /[?&]step=3(&|$)/.test(location.search)", timeout=20000)
        page.locator('.jk-steps button[data-act="pause"]').first.click()
        settled(page)
        paused_at = step_in_url(page)
        page.wait_for_timeout(2500)           # more than two steps' time at this speed
        assert step_in_url(page) == paused_at and server_errors(page) == 0
    finally:
        page.close()


def test_a_double_tap_on_play_plays_and_one_on_jump_to_opens_it(browser):
    """Tapped twice like a child: "Play the steps" starts autoplay and leaves "Pause" on
    screen (the second tap does not stop it); "Jump to…" opens and stays open; a jump keeps
    it open, with the kind of moment chosen, for the next step."""
    server, chromium = browser
    page = chromium.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(f"{server.url}/zohn_ahl?lang=eu&view=step&scenario=__watch__&step=2")
        wait_for_app(page)
        page.wait_for_timeout(700)
        double_tap(page, page.locator(".jk-steps .jk-toggle"), 90)
        page.wait_for_timeout(300)
        assert page.locator(".jk-steps .jk-jumps").count() == 1
        chip = page.locator(".jk-steps .jk-chip").nth(1)
        kind = chip.inner_text()
        double_tap(page, chip, 90)
        jump = page.locator(".jk-steps .jk-jump-on, .jk-steps .jk-jump-back").first
        jump.scroll_into_view_if_needed()          # a finger taps what is on screen
        before = step_in_url(page)
        double_tap(page, jump, 90)
        page.wait_for_function(f"() => !/[?&]step={before}(&|$)/.test(location.search)",
                               timeout=15000)
        settled(page)
        assert page.locator(".jk-steps .jk-jumps").count() == 1
        assert page.locator('.jk-steps .jk-chip[aria-pressed="true"]').inner_text() == kind
        page.wait_for_timeout(700)
        page.locator('.jk-steps button[data-act="play"]').scroll_into_view_if_needed()
        double_tap(page, page.locator('.jk-steps button[data-act="play"]'), 90)
        page.locator('.jk-steps button[data-act="pause"]').wait_for(timeout=15000)
        page.wait_for_timeout(1500)
        assert page.locator('.jk-steps button[data-act="pause"]').count() == 1
        page.locator('.jk-steps button[data-act="pause"]').click()
        assert server_errors(page) == 0
    finally:
        page.close()
