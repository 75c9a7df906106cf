"""zohn ahl: the play view (Streamlit wiring only; moved out of ``zohn_ahl_views``)."""

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

from .common import _, esc, fmt_num, fmt_pct, html, in_this_language, lang, show_chart, percent_axis
from .play import new_game_panel, replayed

PLAY_KEY = "jokoak_zohn_ahl_play"
VISITOR_TEAM = 0


# ---- play ---------------------------------------------------------------------------------
def _new_game(*, ruleset: str, seed: int) -> None:
    rules = make_rules(GAME, ruleset)
    record = Record(game="zohn_ahl", rules=rules, setup=GAME.default_setup(rules), seed=seed)
    st.session_state[PLAY_KEY] = {"record": record, "shown": 0}


def _replay(record: Record) -> tuple[Any, list]:
    return replayed(GAME, record)


def _run(record: Record, actions: list[str], state: Any, stop_at_visitor: bool) -> Any:
    """Chance and the computer team act until the visitor must press (or the game ends)."""
    policy = POLICIES["thrower"]
    while not state.is_terminal():
        player = state.current_player()
        if player != CHANCE and state.team_of_seat(player) == VISITOR_TEAM and stop_at_visitor:
            break
        rng = random.Random(f"{record.seed}:{len(actions)}")
        action = (sample_chance(state.chance_outcomes(), rng) if player == CHANCE
                  else policy(state, rng))
        state, _ = state.apply(action)
        actions.append(action)
        stop_at_visitor = True
    return state


def _throw() -> None:
    """The visitor throws; then the computer team plays until it is the visitor's turn."""
    game = st.session_state[PLAY_KEY]
    record = game["record"]
    state, events = _replay(record)
    game["shown"] = len(events)
    actions = list(record.actions)
    state, _ = state.apply("throw")
    actions.append("throw")
    _run(record, actions, state, stop_at_visitor=False)
    game["record"] = Record(record.game, record.rules, record.setup, record.seed, tuple(actions))


def _abandon() -> None:
    game = st.session_state[PLAY_KEY]
    record = game["record"]
    state, events = _replay(record)
    game["shown"] = len(events)
    game["record"] = Record(record.game, record.rules, record.setup, record.seed,
                            record.actions + ("abandon",))


def _clause_html(clause: str) -> str:
    """The clause in the visitor's language if translated, else in Basque (marked so)."""
    segment = segment_map("zohn_ahl").get(clause)
    if segment is None:
        return esc(clause)
    source = translator(lang(), "zohn_ahl")
    translated = lang() != "eu" and source.has(segment.text, clause)
    text = source.pgettext(clause, segment.text) if translated else segment.text
    code = lang() if translated else "eu"
    return f'{esc(clause)}: <q lang="{code}">{esc(text)}</q>'


def play_view() -> None:
    """The visitor throws for the north–south team against a computer west–east team."""
    new_game_panel(GAME, PLAY_KEY, "jokoak_zohn_ahl_play", _new_game)
    if PLAY_KEY not in st.session_state:
        st.info(_("Choose the rules and press “Start a new game”. You throw for the "
                  "north–south team; the computer throws for the west–east team."))
        return
    game = st.session_state[PLAY_KEY]
    record = game["record"]
    state, events = _replay(record)
    if not state.is_terminal() and state.team_of_seat(state.current_player()) != VISITOR_TEAM:
        actions = list(record.actions)
        state = _run(record, actions, state, stop_at_visitor=True)
        game["record"] = record = Record(record.game, record.rules, record.setup, record.seed,
                                         tuple(actions))
        state, events = _replay(record)
    numbers = st.toggle(_("Show the site numbers (counted the way your stick runs)"),
                        key="za_site_numbers")
    html(render_board_svg(state, _, lang(),
                          numbered=state.direction(VISITOR_TEAM) if numbers else False))
    _event_log(events[game.get("shown", 0):])
    if state.is_terminal():
        if state.winner == VISITOR_TEAM:
            st.success(_("Your team wins!"))
        elif state.winner in (0, 1):
            st.info(_("%(team)s wins the game.") % {"team": team_name(state.winner, _)})
        else:
            st.info(_("Nobody wins."))
        return
    st.button(_("Throw the sticks"), type="primary", key="jokoak_zohn_ahl_play_throw",
              on_click=_throw, width="stretch")
    st.button(_("Stop the game here (most scoring sticks wins)"),
              key="jokoak_zohn_ahl_play_abandon", on_click=_abandon)


def _event_log(events: list) -> None:
    """What the last throws did, each sentence with the rule it applies."""
    shown = [e for e in events if e.kind not in ("start",)] or events
    if not shown:
        return
    items = []
    for ev in shown[-24:]:
        rules = "; ".join(_clause_html(c) for c in ev.clauses
                          if c.startswith(("throw.", "penalty.", "capture.", "circuit.",
                                           "win.", "variant.", "nebakuthana.", "turn.")))
        note = f'<br><small>{rules}</small>' if rules else ""
        items.append(f"<li>{esc(describe_event(ev, _))}{note}</li>")
    html(f'<ul lang="{lang()}" style="font-size:1.1rem">{"".join(items)}</ul>')
