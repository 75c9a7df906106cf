"""zohn ahl's odds and play views (Streamlit wiring only).

The numbers come from :mod:`jokoak.games.zohn_ahl.odds` (exact fractions for throws, turns and the
first circuit; the whole game's Markov chain solved numerically); the board and sentences from
:mod:`jokoak.games.zohn_ahl.render`. A game in progress lives in ``st.session_state`` as a
:class:`~jokoak.engine.record.Record`: every rerun replays it. Touch only: buttons, sliders and
segmented controls.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, TypedDict

import altair as alt
import streamlit as st

if TYPE_CHECKING:
    import pyarrow as pa

from jokoak.engine.core import Rules, make_rules
from jokoak.games.zohn_ahl.engine import GAME, circuit_length
from jokoak.games.zohn_ahl import odds as Z
from jokoak.games.zohn_ahl.odds import tables as ZT
from jokoak.odds.plain import plain_chance
from jokoak.games.zohn_ahl.render import team_name

from ui.guess import guess_section
from ui.common import (_, TopLevelChart, chart_data, chart_rows, esc, ngettext, fmt_num, fmt_pct, html,
                       in_this_language, lang, percent_axis, number_axis, pin_run_language,
                       show_chart, title_lines, tr)

COLOUR = "#8a3b12"




def _ruleset_title(name: str) -> str:
    return _(next(r.title for r in GAME.rulesets if r.name == name))


# ---- odds ---------------------------------------------------------------------------------
@st.cache_data(show_spinner=False, max_entries=16)
def _live_figures(ruleset: str, percent: int) -> ZT.GameFigures:
    """The proven solver itself, for rules the precomputed table does not hold (seconds)."""
    return ZT.compute_figures(_rules(ruleset, percent))


def _rules(ruleset: str, percent: int) -> Rules:
    return make_rules(GAME, ruleset, stick_probability=Fraction(percent, 100))


def _whole_game(ruleset: str, percent: int) -> ZT.GameFigures:
    """The whole game's proven figures: from the table (loaded at start), else worked out."""
    found = ZT.table_figures(_rules(ruleset, percent))
    if found is not None:
        return found
    with st.spinner(_("Working out the whole game…")):
        return _live_figures(ruleset, percent)


@lru_cache(maxsize=8)
def _win_curve(ruleset: str) -> tuple[tuple[int, Fraction], ...]:
    """The starting team's chance of winning at every stick probability the table holds."""
    points = []
    for percent in ZT.percents():
        found = ZT.table_win_chance(_rules(ruleset, percent))
        if found is not None:
            points.append((percent, found.lo))
    return tuple(points)


class WinRow(TypedDict):
    """A point of the win curve: the stick's chance, the starting team's, both as text,
    and whether it is the visitor's choice (the dot)."""

    stick: float
    p: float
    stick_txt: str
    pct: str
    mine: bool


class BarRow(TypedDict):
    """A bar: its label, its place, its chance (as a number and as text), highlighted?"""

    x: str
    order: int
    p: float
    pct: str
    hot: bool


@dataclass(frozen=True)
class Drawn:
    """One chart as the view draws it, all but its spec (one per language, see
    :func:`ui.common.show_chart`): the title with its figures, the accessible name without
    them, the rows (an Arrow table) and the text alternative's HTML."""

    spec: Callable[..., TopLevelChart]
    spec_args: tuple[Any, ...]
    title: str
    name: str
    rows: pa.Table
    text: str


@dataclass(frozen=True)
class OddsContent:
    """What the odds view shows for one ruleset, stick probability and language, but its
    widgets: the five charts (throws, turns, first circuit, win curve, length) and the whole
    game in words with its proof."""

    charts: tuple[Drawn, ...]
    summary: str
    proof: str


