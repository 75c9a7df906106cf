"""Two visitors in one server, side by side: languages, games and steps never leak."""

from __future__ import annotations

import re

import pytest

from browser_support import wait_for_app

pytestmark = pytest.mark.browser


def step_in_url(page) -> int:
    found = re.search(r"[?&]step=(\d+)", page.url)
    return int(found.group(1)) if found else 0


def press_next(page, times: int) -> None:
    for _ in range(times):
        before = step_in_url(page)
        page.locator('.jk-steps button[data-fid="next"]').first.click()
        page.wait_for_function(f"() => /[?&]step={before + 1}(&|$)/.test(location.search)",
                               timeout=20000)
        wait_for_app(page)


def test_two_visitors_keep_their_own_language_game_and_step(server, chromium_browser):
    anne_context, beñat_context = chromium_browser.new_context(), chromium_browser.new_context()
    anne, beñat = anne_context.new_page(), beñat_context.new_page()
    try:
        anne.goto(f"{server.url}/zaldi_zuria?lang=fr&view=step")
        beñat.goto(f"{server.url}/zaldi_zuria?lang=es&view=step")
        wait_for_app(anne)
        wait_for_app(beñat)
        press_next(anne, 2)
        press_next(beñat, 4)
        press_next(anne, 1)
        assert step_in_url(anne) == 3 and step_in_url(beñat) == 4
        assert anne.evaluate("document.documentElement.lang") == "fr"
        assert beñat.evaluate("document.documentElement.lang") == "es"
        beñat.goto(f"{server.url}/sources?lang=es")
        wait_for_app(beñat)
        press_next(anne, 1)
        assert step_in_url(anne) == 4
        assert anne.evaluate("document.documentElement.lang") == "fr"
    finally:
        anne_context.close()
        beñat_context.close()
