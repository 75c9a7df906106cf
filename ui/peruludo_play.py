"""peruludo: the play view (Streamlit wiring only; moved out of ``peruludo_views``)."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import altair as alt
import streamlit as st

from jokoak.engine.core import CHANCE, make_rules, sample_chance
from jokoak.engine.record import Record
from jokoak.bots.peruludo import POLICIES
from jokoak.games.peruludo import GAME
from jokoak.odds.peruludo import odds_tables
from jokoak.games.peruludo.bids import from_wild_minimum, half_up, parse_bid
from jokoak.odds.peruludo import p_bid_true
from jokoak.render.peruludo import bid_text, describe_event, player_name, render_table_svg
from jokoak.msgids import N_

from .common import _, esc, fmt_num, fmt_pct, html, lang, in_this_language, show_chart, percent_axis
from .play import new_game_panel, replayed

FACES = [1, 2, 3, 4, 5, 6]
DIE_GLYPHS = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}
PLAY_KEY = "jokoak_peruludo_play"


LEVEL_LABELS = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}


def _face_label(face: int) -> str:
    return f"{DIE_GLYPHS[face]} {face}"


# ---- play ---------------------------------------------------------------------------------
def _new_game(*, opponents: int, level: str, ruleset: str, seed: int) -> None:
    players = opponents + 1
    rules = make_rules(GAME, ruleset)
    setup = {"players": players, "dice": [5] * players,
             "ages": [20 + 3 * i for i in range(players)], "bag": 0}
    st.session_state[PLAY_KEY] = {"record": Record(game="peruludo", rules=rules, setup=setup,
                                                   seed=seed),
                                  "level": level}


def _replay(record: Record) -> tuple[Any, list]:
    return replayed(GAME, record)


def _advance(record: Record, level: str) -> Record:
    """Play chance and the computer players until the visitor must act or look.

    Stops at the visitor's turn or doia question, at every cup lifted (the reveal is shown
    cup by cup), and at the end of a round (so its result can be read).
    """
    state, _events = _replay(record)
    actions = list(record.actions)
    policy = POLICIES[level]
    while not state.is_terminal():
        player = state.current_player()
        if state.phase == "reveal":
            break
        if state.phase == "roll" and actions and not actions[-1].startswith("roll:"):
            break  # a round just ended: wait for "Next round"
        if player == 0:
            break
        rng = random.Random(f"{record.seed}:{len(actions)}")
        action = (sample_chance(state.chance_outcomes(), rng) if player == CHANCE
                  else policy(state, rng))
        state, _ = state.apply(action)
        actions.append(action)
    return Record(record.game, record.rules, record.setup, record.seed, tuple(actions))


def _apply(action: str) -> None:
    game = st.session_state[PLAY_KEY]
    record = game["record"]
    game["record"] = Record(record.game, record.rules, record.setup, record.seed,
                            record.actions + (action,))


def _roll_next_round() -> None:
    """Throw the first die of the next round, so play resumes (the rest follows)."""
    game = st.session_state[PLAY_KEY]
    state, _events = _replay(game["record"])
    rng = random.Random(f"{game['record'].seed}:{len(game['record'].actions)}")
    _apply(sample_chance(state.chance_outcomes(), rng))


def play_view() -> None:
    """The visitor (Player 1) against two to five computer players."""
    def choices() -> dict[str, Any]:
        opponents = st.segmented_control(_("Computer players"), [2, 3, 4, 5], default=3,
                                         key="jokoak_peruludo_play_opponents") or 3
        level = st.segmented_control(_("Level"), list(LEVEL_LABELS), default="medium",
                                     format_func=in_this_language(lambda v: _(LEVEL_LABELS[v])),
                                     key="jokoak_peruludo_play_level") or "medium"
        return {"opponents": opponents, "level": level}

    new_game_panel(GAME, PLAY_KEY, "jokoak_peruludo_play", _new_game, choices)
    if PLAY_KEY not in st.session_state:
        st.info(_("Choose the players and press “Start a new game”."))
        return
    game = st.session_state[PLAY_KEY]
    game["record"] = _advance(game["record"], game["level"])
    state, events = _replay(game["record"])
    html(render_table_svg(state, _, lang(), viewer=0))
    _event_log(events)
    if state.is_terminal():
        if state.winner == 0:
            st.success(_("You are the last player with dice: you win!"))
        else:
            st.info(_("%(player)s wins the game.") % {"player": player_name(state.winner, _)})
        return
    if state.counts[0] == 0:
        st.info(_("You have no dice left: watch the others finish the game."))
    if state.phase == "reveal":
        _reveal_controls(state)
    elif state.phase == "roll":
        st.button(_("Next round"), type="primary", key="jokoak_peruludo_play_next",
                  on_click=_roll_next_round, width="stretch")
    elif state.phase == "doia":
        _doia_controls(state)
    elif state.phase == "bid":
        _bid_controls(state)


def _event_log(events: list) -> None:
    """This round so far (or the last round's end), without the dice of others."""
    start = max((i for i, e in enumerate(events) if e.kind == "round_start"), default=0)
    recent = [e for e in events[start:] if e.kind not in ("roll", "doia_pass")]
    if recent:
        items = "".join(f"<li>{esc(describe_event(e, _, viewer=0))}</li>" for e in recent[-14:])
        html(f'<ul lang="{lang()}" style="font-size:1.1rem">{items}</ul>')


def _reveal_controls(state: Any) -> None:
    text = _("Palero: the cups are lifted one by one. Count so far: %(count)s of "
             "%(quantity)s.") % {"count": state.running, "quantity": state.bid[0]}
    html(f'<p lang="{lang()}" style="font-size:1.2rem">{esc(text)}</p>')
    st.button(_("Lift the next cup"), type="primary", key="jokoak_peruludo_play_lift",
              on_click=_apply, args=("lift",), width="stretch")


def _hint(state: Any) -> None:
    view = state.observation(0)
    if not view["bid"]:
        return
    own = view["own_dice"]
    chance = p_bid_true(tuple(view["bid"]), own, view["dice_in_play"] - len(own), view["wild"])
    st.caption(_("Hint: from your dice, the bid %(bid)s is true with probability %(pct)s.") % {
        "bid": bid_text(view["bid"][0], view["bid"][1], _), "pct": fmt_pct(chance)})


def _doia_controls(state: Any) -> None:
    text = _("%(player)s bid %(bid)s. Call doia if you think it is exactly right.") % {
        "player": player_name(state.bidder, _), "bid": bid_text(state.bid[0], state.bid[1], _)}
    html(f'<p lang="{lang()}" style="font-size:1.2rem">{esc(text)}</p>')
    _hint(state)
    left, right = st.columns(2)
    left.button(_("Doia!"), key="jokoak_peruludo_play_doia", on_click=_apply, args=("doia",),
                width="stretch")
    right.button(_("Continue"), type="primary", key="jokoak_peruludo_play_nodoia",
                 on_click=_apply, args=("no_doia",), width="stretch")


def why_illegal(state: Any, bid: tuple[int, int]) -> str:
    """A translated reason why ``bid`` may not follow the current bid."""
    quantity, face = bid
    previous = state.bid
    if previous is None:
        return _("A round cannot open on sixes (except in an arrastatze round).")
    if quantity > state.dice_in_play():
        return _("There are only %(count)s dice on the table.") % {"count": state.dice_in_play()}
    if bid in [(q, f) for _s, q, f in state.history]:
        return _("That bid was already made in this round.")
    pq, pf = previous
    if state.arrastatze_round:
        return _("In an arrastatze round the face cannot change: bid more %(face)s.") % {
            "face": pf}
    if pf == 6 and face != 6:
        return _("After sixes, another face needs at least %(count)s dice.") % {
            "count": from_wild_minimum(pq, state.rules["from_wild_rule"])}
    if face == 6:
        return _("Sixes need at least %(count)s dice (half, rounded up).") % {
            "count": half_up(pq)}
    return _("Bid more %(face)s, or %(quantity)s dice of a higher face.") % {
        "face": pf, "quantity": pq}


def _bid_controls(state: Any) -> None:
    _hint(state)
    legal = state.legal_actions()
    bids = [parse_bid(a) for a in legal if a.startswith("bid:")]
    qkey, fkey, tkey = ("jokoak_peruludo_play_q", "jokoak_peruludo_play_f",
                        "jokoak_peruludo_play_turn")
    if bids and st.session_state.get(tkey) != _turn_id(state):
        # a new turn: start the builder at the lowest legal bid
        st.session_state[qkey], st.session_state[fkey] = bids[0]
        st.session_state[tkey] = _turn_id(state)
    quantity = st.session_state.get(qkey, 1)
    face = st.session_state.get(fkey, 1)
    cols = st.columns([1, 2, 1])
    cols[0].button("−", key="jokoak_peruludo_play_qminus", width="stretch",
                   disabled=quantity <= 1, on_click=_set, args=(qkey, max(1, quantity - 1)),
                   help=_("Fewer dice"))
    cols[1].markdown(f'<p lang="{lang()}" style="font-size:2rem;text-align:center;margin:0">'
                     f'{esc(bid_text(quantity, face, _))}</p>', unsafe_allow_html=True)
    cols[2].button("+", key="jokoak_peruludo_play_qplus", width="stretch",
                   disabled=quantity >= state.dice_in_play(),
                   on_click=_set, args=(qkey, quantity + 1), help=_("More dice"))
    face_cols = st.columns(6)
    for f in FACES:
        face_cols[f - 1].button(_face_label(f), key=f"jokoak_peruludo_play_face{f}",
                                width="stretch", type="primary" if f == face else "secondary",
                                on_click=_set, args=(fkey, f))
    legal_bid = f"bid:{quantity}:{face}" in legal
    if not legal_bid:
        st.caption(why_illegal(state, (quantity, face)))
    left, right = st.columns(2)
    left.button(_("Bid %(bid)s") % {"bid": bid_text(quantity, face, _)}, type="primary",
                key="jokoak_peruludo_play_bid", disabled=not legal_bid, width="stretch",
                on_click=_apply, args=(f"bid:{quantity}:{face}",))
    right.button(_("Palero!"), key="jokoak_peruludo_play_palero", width="stretch",
                 disabled="palero" not in legal, on_click=_apply, args=("palero",))


def _turn_id(state: Any) -> str:
    record = st.session_state[PLAY_KEY]["record"]
    return f"{record.seed}:{len(record.actions)}"


def _set(key: str, value: Any) -> None:
    st.session_state[key] = value