@lru_cache(maxsize=96)
def _odds_content(ruleset: str, percent: int, code: str) -> OddsContent:
    """Everything the view shows for these rules in the language ``code`` (this run's), worked
    out at its first visit and kept for every visitor (bounded: 96 of the 4 rulesets x 17
    notches x 4 languages): a rerun then only hands Streamlit ready rows and text.

    The figures are those of the proven table or the live solver (:func:`_whole_game`) and the
    exact fractions of :mod:`jokoak.games.zohn_ahl.odds`, as before; only their formatting is kept."""
    rules = _rules(ruleset, percent)
    values = [(fmt_num(v), q) for v, q in Z.throw_values(rules).items()]
    moves, _rest = Z.turn_movement(rules, up_to=40)
    resting, north, _complete = Z.first_circuit(rules)
    north_gap = circuit_length(rules) // 2
    game = _whole_game(ruleset, percent)
    curve = _win_curve(ruleset)
    if not any(q == percent for q, _p in curve):        # rules the table does not hold
        curve = tuple(sorted(curve + ((percent, game.start.lo),)))
    charts = (
        _bar(values, _("Value of one throw"), _("Value of one throw"), _("Points")),
        _bar([(fmt_num(n), q) for n, q in moves.items()],
             _("Sites moved in one turn, extra throws included (on average %(mean)s)")
             % {"mean": fmt_num(Z.expected_turn_movement(rules), 2)},
             _("Sites moved in one turn, extra throws included"), _("Sites")),
        _bar([(fmt_num(g), q) for g, q in resting.items()],
             _("Chance of resting in each gap on the first circuit (north creek: gap "
               "%(gap)s, %(pct)s)") % {"gap": fmt_num(north_gap), "pct": fmt_pct(north)},
             _("Chance of resting in each gap on the first circuit"),
             _("Gap, counted from the south creek"), highlight=fmt_num(north_gap)),
        _win_chart(curve, percent),
        _length_chart(game))
    summary, proof = _win_summary(game)
    return OddsContent(charts, summary, proof)


def odds_view() -> None:
    """Charts for a chosen ruleset and a chosen chance that a stick falls marked side up,
    after the "Guess first" section (before the charts give the answers away)."""
    intro = _("Choose the rules and how likely a throw stick is to land marked side up: the "
              "charts show the chances worked out from the rules.")
    html(f'<p lang="{lang()}">{esc(intro)}</p>')
    guess_section("zohn_ahl")
    _odds_charts()


@st.fragment
def _odds_charts() -> None:
    """The rules, the stick slider and the charts: a fragment, so a slider notch or another
    ruleset reruns them alone, not the page around them (router, language switch, view
    switch, the guess section above: a rerun sends only what it can change). The router pins
    the run's language for a whole run; a fragment's rerun starts without it, so it pins it
    again here."""
    pin_run_language(lang())
    names = [r.name for r in GAME.rulesets]
    ruleset = st.segmented_control(_("Rules"), names, default=names[0],
                                   format_func=in_this_language(_ruleset_title),
                                   key="jokoak_zohn_ahl_odds_ruleset", required=True) or names[0]
    low, high, step = ZT.PERCENT_GRID
    percent = st.slider(_("Chance that a stick lands marked side up (%)"), low, high, 50, step,
                        key="jokoak_zohn_ahl_odds_p")
    # a value off the slider's grid (only a script can send one) is read as the nearest notch
    percent = min(ZT.percents(), key=lambda notch: abs(notch - percent))
    content = _odds_content(ruleset, percent, lang())
    for chart in content.charts[:3]:
        _draw(chart)
    html(content.summary)
    with st.expander(_("The proof: intervals of exact fractions")):
        html(content.proof)
    for chart in content.charts[3:]:
        _draw(chart)
    st.caption(_("Throws, turns and the first circuit are exact fractions. The whole game is "
                 "a Markov chain over both sticks' places, the scoring sticks and the team on "
                 "turn, worked out from the rules (not by playing games): solved in floating "
                 "point, then proven. Every whole-game figure lies in an interval of exact "
                 "fractions, checked in exact integer arithmetic for the chance of winning and "
                 "the average length, and by a proven bound on rounding for the length chart."))


