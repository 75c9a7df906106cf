"""Every game drawing fits its screen, in a real Chromium at the four screen sizes: no word of
a table or board runs outside the box it is written in, nor outside the drawing, and at
kiosk sizes no word is drawn under 12 px (its font size times the drawing's scale on screen).

The drawings are the game's own SVG (``jokoak.render``): the lessons' tables and the
step-through's, which open drawn without a tap. One server for the module, one browser
context a size, and the languages rotated over the pages so that every language is met at
every size's longest labels somewhere.
"""

from __future__ import annotations

import pytest

from browser_support import settle, wait_for_app

pytestmark = pytest.mark.browser

#: The smallest type a drawing may use on a kiosk's screen (px).
KIOSK_LEAST_PX = 12
KIOSK_SIZES = {(1920, 1080), (1080, 1920)}
SIZES = [(1920, 1080), (1080, 1920), (1366, 768), (390, 844)]
LANGS = ["eu", "es", "fr", "en"]

#: Pages that open on a drawing: each game's first lesson, and a step of the step-through
#: chosen where the table holds the longest words (zaldi zuria's auction: "Salgai …").
PAGES = [
    "/zaldi_zuria?view=learn&lesson=01_first_throws&lstep=1",
    "/zaldi_zuria?view=learn&lesson=02_auction_and_endings&lstep=1",
    "/zaldi_zuria?view=step&scenario=01_opening_and_auction&step=10",
    "/peruludo?view=learn&lesson=01_first_round&lstep=1",
    "/peruludo?view=step&scenario=02_palero_challenger_loses&step=4",
    "/zohn_ahl?view=learn&lesson=01_first_throws&lstep=1",
    "/zohn_ahl?view=step&scenario=02_north_creek&step=2",
]

#: Every text of every game drawing on the page (not the charts, measured by
#: tests/test_browser_charts.py): its rendered font size, whether it lies inside the
#: drawing's viewBox, and inside the smallest rectangle of the drawing that holds its
#: middle (a seat's card, a status box, a die; the background, for a free label).
MEASURE = """() => {
  const out = [];
  for (const svg of document.querySelectorAll('[data-testid=stMainBlockContainer] svg')) {
    if (svg.closest('[data-testid=stVegaLiteChart]') || !svg.viewBox.baseVal
        || !svg.viewBox.baseVal.width || !svg.getBoundingClientRect().width) continue;
    const vb = svg.viewBox.baseVal;
    const boxes = [...svg.querySelectorAll('rect')].map(r => {
      const b = r.getBBox(), m = r.getCTM(), s = svg.getCTM();
      // the rect in the drawing's own units (a rect may sit in a transformed group)
      const p = svg.createSVGPoint();
      const corners = [[b.x, b.y], [b.x + b.width, b.y + b.height]].map(([x, y]) => {
        p.x = x; p.y = y; return p.matrixTransform(s.inverse().multiply(m)); });
      return {x: Math.min(corners[0].x, corners[1].x), y: Math.min(corners[0].y, corners[1].y),
              r: Math.max(corners[0].x, corners[1].x), b: Math.max(corners[0].y, corners[1].y)};
    });
    for (const t of svg.querySelectorAll('text')) {
      const words = t.textContent.trim();
      if (!words) continue;
      const b = t.getBBox(), m = t.getCTM(), s = svg.getCTM();
      const p = svg.createSVGPoint();
      const corners = [[b.x, b.y], [b.x + b.width, b.y + b.height]].map(([x, y]) => {
        p.x = x; p.y = y; return p.matrixTransform(s.inverse().multiply(m)); });
      const box = {x: Math.min(corners[0].x, corners[1].x), y: Math.min(corners[0].y, corners[1].y),
                   r: Math.max(corners[0].x, corners[1].x), b: Math.max(corners[0].y, corners[1].y)};
      const cx = (box.x + box.r) / 2, cy = (box.y + box.b) / 2;
      const holders = boxes.filter(r => r.x <= cx && cx <= r.r && r.y <= cy && cy <= r.b)
        .sort((a, c) => (a.r - a.x) * (a.b - a.y) - (c.r - c.x) * (c.b - c.y));
      const holder = holders[0] || {x: vb.x, y: vb.y, r: vb.x + vb.width, b: vb.y + vb.height};
      const screen = t.getScreenCTM();
      const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(screen.a, screen.b);
      out.push({words: words.slice(0, 50), px: Math.round(px * 10) / 10,
                outsideDrawing: box.x < vb.x - 1 || box.r > vb.x + vb.width + 1
                  || box.y < vb.y - 1 || box.b > vb.y + vb.height + 1,
                outsideBox: box.x < holder.x - 1 || box.r > holder.r + 1
                  || box.y < holder.y - 1 || box.b > holder.b + 1});
    }
  }
  return out;
}"""


