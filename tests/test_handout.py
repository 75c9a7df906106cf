"""The printable handouts: one A4 page per game and language, read back with poppler.

The pupil's sheet (the default) says the rules in words; the teacher's sheet adds the clause
ids under every line."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import zlib

import pytest

from games_support import GAMES
from jokoak.render.handout import handout_pdf
from jokoak.content.howto import card
from jokoak.i18n import LANGUAGES, translator


def poppler(tool: str) -> str:
    found = shutil.which(tool)
    if found:
        return found
    if os.environ.get("CI"):
        pytest.fail(f"CI is set but {tool} is missing (apt-get install poppler-utils)")
    pytest.skip(f"{tool} not found (poppler-utils) and CI is unset")


def read_back(pdf: bytes, tool: str, *args: str) -> str:
    return subprocess.run([poppler(tool), *args, "-", "-"] if tool == "pdftotext"
                          else [poppler(tool), "-"], input=pdf, capture_output=True,
                          check=True).stdout.decode("utf-8")


def flat(text: str) -> str:
    """Text with every run of spaces (no-break ones too) and line breaks as one space."""
    return re.sub(r"[\s\u00a0\u202f]+", " ", text).strip()


def card_text(pdf: bytes, game: str, lang: str) -> str:
    """The sheet's text, after checking it is one page with every line of the card."""
    assert re.search(r"^Pages:\s+1$", read_back(pdf, "pdfinfo"), re.M)
    text = flat(read_back(pdf, "pdftotext", "-enc", "UTF-8"))
    _ = translator(lang).gettext
    missing = [line.msgid for line in card(game).lines if flat(_(line.msgid)) not in text]
    assert missing == []
    return text


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_pupils_handout_is_one_page_with_its_languages_card_and_no_clause_id(game, lang):
    text = card_text(handout_pdf(game, lang), game, lang)
    assert [c for c in card(game).clauses if c in text] == []
    assert re.findall(r"\b[a-z_0-9]+\.[a-z_]+[a-z_0-9.]*\b", text) == []   # no id of any kind


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_teachers_handout_prints_the_clause_ids_of_every_line(game, lang):
    text = card_text(handout_pdf(game, lang, with_ids=True), game, lang)
    assert [c for c in card(game).clauses if c not in text] == []


def drawing_scale(pdf: bytes) -> float:
    """Millimetres per unit of the game's drawing on the page (fpdf2 places an SVG with one
    ``cm`` matrix inside the page's own millimetre-to-point one)."""
    scales = []
    for stream in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.S):
        try:
            content = zlib.decompress(stream)
        except zlib.error:
            continue
        scales += [float(m) for m in re.findall(rb"([\d.]+) 0 0 -?[\d.]+ [\d.]+ [\d.]+ cm",
                                                content)]
    drawing = [s for s in scales if abs(s - 72 / 25.4) > 0.01]
    assert len(drawing) == 1, scales
    return drawing[0]


def smallest_die_mm(game: str, lang: str, pdf: bytes) -> float:
    """The side of the smallest die (a square) of the sheet's drawing, in millimetres."""
    from jokoak.render.handout import drawing_svg
    svg, _title = drawing_svg(game, lang)
    squares = [float(w) for w, h in re.findall(r'<rect [^>]*width="([\d.]+)" height="([\d.]+)"',
                                               svg) if w == h]
    return min(squares) * drawing_scale(pdf)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_pupils_picture_takes_the_room_the_ids_took(game, lang):
    assert drawing_scale(handout_pdf(game, lang)) > \
        1.15 * drawing_scale(handout_pdf(game, lang, with_ids=True))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["zaldi_zuria", "peruludo"])
def test_the_dice_in_the_pupils_picture_are_at_least_5_mm_wide(game, lang):
    assert smallest_die_mm(game, lang, handout_pdf(game, lang)) >= 5.0


def test_the_same_game_and_language_give_the_same_bytes():
    build = handout_pdf.__wrapped__      # past the cache: two real builds
    assert build("zohn_ahl", "eu") == build("zohn_ahl", "eu")


def test_a_handout_declares_its_language_and_title():
    pdf = handout_pdf("peruludo", "fr")
    assert b"/Lang (fr)" in pdf
    info = read_back(pdf, "pdfinfo")
    assert re.search(r"^Title:\s+Comment jouer\u00a0: peruludo$", info, re.M)


def _operator_handouts():
    import streamlit as st
    from ui.common import LANG_KEY
    from ui.operator_views import handouts
    st.session_state[LANG_KEY] = "es"
    handouts()


def test_the_operator_page_offers_the_teachers_sheet_with_clause_ids(monkeypatch):
    from streamlit.testing.v1 import AppTest
    from ui.operator_views import HANDOUT_IDS_KEY

    def files(at) -> set[str]:
        return {b.proto.id.rsplit("-", 1)[-1] for b in at.get("download_button")}

    at = AppTest.from_function(_operator_handouts, default_timeout=60).run()
    assert not at.exception
    assert "jokoak_operator_handout_peruludo_fr" in files(at)     # the pupils' sheets first
    assert not any(f.endswith("_ids") for f in files(at))
    toggle = at.toggle(key=HANDOUT_IDS_KEY)
    assert toggle.label == translator("es").gettext("With clause ids (the teacher's sheet)")
    toggle.set_value(True).run()
    assert not at.exception
    assert "jokoak_operator_handout_peruludo_fr_ids" in files(at)
    assert len(files(at)) == len(GAMES) * len(LANGUAGES)
