"""A printable one-page handout per game and language: the "How to play" card and a drawing
of the table or board.

Two sheets: the pupil's (the default) says the rules in words, with no clause id, and gives
the drawing the room the ids took; the teacher's (``with_ids=True``, on the operator page)
prints under each line the ids of the clauses it summarises, so a class can check each line
against the Basque text.

Pure and deterministic: :func:`handout_pdf` builds the same bytes for the same game,
language and content (a fixed creation date; no clock, no randomness). The drawing is the
game's own renderer (``render_table_svg`` / ``render_board_svg``) of a position from one of
its scenarios, embedded as vector graphics by fpdf2; text is set in DejaVu Sans, which has
every Basque, Spanish and French letter.
"""

from __future__ import annotations

import io
import os
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..content.howto import card, section_title
from ..errors import UnavailableError
from ..i18n import translator
from ..i18n.msgids import N_
from ..registry import plugin
from .howto import CHOICE_LEGEND, CHOICE_MARK, TITLE

#: Every handout is dated the same, so the same input gives the same bytes.
CREATION_DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)
#: Where Debian (fonts-dejavu-core), Fedora and Arch put DejaVu; JOKOAK_FONT_DIR first.
FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu-sans-fonts",
             "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF")
FONTS = {"": "DejaVuSans.ttf", "B": "DejaVuSans-Bold.ttf", "I": "DejaVuSans-Oblique.ttf"}
MONO = "DejaVuSansMono.ttf"
SANS = "sans-serif"

FOOTER = N_("From the Basque text of the booklet Jokoak. The ids after each line name the "
            "clauses of the Basque original it summarises.")
PUPIL_FOOTER = N_("From the Basque text of the booklet Jokoak.")
DRAWING_CAPTION = N_("A position from the step-through: %(scenario)s")
CLAUSES_CITED = N_("Clauses cited")

PAGE_W, PAGE_H, MARGIN = 210.0, 297.0, 14.0
BLUE = (23, 78, 166)
GREY = (61, 64, 73)


class HandoutError(UnavailableError):
    """The handout cannot be built here (no DejaVu fonts installed)."""


def font_dir() -> Path:
    for candidate in (os.environ.get("JOKOAK_FONT_DIR"), *FONT_DIRS):
        if candidate and (Path(candidate) / FONTS[""]).exists():
            return Path(candidate)
    raise HandoutError("DejaVu fonts not found (Debian: apt-get install fonts-dejavu-core; "
                       "or set JOKOAK_FONT_DIR)")


def drawing_svg(game: str, lang: str) -> tuple[str, str]:
    """The SVG of the handout's position of ``game`` in ``lang``, and its scenario's title."""
    from ..content.scenarios import scenarios
    _ = translator(lang).gettext
    wanted, played = plugin(game).handout   # the game's plug-in names its position
    found = {s.name: s for s in scenarios(game)}
    if not found:
        return "", ""
    scenario = found.get(wanted) or next(iter(found.values()))
    initial, steps = scenario.replay()
    if played is not None:
        steps = steps[:played]
    state = steps[-1].after if steps else initial
    drawing = plugin(game).draw_state(state, _, lang)
    return ("", "") if drawing is None else (drawing, _(scenario.title))


def new_pdf(lang: str) -> Any:
    """An A4 document in ``lang`` with the handouts' fonts (DejaVu)."""
    from fpdf import FPDF
    pdf = FPDF(orientation="P", unit="mm", format="A4")
    pdf.set_creation_date(CREATION_DATE)
    pdf.set_lang(lang)
    pdf.set_auto_page_break(False)
    pdf.set_margins(MARGIN, MARGIN, MARGIN)
    fonts = font_dir()
    for style, name in FONTS.items():
        # one family for the text and the drawings (the renderers' SVG asks for sans-serif)
        pdf.add_font(SANS, style=style, fname=str(fonts / name))
    pdf.add_font("DejaVuMono", fname=str(fonts / MONO))
    return pdf


@lru_cache(maxsize=32)
def handout_pdf(game: str, lang: str, with_ids: bool = False) -> bytes:
    """The one-page A4 handout of ``game`` in ``lang`` (eu, es, fr or en), as PDF bytes: the
    pupil's sheet, or with ``with_ids`` the teacher's (the clause ids under every line).

    Kept once built (a few seconds: fpdf2 reads and subsets the fonts): it depends only on
    its arguments and the shipped content."""
    _ = translator(lang).gettext
    pdf = new_pdf(lang)
    pdf.set_title(_(TITLE) % {"game": plugin(game).name})
    pdf.set_subject(_(plugin(game).tagline))
    pdf.set_creator("Jokoak")
    add_handout_page(pdf, game, lang, with_ids)
    return bytes(pdf.output())