#: The booklet's board styles (ui/shell.py ``BOARD_CSS``) are in the page: Streamlit adds a
#: style-only ``st.html`` a moment after the run that sent it.
STYLED = """() => [...document.querySelectorAll('style')]
  .some(s => s.textContent.includes('jokoak-boards'))"""


def drawn_texts(page) -> list[dict]:
    page.wait_for_selector(".jokoak-board svg text:visible", timeout=30000)
    page.wait_for_function(STYLED, timeout=15000)
    settle(page, quiet_ms=200)
    return page.evaluate(MEASURE)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_word_of_every_drawing_fits_its_box_and_is_big_enough(server, chromium_browser,
                                                                    size):
    width, height = size
    context = chromium_browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    problems: dict[str, list[str]] = {}
    try:
        for i, path in enumerate(PAGES):
            lang = LANGS[(i + SIZES.index(size)) % len(LANGS)]
            url = f"{path}&lang={lang}"
            page.goto(server.url + url)
            wait_for_app(page)
            found = []
            for text in drawn_texts(page):
                if text["outsideDrawing"]:
                    found.append(f'"{text["words"]}" runs outside the drawing')
                elif text["outsideBox"]:
                    found.append(f'"{text["words"]}" runs outside its box')
                if size in KIOSK_SIZES and text["px"] < KIOSK_LEAST_PX:
                    found.append(f'"{text["words"]}" is {text["px"]} px')
            if found:
                problems[url] = found[:8]
    finally:
        context.close()
    assert not problems, problems


#: The names of the throw animations (ui/shell.py ``ROLL_CSS``) that have started since the
#: page was opened.
WATCH_ROLLS = """() => { window.__jkRolls = [];
  document.addEventListener('animationstart', (e) => {
    if (e.animationName.startsWith('jk-')) window.__jkRolls.push(e.animationName); }, true); }"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_throw_rolls_the_dice_and_names_the_white_horse_unless_motion_is_reduced(
        server, chromium_browser, motion):
    """The first lesson's throw of zaldi zuria shows eight blank dice, as before it: the dice
    roll and "White horse!" stands over them; a visitor who asked for less motion gets the
    badge without the roll."""
    context = chromium_browser.new_context(viewport={"width": 1080, "height": 1920},
                                           reduced_motion=motion)
    page = context.new_page()
    try:
        page.goto(server.url + "/zaldi_zuria?view=learn&lesson=01_first_throws&lstep=1&lang=es")
        wait_for_app(page)
        page.evaluate(WATCH_ROLLS)
        assert page.locator(".jokoak-board .jk-badge").count() == 0
        page.locator("[class*='st-key-jokoak_lesson_zaldi_zuria_throw'] button").first.click()
        page.wait_for_selector(".jokoak-board .jk-badge:visible", timeout=20000)
        wait_for_app(page)
        assert "¡Caballo blanco!" in page.locator(".jokoak-board .jk-badge:visible").text_content()
        rolls = page.evaluate("() => window.__jkRolls")
        if motion == "reduce":
            assert rolls == []
        else:
            assert rolls.count("jk-roll-a") + rolls.count("jk-roll-b") == 8 and "jk-pop" in rolls
    finally:
        context.close()
