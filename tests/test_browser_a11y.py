"""Accessibility and offline use, in a real browser over every page and view.

axe-core (from the npm registry) must find no serious or critical violation, in two
languages; with every request to another host blocked, each page still loads completely.
"""

from __future__ import annotations

from urllib.parse import urlparse

import pytest

from browser_support import axe_source, every_url, settle, wait_for_app

pytestmark = pytest.mark.browser


def serious_violations(page, axe: str) -> list[str]:
    page.add_script_tag(content=axe)
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
          .map(v => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3)
               .map(n => n.target.join(' ')).join(' | '));
    }""")
    return result


def note_violations(page, axe: str, found: dict, where: str) -> None:
    """Let the page settle, run axe, and file any serious problem under ``where``.

    Settled means drawn, no DOM change for 300 ms and no fade running: axe would otherwise
    read the contrast of text that is still fading in."""
    wait_for_app(page)
    settle(page, quiet_ms=300)
    problems = serious_violations(page, axe)
    if problems:
        found[where] = problems


@pytest.mark.parametrize("lang", ["eu", "fr"])
def test_no_serious_or_critical_axe_violations_on_any_page(server, chromium_browser, lang):
    axe = axe_source()
    context = chromium_browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    found = {}
    for url in every_url(lang):
        page.goto(server.url + url)
        note_violations(page, axe, found, url)
    context.close()
    assert not found, found


def test_every_page_loads_completely_with_other_hosts_blocked(server, chromium_browser):
    context = chromium_browser.new_context()
    blocked: list[str] = []

    def guard(route):
        host = urlparse(route.request.url).hostname
        if host in ("127.0.0.1", "localhost") or route.request.url.startswith("data:"):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    page = context.new_page()
    failures = []
    for url in every_url("es"):
        page.goto(server.url + url)
        wait_for_app(page)
        if page.locator('[data-testid="stException"]').count():
            failures.append(url)
        try:
            page.locator("h1").first.wait_for(timeout=15000)
        except Exception:
            failures.append(url + " (no heading)")
    context.close()
    assert not failures, failures
    assert not blocked, f"pages asked for other hosts: {sorted(set(blocked))[:10]}"


def test_no_serious_or_critical_axe_violations_in_kiosk_mode(server, chromium_browser):
    """The attract screen, then home and two game pages, as a kiosk visitor reaches them."""
    axe = axe_source()
    context = chromium_browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(server.url + "/?kiosk=1&lang=eu")
    found = {}
    note_violations(page, axe, found, "attract screen")
    page.get_by_role("button", name="Français").click()
    page.wait_for_function("() => document.documentElement.lang === 'fr'", timeout=15000)
    note_violations(page, axe, found, "home")
    # a new page load would be a new visitor (the attract screen): move with the navigation
    for game in ("zohn ahl", "peruludo"):
        page.locator('a[data-testid="stTopNavLink"]', has_text=game).first.click()
        page.locator("h1", has_text=game).first.wait_for(timeout=15000)
        note_violations(page, axe, found, game)
    context.close()
    assert not found, found