def add_handout_page(pdf: Any, game: str, lang: str, with_ids: bool = False) -> None:
    """The handout's page added to ``pdf`` (made by :func:`new_pdf`): also the last page of
    a class's sheet (:mod:`jokoak.render.class_sheet`)."""
    import logging
    the_card = card(game)
    _ = translator(lang).gettext
    title = _(TITLE) % {"game": plugin(game).name}
    pdf.add_page()
    width = PAGE_W - 2 * MARGIN

    pdf.set_font(SANS, "B", 19)
    pdf.set_text_color(0, 0, 0)
    pdf.multi_cell(width, 8.5, title, new_x="LMARGIN", new_y="NEXT", align="L")
    pdf.set_font(SANS, "I", 10.5)
    pdf.set_text_color(*GREY)
    pdf.multi_cell(width, 5, _(plugin(game).tagline), new_x="LMARGIN", new_y="NEXT",
                   align="L")
    pdf.ln(1.5)
    has_choice = False
    for key, lines in the_card.sections:
        pdf.set_font(SANS, "B", 12.5)
        pdf.set_text_color(*BLUE)
        pdf.multi_cell(width, 6.2, _(section_title(key)), new_x="LMARGIN", new_y="NEXT",
                       align="L")
        for line in lines:
            text = _(line.msgid) + (f"\u00a0{CHOICE_MARK}" if line.choice else "")
            has_choice = has_choice or bool(line.choice)
            pdf.set_font(SANS, "", 10.5)
            pdf.set_text_color(0, 0, 0)
            pdf.set_x(MARGIN + 3)
            pdf.multi_cell(width - 3, 4.9, "\u2022 " + text, new_x="LMARGIN", new_y="NEXT",
                           align="L")
            if with_ids:
                pdf.set_font("DejaVuMono", "", 7.5)
                pdf.set_text_color(*GREY)
                pdf.set_x(MARGIN + 6)
                pdf.multi_cell(width - 6, 3.6, "  ".join(line.clauses), new_x="LMARGIN",
                               new_y="NEXT", align="L")
            pdf.ln(0.6)
        pdf.ln(0.8)
    if has_choice:
        pdf.set_font(SANS, "", 8.5)
        pdf.set_text_color(*GREY)
        pdf.multi_cell(width, 4, f"{CHOICE_MARK} {_(CHOICE_LEGEND)}", new_x="LMARGIN",
                       new_y="NEXT", align="L")
    top = pdf.get_y() + 2

    footer_h = 16.0 if with_ids else 6.0
    svg, scenario_title = drawing_svg(game, lang)
    if svg:
        from fpdf.svg import SVGObject
        logging.getLogger("fpdf.svg").setLevel(logging.ERROR)  # <title>/<desc> are skipped
        box_h = PAGE_H - MARGIN - footer_h - top - 6
        view = SVGObject(svg).viewbox
        ratio = (view[3] / view[2]) if view and view[2] else 0.75
        w = min(width, box_h / ratio)
        h = w * ratio
        pdf.image(io.BytesIO(svg.encode("utf-8")), x=MARGIN + (width - w) / 2, y=top, w=w, h=h)
        pdf.set_xy(MARGIN, top + h + 1)
        pdf.set_font(SANS, "I", 8.5)
        pdf.set_text_color(*GREY)
        pdf.multi_cell(width, 4, _(DRAWING_CAPTION) % {"scenario": scenario_title},
                       align="C", new_x="LMARGIN", new_y="NEXT")

    pdf.set_xy(MARGIN, PAGE_H - MARGIN - footer_h)
    pdf.set_font(SANS, "", 7.5)
    pdf.set_text_color(*GREY)
    if not with_ids:
        pdf.multi_cell(width, 3.4, _(PUPIL_FOOTER), new_x="LMARGIN", new_y="NEXT", align="L")
        return
    pdf.multi_cell(width, 3.4, _(FOOTER), new_x="LMARGIN", new_y="NEXT", align="L")
    pdf.set_font("DejaVuMono", "", 6.5)
    pdf.multi_cell(width, 3.0, f"{_(CLAUSES_CITED)}: " + ", ".join(the_card.clauses),
                   new_x="LMARGIN", new_y="NEXT", align="L")
