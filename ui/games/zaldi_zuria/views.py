"""Zaldi zuria's odds and play views (Streamlit wiring only).

Every number comes from :mod:`jokoak.games.zaldi_zuria.odds` (exact ``Fraction``s from the engine's
own chance node) or from the engine; pictures and sentences from
:mod:`jokoak.games.zaldi_zuria.render`. A game in progress lives in ``st.session_state`` as a
:class:`~jokoak.engine.record.Record` and is replayed on every rerun. Touch only: buttons,
sliders and segmented controls, no typing.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import altair as alt
import streamlit as st

from jokoak.engine.core import make_rules
from jokoak.games.zaldi_zuria.engine import CARD_LABELS, GAME
from jokoak.games.zaldi_zuria.odds import odds_tables
from jokoak.games.zaldi_zuria import odds as zodds
from jokoak.odds.plain import plain_chance
from jokoak.games.zaldi_zuria.render import chips_text

from ui.guess import guess_section
from ui.common import (_, TopLevelChart, category_axis, chart_data, ngettext, esc, fmt_num, fmt_pct, html, in_this_language, lang,
                       number_axis, percent_axis, show_chart, title_lines, tr, wrap_label,
                       wrapped_legend)

BANK_RANGE = 60
SIM_SEED = 1857


def _ruleset_title(name: str) -> str:
    return _(next(r.title for r in GAME.rulesets if r.name == name))


def _text_alternative(title: str, pairs: list[tuple[str, str]]) -> None:
    """The chart's numbers as text, for screen readers and anyone who prefers a list."""
    items = "".join(f"<li>{esc(a)}: {esc(b)}</li>" for a, b in pairs)
    html(f'<details lang="{lang()}"><summary>{esc(_("The chart as text"))}: {esc(title)}'
         f'</summary><ul>{items}</ul></details>')


@st.cache_data(show_spinner=False, max_entries=16)
def _simulation(n: int) -> dict[str, dict[Any, int]]:
    return zodds.simulate_throws(n, SIM_SEED)


@st.cache_data(show_spinner=False, max_entries=32)
def _bank_curve(ruleset: str, players: int, inn_open: bool) -> list[dict[str, Any]]:
    rules = make_rules(GAME, ruleset)
    rows = []
    for bank in range(BANK_RANGE + 1):
        out = zodds.bank_outcomes(rules, bank, inn_open, players)
        rows += [{"bank": bank, "key": k, "p": float(v)} for k, v in out.items()]
    return rows


# ---- odds ---------------------------------------------------------------------------------
def odds_view() -> None:
    """Exact odds of a throw, with a seeded simulation beside them."""
    html(f'<p lang="{lang()}">{esc(_("Every figure here is exact, computed from the same dice model the game uses. Move the bank to see what the next throw can do."))}</p>')
    guess_section("zaldi_zuria")  # before the charts give the answers away
    names = [r.name for r in GAME.rulesets]
    ruleset = st.segmented_control(_("Rules"), names, default=names[0],
                                   format_func=in_this_language(_ruleset_title),
                                   key="jokoak_zaldi_zuria_odds_ruleset", required=True) or names[0]
    rules = make_rules(GAME, ruleset)
    players = st.segmented_control(_("Players"), [6, 7, 8], default=6,
                                   key="jokoak_zaldi_zuria_odds_players", required=True) or 6
    bank = st.slider(_("Chips in the bank"), 0, BANK_RANGE, 24, key="jokoak_zaldi_zuria_odds_bank")
    inn_open = st.toggle(_("The inn is open"), value=False, key="jokoak_zaldi_zuria_odds_inn")
    size = st.select_slider(_("Simulated throws"), [1000, 5000, 10000, 50000, 100000],
                            value=10000, key="jokoak_zaldi_zuria_odds_sim",
                            format_func=in_this_language(fmt_num))
    tables = {t.name: t for t in odds_tables(rules, bank=bank, players=players,
                                             inn_open=inn_open)}
    sim = _simulation(size)
    _kinds_chart(tables["throw_kinds"].rows, sim["kinds"], size)
    _pip_chart(tables["pip_sum"].rows, sim["pip_sums"], size)
    straight = tables["straight"].rows[0][1]
    straight_text = _("1, 2, 3, 4, 5, 6 and two blanks, which ends the game: %(chance)s.") % {
        "chance": plain_chance(straight, tr())}
    html(f'<p lang="{lang()}">{esc(straight_text)}</p>')
    with st.expander(_("The exact chance")):
        exact = ngettext("%(count)s throw in %(total)s: %(pct)s.",
                         "%(count)s throws in %(total)s: %(pct)s.", straight.numerator) % {
            "pct": fmt_pct(straight, 4), "count": fmt_num(straight.numerator),
            "total": fmt_num(straight.denominator)}
        html(f'<p lang="{lang()}">{esc(exact)}</p>')
    _bank_chart(ruleset, players, inn_open, bank, tables["bank_outcomes"].rows)
    _cards_chart(tables["card_values"].rows, bank, inn_open)


