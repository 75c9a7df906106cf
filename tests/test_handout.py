"""The printable handouts: one A4 page per game and language, read back with poppler."""

from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest

from jokoak import GAMES
from jokoak.handout import handout_pdf
from jokoak.howto import card
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


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_each_handout_is_one_page_with_its_languages_card_and_clause_ids(game, lang):
    pdf = handout_pdf(game, lang)
    assert re.search(r"^Pages:\s+1$", read_back(pdf, "pdfinfo"), re.M)
    text = flat(read_back(pdf, "pdftotext", "-enc", "UTF-8"))
    _ = translator(lang).gettext
    missing = [line.msgid for line in card(game).lines if flat(_(line.msgid)) not in text]
    assert missing == []
    assert [c for c in card(game).clauses if c not in text] == []


def test_the_same_game_and_language_give_the_same_bytes():
    build = handout_pdf.__wrapped__      # past the cache: two real builds
    assert build("zohn_ahl", "eu") == build("zohn_ahl", "eu")


def test_a_handout_declares_its_language_and_title():
    pdf = handout_pdf("peruludo", "fr")
    assert b"/Lang (fr)" in pdf
    info = read_back(pdf, "pdfinfo")
    assert re.search(r"^Title:\s+Comment jouer\u00a0: peruludo$", info, re.M)
