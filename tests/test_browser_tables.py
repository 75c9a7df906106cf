"""Pass-and-play in a real Chromium: two people at one peruludo screen, each one's dice behind
a cover until their tap, and a double tap on the cover or on a bid is one action."""

from __future__ import annotations

import pytest

from browser_support import (Server, decisions, double_tap, require_chromium, settled,
                             wait_for_app)

pytestmark = pytest.mark.browser

KEY = "jokoak_peruludo_play"
COVER = f"[class*='st-key-{KEY}_cover_'] button"
READY_COVER = COVER + ":not([disabled])"
QUICK_BID = f"[class*='st-key-{KEY}_quick'] button:not([disabled]):visible"


@pytest.fixture(scope="module")
def browser(chromium_browser):
    require_chromium()
    server = Server(env={"JOKOAK_PACE_SCALE": "0.5"})
    try:
        server.wait()
        yield server, chromium_browser
    finally:
        server.stop()


def dice_drawn(page) -> int:
    """Die spots in the table drawing plus the "your dice" line: 0 while nobody's are shown."""
    return (page.locator(".jokoak-board svg circle:visible").count()
            + page.locator(".jokoak-dice").count())


def covered_seat(page) -> int:
    key = page.locator(f"[class*='st-key-{KEY}_cover_']").first.get_attribute("class")
    return int(key.split(f"{KEY}_cover_")[1].split("_")[0])


#: On a phone in Basque: the narrowest screen and the longest words the cover must hold.
@pytest.mark.parametrize("lang,size", [("eu", (390, 844))])
def test_two_people_pass_the_screen_and_a_double_tap_is_one_action(browser, lang, size):
    server, chromium = browser
    page = chromium.new_page(viewport={"width": size[0], "height": size[1]})
    try:
        page.goto(f"{server.url}/peruludo?lang={lang}&view=play")
        wait_for_app(page)
        page.locator(f".st-key-{KEY}_players button").nth(0).click()  # three players
        settled(page)
        page.locator(f".st-key-{KEY}_people button").nth(1).click()  # Player 2 a person too
        settled(page)
        page.locator(f".st-key-{KEY}_new button").click()
        seats = []
        for delay in (80, 300, 150, 30):
            page.wait_for_selector(READY_COVER, timeout=30000)
            settled(page)
            seat = covered_seat(page)
            seats.append(seat)
            # covered: no die of any cup in the page (none lifted yet in a bidding turn)
            assert dice_drawn(page) == 0, page.inner_text("body")[:300]
            assert not any(glyph in page.content() for glyph in "⚀⚁⚂⚃⚄⚅")
            before = decisions(page)
            double_tap(page, page.locator(COVER).first, delay)
            settled(page)
            assert page.locator(COVER).count() == 0
            assert page.locator(".jokoak-dice").count() == 1 and dice_drawn(page) > 1
            assert decisions(page) == before  # the reveal is not a move
            page.wait_for_selector(QUICK_BID, timeout=10000)
            double_tap(page, page.locator(QUICK_BID).first, delay)
            settled(page)
            assert decisions(page) == before + 1, (delay, before, decisions(page))
            assert dice_drawn(page) == 0 or page.locator(COVER).count() == 0
        assert set(seats) == {0, 1}  # the screen went to each person in turn
        assert page.locator('[data-testid="stException"]').count() == 0
    finally:
        page.close()
