"""Phone boards readable (issue 37, point 7), in a real Chromium at 390×844: in the lessons,
the step-through and play of each game, no word of the board is drawn under 11 px on screen
(its font size times the drawing's scale), no two words of it overlap, none leaves the
drawing; the step-through's controls say their words at 11 px or more, whole; the
navigation's opener says its name in words.

The phone sees the games' drawings laid out for its width (``narrow``, tests/test_phone_boards.py);
the wide ones sit hidden beside them. Languages rotate over the pages, so each meets the
longest labels somewhere.
"""

from __future__ import annotations

import pytest

from browser_support import settle, wait_for_app

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LEAST_PX = 11
LANGS = ["eu", "fr", "es", "en"]

#: Pages that open on a board: a lesson's first step, the step-through where the words are
#: longest (zaldi zuria's auction, peruludo's lifted cups, zohn ahl's numbered 40-site
#: board with its knee legend), and a new game of the play view (``play``).
PAGES = [
    "/zaldi_zuria?view=learn&lesson=01_first_throws&lstep=2",
    "/zaldi_zuria?view=step&scenario=01_opening_and_auction&step=10",
    "/zaldi_zuria?view=play",
    "/peruludo?view=learn&lesson=01_first_round&lstep=1",
    "/peruludo?view=step&scenario=02_palero_challenger_loses&step=4",
    "/peruludo?view=play",
    "/zohn_ahl?view=learn&lesson=01_first_throws&lstep=1",
    "/zohn_ahl?view=step&scenario=12_forty_sites&step=1",
    "/zohn_ahl?view=play",
]

#: Every word of every board on screen: its size on screen, its box on screen, and whether
#: the box leaves its drawing's (a hidden drawing, the other layout, has no box).
BOARD_WORDS = """() => {
  const words = [];
  for (const svg of document.querySelectorAll('.jokoak-board svg, .jk-board svg')) {
    const frame = svg.getBoundingClientRect();
    if (!frame.width || !frame.height) continue;
    for (const t of svg.querySelectorAll('text')) {
      const text = t.textContent.trim();
      const b = t.getBoundingClientRect();
      if (!text || !b.width) continue;
      const m = t.getScreenCTM();
      words.push({text: text.slice(0, 40),
                  px: parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b),
                  box: [b.left, b.top, b.right, b.bottom],
                  outside: b.left < frame.left - 1 || b.right > frame.right + 1
                           || b.top < frame.top - 1 || b.bottom > frame.bottom + 1});
    }
  }
  return words;
}"""


def overlapping(words: list[dict]) -> list[tuple[str, str]]:
    """The pairs of words whose boxes on screen share more than a pixel each way."""
    found = []
    for i, a in enumerate(words):
        for b in words[i + 1:]:
            across = min(a["box"][2], b["box"][2]) - max(a["box"][0], b["box"][0])
            down = min(a["box"][3], b["box"][3]) - max(a["box"][1], b["box"][1])
            if across > 1 and down > 1:
                found.append((a["text"], b["text"]))
    return found


def open_board(page, url: str) -> None:
    page.goto(url)
    wait_for_app(page)
    if "view=play" in url:
        game = url.split("/")[-1].split("?")[0]
        page.locator(f".st-key-jokoak_{game}_play_new button").click()
    page.wait_for_selector(".jokoak-board .jk-narrow svg text", timeout=30000)
    wait_for_app(page)
    settle(page, quiet_ms=300)


@pytest.mark.parametrize("index", range(len(PAGES)), ids=[p.split("?")[0].strip("/") + "-"
                                                          + p.split("view=")[1].split("&")[0]
                                                          for p in PAGES])
def test_no_word_of_a_phones_board_is_under_11_px_or_over_another(server, chromium_browser,
                                                                   index):
    lang = LANGS[index % len(LANGS)]
    context = chromium_browser.new_context(viewport=PHONE, has_touch=True)
    page = context.new_page()
    try:
        open_board(page, f"{server.url}{PAGES[index]}&lang={lang}")
        words = page.evaluate(BOARD_WORDS)
        assert words, "no board drawn"
        small = [(w["text"], round(w["px"], 1)) for w in words if w["px"] < LEAST_PX]
        assert not small, small
        assert not overlapping(words)
        assert not [w["text"] for w in words if w["outside"]]
    finally:
        context.close()


#: The step-through's buttons: each label's size and whether it is cut.
STEP_LABELS = """() => [...document.querySelectorAll('.jk-steps .jk-b')]
  .filter(b => b.getBoundingClientRect().width)
  .map(b => { const l = b.querySelector('.jk-l') || b;
    return {text: b.innerText.trim(), px: parseFloat(getComputedStyle(l).fontSize),
            cut: l.scrollWidth > l.clientWidth + 1 || l.scrollHeight > l.clientHeight + 1
                 || b.getBoundingClientRect().right > innerWidth + 1}; })"""

#: The navigation's opener: the words it shows beside its arrow, and their size.
OPENER = """() => { const b = document.querySelector('[data-testid=stExpandSidebarButton]');
  if (!b) return null;
  const after = getComputedStyle(b, '::after');
  return {words: after.content.replace(/^"|"$/g, ''), px: parseFloat(after.fontSize),
          name: b.getAttribute('aria-label')}; }"""


@pytest.mark.parametrize("lang", ["eu", "fr"])
def test_the_step_controls_and_the_menu_opener_say_their_words_whole_on_a_phone(
        server, chromium_browser, lang):
    context = chromium_browser.new_context(viewport=PHONE, has_touch=True)
    page = context.new_page()
    try:
        open_board(page, f"{server.url}/zaldi_zuria?view=step&lang={lang}")
        labels = page.evaluate(STEP_LABELS)
        assert labels and all(label["text"] for label in labels), labels
        assert not [label for label in labels if label["px"] < LEAST_PX or label["cut"]]
        opener = page.evaluate(OPENER)
        assert opener is not None and opener["words"] not in ("", "none", "normal")
        assert opener["px"] >= LEAST_PX
        # a screen reader announces the same word, not Streamlit's English "Expand sidebar"
        assert opener["name"] == opener["words"]
    finally:
        context.close()
