"""Zohn ahl's play view: the visitor throws for one team against a computer team.

Zohn ahl leaves a thrower no choice but to throw (or to stop the game), so besides "Throw the
sticks" the view offers "Throw for me": the controller then throws for the visitor too, one
throw a beat, until they pause. The thrown sticks are drawn as they fell; the board and every
sentence (with the clause it applies) come from the renderers. Taps are idempotent
(:mod:`ui.play`).
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from jokoak.bots.zohn_ahl import POLICIES
from jokoak.engine.core import CHANCE
from jokoak.engine.driver import Table
from jokoak.games.zohn_ahl import GAME
from jokoak.i18n import translator
from jokoak.render.sticks import render_sticks_svg
from jokoak.render.zohn_ahl import describe_event, render_board_svg, team_name
from jokoak.segments import segment_map

from .common import _, esc, html, lang
from . import play
from .play import PlaySession, PlaySpec

KEY = "jokoak_zohn_ahl_play"
VISITOR_TEAM = 0
VISITOR = 0  # the visitor's seat: the first (and, by default, only) player of team 0


def _table(choices: dict[str, Any]) -> Table:
    autoplay = bool(choices.get("autoplay"))
    return Table(humans=frozenset({VISITOR}), policies={1: POLICIES["thrower"]},
                 defaults=(lambda state, seat: "throw") if autoplay else None)


def _beat(state: Any, seat: int, action: str) -> bool:
    """With "throw for me" on, every throw is shown on its own."""
    return action == "throw"


SPEC = PlaySpec(game=GAME, key=KEY, table=_table, beat=_beat, pace=1.4)


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
    play.page(SPEC, _("Choose the rules and press “Start a new game”. You throw for the "
                      "north–south team; the computer throws for the west–east team."),
              _board_view, _side)


def _board_view(game: PlaySession) -> None:
    state = game.position.state
    numbers = st.session_state.get("za_site_numbers", False)
    play.board(render_board_svg(state, _, lang(),
                                numbered=state.direction(VISITOR_TEAM) if numbers else False),
               game)


def _side(game: PlaySession) -> None:
    html(f'<p lang="{lang()}" style="margin:0">'
         f'{esc(_("Your team: %(team)s.") % {"team": team_name(VISITOR_TEAM, _)})}</p>')
    _last_throw(game)
    _controls(game, game.position.state)
    st.toggle(_("Show the site numbers (counted the way your stick runs)"), key="za_site_numbers")
    _log(game)


def _last_throw(game: PlaySession) -> None:
    throws = [(m.actor, e) for m in game.position.moves if m.actor == CHANCE
              for e in m.events if e.kind == "throw"]
    if not throws:
        return
    ev = throws[-1][1]
    caption = describe_event(ev, _)
    html(f'<div lang="{lang()}">{render_sticks_svg(ev, _, lang(), caption)}'
         f'<p style="margin:.1rem 0 .3rem">{esc(caption)}</p></div>')


def _controls(game: PlaySession, state: Any) -> None:
    token = play.token(game)
    if state.is_terminal():
        if state.winner == VISITOR_TEAM:
            st.success(_("Your team wins!"))
        elif state.winner in (0, 1):
            st.info(_("%(team)s wins the game.") % {"team": team_name(state.winner, _)})
        else:
            st.info(_("Nobody wins."))
        play.play_again_button(SPEC)
        return
    mine = state.current_player() == VISITOR
    if mine and not game.autoplay:
        html(f'<p lang="{lang()}" class="jokoak-turn">{esc(_("Your turn: throw the sticks."))}</p>')
    row = st.container(horizontal=True)
    if game.autoplay:
        row.button(_("Stop throwing for me"), key=f"{KEY}_manual", type="primary",
                   icon=":material/pan_tool:", on_click=play.set_autoplay, args=(SPEC, False))
    else:
        with row:
            throw_button(game, SPEC)
        row.button(_("Throw for me"), key=f"{KEY}_auto", icon=":material/autoplay:",
                   on_click=play.set_autoplay, args=(SPEC, True))
    with st.expander(_("Stop the game")):
        st.button(_("Stop the game here (most scoring sticks wins)"), key=play.action_key(SPEC, "abandon", game),
                  disabled=state.current_player() != VISITOR or play.locked(game),
                  on_click=play.tap, args=(SPEC, token, VISITOR, "abandon"))
    play.refusal_note(SPEC, game)


def throw_button(game: PlaySession, spec: PlaySpec) -> None:
    """"Throw the sticks" for the position in ``game`` (a lesson draws it with its own
    ``spec``, whose taps it checks before they are played)."""
    mine = game.position.state.current_player() == VISITOR
    st.button(_("Throw the sticks"), type="primary", key=play.action_key(spec, "throw", game),
              disabled=not mine or play.locked(game), icon=":material/sports_handball:",
              on_click=play.tap, args=(spec, play.token(game), VISITOR, "throw"))


def _log(game: PlaySession) -> None:
    """What the last throws did, each sentence with the rule it applies (latest first)."""
    events = [e for e in game.position.events(max(0, game.seen - 6)) if e.kind != "start"]
    if not events:
        return
    items = []
    for ev in events[-24:][::-1]:
        rules = "; ".join(_clause_html(c) for c in ev.clauses
                          if c.startswith(("throw.", "penalty.", "capture.", "circuit.",
                                           "win.", "variant.", "nebakuthana.", "turn.")))
        note = f'<br><small>{rules}</small>' if rules else ""
        items.append(f"<li>{esc(describe_event(ev, _))}{note}</li>")
    html(f'<h3 lang="{lang()}" style="font-size:1.1rem;margin:.4rem 0 0">'
         f'{esc(_("What happened (latest first)"))}</h3>'
         f'<ul lang="{lang()}" class="jokoak-log">{"".join(items)}</ul>')
