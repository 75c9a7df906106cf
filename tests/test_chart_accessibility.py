"""Charts speak the visitor's language to assistive technologies too, and show no English menu.

Vega-Lite writes English descriptions of its own into a chart ("X-axis titled ... for a linear
scale", "bar", "legend") with raw numbers; :func:`ui.common.show_chart` turns them off, so the
chart's accessible name is its translated title. Streamlit's chart toolbar ("Download as PNG",
"Fullscreen") has English labels only and is hidden by the booklet's page styles.
"""

import pytest
from streamlit.testing.v1 import AppTest

from browser_support import wait_for_app
from test_chart_cache import TIMEOUT, chart_app, spec


def test_a_drawn_chart_asks_vega_lite_for_no_english_descriptions():
    at = AppTest.from_function(chart_app, default_timeout=TIMEOUT)
    at.session_state["jokoak_lang"] = "fr"
    at.session_state["calls"] = []
    at.session_state["values"] = (31, 32)          # values no other test uses
    at.run()
    assert not at.exception
    drawn = spec(at)
    assert drawn["config"]["aria"] is False and drawn["config"]["mark"]["aria"] is False
    from jokoak.i18n import translator
    assert drawn["description"] == translator("fr").gettext("Probability") != "Probability"


ENGLISH_ARIA = """() => {
  const charts = [...document.querySelectorAll('[data-testid="stVegaLiteChart"]')];
  const out = [];
  for (const chart of charts) {
    const box = chart.closest('[data-testid="stElementContainer"]');
    const bar = box && box.querySelector('[data-testid="stElementToolbar"]');
    if (bar && getComputedStyle(bar).display !== 'none') out.push('toolbar shown');
    for (const el of chart.querySelectorAll('[aria-label]'))
      out.push(el.getAttribute('aria-label').slice(0, 60));
  }
  return [charts.length, out];
}"""


@pytest.mark.browser
def test_odds_charts_have_no_english_toolbar_or_generated_aria_text(server, chromium_browser):
    page = chromium_browser.new_page(viewport={"width": 1366, "height": 900})
    try:
        page.goto(f"{server.url}/zaldi_zuria?lang=eu&view=odds")
        wait_for_app(page)
        page.wait_for_function("() => document.querySelectorAll("
                               "'[data-testid=\"stVegaLiteChart\"] svg.marks').length > 0",
                               timeout=30000)
        page.hover('[data-testid="stVegaLiteChart"]')
        count, found = page.evaluate(ENGLISH_ARIA)
    finally:
        page.close()
    assert count > 0 and found == []
