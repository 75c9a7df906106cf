"""Zohn ahl's play view: two teams, each thrown for by people or by the computer.

Zohn ahl leaves a thrower no choice but to throw (or to stop the game), so besides "Throw the
sticks" the view offers "Throw for me": the controller then throws for the visitor too, one
throw a beat, until they pause. The thrown sticks are drawn as they fell; the board and every
sentence come from the renderers, each sentence's clause behind its "Why?" (:mod:`ui.why`). Taps are idempotent
(:mod:`ui.play`). A team has one to four players; the engine passes the throw along a team
before the other team throws (``turn.team_order``), and the controls name the player on turn.
"""

from __future__ import annotations

import random
from typing import Any

import streamlit as st

from jokoak.games.zohn_ahl.bots import POLICIES
from jokoak.engine.core import CHANCE, GameState, Rules
from jokoak.engine.driver import Seating
from jokoak.games.zohn_ahl.engine import GAME, ZohnAhlState
from jokoak.render import for_both_widths
from jokoak.render.sticks import render_sticks_svg
from jokoak.games.zohn_ahl.render import describe_event, render_board_svg, sticks_text, team_name
from jokoak.render.source import CSS as SOURCE_CSS

from jokoak.i18n.msgids import N_

from ui.common import _, esc, html, in_this_language, lang
from ui import play, room
from ui.class_summary import TableSummary, last_event
from ui.play import PlaySession, PlaySpec
from ui.play.page import PlayPage
from ui.why import WHY_CSS, ids_html, why_html

#: This view's game under way: its state is zohn ahl's (mypy checks what the view reads).
Game = PlaySession[ZohnAhlState]

KEY = "jokoak_zohn_ahl_play"
VISITOR_TEAM = 0
VISITOR = 0  # the visitor's seat: the first (and, by default, only) player of team 0


TEAM_SIZES = (1, 2, 3, 4)
#: Who throws for a team: people, or the computer.
THROWERS = {"people": N_("People"), "computer": N_("The computer")}


def _team_size(choices: dict[str, Any]) -> int:
    size = int(choices.get("team_size", 1))
    return size if size in TEAM_SIZES else 1


