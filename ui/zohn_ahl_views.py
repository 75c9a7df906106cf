"""zohn ahl's odds and play views (Streamlit wiring only).

The numbers come from :mod:`jokoak.odds.zohn_ahl` (exact fractions for throws, turns and the
first circuit; the whole game's Markov chain solved numerically); the board and sentences from
:mod:`jokoak.render.zohn_ahl`. A game in progress lives in ``st.session_state`` as a
:class:`~jokoak.engine.record.Record`: every rerun replays it. Touch only: buttons, sliders and
segmented controls.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import altair as alt
import streamlit as st

from jokoak.engine.core import CHANCE, make_rules, sample_chance
from jokoak.engine.record import Record
from jokoak.bots.zohn_ahl import POLICIES
from jokoak.games.zohn_ahl import GAME
from jokoak.i18n import translator
from jokoak.odds import zohn_ahl as Z
from jokoak.odds import zohn_ahl_bounds as ZB
from jokoak.render.zohn_ahl import describe_event, render_board_svg, team_name
from jokoak.segments import segment_map
from jokoak.msgids import N_

from .common import _, esc, fmt_num, fmt_pct, html, in_this_language, lang, show_chart, percent_axis

PLAY_KEY = "jokoak_zohn_ahl_play"
#: Turns shown in the length chart (the rest is reported as still going).
LENGTH_TURNS = 400
VISITOR_TEAM = 0
COLOUR = "#8a3b12"


RESULT_LABELS = {"start_team": N_("Starting team"), "other_team": N_("Other team")}


def _ruleset_title(name: str) -> str:
    return _(next(r.title for r in GAME.rulesets if r.name == name))


# ---- odds ---------------------------------------------------------------------------------
@st.cache_data(show_spinner=False, max_entries=64)
def _exact_tables(ruleset: str, percent: int) -> dict[str, Any]:
    """Throws, turns and the first circuit (exact fractions, as strings for the cache)."""
    rules = make_rules(GAME, ruleset, stick_probability=Fraction(percent, 100))
    moves, rest = Z.turn_movement(rules, up_to=40)
    resting, north, complete = Z.first_circuit(rules)
    return {"values": [(v, str(q)) for v, q in Z.throw_values(rules).items()],
            "moves": [(n, str(q)) for n, q in moves.items()], "moves_rest": str(rest),
            "mean": str(Z.expected_turn_movement(rules)),
            "resting": [(g, str(q)) for g, q in resting.items()], "north": str(north),
            "length": Z.circuit_length(rules)}


@st.cache_data(show_spinner=False, max_entries=80)
def _game_tables(ruleset: str, percent: int) -> dict[str, Any]:
    """The whole game, as proven intervals of exact fractions (expensive: cached per choice).

    See :mod:`jokoak.odds.zohn_ahl_bounds`: the chance of winning and the mean length are
    checked in exact integer arithmetic, the length table by a proven rounding bound.
    """
    rules = make_rules(GAME, ruleset, stick_probability=Fraction(percent, 100))
    odds = ZB.certified_win_odds(rules)
    span = ZB.certified_game_length(rules, max_turns=LENGTH_TURNS, tol=1e-9)
    return {"start": (str(odds.start_team_wins.lo), str(odds.start_team_wins.hi)),
            "other": (str(odds.other_team_wins.lo), str(odds.other_team_wins.hi)),
            "turns": (str(odds.turns.lo), str(odds.turns.hi)),
            "length": [str(q) for q in span.lo], "tail": str(span.tail_hi),
            "first": odds.first_team}


def odds_view() -> None:
    """Charts for a chosen ruleset and a chosen chance that a stick falls marked side up."""
    intro = _("Choose the rules and how likely a throw stick is to land marked side up: the "
              "charts show the chances worked out from the rules.")
    html(f'<p lang="{lang()}">{esc(intro)}</p>')
    names = [r.name for r in GAME.rulesets]
    ruleset = st.segmented_control(_("Rules"), names, default=names[0],
                                   format_func=in_this_language(_ruleset_title),
                                   key="jokoak_zohn_ahl_odds_ruleset") or names[0]
    percent = st.slider(_("Chance that a stick lands marked side up (%)"), 10, 90, 50, 5,
                        key="jokoak_zohn_ahl_odds_p")
    exact = _exact_tables(ruleset, percent)
    values = [(fmt_num(v), Fraction(q)) for v, q in exact["values"]]
    _bar(values, _("Value of one throw"), _("Points"), _("Probability"))
    moves = [(fmt_num(n), Fraction(q)) for n, q in exact["moves"]]
    _bar(moves, _("Sites moved in one turn, extra throws included (on average %(mean)s)")
         % {"mean": fmt_num(Fraction(exact["mean"]), 2)}, _("Sites"), _("Probability"))
    north_gap = exact["length"] // 2
    resting = [(fmt_num(g), Fraction(q)) for g, q in exact["resting"]]
    _bar(resting, _("Chance of resting in each gap on the first circuit (north creek: gap "
                    "%(gap)s, %(pct)s)") % {"gap": fmt_num(north_gap),
                                            "pct": fmt_pct(Fraction(exact["north"]))},
         _("Gap, counted from the south creek"), _("Probability"),
         highlight=fmt_num(north_gap))
    with st.spinner(_("Working out the whole game…")):
        game = _game_tables(ruleset, percent)
    team = team_name(game["first"], _)
    start_lo, start_hi = map(Fraction, game["start"])
    rows = [(_(RESULT_LABELS["start_team"]) + f" ({team})", start_lo),
            (_(RESULT_LABELS["other_team"]), Fraction(game["other"][0]))]
    _bar(rows, _("Chance that the starting team wins"), _("Team"), _("Probability"),
         digits=2)
    turns_lo, turns_hi = map(Fraction, game["turns"])
    proven = _("Proven from the rules: the starting team wins with a chance between %(lo)s and "
               "%(hi)s. A game lasts %(turns)s turns on average (between %(turns_lo)s and "
               "%(turns_hi)s).") % {
        "lo": fmt_pct(start_lo, 9), "hi": fmt_pct(start_hi, 9),
        "turns": fmt_num((turns_lo + turns_hi) / 2, 1), "turns_lo": fmt_num(turns_lo, 6),
        "turns_hi": fmt_num(turns_hi, 6)}
    html(f'<p lang="{lang()}">{esc(proven)}</p>')
    length = [(fmt_num(t), Fraction(p)) for t, p in enumerate(game["length"], start=1)]
    _bar(length, _("Length of the game in turns (after %(turns)s turns %(pct)s of games are "
                   "still going)") % {"turns": fmt_num(len(game["length"])),
                                      "pct": fmt_pct(Fraction(game["tail"]), 2)},
         _("Turn"), _("Probability"), every=10)
    st.caption(_("Throws, turns and the first circuit are exact fractions. The whole game is "
                 "a Markov chain over both sticks' places, the scoring sticks and the team on "
                 "turn, worked out from the rules (not by playing games): solved in floating "
                 "point, then proven. Every whole-game figure lies in an interval of exact "
                 "fractions, checked in exact integer arithmetic for the chance of winning and "
                 "the average length, and by a proven bound on rounding for the length chart."))


def _bar_spec(rows: list[tuple[str, Any]], title: str, x_title: str, y_title: str,
              highlight: str | None, digits: int) -> Any:
    data = [{"x": label, "order": i, "p": float(value), "pct": fmt_pct(value, digits),
             "hot": label == highlight} for i, (label, value) in enumerate(rows)]
    colour = (alt.condition("datum.hot", alt.value("#1d6fa5"), alt.value(COLOUR))
              if highlight else alt.value(COLOUR))
    return (alt.Chart(alt.Data(values=data), title=title).mark_bar()
            .encode(x=alt.X("x:N", title=x_title, sort=alt.SortField("order"),
                            axis=alt.Axis(labelAngle=0, labelOverlap=True, labelLimit=400)),
                    y=alt.Y("p:Q", title=y_title, axis=percent_axis()),
                    color=colour,
                    tooltip=[alt.Tooltip("x:N", title=x_title),
                             alt.Tooltip("pct:N", title=y_title)]))


def _bar(rows: list[tuple[str, Any]], title: str, x_title: str, y_title: str,
         highlight: str | None = None, digits: int = 1, every: int = 1) -> None:
    show_chart(_bar_spec, rows, title, x_title, y_title, highlight, digits)
    pairs = [(label, fmt_pct(value, digits)) for i, (label, value) in enumerate(rows)
             if value > 0 and i % every == 0]
    _text_alternative(title, pairs)


def _text_alternative(title: str, pairs: list[tuple[str, str]]) -> None:
    """The chart's numbers as text, for screen readers and for anyone who prefers a list."""
    items = "".join(f"<li>{esc(a)}: {esc(b)}</li>" for a, b in pairs)
    label = _("The chart as text: %(title)s") % {"title": title}
    html(f'<details lang="{lang()}"><summary>{esc(label)}</summary><ul>{items}</ul></details>')


from .zohn_ahl_play import play_view  # noqa: E402,F401  (the game page looks here)
