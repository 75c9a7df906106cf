"""Peruludo's odds and play views (Streamlit wiring only).

The numbers come from :func:`jokoak.games.peruludo.odds.odds_tables` and the engine; the pictures
and sentences from :mod:`jokoak.games.peruludo.render`. A game in progress lives in
``st.session_state`` as a :class:`~jokoak.engine.record.Record` (rules, setup, seed,
actions): every rerun replays it, so the page never holds a state the rules did not make.
Everything is touch-only: buttons and segmented controls, no typing.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any, TypedDict

import altair as alt
import streamlit as st

from jokoak.engine.core import make_rules
from jokoak.games.peruludo.engine import GAME
from jokoak.games.peruludo.odds import odds_tables
from jokoak.games.peruludo.render import bid_text

from ui.guess import guess_section
from ui.common import (_, chart_data, esc, fmt_num, fmt_pct, html, in_this_language, lang, percent_axis,
                       show_chart, title_lines)

FACES = [1, 2, 3, 4, 5, 6]
DIE_GLYPHS = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}


def _face_label(face: int) -> str:
    return f"{DIE_GLYPHS[face]} {face}"


# ---- odds ---------------------------------------------------------------------------------
def odds_view() -> None:
    """Exact odds for a situation the visitor builds: unknown dice, own dice, wild or not."""
    intro = _("Choose how many dice the others hide, your own dice and the face of a bid: "
              "the charts show the exact chances.")
    html(f'<p lang="{lang()}">{esc(intro)}</p>')
    guess_section("peruludo")  # before the charts give the answers away
    unknown = st.slider(_("Dice hidden under the other cups"), 0, 45, 25,
                        key="jokoak_peruludo_odds_unknown")
    own_count = st.segmented_control(_("How many dice you have"), [0, 1, 2, 3, 4, 5, 6],
                                     default=5, key="jokoak_peruludo_odds_owncount", required=True) or 0
    defaults = [2, 2, 3, 5, 6, 1]
    own = []
    for i in range(own_count):
        # two pickers a row (six touch targets each need the width), drawn row by row, so
        # a screen reader, the tab key and a phone's single column meet Die 1, 2, 3 in order
        if i % 2 == 0:
            cols = st.columns(2)
        with cols[i % 2]:
            face = st.segmented_control(_("Die %(n)s") % {"n": i + 1}, FACES,
                                        default=defaults[i], format_func=in_this_language(_face_label),
                                        key=f"jokoak_peruludo_odds_die{i}", required=True)
            own.append(face or defaults[i])
    face = st.segmented_control(_("Face of the bid"), FACES, default=2,
                                format_func=in_this_language(_face_label), key="jokoak_peruludo_odds_face", required=True) or 2
    wild = st.toggle(_("Sixes are wild (off: an arrastatze round)"), value=True,
                     key="jokoak_peruludo_odds_wild")
    total = unknown + len(own)
    if total == 0:
        st.info(_("There are no dice on the table."))
        return
    previous_q = 1
    if total > 1:
        # keyed by the total, so a smaller table never keeps a quantity it cannot hold
        previous_q = st.slider(_("Quantity of the last bid (for the safest next bids)"), 1,
                               total, min(7, total), key=f"jokoak_peruludo_odds_prevq_{total}")
    tables = _tables(unknown, tuple(own), face, wild, previous_q)
    _chart(tables["count_distribution"].rows,
           _("How many dice count for %(face)s on the whole table") % {"face": face},
           _("Dice that count"), _("Probability"))
    _chart(tables["bid_true"].rows,
           _("Chance that a bid of this many %(face)s is true (survives a palero)")
           % {"face": face},
           _("Quantity bid"), _("Chance the bid is true"))
    _chart(tables["bid_exact"].rows,
           _("Chance that a bid of this many %(face)s is exact (a doia would win)")
           % {"face": face},
           _("Quantity bid"), _("Chance the bid is exact"))
    _safest(tables["safest_bids"].rows, previous_q, face)


@lru_cache(maxsize=256)
def _tables(unknown: int, own: tuple[int, ...], face: int, wild: bool,
            previous_q: int) -> dict[str, Any]:
    """The situation's odds tables by name, kept (exact fractions, read only): the same
    controls give the same tables, and each rerun computed them again."""
    return {t.name: t for t in odds_tables(make_rules(GAME), unknown=unknown, own=own,
                                           face=face, wild=wild, previous=(previous_q, face))}


def _bar_spec(rows: tuple[tuple[str, Fraction], ...], title: str, x_title: str,
              y_title: str) -> alt.Chart:
    data = [{"x": int(label), "p": float(value), "pct": fmt_pct(value)} for label, value in rows]
    chart: alt.Chart = (alt.Chart(chart_data(data), title=title)
                        .mark_bar(color="#2e5d3a")
                        # quantities: on a narrow screen every other one is labelled, never on top
                        .encode(x=alt.X("x:O", title=title_lines(x_title),
                                        axis=alt.Axis(labelAngle=0, labelOverlap="parity")),
                                y=alt.Y("p:Q", title=y_title, axis=percent_axis()),
                                tooltip=[alt.Tooltip("x:O", title=x_title),
                                         alt.Tooltip("pct:N", title=y_title)]))
    return chart


def _chart(rows: tuple[tuple[str, Fraction], ...], title: str, x_title: str, y_title: str) -> None:
    show_chart(_bar_spec, rows, title, x_title, y_title)
    _text_alternative(title, [(fmt_num(int(label)), fmt_pct(value)) for label, value in rows
                              if value > 0])


def _text_alternative(title: str, pairs: list[tuple[str, str]]) -> None:
    """The chart's numbers as text, for screen readers and for anyone who prefers a list."""
    items = "".join(f"<li>{esc(a)}: {esc(b)}</li>" for a, b in pairs)
    label = _("The chart as text: %(title)s") % {"title": title}
    html(f'<details lang="{lang()}"><summary>{esc(label)}</summary><ul>{items}</ul></details>')


def _safest_spec(data: list[SafestRow], title: str) -> alt.Chart:
    chart: alt.Chart = (alt.Chart(chart_data(data), title=title).mark_bar(color="#b8860b")
                        .encode(y=alt.Y("bid:N", title=_("Bid"), sort=None, axis=alt.Axis(labelLimit=0)),
                                x=alt.X("p:Q", title=_("Chance the bid is true"), axis=percent_axis()),
                                tooltip=[alt.Tooltip("bid:N", title=_("Bid")),
                                         alt.Tooltip("pct:N", title=_("Chance the bid is true"))]))
    return chart


class SafestRow(TypedDict):
    """A bar of the safest bids: the bid in words, its chance as a number and as text."""

    bid: str
    p: float
    pct: str


def _bid_label_text(label: str) -> str:
    """A bid as the odds label it (``"quantity:face"``), in words."""
    quantity, face = label.split(":")
    return bid_text(int(quantity), int(face), _)


def _safest(rows: tuple[tuple[str, Fraction], ...], previous_q: int, face: int) -> None:
    title = _("Safest next legal bids after %(bid)s") % {"bid": bid_text(previous_q, face, _)}
    data = [SafestRow(bid=_bid_label_text(label), p=float(v), pct=fmt_pct(v)) for label, v in rows]
    if not data:
        st.info(_("No legal raise: the only move left is palero."))
        return
    show_chart(_safest_spec, data, title)
    _text_alternative(title, [(d["bid"], d["pct"]) for d in data])