def _people_teams(choices: dict[str, Any]) -> tuple[int, ...]:
    """The teams people throw for (by default the north–south team, as before)."""
    if "people" in choices:  # seats chosen one by one (the room panel)
        return tuple(sorted({s // _team_size(choices) for s in team_people(choices)}))
    return tuple(t for t in (0, 1) if choices.get(f"team{t}", ("people", "computer")[t])
                 == "people")


def team_people(choices: dict[str, Any]) -> tuple[int, ...]:
    """The seats of the people: every player of a people's team (team 0's seats first), or
    the seats chosen one by one (``people``: the room panel's choice of who plays on their
    own device)."""
    size = _team_size(choices)
    if "people" in choices:
        return play.chosen_people(choices, 2 * size, ())
    return tuple(t * size + i for t in _people_teams(choices) for i in range(size))


def _computer(state: GameState, rng: random.Random) -> str:
    """A computer player's throw: the driver hands it the engine's protocol type; every state
    of this game is zohn ahl's (checked, not assumed)."""
    assert isinstance(state, ZohnAhlState), type(state)
    return POLICIES["thrower"](state, rng)


def _table(choices: dict[str, Any]) -> Seating:
    autoplay = bool(choices.get("autoplay"))
    return Seating.for_seats(2 * _team_size(choices), team_people(choices),
                         lambda seat: _computer,
                         defaults=(lambda state, seat: "throw") if autoplay else None)


def _setup(rules: Rules, choices: dict[str, Any]) -> dict[str, Any]:
    size = _team_size(choices)
    return {**GAME.default_setup(rules), "players": [size, size]}


def _beat(state: GameState, seat: int, action: str) -> bool:
    """With "throw for me" on, every throw is shown on its own."""
    return action == "throw"


#: A lesson's step draws :func:`throw_button` (through a lambda: it is defined below).
SPEC = PlaySpec(game=GAME, key=KEY, state_type=ZohnAhlState, table=_table, setup=_setup, beat=_beat, pace=1.4,
                controls=lambda game, spec: throw_button(game, spec),
                child_hint=lambda state, action: _("Throw the sticks") if action == "throw" else None)


def play_view() -> None:
    def choices() -> dict[str, Any]:
        size = st.segmented_control(_("Players in each team"), list(TEAM_SIZES), default=1,
                                    key=f"{KEY}_team_size") or 1
        picked: dict[str, Any] = {"team_size": size}
        for team in (0, 1):
            picked[f"team{team}"] = st.segmented_control(
                _("Who throws for %(team)s") % {"team": team_name(team, _)}, list(THROWERS),
                default=("people", "computer")[team],
                format_func=in_this_language(lambda v: _(THROWERS[v])),
                key=f"{KEY}_team{team}") or ("people", "computer")[team]
        return picked

    PlayPage(SPEC, _("Choose the rules and who throws for each team, then press “Start a "
                     "new game”. At first you throw for the north–south team and the "
                     "computer for the west–east team."),
             _board_view, _side, choices, seat_view, _seat_name).draw(room.HOOKS)


def _number_and_team(state: ZohnAhlState, seat: int) -> dict[str, Any]:
    """A seat as its team counts it: ``{"number": 2, "team": "the north–south team"}``."""
    team = state.team_of_seat(seat)
    return {"number": seat - state.seat(team, 0) + 1, "team": team_name(team, _)}


def _seat_name(game: Game, seat: int) -> str:
    return _("player %(number)s of %(team)s") % _number_and_team(game.state, seat)


def seat_view(game: Game, seat: int, spec: PlaySpec[ZohnAhlState]) -> None:
    """One device's view of a room: the board, the last throw, this seat's throw button when
    the throw is its."""
    state = game.state
    with play.seat_table(game, _board(state)):
        _last_throw(game)
        acting = play.person_to_act(spec, game)
        if state.is_terminal():
            st.info(_("%(team)s wins the game.") % {"team": team_name(state.winner, _)}
                    if state.winner in (0, 1) else _("Nobody wins."))
        elif acting is not None:
            play.turn_line(_team_turn(state, acting))
            if acting == seat:
                throw_button(game, spec)
        _log(game)


def _people_teams_of(game: Game) -> tuple[int, ...]:
    return _people_teams(game.choices)


def _own_team(game: Game) -> int:
    """The team whose stick the site numbers follow: the people's (the one on turn when
    people throw for both), else north–south."""
    teams = _people_teams_of(game)
    if len(teams) == 2:
        return int(game.state.team)
    return teams[0] if teams else VISITOR_TEAM


def _board_view(game: Game) -> None:
    state = game.state
    numbers = st.session_state.get("za_site_numbers", False)
    play.board(_board(state, state.direction(_own_team(game)) if numbers else False), game)


def _board(state: ZohnAhlState, numbered: bool | str = False) -> str:
    """The board, for wide screens and for a phone."""
    return for_both_widths(render_board_svg(state, _, lang(), numbered=numbered),
                           render_board_svg(state, _, lang(), numbered=numbered, narrow=True))


def _side(game: Game) -> None:
    teams = _people_teams_of(game)
    if len(teams) == 1:
        html(f'<p lang="{lang()}" style="margin:0">'
             f'{esc(_("Your team: %(team)s.") % {"team": team_name(teams[0], _)})}</p>')
    elif not teams:
        html(f'<p lang="{lang()}" style="margin:0">'
             f'{esc(_("The computer throws for both teams."))}</p>')
    _last_throw(game)
    _controls(game, game.state)
    st.toggle(_("Show the site numbers (counted the way your stick runs)"), key="za_site_numbers")
    _log(game)


def _last_throw(game: Game) -> None:
    throws = [(m.actor, e) for m in game.position.moves if m.actor == CHANCE
              for e in m.events if e.kind == "throw"]
    if not throws:
        return
    ev = throws[-1][1]
    caption = describe_event(ev, _)
    html(f'<div lang="{lang()}">{render_sticks_svg(ev, _, lang(), caption, roll=len(throws))}'
         f'<p style="margin:.1rem 0 .3rem">{esc(caption)}</p></div>')


def _controls(game: Game, state: ZohnAhlState) -> None:
    token = play.token(game)
    teams = _people_teams_of(game)
    if state.is_terminal():
        if len(teams) == 1 and state.winner == teams[0]:
            st.success(_("Your team wins!"))
        elif state.winner in (0, 1):
            st.info(_("%(team)s wins the game.") % {"team": team_name(state.winner, _)})
        else:
            st.info(_("Nobody wins."))
        play.play_again_button(SPEC)
        return
    seat = play.person_to_act(SPEC, game)
    mine = seat is not None
    if seat is not None and not game.autoplay:
        play.turn_line(_turn_words(state, seat, game))
    thrower = seat if seat is not None else VISITOR
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
                  disabled=not mine or play.locked(game),
                  on_click=play.tap, args=(SPEC, token, thrower, "abandon"))
    play.refusal_note(SPEC, game)


def throw_button(game: Game, spec: PlaySpec[ZohnAhlState]) -> None:
    """"Throw the sticks" for the position in ``game``, for the person on turn (a lesson
    draws it with its own ``spec``, whose taps it checks before they are played)."""
    seat = play.person_to_act(spec, game)
    st.button(_("Throw the sticks"), type="primary", key=play.action_key(spec, "throw", game),
              disabled=seat is None or play.locked(game), icon=":material/sports_handball:",
              on_click=play.tap,
              args=(spec, play.token(game), VISITOR if seat is None else seat, "throw"))


def _turn_words(state: ZohnAhlState, seat: int, game: Game) -> str:
    """"Your turn" for one person alone; else the team and the player who throws."""
    if len(play.people(SPEC, game)) == 1:
        return _("Your turn: throw the sticks.")
    return _team_turn(state, seat)


def _team_turn(state: ZohnAhlState, seat: int) -> str:
    return _("Turn: player %(number)s of %(team)s. Throw the sticks.") % _number_and_team(
        state, seat)


def _log(game: Game) -> None:
    """What the last throws did, latest first: each sentence in words, the rule it applies
    behind its "Why?" (the clause lit in the Basque and the translation)."""
    events = [e for e in game.position.events(max(0, game.seen - 6)) if e.kind != "start"]
    if not events:
        return
    items = []
    for ev in events[-24:][::-1]:
        rules = [c for c in ev.clauses if c.startswith(RULE_PREFIXES)]
        items.append(f"<li>{esc(describe_event(ev, _))}{ids_html(rules)}"
                     f"{why_html(GAME.name, rules, css=False)}</li>")
    html(WHY_CSS + SOURCE_CSS + f'<h3 lang="{lang()}" style="font-size:1.1rem;margin:.4rem 0 0">'
         f'{esc(_("What happened (latest first)"))}</h3>'
         f'<ul lang="{lang()}" class="jokoak-log">{"".join(items)}</ul>')


#: The clauses a log line's "Why?" opens: the rules of play (not the text's setting).
RULE_PREFIXES = ("throw.", "penalty.", "capture.", "circuit.", "win.", "variant.",
                 "nebakuthana.", "turn.")


# ---- a class's table (ui/class_summary.py) -------------------------------------------------
#: A class's zohn ahl table: two teams of one to four.
CLASS_SEATS = tuple(2 * size for size in TEAM_SIZES)


def class_choices(seats: int, people: int) -> dict[str, Any]:
    """A class's table of ``seats`` (two teams of ``seats // 2``): the people take turns
    between the teams (north–south's first, then west–east's first, …), the computer
    throws for the rest."""
    size = max(1, min(max(TEAM_SIZES), seats // 2))
    order = [team * size + i for i in range(size) for team in (0, 1)]
    return {"team_size": size, "people": sorted(order[:max(0, min(people, 2 * size))])}


def class_summary(game: Game) -> TableSummary:
    """The board as a class screen shows it: whose throw, the last throw, the scoring
    sticks each team holds."""
    state = game.state
    if state.is_terminal():
        turn = (_("%(team)s wins the game.") % {"team": team_name(state.winner, _)}
                if state.winner in (0, 1) else _("Nobody wins."))
    else:
        turn = _team_turn(state, state.seat(state.team, state.seat_in_team))
    event = last_event(game.position.events(), ("start",))
    last = describe_event(event, _) if event is not None else ""
    counts = " · ".join(_("%(player)s: %(amount)s") % {"player": team_name(t, _),
                                                        "amount": sticks_text(n, _)}
                        for t, n in enumerate(state.scoring))
    return TableSummary(turn, last, counts)


def control_name(state: ZohnAhlState, action: str) -> str | None:
    """The name (in its widget key) of the control that makes ``action``: "throw"."""
    return action