def _layered(data: list[dict[str, Any]], title: str, x_field: str, x_title: str,
             x_sort: list[str] | None = None) -> TopLevelChart:
    """Exact probabilities as bars, observed frequencies as dots on top."""
    y_title = _("Probability")
    exact = [d for d in data if d["source"] == "exact"]
    seen = [d for d in data if d["source"] == "observed"]
    x = alt.X(f"{x_field}:N", title=title_lines(x_title), sort=x_sort, axis=category_axis())
    tooltip = [alt.Tooltip(f"{x_field}:N", title=x_title), alt.Tooltip("pct:N", title=y_title),
               alt.Tooltip("label:N", title=_("Source"))]
    bars = (alt.Chart(chart_data(exact)).mark_bar(color="#2e5d3a")
            .encode(x=x, y=alt.Y("p:Q", title=y_title, axis=percent_axis()),
                    tooltip=tooltip))
    dots = (alt.Chart(chart_data(seen)).mark_point(color="#b8860b", filled=True, size=90,
                                                         shape="diamond")
            .encode(x=x, y="p:Q", tooltip=tooltip))
    return alt.layer(bars, dots, title=title)


def _kinds_spec(rows: tuple[tuple[str, Fraction], ...], observed: dict[str, int], n: int,
                title: str) -> TopLevelChart:
    data = []
    for key, value in rows:
        label = wrap_label(_(zodds.KIND_LABELS[key]))
        data.append({"kind": label, "p": float(value), "pct": fmt_pct(value, 2),
                     "source": "exact", "label": _("exact")})
        freq = Fraction(observed[key], n)
        data.append({"kind": label, "p": float(freq), "pct": fmt_pct(freq, 2),
                     "source": "observed", "label": _("simulated")})
    return _layered(data, title, "kind", _("Kind of throw"),
                    x_sort=[wrap_label(_(zodds.KIND_LABELS[k])) for k, _v in rows])


def _kinds_chart(rows: tuple[tuple[str, Fraction], ...], observed: dict[str, int],
                 n: int) -> None:
    title = _("Kind of throw: exact (bars) and %(n)s simulated throws (dots)") % {
        "n": fmt_num(n)}
    show_chart(_kinds_spec, rows, observed, n, title)
    _text_alternative(title, [(_(zodds.KIND_LABELS[k]), _("%(exact)s exact, %(seen)s simulated")
                               % {"exact": fmt_pct(v, 2),
                                  "seen": fmt_pct(Fraction(observed[k], n), 2)})
                              for k, v in rows])


def _pip_spec(rows: tuple[tuple[str, Fraction], ...], observed: dict[int, int], n: int,
              title: str) -> TopLevelChart:
    data = []
    for label, value in rows:
        freq = Fraction(observed[int(label)], n)
        data += [{"sum": label, "p": float(value), "pct": fmt_pct(value, 2), "source": "exact",
                  "label": _("exact")},
                 {"sum": label, "p": float(freq), "pct": fmt_pct(freq, 2),
                  "source": "observed", "label": _("simulated")}]
    return _layered(data, title, "sum", _("Sum of the pips"),
                    x_sort=[label for label, _v in rows])


