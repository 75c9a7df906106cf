"""Child-first kiosk play in a real Chromium (issue 25), tapped like a child: twice, fast.

A kiosk's play view opens on one big Start (no form to fill in); a double tap on it starts
one game and plays nothing (the second tap lands on a throw drawn disabled for a moment);
the play log says what happened in words, each rule behind a "Why?" at least 44 px high.
"""

from __future__ import annotations

import pytest

import browser_support

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", [(1920, 1080), (390, 844)], ids=["kiosk", "phone"])
def test_a_double_tap_on_the_kiosks_start_starts_one_game_and_plays_nothing(
        server, chromium_browser, size):
    page = chromium_browser.new_page(viewport={"width": size[0], "height": size[1]},
                                     has_touch=size[0] < 500)
    page.goto(f"{server.url}/zohn_ahl?view=play&kiosk=1&lang=es")
    start = page.locator('[class*="st-key-jokoak_zohn_ahl_play_kiosk_start"] button')
    start.wait_for(timeout=30000)
    browser_support.settled(page, 250)
    assert page.locator(".jokoak-board").count() == 0          # no form, no game yet
    assert start.bounding_box()["height"] >= 88                # a big Start
    assert page.get_by_text("Cambiar la partida").is_visible()
    start.scroll_into_view_if_needed()
    box = start.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    page.wait_for_timeout(150)
    page.mouse.click(x, y)                                     # the same finger, again
    page.wait_for_selector('.jokoak-board[data-moves]', timeout=30000)
    browser_support.settled(page, 250)
    board = page.locator(".jokoak-board").first
    assert board.get_attribute("data-decisions") == "0"         # nothing played
    assert page.locator('[class*="st-key-jokoak_zohn_ahl_play_kiosk_start"]').count() == 0
    page.close()


def test_the_play_log_says_each_throw_in_words_its_rule_behind_a_44_px_why(
        server, chromium_browser):
    page = chromium_browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto(f"{server.url}/zohn_ahl?view=play&kiosk=1&lang=eu")
    page.locator('[class*="st-key-jokoak_zohn_ahl_play_kiosk_start"] button').click()
    throw = page.locator('[class*="st-key-jokoak_zohn_ahl_play_throw_t"] button:not([disabled])')
    throw.first.wait_for(timeout=30000)
    throw.first.click()
    page.wait_for_selector(".jokoak-log li details.jokoak-why", timeout=30000)
    browser_support.settled(page, 250)
    log = page.locator(".jokoak-log").first
    assert "throw." not in log.inner_text() and log.locator(".jk-clause-ids, .jk-id").count() == 0
    why = log.locator("details.jokoak-why > summary").first
    box = why.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    why.click()
    lit = log.locator("details.jokoak-why[open] .jk-hl").first
    lit.wait_for(state="visible", timeout=5000)
    assert lit.get_attribute("lang") == "eu"
    page.close()
