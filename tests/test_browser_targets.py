"""Every control is a 44 × 44 px touch target on a phone and on a kiosk (WCAG 2.2 target
size, enhanced), in a real Chromium: buttons, the language switch and view tabs, segmented
controls and die pickers, pills, expanders, toggles, sliders and links that stand alone.

A visually hidden input is measured by what a finger touches: a toggle or a checkbox by its
label, a slider by its thumb, a select box by its box. Exempt, as WCAG exempts them: links and
glossary words inside a sentence, and
Streamlit's "skip to main content" link, shown only to the keyboard. One server, one browser
context a size; several views and languages a context.
"""

from __future__ import annotations

import pytest

from browser_support import settle, wait_for_app

pytestmark = pytest.mark.browser

LEAST = 44

#: What a control is, and what is measured for it.
UNDERSIZED = """(least) => {
  const selector = 'button, a[href], input, select, textarea, summary, [role=button], [role=tab],'
    + ' [role=slider], [role=switch], [role=checkbox], [role=radio], [role=option],'
    + ' [tabindex]:not([tabindex="-1"])';
  // a link or a glossary word that flows inside a line of text
  const inSentence = (e) => {
    const flow = e.tagName === 'SUMMARY' ? e.parentElement : e;
    if (!['A', 'SUMMARY'].includes(e.tagName) || getComputedStyle(flow).display !== 'inline')
      return false;
    let block = flow.parentElement;
    while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
    return !!block && block.textContent.trim().length > e.textContent.trim().length;
  };
  const touched = (e) => {
    if (e.getAttribute('role') === 'combobox') return e.closest('[role=group]') || e;
    if (e.tagName === 'INPUT' && e.type === 'range')
      return e.closest("[style*='translate(-50%, -50%)']") || e;
    if (e.tagName === 'INPUT' && (e.type === 'checkbox' || e.type === 'radio'))
      return e.closest('label') || e;
    return e;
  };
  const out = [];
  const seen = new Set();
  for (const e of document.querySelectorAll(selector)) {
    if (e.getAttribute('data-testid') === 'stSkipToContent' || inSentence(e)) continue;
    const target = touched(e);
    if (seen.has(target)) continue;
    seen.add(target);
    const r = target.getBoundingClientRect();
    if (!r.width || !r.height || r.right <= 0 || r.left >= window.innerWidth) continue;
    const style = getComputedStyle(target);
    if (style.visibility === 'hidden' || target.closest('[aria-hidden=true], [inert]')) continue;
    if (r.width < least - 0.5 || r.height < least - 0.5) {
      const key = (target.closest('[class*="st-key-"]') || {className: ''}).className.toString()
        .match(/st-key-\\S+/);
      const name = (target.innerText || target.getAttribute('aria-label') || e.getAttribute('aria-label')
        || target.title || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
      out.push(`${target.tagName.toLowerCase()} "${name}" ${Math.round(r.width)}×${Math.round(r.height)}`
               + (key ? ` (${key[0]})` : ''));
    }
  }
  return out;
}"""

#: The main views, each in one language, per size: the phone in French and English, the
#: kiosk (its own chrome, ``kiosk=1``) in Basque and Spanish. The peruludo odds view had 57
#: controls under 44 px on the phone.
VIEWS = {
    (390, 844): ["/?lang=fr", "/peruludo?view=odds&lang=en", "/peruludo?view=read&lang=fr",
                 "/zaldi_zuria?view=learn&lang=en", "/zohn_ahl?view=step&lang=fr",
                 "/zaldi_zuria?view=play&lang=en", "/translators?lang=fr"],
    (1920, 1080): ["/peruludo?view=odds&kiosk=1&lang=eu", "/zohn_ahl?view=learn&kiosk=1&lang=es",
                   "/zaldi_zuria?view=step&kiosk=1&lang=eu", "/peruludo?view=play&kiosk=1&lang=es"],
}


#: The booklet's touch styles (ui/shell.py ``TOUCH_CSS``) are in the page: Streamlit adds a
#: style-only ``st.html`` a moment after the run that sent it (up to seconds on a busy
#: machine), and the controls are measured as the visitor sees them once it is there.
STYLED = """() => [...document.querySelectorAll('style')]
  .some(s => s.textContent.includes('jokoak-touch'))"""


def undersized(page) -> list[str]:
    page.wait_for_function(STYLED, timeout=15000)
    settle(page, quiet_ms=200)
    return page.evaluate(UNDERSIZED, LEAST)


@pytest.mark.parametrize("size", list(VIEWS), ids=[f"{w}x{h}" for w, h in VIEWS])
def test_every_control_of_the_main_views_is_44_px_each_way(server, chromium_browser, size):
    width, height = size
    context = chromium_browser.new_context(viewport={"width": width, "height": height},
                                           has_touch=True)
    page = context.new_page()
    found: dict[str, list[str]] = {}
    try:
        for url in VIEWS[size]:
            page.goto(server.url + url)
            wait_for_app(page)
            # a kiosk's lesson and play views fold the title away (ui.kiosk_mode.kiosk_fold)
            page.locator("h1:visible, h2:visible, .jokoak-kiosk-start").first.wait_for(
                timeout=15000)
            problems = undersized(page)
            if problems:
                found[url] = problems[:10] + ([f"… {len(problems) - 10} more"]
                                              if len(problems) > 10 else [])
    finally:
        context.close()
    assert not found, found


def test_the_die_pickers_come_in_order(server, chromium_browser):
    """Die 1, Die 2, … in the page's order (a screen reader's, the tab key's and a phone's
    single column), not Die 1, Die 3, Die 5, Die 2, Die 4."""
    context = chromium_browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(server.url + "/peruludo?view=odds&lang=en")
        wait_for_app(page)
        keys = page.locator("[class*='st-key-jokoak_peruludo_odds_die']").evaluate_all(
            "els => els.map(e => e.className.match(/odds_die(\\d+)/)[1])")
        assert keys == [str(i) for i in range(len(keys))] and len(keys) == 5
        tops = [page.locator(f".st-key-jokoak_peruludo_odds_die{i}").bounding_box()["y"]
                for i in range(5)]
        assert tops == sorted(tops)            # one column on the phone, in order
    finally:
        context.close()
