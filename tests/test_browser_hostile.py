"""Hostile strings in a catalog reach the real browser as inert text."""

from __future__ import annotations

import pytest

from browser_support import ROOT, wait_for_app

pytestmark = pytest.mark.browser


def test_script_tags_handlers_and_javascript_links_from_a_catalog_stay_text(app_server,
                                                                           chromium_browser):
    server = app_server(script=str(ROOT / "tests" / "hostile_app.py"))   # a hostile catalog
    context = chromium_browser.new_context()
    try:
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


def test_while_a_worst_case_upload_is_reviewed_another_visitors_click_takes_at_most_twice_as_long(
        server, chromium_browser):
    """Issue 16: one upload's review made another visitor's "Next" take 31 s instead of 0.24 s.

    Every entry at the length cap is the costliest file the checks still read. The ratio of
    median click times is measured (B alone, then B while A's review runs), not time-boxed.
    """
    from freeze_probe import at_the_cap, catalog_with, measure
    # Two tries: on this 2-core machine a burst of other work during one measurement can
    # double a median by itself; a review that really freezes the server fails both.
    tries = []
    for seed in (0, 1):
        figures = measure(chromium_browser, server.url, catalog_with(at_the_cap, seed=seed))
        assert figures.during, "no click overlapped the review"
        assert "Clauses shown:" in figures.shown
        tries.append(figures)
        if figures.ratio <= 2.0:
            break
    assert min(f.ratio for f in tries) <= 2.0, tries


def test_the_freezing_probe_is_refused_with_a_message_and_the_limit_is_stated_truthfully(
        server, chromium_browser):
    from freeze_probe import catalog_with, measure, the_probe
    # Two tries, as above: the other test process shares the two cores (pytest-xdist)
    tries = []
    for _ in range(2):
        figures = measure(chromium_browser, server.url, catalog_with(the_probe, entries=1))
        assert "Entries longer than 1000 characters" in figures.shown
        assert "MB per file" not in figures.shown and "at most 512 kB per file" in figures.shown
        tries.append(figures)
        if figures.ratio <= 2.0:
            break
    assert min(f.ratio for f in tries) <= 2.0, tries
