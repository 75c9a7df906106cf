"""Real browser: Debian's Chromium against a live booklet server."""

from __future__ import annotations

import pytest

from browser_support import wait_for_app

pytestmark = pytest.mark.browser


@pytest.fixture
def page(chromium_browser):
    context = chromium_browser.new_context(locale="en-GB", viewport={"width": 1366, "height": 900})
    pg = context.new_page()
    yield pg
    context.close()


@pytest.mark.parametrize("lang", ["eu", "fr"])
def test_home_sets_the_document_language(server, page, lang):
    page.goto(f"{server.url}/?lang={lang}")
    wait_for_app(page)
    page.wait_for_function(f"() => document.documentElement.lang === '{lang}'", timeout=15000)
    assert page.evaluate("document.documentElement.lang") == lang


def test_browser_locale_decides_without_a_lang_parameter(page_at):
    pg = page_at("/", locale="es-ES")
    pg.wait_for_function("() => document.documentElement.lang === 'es'", timeout=15000)


def test_a_game_page_shows_its_basque_source_marked_as_basque(server, page):
    page.goto(f"{server.url}/zaldi_zuria?lang=en")
    wait_for_app(page)
    first = page.locator('[data-segment="setup.cards"][lang="eu"]').first
    first.wait_for(timeout=20000)
    assert "Bost karta erabiltzen dira" in first.inner_text()
    translated = page.locator('[data-segment="setup.cards"][lang="en"]')
    assert translated.count() == 1


def test_language_survives_a_page_change(server, page):
    page.goto(f"{server.url}/sources?lang=fr")
    wait_for_app(page)
    page.wait_for_function("() => document.documentElement.lang === 'fr'", timeout=15000)
    page.get_by_role("link", name="zohn ahl").first.click()
    page.wait_for_url("**/zohn_ahl**", timeout=15000)
    wait_for_app(page)
    page.wait_for_function("() => document.documentElement.lang === 'fr'", timeout=15000)
    assert "lang=fr" in page.url


def test_a_deep_link_to_a_fresh_server_goes_through_the_router(fresh_server, page_at):
    """The very first request of a new server is a deep link to a game page."""
    pg = page_at("/peruludo", lang="fr", server=fresh_server())
    pg.wait_for_function("() => document.documentElement.lang === 'fr'", timeout=15000)
    pg.get_by_text("Français").first.wait_for(timeout=15000)   # the language switch


def test_touching_another_language_relabels_the_page_at_once(server, page):
    page.goto(f"{server.url}/sources?lang=eu")
    wait_for_app(page)
    for name, code in (("Français", "fr"), ("Español", "es"), ("Euskara", "eu")):
        page.locator("[data-testid=stButtonGroup] button", has_text=name).first.click()
        page.wait_for_function(f"() => document.documentElement.lang === '{code}'",
                               timeout=15000)
        page.wait_for_function(f"() => location.search.includes('lang={code}')", timeout=15000)


def test_next_step_moves_the_step_through_and_keeps_the_language(server, page):
    """"Next" reruns only the step panel (a fragment): the URL, the count and the words follow."""
    page.goto(f"{server.url}/peruludo?lang=fr&view=step")
    wait_for_app(page)
    progress = page.locator(".jk-steps .jk-progress-text")
    assert "0" in progress.inner_text()
    for n in (1, 2, 3):
        page.locator('.jk-steps button[data-fid="next"]').first.click()
        page.wait_for_function(f"() => location.search.includes('step={n}')", timeout=15000)
        wait_for_app(page)
    assert "3" in progress.inner_text() and "Étape" in progress.inner_text()
    assert page.evaluate("document.documentElement.lang") == "fr"
    page.get_by_role("button", name="Début").click()          # back to the start
    page.wait_for_function("() => location.search.includes('step=0')", timeout=15000)
