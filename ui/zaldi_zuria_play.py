"""zaldi zuria: the play view (Streamlit wiring only; moved out of ``zaldi_zuria_views``)."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import altair as alt
import streamlit as st

from jokoak.engine.core import CHANCE, make_rules, sample_chance
from jokoak.engine.record import Record
from jokoak.bots.zaldi_zuria import POLICIES, bid_reasoning, throw_reasoning
from jokoak.games.zaldi_zuria import CARD_LABELS, CARDS, GAME
from jokoak.odds.zaldi_zuria import odds_tables
from jokoak.odds import zaldi_zuria as zodds
from jokoak.render.source import clause_excerpt_html
from jokoak.render.zaldi_zuria import (chips_text, describe_event, player_name,
                                       render_table_svg, table_summary)

from .common import _, esc, fmt_num, fmt_pct, html, lang, in_this_language, show_chart, percent_axis, number_axis
from .play import new_game_panel

PLAY_KEY = "jokoak_zaldi_zuria_play"
#: Seats 1-5 alternate the two temperaments, so the visitor meets both.
OPPONENTS = {1: "careful", 2: "greedy", 3: "careful", 4: "greedy", 5: "careful"}
POLICY_LABELS = {"careful": "careful", "greedy": "greedy"}


# ---- play ---------------------------------------------------------------------------------
def _new_game(*, ruleset: str, seed: int) -> None:
    rules = make_rules(GAME, ruleset)
    st.session_state[PLAY_KEY] = {
        "record": Record(game="zaldi_zuria", rules=rules, setup=GAME.default_setup(rules),
                         seed=seed),
        "since": 0}


def _replay(record: Record) -> tuple[Any, list[list[Any]], list[Any]]:
    """The current state, the events of each step, and every state (from the record)."""
    state = GAME.new_initial_state(record.rules, record.setup)
    per_step, states = [], [state]
    for action in record.actions:
        state, events = state.apply(action)
        per_step.append(events)
        states.append(state)
    return state, per_step, states


def _advance(record: Record) -> Record:
    """Play chance and the computer players until the visitor (seat 0) must choose."""
    state, _steps, _states = _replay(record)
    actions = list(record.actions)
    while not state.is_terminal():
        player = state.current_player()
        if player == 0:
            break
        rng = random.Random(f"{record.seed}:{len(actions)}")
        action = (sample_chance(state.chance_outcomes(), rng) if player == CHANCE
                  else POLICIES[OPPONENTS[player % 6 or 1]](state, rng))
        state, _ = state.apply(action)
        actions.append(action)
    return Record(record.game, record.rules, record.setup, record.seed, tuple(actions))


def _apply(action: str) -> None:
    """The visitor's move (a throw is followed at once by its roll)."""
    game = st.session_state[PLAY_KEY]
    record = game["record"]
    game["since"] = len(record.actions)
    actions = record.actions + (action,)
    if action == "throw":
        state, _s, _st = _replay(Record(record.game, record.rules, record.setup, record.seed,
                                         actions))
        rng = random.Random(f"{record.seed}:{len(actions)}")
        actions += (sample_chance(state.chance_outcomes(), rng),)
    game["record"] = Record(record.game, record.rules, record.setup, record.seed, actions)


def play_view() -> None:
    """The visitor is Player 1 at a table with five computer players."""
    new_game_panel(GAME, PLAY_KEY, "jokoak_zaldi_zuria_play", _new_game)
    if PLAY_KEY not in st.session_state:
        st.info(_("You are Player 1, with five computer players. Press “Start a new game”."))
        return
    game = st.session_state[PLAY_KEY]
    game["record"] = _advance(game["record"])
    state, per_step, states = _replay(game["record"])
    left, right = st.columns([3, 2])
    with left:
        html(render_table_svg(state, _, lang(), viewer=0))
        html(f'<details lang="{lang()}"><summary>{esc(_("The table as text"))}</summary>'
             f'<p>{esc(table_summary(state, _))}</p></details>')
    with right:
        _controls(state)
    _event_log(per_step, game.get("since", 0))


def _controls(state: Any) -> None:
    if state.is_terminal():
        if state.winner == 0:
            st.success(_("You win the game and take the bank!"))
        elif state.winner is not None:
            st.info(_("%(player)s wins the game.") % {"player": player_name(state.winner, _)})
        else:
            st.info(_("The game is over, with no winner."))
        st.caption(_("%(player)s will auction the next game.") % {
            "player": player_name(state.next_auctioneer, _)})
        return
    if 0 in state.out:
        st.warning(_("You have left the game."))
        return
    if state.phase == "auction":
        _auction_controls(state)
    elif state.phase == "play":
        _throw_controls(state)


