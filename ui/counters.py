"""The pages' side of :mod:`jokoak.service.counters`: a one-line call where a visitor stumbles or
gets on, and the operator page's "Where visitors stumble" tab (a table and a chart per game,
all of it as CSV).

A count is queued and written later by a background thread: a tap never waits for the
store, and a store that cannot be reached loses the count, never the tap.
"""

from __future__ import annotations

import base64
from typing import Any

import altair as alt
import streamlit as st

from jokoak import registry
from jokoak.service import counters
from jokoak.service.settings import Settings
from jokoak.service.counters import GAME_KINDS, KIND_LABELS, STEP_KINDS, Key, Recorder
from jokoak.content.lessons import lessons

from . import kiosk_mode
from .common import _, category_axis, esc, fmt_num, html, lang, number_axis, show_chart, \
    wrapped_legend

#: ``?left=<game>.<lesson>.<step>``: the kiosk's idle reset names the lesson step it left
#: unfinished (ui/kiosk.py); counted once as "gave up", then dropped ...
LEFT_PARAM = "left"
#: ... if ``&leftkey=`` carries the token the kiosk session was given
#: (:class:`jokoak.service.counters.LeftTokens`): any other ``?left=`` counts nothing.
LEFT_KEY_PARAM = "leftkey"
#: ``session_state``: this session's token (for its own reset), and whether it counted one.
_LEFT_TOKEN = "jokoak_left_token"
_LEFT_COUNTED = "jokoak_left_counted"


def _settings() -> Settings:
    return kiosk_mode.settings()


@st.cache_resource(show_spinner=False)
def _recorder(store_setting: str) -> Recorder:
    return Recorder(lambda: counters.counters_from_setting(store_setting))


def recorder() -> Recorder | None:
    conf = _settings()
    return _recorder(conf.rooms.store) if conf.counters.enabled else None


def count(game: str, kind: str, lesson: str = "", step: int = 0, clause: str = "") -> None:
    """Count one ``kind`` moment (nothing where counting is off; never an error)."""
    found = recorder()
    if found is not None:
        try:
            found.count(Key(game, kind, lesson, step, clause))
        except Exception:  # a count is never worth a visitor's tap
            pass


def step_count(game: str, kind: str, lesson: str, index: int, clauses: tuple[str, ...] = ()
               ) -> None:
    """``kind`` at step ``index`` (0-based) of ``lesson``; a refusal once per clause cited."""
    for clause in clauses or ("",):
        count(game, kind, lesson, index + 1, clause)


def parse_left(raw: object) -> tuple[str, str, int] | None:
    """``game.lesson.step`` of a lesson step the visitor left unfinished, if it names one."""
    if not isinstance(raw, str) or len(raw) > 120 or raw.count(".") != 2:
        return None
    game, lesson, step = raw.split(".")
    if game not in registry.plugins() or not step.isascii() or not step.isdigit():
        return None
    try:
        found = next((x for x in lessons(game) if x.name == lesson), None)
    except Exception:
        return None
    if found is None or not 1 <= int(step) <= len(found.steps):
        return None
    return game, lesson, int(step)


@st.cache_resource(show_spinner=False)
def _left_tokens() -> counters.LeftTokens:
    return counters.LeftTokens()


def left_token() -> str:
    """The token this kiosk session's idle reset carries (made once per session)."""
    token = st.session_state.get(_LEFT_TOKEN)
    if not isinstance(token, str):
        token = st.session_state[_LEFT_TOKEN] = _left_tokens().issue()
    return token


def note_left() -> None:
    """The kiosk started again on a visitor who left a lesson step unfinished: "gave up",
    counted only from a kiosk's own reset (its session's token, never redeemed before) and
    once per session; ``?left=`` and its token are dropped from the address either way."""
    raw = st.query_params.get(LEFT_PARAM)
    token = st.query_params.get(LEFT_KEY_PARAM)
    for name in (LEFT_PARAM, LEFT_KEY_PARAM):
        if name in st.query_params:
            del st.query_params[name]
    if raw is None or st.session_state.get(_LEFT_COUNTED):
        return
    found = parse_left(raw)
    if found is not None and _left_tokens().redeem(token):
        st.session_state[_LEFT_COUNTED] = True
        game, lesson, step = found
        count(game, "gave_up", lesson, step)


