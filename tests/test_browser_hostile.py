"""Hostile strings in a catalog reach the real browser as inert text."""

from __future__ import annotations

import pytest

from browser_support import ROOT, Server, wait_for_app

pytestmark = pytest.mark.browser


def test_script_tags_handlers_and_javascript_links_from_a_catalog_stay_text(chromium_browser):
    server = Server(str(ROOT / "tests" / "hostile_app.py"))   # its own app: a hostile catalog
    context = chromium_browser.new_context()
    try:
        server.wait()
        page = context.new_page()
        dialogs: list[str] = []
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        page.goto(server.url)
        wait_for_app(page)
        page.locator('[data-segment="setup.cards"][lang="en"]').first.wait_for(timeout=20000)
        text = page.locator('[data-segment="setup.cards"][lang="en"]').first.inner_text()
        assert "<script>window.__pwned = 1</script>" in text
        assert page.evaluate("window.__pwned === undefined")
        page.locator('[data-segment="setup.cards"][lang="en"]').first.hover()
        assert page.evaluate("window.__pwned === undefined")
        assert page.locator('[data-segment] img, [data-segment] b, '
                            '[data-segment] a[href^="javascript"]').count() == 0
        assert not dialogs
    finally:
        context.close()
        server.stop()