def _pip_chart(rows: tuple[tuple[str, Fraction], ...], observed: dict[int, int],
               n: int) -> None:
    title = _("Sum of the pips: exact (bars) and simulated (dots)")
    show_chart(_pip_spec, rows, observed, n, title)
    _text_alternative(title, [(fmt_num(int(label)), fmt_pct(v, 3)) for label, v in rows])


def _bank_spec(ruleset: str, players: int, inn_open: bool, title: str) -> TopLevelChart:
    """Every outcome's chance for banks 0..BANK_RANGE (the current bank is drawn apart)."""
    labels = {k: wrap_label(_(v), 34) for k, v in zodds.BANK_LABELS.items()}
    data = [{**d, "what": labels[d["key"]], "pct": fmt_pct(d["p"], 2)}
            for d in _bank_curve(ruleset, players, inn_open)]
    x_title, y_title = _("Chips in the bank"), _("Probability")
    lines = (alt.Chart(chart_data(data)).mark_line(point=True)
             .encode(x=alt.X("bank:Q", title=title_lines(x_title), axis=number_axis()),
                     y=alt.Y("p:Q", title=y_title, axis=percent_axis()),
                     color=alt.Color("what:N", title=_("Event"), legend=wrapped_legend()),
                     tooltip=[alt.Tooltip("bank:Q", title=x_title),
                              alt.Tooltip("what:N", title=_("Event")),
                              alt.Tooltip("pct:N", title=y_title)]))
    # taller than the others: the legend under it must not squeeze the plot
    return alt.layer(lines, title=title).properties(height=380)


def _bank_marker(bank: int) -> dict[str, Any]:
    """The current bank as a vertical rule: a Vega-Lite layer added to the cached lines."""
    return {"mark": {"type": "rule", "color": "#b8860b", "size": 3},
            "data": {"values": [{"bank": bank}]},
            "encoding": {"x": {"field": "bank", "type": "quantitative"}}}


def _bank_chart(ruleset: str, players: int, inn_open: bool, bank: int,
                rows: tuple[tuple[str, Fraction], ...]) -> None:
    title = _("What the next throw does, for each size of the bank")
    labels = {k: _(v) for k, v in zodds.BANK_LABELS.items()}
    show_chart(_bank_spec, ruleset, players, inn_open, title, extra_layer=_bank_marker(bank))
    pairs = [(labels[k], plain_chance(v, tr(), 2)) for k, v in rows]
    html(f'<p lang="{lang()}">{esc(_("With %(amount)s in the bank:") % {"amount": chips_text(bank, _)})} '
         + esc("; ".join(f"{a}: {b}" for a, b in pairs)) + "</p>")
    _text_alternative(title, pairs)


def _cards_spec(rows: tuple[tuple[str, Fraction], ...], title: str) -> TopLevelChart:
    y_title = _("Chips per throw")
    data = [{"card": wrap_label(_(CARD_LABELS[c]), 10), "v": float(v), "txt": fmt_num(v, 2)}
            for c, v in rows]
    chart: TopLevelChart = (alt.Chart(chart_data(data), title=title).mark_bar(color="#b8860b")
                            .encode(x=alt.X("card:N", title=_("Card"), sort=None, axis=category_axis()),
                                    y=alt.Y("v:Q", title=y_title, axis=number_axis()),
                                    tooltip=[alt.Tooltip("card:N", title=_("Card")),
                                             alt.Tooltip("txt:N", title=y_title)]))
    return chart


def _cards_chart(rows: tuple[tuple[str, Fraction], ...], bank: int, inn_open: bool) -> None:
    title = _("Expected chips a card earns its owner per throw (bank of %(bank)s)") % {
        "bank": fmt_num(bank)}
    show_chart(_cards_spec, rows, title)
    st.caption(_("Averaged over who throws, compared with another player holding the card; "
                 "negative means the card costs its owner."))
    _text_alternative(title, [(_(CARD_LABELS[c]), fmt_num(v, 2)) for c, v in rows])