def _draw(chart: Drawn) -> None:
    show_chart(chart.spec, *chart.spec_args, title=chart.title, name=chart.name,
               rows=chart.rows)
    html(chart.text)


#: Within half a percentage point of 50 %, the game is "practically even".
EVEN_WITHIN = Fraction(1, 200)


def _win_summary(game: ZT.GameFigures) -> tuple[str, str]:
    """The whole game in words first, and the proof (intervals, exact fractions), as HTML: the
    view shows the proof one tap away."""
    team = team_name(game.first_team, _)
    mid = (game.start.lo + game.start.hi) / 2
    values = {"pct": fmt_pct(mid, 2), "team": team,
              "other": fmt_pct(1 - mid, 2)}
    if abs(mid - Fraction(1, 2)) < EVEN_WITHIN:
        words = _("Practically even: %(pct)s for the starting team (%(team)s).") % values
    elif mid > Fraction(1, 2):
        words = _("The starting team (%(team)s) has the edge: it wins %(pct)s of games.") % values
    else:
        words = _("The other team has the edge: it wins %(other)s of games, the starting team "
                  "(%(team)s) %(pct)s.") % values
    turns = (game.turns.lo + game.turns.hi) / 2
    length = ngettext("A game lasts %(turns)s turn on average.",
                      "A game lasts %(turns)s turns on average.", round(turns)) % {
        "turns": fmt_num(turns, 1)}
    proven = _("Proven from the rules: the starting team wins with a chance between "
               "%(lo)s and %(hi)s. A game lasts %(turns)s turns on average (the average lies "
               "between %(turns_lo)s and %(turns_hi)s).") % {
        "lo": fmt_pct(game.start.lo, 9), "hi": fmt_pct(game.start.hi, 9),
        "turns": fmt_num(turns, 1), "turns_lo": fmt_num(game.turns.lo, 6),
        "turns_hi": fmt_num(game.turns.hi, 6)}
    exact = _("As exact fractions: from %(lo)s to %(hi)s.") % {
        "lo": f"{game.start.lo.numerator}/{game.start.lo.denominator}",
        "hi": f"{game.start.hi.numerator}/{game.start.hi.denominator}"}
    return (f'<p lang="{lang()}"><strong>{esc(words)}</strong> {esc(length)}</p>',
            f'<p lang="{lang()}">{esc(proven)}</p>'
            f'<p lang="{lang()}" style="overflow-wrap:anywhere">{esc(exact)}</p>')


def _win_spec() -> TopLevelChart:
    """The curve over the slider's grid, the 50 % line and the slider's choice as a dot.

    The rows (:func:`_win_chart`) hold everything that changes with the ruleset or the
    slider, the choice as the row marked ``mine``: from one notch or ruleset to the next the
    spec stays the same and the browser only swaps the data (see :func:`ui.common.show_chart`).
    """
    x_title, y_title = _("Chance that a stick lands marked side up"), _("Starting team wins")
    x = alt.X("stick:Q", title=title_lines(x_title), axis=percent_axis(),
              scale=alt.Scale(domain=[0.1, 0.9]))
    y = alt.Y("p:Q", title=y_title, axis=percent_axis(), scale=alt.Scale(zero=False))
    tooltip = [alt.Tooltip("stick_txt:N", title=x_title), alt.Tooltip("pct:N", title=y_title)]
    base = alt.Chart()
    line = (base.mark_line(point=True, color=COLOUR).transform_filter("!datum.mine")
            .encode(x=x, y=y, tooltip=tooltip))
    even = (base.mark_rule(color="#666", strokeDash=[4, 4]).transform_filter("datum.mine")
            .encode(y=alt.datum(0.5)))
    mine = (base.mark_point(filled=True, size=160, color="#1d6fa5", opacity=1)
            .transform_filter("datum.mine").encode(x=x, y=y, tooltip=tooltip))
    return alt.layer(line, even, mine, data=chart_data([]))


