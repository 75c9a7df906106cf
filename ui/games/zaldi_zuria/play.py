"""Zaldi zuria's play view: six seats round one table, each a person or the computer.

The flow is the shared controller's (:mod:`ui.play`): chance and the computers play until
the visitor must bid in the auction or throw; every tap carries its position, so a double tap
or a tap on a screen that has moved on changes nothing. The bids offered are the engine's
legal actions; why a bid is refused comes from the engine (:func:`refusal`). With several
people at one screen the controls are those of the person whose turn it is, named (nothing
is hidden in zaldi zuria, so no cover).
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from jokoak.games.zaldi_zuria.bots import BIDDER_LABELS, POLICIES, bid_reasoning, throw_reasoning
from jokoak.engine.core import GameState, refusal
from jokoak.engine.driver import Seating
from jokoak.games.zaldi_zuria.engine import CARD_LABELS, GAME
from jokoak.games.zaldi_zuria.state import ZaldiState
from jokoak.render import for_both_widths
from jokoak.games.zaldi_zuria.render import (chips_text, describe_event, player_name,
                                             render_table_svg, table_summary)

from ui.common import _, esc, fmt_num, fmt_pct, html, lang, ngettext
from ui import play, room
from ui.class_summary import TableSummary, last_event
from ui.play import PlaySession, PlaySpec
from ui.play.page import PlayPage
from ui.why import clauses_html, ids_html

#: This view's game under way: its state is zaldi zuria's (mypy checks what the view reads).
Game = PlaySession[ZaldiState]

VISITOR = 0
KEY = "jokoak_zaldi_zuria_play"
#: Seats 1-5 alternate the two temperaments, so the visitor meets both.
OPPONENTS = {1: "careful", 2: "greedy", 3: "careful", 4: "greedy", 5: "careful"}
SEATS = 6


def style(seat: int) -> str:
    """The temperament of a computer player at ``seat`` (seat 0 too, when it is one)."""
    return OPPONENTS.get(seat, "greedy")


POLICY_LABELS = BIDDER_LABELS
#: The raises offered as buttons (the engine decides which of them are legal).
RAISES = (1, 2, 5)


def _table(choices: dict[str, Any]) -> Seating:
    return Seating.for_seats(SEATS, play.chosen_people(choices, SEATS, (VISITOR,)),
                         lambda seat: POLICIES[style(seat)])


def _child_hint(state: GameState, action: str) -> str | None:
    """A child's Hint: the move in the words of its button (the expert's reasons are
    averages)."""
    if action.startswith("bid:"):
        return _("Bid %(amount)s") % {"amount": chips_text(int(action.split(":")[1]), _)}
    if action == "pass":
        return _("No bid") if isinstance(state, ZaldiState) and state.phase == "auction" \
            else _("Pass")
    return {"throw": _("Throw the dice")}.get(action)


#: A lesson's step draws :func:`decision_controls` (through a lambda: it is defined below).
SPEC = PlaySpec(game=GAME, key=KEY, state_type=ZaldiState, table=_table,
                controls=lambda game, spec: decision_controls(game, spec),
                child_hint=_child_hint)


def play_view() -> None:
    def choices() -> dict[str, Any]:
        return {"people": play.people_choice(SPEC, SEATS, lambda seat: player_name(seat, _))}

    PlayPage(SPEC, _("You are Player 1, with five computer players. Press “Start a new "
                     "game”."), _table_view, _side, choices, seat_view,
             lambda game, seat: player_name(seat, _)).draw(room.HOOKS)


def seat_view(game: Game, seat: int, spec: PlaySpec[ZaldiState]) -> None:
    """One device's view of a room: the table, this seat's controls when the move is its."""
    state = game.state
    with play.seat_table(game, _drawing(state, seat)):
        acting = play.person_to_act(spec, game)
        if state.is_terminal():
            play.result_note(state.winner, (), _name,
                             no_winner=_("The game is over, with no winner."))
        elif acting == seat and state.phase == "auction":
            _auction_controls(game, state, seat, spec)
        elif acting == seat and state.phase == "play":
            _throw_controls(game, state, seat, spec)
        elif acting is not None:
            play.turn_of(player_name(acting, _))
        play.refusal_note(spec, game)
        _log(game)


def _drawing(state: ZaldiState, viewer: int | None) -> str:
    """The table drawn from ``viewer``'s seat, for wide screens and for a phone."""
    return for_both_widths(render_table_svg(state, _, lang(), viewer=viewer),
                           render_table_svg(state, _, lang(), viewer=viewer, narrow=True))


def _name(seat: int) -> str:
    return player_name(seat, _)


