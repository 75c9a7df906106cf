"""Kiosk idle reset in a real browser: countdown, continue, then back to the attract screen."""

from __future__ import annotations

import re

import pytest

from browser_support import Server, launch_browser, require_chromium, wait_for_app

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    require_chromium()
    conf = tmp_path_factory.mktemp("kiosk") / "jokoak.toml"
    conf.write_text('[kiosk]\nidle_seconds = 5\ncountdown_seconds = 20\nlanguage = "eu"\n')
    srv = Server(env={"JOKOAK_SETTINGS": str(conf)})
    try:
        srv.wait()
        yield srv
    finally:
        srv.stop()


def start_visit(pw, server, language: str, code: str):
    """A kiosk visitor: the attract screen, then a touch on ``language``."""
    browser = launch_browser(pw)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server.url}/?kiosk=1&lang=eu")
    wait_for_app(page)
    page.get_by_role("button", name=language).click()
    page.wait_for_function(f"() => document.documentElement.lang === '{code}'", timeout=15000)
    return browser, page


def test_idle_countdown_offers_continue_then_resets_to_the_attract_screen(server):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser, page = start_visit(pw, server, "Français", "fr")
        dialog = page.locator("#jk-idle")
        dialog.wait_for(timeout=15000)
        count = int(page.locator("#jk-idle .jk-count").inner_text())
        assert 15 <= count <= 20
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
        dialog.wait_for(timeout=15000)           # idle again
        page.wait_for_url("**kiosk=1&lang=eu**", timeout=40000)
        wait_for_app(page)
        page.get_by_role("button", name="Euskara").wait_for(timeout=15000)
        page.wait_for_function("() => document.documentElement.lang === 'eu'", timeout=15000)
        browser.close()


def test_kiosk_keeps_the_page_navigation_on_screen_with_large_targets(server):
    """The kiosk chrome hides Streamlit's menu, never the booklet's own navigation."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser, page = start_visit(pw, server, "Español", "es")
        links = page.locator('a[data-testid="stTopNavLink"]')
        links.first.wait_for(timeout=15000)
        assert links.count() == 6
        for i in range(links.count()):
            box = links.nth(i).bounding_box()
            assert box is not None and box["height"] >= 44, i
        links.filter(has_text="peruludo").first.click()
        page.wait_for_url("**/peruludo**", timeout=15000)
        assert "lang=es" in page.url
        browser.close()