def _auction_controls(state: Any) -> None:
    card = state.card_on_sale
    html(f'<p lang="{lang()}" style="font-size:1.25rem">'
         f'{esc(_("For sale: %(card)s") % {"card": _(CARD_LABELS[card])})}<br>'
         f'{esc(_("You hold %(amount)s.") % {"amount": chips_text(state.chips[0], _)})}</p>')
    legal = state.legal_actions()
    raises = [n for n in (1, 2, 5) if f"bid:{state.high_bid + n}" in legal]
    cols = st.columns(len(raises) + 1)
    for col, n in zip(cols, raises):
        amount = state.high_bid + n
        col.button(_("Bid %(amount)s") % {"amount": chips_text(amount, _)},
                   key=f"jokoak_zaldi_zuria_play_bid{n}", type="primary", width="stretch",
                   on_click=_apply, args=(f"bid:{amount}",))
    cols[-1].button(_("No bid"), key="jokoak_zaldi_zuria_play_nobid", width="stretch",
                    on_click=_apply, args=("pass",))
    if not raises:
        st.caption(_("You do not have enough chips to raise the bid."))
    _why_bidders(state)


def _why_bidders(state: Any) -> None:
    """What each computer player thinks the card on sale is worth, and why."""
    with st.expander(_("Why the computer players bid")):
        rows = []
        for seat in state.active:
            if seat == 0 or seat not in OPPONENTS:
                continue
            why = bid_reasoning(state, seat, POLICIES[OPPONENTS[seat]])
            rows.append(_("%(player)s (%(style)s): the card earns %(now)s chips per round now "
                          "and %(later)s later; over %(rounds)s rounds it is worth %(worth)s; "
                          "bids up to %(limit)s.") % {
                "player": player_name(seat, _), "style": _(POLICY_LABELS[OPPONENTS[seat]]),
                "now": fmt_num(why["per_round_now"], 2),
                "later": fmt_num(why["per_round_later"], 2), "rounds": why["horizon"],
                "worth": fmt_num(why["worth"], 1), "limit": chips_text(why["limit"], _)})
        html(f'<ul lang="{lang()}">' + "".join(f"<li>{esc(r)}</li>" for r in rows) + "</ul>")


def _throw_controls(state: Any) -> None:
    why = throw_reasoning(state, 0, POLICIES["careful"])
    html(f'<p lang="{lang()}" style="font-size:1.25rem">'
         f'{esc(_("Your turn: throw the eight dice, or pass."))}</p>')
    st.button(_("Throw the dice"), key="jokoak_zaldi_zuria_play_throw", type="primary",
              width="stretch", on_click=_apply, args=("throw",))
    if "pass" in state.legal_actions():
        st.button(_("Pass"), key="jokoak_zaldi_zuria_play_pass", width="stretch",
                  on_click=_apply, args=("pass",))
        if state.passes[0]:
            st.warning(_("You passed last time: passing again puts you out of the game."))
    st.caption(_("On average a throw now changes your chips by %(gain)s.") % {
        "gain": fmt_num(why["expected_gain"], 2)})


def _event_log(per_step: list[list[Any]], since: int) -> None:
    """Everything since the visitor's last move: each sentence with the clause behind it."""
    events = [e for evs in per_step[since:] for e in evs if e.kind != "table_set"]
    if not events:
        return
    items = []
    for ev in events[-40:]:
        clauses = ", ".join(ev.clauses)
        items.append(f'<li>{esc(describe_event(ev, _))} '
                     f'<small style="color:#555">({esc(clauses)})</small></li>')
    html(f'<h3 lang="{lang()}">{esc(_("What happened"))}</h3>'
         f'<ul lang="{lang()}" style="font-size:1.1rem">{"".join(items)}</ul>')
    cited = [c for e in events if e.kind in ("payment", "game_end", "inn_opens")
             for c in e.clauses]
    if cited:
        with st.expander(_("The rules behind these payments")):
            target = lang() if lang() != "eu" else "es"
            html(clause_excerpt_html("zaldi_zuria", cited, target, _, ui_lang=lang()))