def _viewer(game: Game) -> int | None:
    """The seat the table is drawn for: the person on turn (or the only person)."""
    people = play.people(SPEC, game)
    acting = play.person_to_act(SPEC, game)
    return acting if acting is not None else (people[0] if len(people) == 1 else None)


def _table_view(game: Game) -> None:
    state = game.state
    play.board(_drawing(state, _viewer(game)), game)
    html(f'<details lang="{lang()}"><summary>{esc(_("The table as text"))}</summary>'
         f'<p>{esc(table_summary(state, _))}</p></details>')


def _side(game: Game) -> None:
    _controls(game, game.state)
    play.refusal_note(SPEC, game)
    _log(game)


def _controls(game: Game, state: ZaldiState) -> None:
    people = play.people(SPEC, game)
    alone = len(people) == 1
    if state.is_terminal():
        play.result_note(state.winner, people, _name,
                         own_win=_("You win the game and take the bank!"),
                         no_winner=_("The game is over, with no winner."))
        st.caption(_("%(player)s will be the auctioneer of the next game.") % {
            "player": player_name(state.next_auctioneer, _)})
        play.play_again_button(SPEC)
        return
    if people and all(p in state.out for p in people):
        st.warning(_("You have left the game.") if alone else
                   _("Every person at the table has left the game."))
        play.play_again_button(SPEC)
        return
    seat = play.person_to_act(SPEC, game)
    if seat is None:
        return
    if not alone:
        play.turn_of(player_name(seat, _))
    if state.phase == "auction":
        _auction_controls(game, state, seat)
    elif state.phase == "play":
        _throw_controls(game, state, seat)


def _auction_controls(game: Game, state: ZaldiState, seat: int, spec: PlaySpec[ZaldiState] = SPEC) -> None:
    token = play.token(game)
    card = state.card_on_sale
    assert card is not None, "an auction sells a card"
    html(f'<p lang="{lang()}" class="jokoak-turn">'
         f'{esc(_("Your turn in the auction. For sale: %(card)s") % {"card": _(CARD_LABELS[card])})}'
         f'</p><p lang="{lang()}">'
         f'{esc(_("You hold %(amount)s.") % {"amount": chips_text(state.chips[seat], _)})}</p>')
    legal = state.legal_actions()
    raises = [f"bid:{state.high_bid + n}" for n in RAISES if f"bid:{state.high_bid + n}" in legal]
    row = st.container(horizontal=True)
    for i, action in enumerate(raises):
        amount = int(action.split(":")[1])
        row.button(_("Bid %(amount)s") % {"amount": chips_text(amount, _)},
                   key=play.action_key(spec, f"bid{i}", game), type="primary", disabled=play.locked(game),
                   on_click=play.tap, args=(spec, token, seat, action))
    row.button(_("No bid"), key=play.action_key(spec, "nobid", game), on_click=play.tap, disabled=play.locked(game),
               args=(spec, token, seat, "pass"))
    if not raises:
        # said before any tap, in calm colours: why no bid is offered (not a refusal of a tap)
        why = refusal(state, f"bid:{state.high_bid + 1}")
        if why is not None:
            html(play.reason_html(GAME.name, why, kind="jokoak-rule-note"))
    _why_bidders(state, people=play.people(spec, game))


def decision_controls(game: Game, spec: PlaySpec[ZaldiState]) -> None:
    """The visitor's controls for the position in ``game`` (a lesson draws them with its own
    ``spec``, whose taps it checks before they are played)."""
    state = game.state
    seat = play.person_to_act(spec, game)
    seat = VISITOR if seat is None else seat
    if state.phase == "auction":
        _auction_controls(game, state, seat, spec)
    elif state.phase == "play":
        _throw_controls(game, state, seat, spec)


def _why_bidders(state: ZaldiState, people: tuple[int, ...]) -> None:
    """What each computer player thinks the card on sale is worth, and why."""
    with st.expander(_("Why the computer players bid")):
        rows = []
        for seat in state.active:
            if seat in people:
                continue
            why = bid_reasoning(state, seat, POLICIES[style(seat)])
            values = {
                "player": player_name(seat, _), "style": _(POLICY_LABELS[style(seat)]),
                "now": fmt_num(why["per_round_now"], 2),
                "later": fmt_num(why["per_round_later"], 2), "rounds": why["horizon"],
                "worth": fmt_num(why["worth"], 1), "limit": chips_text(why["limit"], _),
                "share": fmt_pct(why["share"], 0), "budget": fmt_pct(why["budget"], 0)}
            worth = ngettext(
                "%(player)s (%(style)s) expects the card to bring its owner %(now)s chips a "
                "round at today's bank and %(later)s later, with the inn open (a minus is a "
                "loss): over the %(rounds)s round it expects to keep it, the card is worth "
                "%(worth)s chips to it.",
                "%(player)s (%(style)s) expects the card to bring its owner %(now)s chips a "
                "round at today's bank and %(later)s later, with the inn open (a minus is a "
                "loss): over the %(rounds)s rounds it expects to keep it, the card is worth "
                "%(worth)s chips to it.", why["horizon"]) % values
            stop = (_("It pays at most %(share)s of that worth, so it bids up to %(limit)s.")
                    if why["binding"] == "worth" else
                    _("It risks at most %(budget)s of its chips on one card, so it bids up to "
                      "%(limit)s.")) % values
            rows.append(worth + " " + stop)
        html(f'<ul lang="{lang()}">' + "".join(f"<li>{esc(r)}</li>" for r in rows) + "</ul>")