def _win_chart(curve: tuple[tuple[int, Fraction], ...], percent: int) -> Drawn:
    """How the starting team's chance moves with the sticks (two equal bars showed nothing)."""
    title = _("Chance that the starting team wins, for each chance of a stick landing marked "
              "side up (the dot: your choice)")
    rows = [WinRow(stick=q / 100, p=float(p), stick_txt=fmt_pct(Fraction(q, 100), 0),
                   pct=fmt_pct(p, 2), mine=False) for q, p in curve]
    rows += [WinRow(**{**row, "mine": True}) for row, (q, _p) in zip(list(rows), curve)
             if q == percent]
    text = _text_alternative(title, [(row["stick_txt"], row["pct"]) for row in rows
                                     if not row["mine"]])
    return Drawn(_win_spec, (), title, title, chart_rows(rows), text)


def _length_spec(x_title: str, y_title: str) -> alt.Chart:
    """Hundreds of turns as one filled outline, not hundreds of bars (fast to redraw)."""
    chart: alt.Chart = (alt.Chart(chart_data([]))
                        .mark_area(color=COLOUR, interpolate="step-after", line=True)
                        .encode(x=alt.X("t:Q", title=title_lines(x_title), axis=number_axis()),
                                y=alt.Y("p:Q", title=y_title, axis=percent_axis()),
                                tooltip=[alt.Tooltip("t:Q", title=x_title),
                                         alt.Tooltip("pct:N", title=y_title)]))
    return chart


def _length_chart(game: ZT.GameFigures) -> Drawn:
    title = _("Length of the game in turns (games still going after %(turns)s turns: "
              "%(share)s)") % {"turns": fmt_num(len(game.length)),
                               "share": plain_chance(game.tail_hi, tr(), 2)}
    rows = [{"t": t, "p": float(p), "pct": fmt_pct(p, 2)} for t, p in enumerate(game.length, start=1)]
    text = _text_alternative(title, [(fmt_num(t), fmt_pct(p)) for t, p in
                                     enumerate(game.length, start=1) if p > 0 and (t - 1) % 10 == 0])
    return Drawn(_length_spec, (_("Turn"), _("Probability")), title,
                 _("Length of the game in turns"), chart_rows(rows), text)


def _bar_spec(x_title: str, y_title: str, highlight: bool) -> alt.Chart:
    colour = (alt.condition("datum.hot", alt.value("#1d6fa5"), alt.value(COLOUR))
              if highlight else alt.value(COLOUR))
    chart: alt.Chart = (alt.Chart(chart_data([])).mark_bar()
                        .encode(x=alt.X("x:N", title=title_lines(x_title), sort=alt.SortField("order"),
                                        axis=alt.Axis(labelAngle=0, labelOverlap=True, labelLimit=400)),
                                y=alt.Y("p:Q", title=y_title, axis=percent_axis()),
                                color=colour,
                                tooltip=[alt.Tooltip("x:N", title=x_title),
                                         alt.Tooltip("pct:N", title=y_title)]))
    return chart


def _bar(rows: list[tuple[str, Fraction]], title: str, name: str, x_title: str,
         highlight: str | None = None, digits: int = 1) -> Drawn:
    """Bars of exact chances and their text alternative; ``name``, the chart's accessible
    name (the title without its figures, see :func:`ui.common.show_chart`)."""
    data = [BarRow(x=label, order=i, p=float(value), pct=fmt_pct(value, digits),
                   hot=label == highlight) for i, (label, value) in enumerate(rows)]
    text = _text_alternative(title, [(row["x"], row["pct"]) for row, (_l, value)
                                     in zip(data, rows) if value > 0])
    return Drawn(_bar_spec, (x_title, _("Probability"), highlight is not None), title, name,
                 chart_rows(data), text)


def _text_alternative(title: str, pairs: list[tuple[str, str]]) -> str:
    """The chart's numbers as text, for screen readers and for anyone who prefers a list."""
    items = "".join(f"<li>{esc(a)}: {esc(b)}</li>" for a, b in pairs)
    label = _("The chart as text: %(title)s") % {"title": title}
    return f'<details lang="{lang()}"><summary>{esc(label)}</summary><ul>{items}</ul></details>'

