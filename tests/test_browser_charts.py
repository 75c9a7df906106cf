"""Every chart of every odds view is legible in a real browser from a 390 px phone to a
1920 px kiosk: no text cut ("…") or outside its chart, no category label or legend entry
hidden, no two texts on top of each other, and titles that wrap instead of being cut.

Charts are drawn as SVG (ui.common.show_chart), so their texts can be measured here.
"""

from __future__ import annotations

import pytest

from browser_support import settle, wait_for_app
from games_support import games_with_odds_view

pytestmark = pytest.mark.browser

#: Every language on the phone, where words run out of room first; two at the wider sizes.
SIZES = ([(390, 844, lang) for lang in ("eu", "es", "fr", "en")]
         + [(1366, 900, "eu"), (1366, 900, "fr"), (1920, 1080, "es"), (1920, 1080, "fr")])

PROBLEMS = """() => {
  const out = [];
  const hidden = (el) => { for (let e = el; e && e.tagName !== 'svg'; e = e.parentElement) {
      if (parseFloat(getComputedStyle(e).opacity) === 0) return true; } return false; };
  const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
      && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const charts = [...document.querySelectorAll('[data-testid="stVegaLiteChart"]')];
  charts.forEach((chart, i) => {
    const svg = chart.querySelector('svg.marks');
    if (!svg) { out.push(`chart ${i}: not drawn as SVG`); return; }
    const name = (svg.getAttribute('aria-label') || '').slice(0, 50);
    const frame = svg.getBoundingClientRect();
    if (frame.right > window.innerWidth + 1) out.push(`${name}: wider than the screen`);
    const shown = [];
    for (const t of svg.querySelectorAll('text')) {
      const words = t.textContent.trim();
      if (!words) continue;
      const inLegend = !!t.closest('.role-legend-label');
      if (hidden(t)) {
        // numbers on a long axis may be thinned out; words and legend entries never
        if (/\\p{L}/u.test(words) || inLegend) out.push(`${name}: "${words}" hidden`);
        continue;
      }
      if (words.includes('…')) out.push(`${name}: "${words}" cut`);
      const r = t.getBoundingClientRect();
      if (r.left < frame.left - 1 || r.right > frame.right + 1 || r.top < frame.top - 1
          || r.bottom > frame.bottom + 1) out.push(`${name}: "${words}" outside the chart`);
      shown.push([words, r]);
    }
    for (let a = 0; a < shown.length; a++) for (let b = a + 1; b < shown.length; b++)
      if (meet(shown[a][1], shown[b][1]))
        out.push(`${name}: "${shown[a][0]}" over "${shown[b][0]}"`);
  });
  for (const title of document.querySelectorAll('.jk-chart-title'))
    if (title.scrollWidth > title.clientWidth + 1) out.push(`title cut: ${title.textContent}`);
  return out;
}"""


def chart_problems(page) -> list[str]:
    page.wait_for_function(
        "() => { const c = document.querySelectorAll('[data-testid=\"stVegaLiteChart\"]');"
        " return c.length > 0 && [...c].every(x => x.querySelector('svg.marks')); }",
        timeout=30000)
    settle(page, quiet_ms=200)          # Vega's layout pass after the first draw
    return page.evaluate(PROBLEMS)


@pytest.mark.parametrize("width, height, lang", SIZES)
def test_every_odds_chart_is_legible_at_this_size(server, chromium_browser, width, height,
                                                  lang):
    context = chromium_browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    found = {}
    try:
        for game in games_with_odds_view():
            page.goto(f"{server.url}/{game}?lang={lang}&view=odds")
            wait_for_app(page)
            problems = chart_problems(page)
            if problems:
                found[game] = problems[:8]
    finally:
        context.close()
    assert not found, found