# ---- the operator page --------------------------------------------------------------------

def _label(kind: str) -> str:
    return _(KIND_LABELS[kind])


def _chart(rows: list[dict[str, Any]], title: str) -> alt.Chart:
    """Per lesson step, a bar per kind of moment (refusals summed over their clauses)."""
    summed: dict[tuple[str, int, str], int] = {}
    for row in rows:
        at = (row["lesson"], row["step"], row["kind"])
        summed[at] = summed.get(at, 0) + row["count"]
    data = [{"step": f"{lesson} · {step}", "what": _label(kind), "count": n}
            for (lesson, step, kind), n in summed.items()]
    order = [_label(k) for k in STEP_KINDS]
    # Altair's mark methods are untyped (they return Any): the chart is typed here.
    chart: alt.Chart = (
        alt.Chart(alt.Data(values=data), title=title)
        .mark_bar()
        .encode(x=alt.X("step:N", title=_("Lesson and step"), axis=category_axis()),
                xOffset=alt.XOffset("what:N", sort=order),
                y=alt.Y("count:Q", title=_("Count"), axis=number_axis()),
                color=alt.Color("what:N", sort=order, title=None, legend=wrapped_legend()),
                tooltip=[alt.Tooltip("step:N", title=_("Lesson and step")),
                         alt.Tooltip("what:N", title=_("What")),
                         alt.Tooltip("count:Q", title=_("Count"))]))
    return chart


def operator_tab() -> None:
    """Per game: its own counts, a table per lesson step and a chart; all of it as CSV."""
    conf = _settings()
    if not conf.counters.enabled:
        st.info(_("Counting is off (%(setting)s).") % {"setting": "[counters] enabled = false"})
        return
    st.write(_("Counts only: no visitor identity, no time, no free text. Refused moves are "
               "counted under each clause the rules cited."))
    try:
        counts = counters.counters_from_setting(conf.rooms.store).read()
    except Exception as exc:
        st.warning(_("The counts cannot be read now: %(reason)s")
                   % {"reason": f"{type(exc).__name__}: {exc}"[:200]})
        return
    games = [e.key for e in registry.plugins().values()]
    csv = counters.csv_text(counts, games)
    link = "data:text/csv;base64," + base64.b64encode(csv.encode("utf-8")).decode("ascii")
    html(f'<p><a download="jokoak-counts.csv" href="{link}" lang="{lang()}" '
         f'style="display:inline-block;min-height:44px;line-height:44px">'
         f'{esc(_("Download all counts (CSV)"))}</a></p>')
    for entry in registry.plugins().values():
        rows, own = counters.tables(counts, entry.key)
        html(f'<h3 lang="eu" style="margin:.6rem 0 .2rem">{esc(entry.name)}</h3>')
        html(f'<p lang="{lang()}">' + " · ".join(
            f"{esc(_label(kind))}: {esc(fmt_num(own[kind]))}" for kind in GAME_KINDS) + "</p>")
        if not rows:
            st.caption(_("No lesson counted yet."))
            continue
        head = [_("Lesson"), _("Step"), _("What"), _("Clause"), _("Count")]
        html(f'<div style="overflow-x:auto"><table lang="{lang()}" data-counts="{esc(entry.key)}">'
             '<thead><tr>'
             + "".join(f"<th>{esc(h)}</th>" for h in head) + "</tr></thead><tbody>"
             + "".join(f'<tr><td lang="zxx">{esc(r["lesson"])}</td><td>{r["step"]}</td>'
                       f'<td>{esc(_label(r["kind"]))}</td>'
                       f'<td lang="zxx">{esc(r["clause"])}</td><td>{esc(fmt_num(r["count"]))}</td></tr>'
                       for r in rows) + "</tbody></table></div>")
        show_chart(_chart, rows, _("Where visitors stumble in %(game)s") % {"game": entry.name})
