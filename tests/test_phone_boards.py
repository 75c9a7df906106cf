"""The games' drawings laid out for a phone (issue 37, point 7): on a 390 px phone a drawing
gets 334–358 px of width, and no word of it may be drawn under 11 px there.

Each renderer's ``narrow`` layout is checked on every position of every scenario, in the four
languages: its words are set at the phone's least size or more (in units of a drawing
whose width is known, so the size on screen follows), each word carries its language and is
escaped, and its ids differ from the wide drawing's, which the page holds beside it
(``jokoak.render.for_both_widths``). The real browser measures the same on screen
(tests/test_browser_phone_boards.py).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import lru_cache

import pytest

from jokoak import registry
from jokoak.content.scenarios import scenarios
from jokoak.engine.record import replay_states
from games_support import engine_of
from jokoak.games.peruludo import render as peruludo
from jokoak.games.zaldi_zuria import render as zaldi_zuria
from jokoak.games.zohn_ahl import render as zohn_ahl
from jokoak.i18n import translator
from jokoak.render import for_both_widths

SVG = "{http://www.w3.org/2000/svg}"
LANGS = ("eu", "es", "fr", "en")
GAMES = ("zaldi_zuria", "peruludo", "zohn_ahl")
#: The narrowest width a phone's drawing gets at 390 px (the lesson's column), in px.
PHONE_DRAWING_PX = 334
LEAST_PX = 11


@lru_cache(maxsize=None)
def states(game: str) -> tuple:
    return tuple(state for scenario in scenarios(game)
                 for state in replay_states(engine_of(game), scenario.record))


def narrow(game: str, state, _, lang: str) -> str:
    if game == "zohn_ahl":
        return zohn_ahl.render_board_svg(state, _, lang, narrow=True)
    module = zaldi_zuria if game == "zaldi_zuria" else peruludo
    return module.render_table_svg(state, _, lang, viewer=0, narrow=True)


def view_width(root: ET.Element) -> float:
    return float(root.get("viewBox").split()[2])


@pytest.mark.parametrize("game", GAMES)
def test_no_word_of_a_phones_drawing_is_under_11_px_at_the_phones_width(game):
    small = set()
    for lang in LANGS:
        _ = translator(lang).gettext
        for state in states(game):
            root = ET.fromstring(narrow(game, state, _, lang))
            scale = PHONE_DRAWING_PX / view_width(root)
            small |= {(lang, t.text, t.get("font-size")) for t in root.iter(SVG + "text")
                      if float(t.get("font-size")) * scale < LEAST_PX}
    assert not small, sorted(small)[:10]


@pytest.mark.parametrize("game", GAMES)
def test_every_word_of_a_phones_drawing_is_marked_with_its_language(game):
    _ = translator("eu").gettext
    for state in states(game)[:40]:
        root = ET.fromstring(narrow(game, state, _, "eu"))
        assert root.get("lang") == "eu"
        assert all(t.get("lang") == "eu" for t in root.iter(SVG + "text"))


@pytest.mark.parametrize("game", GAMES)
def test_a_phones_drawing_escapes_every_text(game):
    hostile = lambda message: "<script>&" + message   # noqa: E731
    svg = narrow(game, states(game)[-1], hostile, "en")
    assert "<script>" not in svg and "&lt;script&gt;&amp;" in svg


@pytest.mark.parametrize("game", GAMES)
def test_the_page_gets_both_layouts_with_ids_of_their_own(game):
    state, _ = states(game)[-1], translator("fr").gettext
    entry = registry.plugin(game)
    markup = for_both_widths(entry.draw_state(state, _, "fr"),
                             entry.draw_state(state, _, "fr", narrow=True))
    root = ET.fromstring(f"<div>{markup}</div>")
    wide, phone = root.findall("div")
    assert (wide.get("class"), phone.get("class")) == ("jk-wide", "jk-narrow")
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert ids and len(ids) == len(set(ids))
    labelled = [e.get("aria-labelledby") for e in root.iter(SVG + "svg")]
    assert len(labelled) == 2 and labelled[0] != labelled[1]


def test_both_widths_keeps_each_drawing_whole_in_its_own_box():
    assert for_both_widths("<svg>a</svg>", "<svg>b</svg>") == (
        '<div class="jk-wide"><svg>a</svg></div><div class="jk-narrow"><svg>b</svg></div>')


@pytest.mark.parametrize("players", range(2, 11))
def test_peruludos_seats_on_a_phone_never_overlap_and_stay_on_the_table(players):
    centres = peruludo.narrow_seat_centres(players)
    w, h = peruludo._narrow_card(players)
    assert all(w / 2 <= x <= peruludo._NW - w / 2 for x, _y in centres)
    for i, a in enumerate(centres):
        for b in centres[i + 1:]:
            assert abs(a[0] - b[0]) >= w + 6 or abs(a[1] - b[1]) >= h + 6, (a, b)


def test_peruludos_seats_on_a_phone_go_round_as_on_the_wide_table():
    """Seat 1 at the bottom, the next to its left (screen left), then the top, the right:
    play passes clockwise seen from above, on the phone as on the wide table."""
    (x0, y0), (x1, _y1), (x2, y2), (x3, _y3) = peruludo.narrow_seat_centres(4)
    assert y0 > y2 and x1 < x0 < x3


def test_a_zaldi_zuria_seat_on_a_phone_wraps_a_long_role_instead_of_squeezing_it():
    """The auctioneer's French role runs on two lines of the seat's card (168 units wide),
    each at the phone's least size and drawn at its own width."""
    _ = translator("fr").gettext
    state = next(s for s in states("zaldi_zuria") if s.auctioneer is not None)
    root = ET.fromstring(narrow("zaldi_zuria", state, _, "fr"))
    texts = {t.text: t for t in root.iter(SVG + "text")}
    assert "commissaire-priseur" in texts and "et banquier" in texts
    assert all(texts[line].get("textLength") is None and texts[line].get("font-size") == "13"
               for line in ("commissaire-priseur", "et banquier"))
