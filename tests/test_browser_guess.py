"""Guess first, then see, in a real Chromium: the slider is set with the keys, the throw
button is tapped twice fast, and one run of 300 throws lands before the answer, in the
visitor's language. Uses the session's server and browser (tests/conftest.py)."""

from __future__ import annotations

import pytest

from browser_support import wait_for_app
from jokoak.i18n import format_percent_value, translator
from jokoak.odds.guesses import questions

pytestmark = pytest.mark.browser

SECTION = "jokoak_zaldi_zuria_guess_all_blank"


def spaced(text: str) -> str:
    """Text with its no-break spaces (the percent's, in French and Basque) as spaces."""
    return text.replace("\u202f", " ").replace("\u00a0", " ").strip()


@pytest.mark.parametrize("lang", ["eu", "fr"])
def test_a_guess_set_on_the_slider_then_a_double_tap_throws_once(server, chromium_browser, lang):
    tr = translator(lang)
    page = chromium_browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(f"{server.url}/zaldi_zuria?lang={lang}&view=odds")
        wait_for_app(page)
        question = tr.gettext(questions("zaldi_zuria")["all_blank"].question)
        page.get_by_text(question).wait_for()
        thumb = page.locator(f".st-key-{SECTION}_slider input[type='range']")
        thumb.focus()
        page.keyboard.press("Home")
        for _ in range(25):
            page.keyboard.press("ArrowRight")
        shown = format_percent_value(0.25, lang, 0)
        assert spaced(thumb.get_attribute("aria-valuetext")) == spaced(shown)
        wait_for_app(page)
        page.locator(f".st-key-{SECTION}_throw_r0 button").dblclick(delay=80)
        page.wait_for_selector(".jokoak-guess-answer", timeout=90000)
        dots = page.locator(".jokoak-guess-dots").first
        assert dots.get_attribute("data-run") == "1"
        assert dots.get_attribute("data-landed") == "300"
        answer = page.locator(".jokoak-guess-answer").first
        assert answer.get_attribute("lang") == lang
        assert spaced(answer.locator(".v").first.inner_text()) == spaced(shown)
        assert tr.gettext("The exact chance") in answer.inner_text()
        assert page.locator('[data-testid="stException"]').count() == 0
    finally:
        page.close()
