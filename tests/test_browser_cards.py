"""The "How to play" card and the reading mode in a real Chromium, at phone and kiosk widths:
the card fits one screen, no label is cut, a card line leads to its clause, and a child's
double tap on "Show the translation" reveals that clause once (keyboard too), and the
handout downloads as a PDF."""

from __future__ import annotations

import pytest

from browser_support import wait_for_app
from games_support import GAMES
from jokoak.content.segments import segments

pytestmark = pytest.mark.browser

SIZES = [(390, 844), (1920, 1080)]

#: Elements whose text is wider than their box (a cut label), by their text.
CUT = """sel => [...document.querySelectorAll(sel)].filter(e => e.offsetParent !== null &&
  e.scrollWidth > e.clientWidth + 1).map(e => e.innerText.slice(0, 60))"""


def open_read_view(server, chromium, game, lang, size):
    page = chromium.new_page(viewport={"width": size[0], "height": size[1]})
    page.goto(f"{server.url}/{game}?lang={lang}&view=read")
    wait_for_app(page)
    page.wait_for_selector(".jk-howto")
    return page


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_card_fits_one_screen_and_the_reading_mode_reveals_once_per_double_tap(
        server, chromium_browser, size):
    width, height = size
    for game in GAMES:
        page = open_read_view(server, chromium_browser, game, "eu", size)
        try:
            card = page.locator(".jk-howto").bounding_box()
            assert card["height"] <= height and card["width"] <= width, game
            assert page.evaluate("document.scrollingElement.scrollWidth") <= width
            assert page.evaluate(CUT, ".jk-howto li, .jk-howto h2, .jk-howto h3") == []

            page.locator(f'[class*="st-key-jokoak_selftest_{game}__"] label').click()
            page.wait_for_selector(".st-key-jk-selftest button")
            wait_for_app(page)
            buttons = page.locator('.st-key-jk-selftest [class*="st-key-jk_reveal_"] button')
            # one button per clause with a translation: the whole text, not a first screen
            assert buttons.count() == sum(1 for s in segments(game) if s.translatable), game
            assert page.evaluate(CUT, '.st-key-jk-selftest button, .st-key-jk-selftest button p,'
                                      ' [class*="st-key-jk_revealall_"] button p,'
                                      ' [class*="st-key-jk_hide_all_"] button p') == []
            first = buttons.nth(1)
            first.scroll_into_view_if_needed()
            first.dblclick(delay=80)             # two taps, 80 ms apart
            page.wait_for_selector("[data-revealed]")
            wait_for_app(page)
            page.wait_for_timeout(300)
            assert page.locator("[data-revealed]").count() == 1, game
            assert page.evaluate("document.scrollingElement.scrollWidth") <= width
        finally:
            page.close()


def test_a_card_line_leads_to_its_clause_the_handout_downloads_and_enter_reveals(
        server, chromium_browser):
    page = open_read_view(server, chromium_browser, "zohn_ahl", "fr", (390, 844))
    try:
        line = page.locator('.jk-howto a.jk-howto-line[href="#clause-penalty.north_creek"]')
        line.click()
        page.wait_for_timeout(400)
        target = page.locator('[id="clause-penalty.north_creek"]')
        assert page.evaluate("location.hash") == "#clause-penalty.north_creek"
        box = target.bounding_box()
        assert 0 <= box["y"] < 844
        assert page.evaluate("document.querySelector('[id=\"clause-penalty.north_creek\"]')"
                             ".matches(':target')")

        with page.expect_download() as download:
            page.locator(".st-key-jokoak_handout_zohn_ahl_fr button").click()
        with open(download.value.path(), "rb") as pdf:
            assert pdf.read(5) == b"%PDF-"

        page.locator('[class*="st-key-jokoak_selftest_zohn_ahl__"] label').click()
        page.wait_for_selector(".st-key-jk-selftest button")
        wait_for_app(page)
        button = page.locator(".st-key-jk_reveal_zohn_ahl_board-shape button")
        button.focus()
        page.keyboard.press("Enter")
        page.wait_for_selector('[data-revealed="board.shape"]')
        wait_for_app(page)
        # focus moves on to the next clause still hidden: Enter again reveals it
        page.wait_for_function("document.activeElement && document.activeElement.closest("
                               "'.st-key-jk_reveal_zohn_ahl_board-sides')")
        page.keyboard.press("Enter")
        page.wait_for_selector('[data-revealed="board.sides"]')
        wait_for_app(page)
        page.locator('[class*="st-key-jk_hide_all_zohn_ahl"] button').click()
        page.wait_for_selector("[data-revealed]", state="detached")
        assert page.locator(".st-key-jk_reveal_zohn_ahl_board-shape button").count() == 1
    finally:
        page.close()