def _throw_controls(game: Game, state: ZaldiState, seat: int, spec: PlaySpec[ZaldiState] = SPEC) -> None:
    token = play.token(game)
    why = throw_reasoning(state, seat, POLICIES["careful"])
    if not spec.lesson:   # a lesson's instruction says it (and offers no Pass)
        play.turn_line(_("Your turn: throw the eight dice, or pass."))
    row = st.container(horizontal=True)
    row.button(_("Throw the dice"), key=play.action_key(spec, "throw", game), type="primary",
               icon=":material/casino:", on_click=play.tap, disabled=play.locked(game),
               args=(spec, token, seat, "throw"))
    if "pass" in state.legal_actions() and not spec.lesson:   # no lesson step teaches it
        row.button(_("Pass"), key=play.action_key(spec, "pass", game), on_click=play.tap, disabled=play.locked(game),
                   args=(spec, token, seat, "pass"))
        if state.passes[seat]:
            st.warning(_("You passed last time: passing again puts you out of the game."))
    if not play.for_child(spec):   # an average is for the odds view, not a child's turn
        st.caption(_("On average a throw now changes your chips by %(gain)s.") % {
            "gain": fmt_num(why["expected_gain"], 2)})


def _log(game: Game) -> None:
    """Everything since the visitor's last move, in words; the clauses of the payments one
    tap away (ids only for staff, :func:`ui.why.ids_html`)."""
    events = [e for e in game.position.events(game.seen) if e.kind != "table_set"]
    if not events:
        return
    items = [f"<li>{esc(describe_event(ev, _))}{ids_html(ev.clauses)}</li>"
             for ev in events[-40:][::-1]]
    html(f'<h3 lang="{lang()}" style="font-size:1.1rem;margin:.4rem 0 0">'
         f'{esc(_("What happened (latest first)"))}</h3>'
         f'<ul lang="{lang()}" class="jokoak-log">{"".join(items)}</ul>')
    cited = [c for e in events if e.kind in ("payment", "game_end", "inn_opens")
             for c in e.clauses]
    if cited:
        with st.expander(_("The rules behind these payments")):
            html(clauses_html(GAME.name, cited))


# ---- a class's table (ui/class_summary.py) -------------------------------------------------
#: Zaldi zuria is played by six round one table: a class chooses how many are people.
CLASS_SEATS = (SEATS,)


def class_choices(seats: int, people: int) -> dict[str, Any]:
    """A class's table: ``people`` at the first seats, the computer at the rest."""
    return {"people": list(range(min(people, SEATS)))}


def class_summary(game: Game) -> TableSummary:
    """The table as a class screen shows it: whose turn, the last move, each one's chips."""
    state = game.state
    if state.is_terminal():
        turn = (_("%(player)s wins the game.") % {"player": _name(state.winner)}
                if state.winner is not None else _("The game is over, with no winner."))
    else:
        acting = play.person_to_act(SPEC, game)
        on_turn = acting if acting is not None else state.current_player()
        turn = (_("%(player)s’s turn.") % {"player": _name(on_turn)}
                if isinstance(on_turn, int) and on_turn >= 0 else "")
    event = last_event(game.position.events(), ("table_set",))
    last = describe_event(event, _) if event is not None else ""
    counts = " · ".join(_("%(player)s: %(amount)s") % {"player": _name(s),
                                                        "amount": chips_text(n, _)}
                        for s, n in enumerate(state.chips) if s not in state.out)
    return TableSummary(turn, last, counts)


def control_name(state: ZaldiState, action: str) -> str | None:
    """The name (in its widget key) of the control that makes ``action`` here: a lesson
    draws the eye to it."""
    if action.startswith("bid:"):
        legal = state.legal_actions()
        raises = [f"bid:{state.high_bid + n}" for n in RAISES if f"bid:{state.high_bid + n}" in legal]
        return f"bid{raises.index(action)}" if action in raises else None
    if action == "pass":
        return "nobid" if state.phase == "auction" else "pass"
    return action
