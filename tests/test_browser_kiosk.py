"""Kiosk idle reset in a real browser: countdown, continue, then back to the attract screen.

The booklet's own settings (jokoak.toml: 120 s idle, a 30 s countdown, Basque after a reset)
on the session's shared server; Playwright's clock moves the page's time on, so nobody waits
for the idle timer.
"""

from __future__ import annotations

import re

import pytest

from browser_support import wait_for_app
from jokoak.settings import load_settings

pytestmark = pytest.mark.browser


@pytest.fixture
def kiosk_page(chromium_browser):
    context = chromium_browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.clock.install()
    yield page
    context.close()


def start_visit(page, server, language: str, code: str):
    """A kiosk visitor: the attract screen, then a touch on ``language``."""
    page.goto(f"{server.url}/?kiosk=1&lang=eu")
    wait_for_app(page)
    page.get_by_role("button", name=language).click()
    page.wait_for_function(f"() => document.documentElement.lang === '{code}'", timeout=15000)
    wait_for_app(page)
    return page


def test_idle_countdown_offers_continue_then_resets_to_the_attract_screen(server, kiosk_page):
    kiosk = load_settings().kiosk
    page = start_visit(kiosk_page, server, "Français", "fr")
    dialog = page.locator("#jk-idle")
    # the page's clock also runs on by itself: margins of 15 s cover a slow machine
    page.clock.run_for((kiosk.idle_seconds - 15) * 1000)
    page.wait_for_timeout(300)
    assert dialog.count() == 0                  # not idle yet
    page.clock.run_for(16000)
    dialog.wait_for(timeout=15000)
    count = int(page.locator("#jk-idle .jk-count").inner_text())
    assert kiosk.countdown_seconds - 15 <= count <= kiosk.countdown_seconds
    # the dialog covers the whole screen, the navigation bar included: no page can be
    # changed behind it while the countdown runs
    assert page.evaluate("() => document.elementFromPoint(60, 30).closest('#jk-idle') "
                         "!== null")
    sentence = page.locator("#jk-idle p").inner_text()   # one translated sentence
    assert re.fullmatch(r"Le livret va recommencer pour le prochain visiteur dans \d+ "
                        r"secondes\.", sentence), sentence
    box = page.locator("#jk-idle-continue").bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    page.locator("#jk-idle-continue").click()
    assert dialog.count() == 0
    page.clock.run_for((kiosk.idle_seconds + 1) * 1000)
    dialog.wait_for(timeout=15000)              # idle again
    page.clock.run_for((kiosk.countdown_seconds + 1) * 1000)
    page.wait_for_url(f"**kiosk=1&lang={kiosk.language}**", timeout=40000)
    wait_for_app(page)
    page.get_by_role("button", name="Euskara").wait_for(timeout=15000)
    page.wait_for_function(f"() => document.documentElement.lang === '{kiosk.language}'",
                           timeout=15000)


def test_kiosk_keeps_the_page_navigation_on_screen_with_large_targets(server, kiosk_page):
    """The kiosk chrome hides Streamlit's menu, never the booklet's own navigation."""
    page = start_visit(kiosk_page, server, "Español", "es")
    links = page.locator('a[data-testid="stTopNavLink"]')
    links.first.wait_for(timeout=15000)
    assert links.count() == 6
    for i in range(links.count()):
        box = links.nth(i).bounding_box()
        assert box is not None and box["height"] >= 44, i
    links.filter(has_text="peruludo").first.click()
    page.wait_for_url("**/peruludo**", timeout=15000)
    assert "lang=es" in page.url
