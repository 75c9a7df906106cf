"""Zaldi zuria's odds and play views (Streamlit wiring only).

Every number comes from :mod:`jokoak.odds.zaldi_zuria` (exact ``Fraction``s from the engine's
own chance node) or from the engine; pictures and sentences from
:mod:`jokoak.render.zaldi_zuria`. A game in progress lives in ``st.session_state`` as a
:class:`~jokoak.engine.record.Record` and is replayed on every rerun. Touch only: buttons,
sliders and segmented controls, no typing.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import altair as alt
import streamlit as st

from jokoak.engine.core import CHANCE, make_rules, sample_chance
from jokoak.engine.record import Record
from jokoak.games.zaldi_zuria import (CARD_LABELS, CARDS, GAME, POLICIES, bid_reasoning,
                                      odds_tables, throw_reasoning)
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
    names = [r.name for r in GAME.rulesets]
    ruleset = st.segmented_control(_("Rules"), names, default=names[0],
                                   format_func=in_this_language(_ruleset_title),
                                   key="jokoak_zaldi_zuria_odds_ruleset") or names[0]
    rules = make_rules(GAME, ruleset)
    players = st.segmented_control(_("Players"), [6, 7, 8], default=6,
                                   key="jokoak_zaldi_zuria_odds_players") or 6
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
    straight_text = _("1, 2, 3, 4, 5, 6 and two blanks, which ends the game: %(pct)s "
                      "(%(count)s in %(total)s).") % {
        "pct": fmt_pct(straight, 4), "count": fmt_num(straight.numerator),
        "total": fmt_num(straight.denominator)}
    html(f'<p lang="{lang()}">{esc(straight_text)}</p>')
    _bank_chart(ruleset, players, inn_open, bank, tables["bank_outcomes"].rows)
    _cards_chart(tables["card_values"].rows, bank, inn_open)


def _layered(data: list[dict[str, Any]], title: str, x_field: str, x_title: str,
             x_sort: list[str] | None = None) -> Any:
    """Exact probabilities as bars, observed frequencies as dots on top."""
    y_title = _("Probability")
    exact = [d for d in data if d["source"] == "exact"]
    seen = [d for d in data if d["source"] == "observed"]
    x = alt.X(f"{x_field}:N", title=x_title, sort=x_sort,
              axis=alt.Axis(labelAngle=0, labelLimit=260))  # readable on a kiosk
    tooltip = [alt.Tooltip(f"{x_field}:N", title=x_title), alt.Tooltip("pct:N", title=y_title),
               alt.Tooltip("label:N", title=_("Source"))]
    bars = (alt.Chart(alt.Data(values=exact)).mark_bar(color="#2e5d3a")
            .encode(x=x, y=alt.Y("p:Q", title=y_title, axis=percent_axis()),
                    tooltip=tooltip))
    dots = (alt.Chart(alt.Data(values=seen)).mark_point(color="#b8860b", filled=True, size=90,
                                                         shape="diamond")
            .encode(x=x, y="p:Q", tooltip=tooltip))
    return alt.layer(bars, dots, title=title)


def _kinds_spec(rows: tuple[tuple[str, Fraction], ...], observed: dict[str, int], n: int,
                title: str) -> Any:
    data = []
    for key, value in rows:
        label = _(zodds.KIND_LABELS[key])
        data.append({"kind": label, "p": float(value), "pct": fmt_pct(value, 2),
                     "source": "exact", "label": _("exact")})
        freq = Fraction(observed[key], n)
        data.append({"kind": label, "p": float(freq), "pct": fmt_pct(freq, 2),
                     "source": "observed", "label": _("simulated")})
    return _layered(data, title, "kind", _("Kind of throw"),
                    x_sort=[_(zodds.KIND_LABELS[k]) for k, _v in rows])


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
              title: str) -> Any:
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


def _bank_spec(ruleset: str, players: int, inn_open: bool, title: str) -> Any:
    """Every outcome's chance for banks 0..BANK_RANGE (the current bank is drawn apart)."""
    labels = {k: _(v) for k, v in zodds.BANK_LABELS.items()}
    data = [{**d, "what": labels[d["key"]], "pct": fmt_pct(d["p"], 2)}
            for d in _bank_curve(ruleset, players, inn_open)]
    x_title, y_title = _("Chips in the bank"), _("Probability")
    lines = (alt.Chart(alt.Data(values=data)).mark_line(point=True)
             .encode(x=alt.X("bank:Q", title=x_title, axis=number_axis()),
                     y=alt.Y("p:Q", title=y_title, axis=percent_axis()),
                     color=alt.Color("what:N", title=_("Event"),
                                     legend=alt.Legend(orient="bottom", labelLimit=400)),
                     tooltip=[alt.Tooltip("bank:Q", title=x_title),
                              alt.Tooltip("what:N", title=_("Event")),
                              alt.Tooltip("pct:N", title=y_title)]))
    return alt.layer(lines, title=title)


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
    pairs = [(labels[k], fmt_pct(v, 2)) for k, v in rows]
    html(f'<p lang="{lang()}">{esc(_("With %(amount)s in the bank:") % {"amount": chips_text(bank, _)})} '
         + esc("; ".join(f"{a}: {b}" for a, b in pairs)) + "</p>")
    _text_alternative(title, pairs)


def _cards_spec(rows: tuple[tuple[str, Fraction], ...], title: str) -> Any:
    y_title = _("Chips per throw")
    data = [{"card": _(CARD_LABELS[c]), "v": float(v), "txt": fmt_num(v, 2)} for c, v in rows]
    return (alt.Chart(alt.Data(values=data), title=title).mark_bar(color="#b8860b")
            .encode(x=alt.X("card:N", title=_("Card"), sort=None,
                            # upright labels: turned ones pushed the title out of the frame
                            axis=alt.Axis(labelAngle=0, labelLimit=220)),
                    y=alt.Y("v:Q", title=y_title, axis=number_axis()),
                    tooltip=[alt.Tooltip("card:N", title=_("Card")),
                             alt.Tooltip("txt:N", title=y_title)]))


def _cards_chart(rows: tuple[tuple[str, Fraction], ...], bank: int, inn_open: bool) -> None:
    title = _("Expected chips a card earns its holder per throw (bank of %(bank)s)") % {
        "bank": fmt_num(bank)}
    show_chart(_cards_spec, rows, title)
    st.caption(_("Averaged over who throws, compared with another player holding the card; "
                 "negative means the card costs its holder."))
    _text_alternative(title, [(_(CARD_LABELS[c]), fmt_num(v, 2)) for c, v in rows])


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
