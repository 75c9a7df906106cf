"""A class's printable sheet: each table's code and QR code, then the teacher's handout.

One PDF, in the class screen's language: the tables six to an A4 page (name, code in large
type, a QR code of the table's join link and the link in words), then the game's one-page
handout with the clause ids under every line (:func:`jokoak.render.handout.add_handout_page`,
the teacher's sheet that was once only on the operator's instance). The join links name the
room, never a seat (:mod:`jokoak.service.seat_secret`), so a sheet left on a desk hands out
no one's seat.

Pure: the page gives the tables (their codes and links); the QR codes are drawn here by
``segno`` (PNG, no other host asked).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Sequence

import segno

from ..i18n import translator
from ..i18n.msgids import N_
from ..registry import plugin
from .handout import BLUE, GREY, MARGIN, PAGE_H, PAGE_W, SANS, add_handout_page, new_pdf

SHEET_TITLE = N_("%(game)s: the class's tables")
TABLE_NAME = N_("Table %(number)s")
SHEET_HOW = N_("Open the link, point a phone's camera at the QR code, or type the table's "
               "code in “Play together on several devices”.")
#: Tables on one A4 page: two across, three down.
PER_PAGE = 6


@dataclass(frozen=True)
class SheetTable:
    number: int
    code: str
    url: str


def _qr_png(url: str) -> bytes:
    out = io.BytesIO()
    segno.make(url, error="m", micro=False).save(out, kind="png", scale=8, border=4)
    return out.getvalue()


def class_sheet_pdf(game: str, lang: str, tables: Sequence[SheetTable]) -> bytes:
    """The class's sheet of ``game`` (a registry key) in ``lang``, as PDF bytes."""
    _ = translator(lang).gettext
    pdf = new_pdf(lang)
    title = _(SHEET_TITLE) % {"game": plugin(game).name}
    pdf.set_title(title)
    pdf.set_creator("Jokoak")
    width = PAGE_W - 2 * MARGIN
    cell_w, cell_h = width / 2, (PAGE_H - 2 * MARGIN - 24) / 3
    for start in range(0, len(tables), PER_PAGE):
        pdf.add_page()
        pdf.set_font(SANS, "B", 17)
        pdf.set_text_color(0, 0, 0)
        pdf.multi_cell(width, 8, title, new_x="LMARGIN", new_y="NEXT", align="L")
        pdf.set_font(SANS, "", 9.5)
        pdf.set_text_color(*GREY)
        pdf.multi_cell(width, 4.4, _(SHEET_HOW), new_x="LMARGIN", new_y="NEXT", align="L")
        top = MARGIN + 24
        for i, table in enumerate(tables[start:start + PER_PAGE]):
            x = MARGIN + (i % 2) * cell_w
            y = top + (i // 2) * cell_h
            pdf.set_draw_color(*GREY)
            pdf.rect(x + 1, y + 1, cell_w - 2, cell_h - 2)
            pdf.set_xy(x + 4, y + 4)
            pdf.set_font(SANS, "B", 13)
            pdf.set_text_color(*BLUE)
            pdf.cell(cell_w - 8, 6, _(TABLE_NAME) % {"number": table.number})
            pdf.set_xy(x + 4, y + 11)
            pdf.set_font("DejaVuMono", "", 26)
            pdf.set_text_color(0, 0, 0)
            pdf.cell(cell_w - 8, 11, table.code)
            side = min(cell_w - 8, cell_h - 36)
            pdf.image(io.BytesIO(_qr_png(table.url)), x=x + (cell_w - side) / 2, y=y + 24,
                      w=side, h=side)
            pdf.set_xy(x + 4, y + 25 + side)
            pdf.set_font("DejaVuMono", "", 6.5)
            pdf.set_text_color(*GREY)
            pdf.multi_cell(cell_w - 8, 3, table.url, align="C")
    add_handout_page(pdf, game, lang, with_ids=True)
    return bytes(pdf.output())
