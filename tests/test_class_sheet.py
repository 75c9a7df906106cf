"""A class's printable sheet (jokoak/render/class_sheet.py): every table's code, link and QR
code, then the teacher's handout with clause ids, in the class screen's language; read back
with poppler."""

from __future__ import annotations

import re

import pytest

from jokoak.content.howto import card
from jokoak.render.class_sheet import PER_PAGE, SheetTable, class_sheet_pdf
from jokoak.i18n import translator
from test_handout import flat, read_back


def tables(count: int) -> list[SheetTable]:
    return [SheetTable(n, f"K7QF{n:03d}"[:7], f"https://booklet.example/peruludo?view=play"
                       f"&room=K7QF{n:03d}&class=ABCDEFGH23") for n in range(1, count + 1)]


@pytest.mark.parametrize("lang", ["eu", "es", "fr", "en"])
def test_the_sheet_names_every_tables_code_and_link_in_the_screens_language(lang):
    sheet = class_sheet_pdf("peruludo", lang, tables(3))
    text = flat(read_back(sheet, "pdftotext", "-enc", "UTF-8"))
    _ = translator(lang).gettext
    for table in tables(3):
        assert table.code in text
        assert table.url in text.replace(" ", "")  # the link may wrap in its box
        assert flat(_("Table %(number)s") % {"number": table.number}) in text
    assert flat(_("%(game)s: the class's tables") % {"game": "peruludo"}) in text


def test_the_sheet_ends_with_the_teachers_handout_and_its_clause_ids():
    text = flat(read_back(class_sheet_pdf("zohn_ahl", "es", tables(2)), "pdftotext",
                          "-enc", "UTF-8"))
    the_card = card("zohn_ahl")
    assert all(clause in text for clause in the_card.clauses)


def test_six_tables_fit_a_page_then_the_handout_takes_its_own():
    for count, pages in ((1, 2), (PER_PAGE, 2), (PER_PAGE + 1, 3)):
        info = read_back(class_sheet_pdf("zaldi_zuria", "en", tables(count)), "pdfinfo")
        assert re.search(rf"^Pages:\s+{pages}$", info, re.M), (count, info)


def test_each_table_has_its_qr_code_drawn_in_the_pdf():
    for count in (1, 4):
        assert class_sheet_pdf("peruludo", "en", tables(count)).count(b"/Subtype /Image") == count
