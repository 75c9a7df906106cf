"""Peruludo's play view: three to six players, any of them people, the others the computer.

The flow is the shared controller's (:mod:`ui.play`): computer bids, doia calls and every
cup lifted come one beat at a time at a readable pace; the visitor's only taps are real
decisions. Doia, which the text lets anyone call "at any moment" when it is not their turn,
is a standing button whenever the engine asks the visitor's seat about the standing bid:
not pressing it lets the bid pass (the engine's question is answered "no" for the visitor).
Who is asked is the engine's to say, never this view's: under the Basque text's rules the
player who has just bid is asked too ("anyone whose turn it is not"), under common calza's
they are not. Whose move it is comes from the driver (:func:`ui.play.person_to_act`, the
engine's ``current_player()``), and why a bid is refused from the engine (:func:`refusal`).

Several people share one screen (pass-and-play): each one's dice stay behind a cover, "Pass
the screen to Player N — tap to see your dice", whenever the turn to bid passes to another
person; while it is up the table is drawn for a viewer at no seat (only lifted cups), so no
hidden die is in the page. Each person asked about another's bid gets a beat of their own to
call doia, by name (the bidder too, when the rules ask them).
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from jokoak.games.peruludo.bots import POLICIES
from jokoak.engine.core import CHANCE, GameState, Rules, refusal
from jokoak.games.peruludo.bots.bayes import explain
from jokoak.engine.driver import Seating, chance_rng, resume
from jokoak.engine.record import Record
from jokoak.games.peruludo.engine import GAME, PeruludoState
from jokoak.games.peruludo.odds import p_bid_exact, p_bid_true
from jokoak.render import for_both_widths
from jokoak.render.bid_words import bid_words
from jokoak.games.peruludo.render import (bid_text, describe_event, dice_text, player_name,
                                          render_table_svg)
from jokoak.i18n.msgids import N_
from jokoak.odds.plain import chance_for_a_child

from ui.assets import style
from ui.common import _, esc, fmt_pct, html, in_this_language, lang, ngettext, tr
from ui import play, room
from ui.class_summary import TableSummary, last_event
from ui.play import PlaySession, PlaySpec
from ui.play.page import PlayPage

#: This view's game under way: its state is peruludo's (mypy checks what the view reads).
Game = PlaySession[PeruludoState]

VISITOR = 0
#: The viewer of a shared screen between two people's turns: sits at no seat, so sees only
#: what the whole table sees (lifted cups; no die thrown under a cup).
NO_SEAT = -1
FACES = (1, 2, 3, 4, 5, 6)
DIE_GLYPHS = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}
KEY = "jokoak_peruludo_play"


LEVEL_LABELS = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard"),
                "expert": N_("Expert")}

#: A child's chance lines at a kiosk (issue 37): one sentence, the bid and the chance in
#: words (:func:`jokoak.odds.plain.chance_for_a_child`), from the child's own dice.
CHILD_TRUE_CHANCE = N_("With your dice, at least %(bid)s on the table: %(chance)s.")
CHILD_EXACT_CHANCE = N_("With your dice, exactly %(bid)s on the table: %(chance)s.")


#: On a phone the six face buttons share one row: they give up the common minimum width and
#: most of their padding to fit (the rest of the play views' styles are ui.play's).
#: (Its selector names the face buttons' key, ``KEY + "_face"``: tests/test_assets.py.)
FACE_PICKER_CSS = style("face_picker.css")

def _peruludo(state: GameState) -> PeruludoState:
    """The driver's callbacks get the engine's protocol type: every state of this game is
    peruludo's (checked, not assumed)."""
    assert isinstance(state, PeruludoState), type(state)
    return state


def _default(any_state: GameState, seat: int) -> str | None:
    """What the visitor's seat does when they let the moment pass: let a bid stand (no
    doia) and lift the cups of their own palero one by one (at the table's pace)."""
    state = _peruludo(any_state)
    if state.phase == "doia":
        return "no_doia"
    if state.phase == "reveal":
        return "lift"
    return None


def _beat(any_state: GameState, seat: int, action: str) -> bool:
    """Moves shown one at a time: another player's bid or palero, any doia, each cup
    lifted, and the first throw of a round (so the last round's end can be read)."""
    if action == "lift" or action == "doia":
        return True
    state = _peruludo(any_state)
    if seat == CHANCE:
        return state.phase == "roll" and state.stale
    # played automatically, so by a computer (a person's defaults are never bids)
    return action.startswith("bid:") or action == "palero"


def _asked_about_the_bid(state: GameState, seat: int) -> bool:
    """At a table of several people, each one the engine asks about the standing bid has a
    beat of their own to call doia (the driver asks this only of the seat the engine asks)."""
    return _peruludo(state).phase == "doia"


def may_call_doia(state: PeruludoState, seat: int) -> bool:
    """Whether the engine lets ``seat`` call doia now: asked in turn about the standing bid
    (the bidder too, when the ruleset asks them)."""
    return refusal(state, "doia", seat) is None


def _players(choices: dict[str, Any]) -> int:
    if "players" in choices:
        return int(choices["players"])
    return int(choices.get("opponents", 3)) + 1  # the older choice: computer players


def _table(choices: dict[str, Any]) -> Seating:
    level = choices.get("level", "medium")
    people = play.chosen_people(choices, _players(choices), (VISITOR,))
    return Seating.for_seats(_players(choices), people, lambda seat: POLICIES[level],
                         defaults=_default,
                         waits=_asked_about_the_bid if len(people) > 1 else None)


def _setup(rules: Rules, choices: dict[str, Any]) -> dict[str, Any]:
    players = _players(choices)
    return {"players": players, "dice": [5] * players,
            "ages": [20 + 3 * i for i in range(players)], "bag": 0}


def _child_hint(state: GameState, action: str) -> str | None:
    """A child's Hint: the move in the words of its button (no chance in per cent)."""
    if action.startswith("bid:"):
        quantity, face = (int(x) for x in action.split(":")[1:])
        return _("Bid %(bid)s") % {"bid": bid_words(quantity, face, _, ngettext)}
    return {"palero": _("Palero!"), "doia": _("Doia!")}.get(action)


#: A lesson's step draws :func:`decision_controls` (through a lambda: it is defined below).
SPEC = PlaySpec(game=GAME, key=KEY, state_type=PeruludoState, table=_table, setup=_setup, beat=_beat, pace=1.6,
                controls=lambda game, spec: decision_controls(game, spec),
                controls_show_refusals=True, child_hint=_child_hint)


def said(quantity: int, face: int) -> str:
    """"seven 2s (7 × 2)": the bid as the text says it, and compactly."""
    return _("%(words)s (%(bid)s)") % {"words": bid_words(quantity, face, _, ngettext),
                                         "bid": bid_text(quantity, face, _)}


def play_view() -> None:
    def choices() -> dict[str, Any]:
        players = st.segmented_control(_("Players at the table"), [3, 4, 5, 6], default=4,
                                       key=f"{KEY}_players") or 4
        people = play.people_choice(SPEC, players, lambda seat: player_name(seat, _))
        level = st.segmented_control(_("Level"), list(LEVEL_LABELS), default="medium",
                                     format_func=in_this_language(lambda v: _(LEVEL_LABELS[v])),
                                     key=f"{KEY}_level") or "medium"
        return {"players": players, "people": people, "level": level}

    PlayPage(SPEC, _("Choose the players and press “Start a new game”."), _table_view,
             _side, choices, seat_view,
             lambda game, seat: player_name(seat, _)).draw(room.HOOKS)


def seat_view(game: Game, seat: int, spec: PlaySpec[PeruludoState]) -> None:
    """One device's view of a room: the table for its own seat (its own dice, the lifted
    cups), its own controls when the move is its, everyone else's moves in words."""
    state = game.state
    with play.seat_table(game, _drawing(state, seat)):
        if state.is_terminal():
            play.result_note(state.winner, (), _name)
        else:
            _own_dice(state, seat)
            acting = play.person_to_act(spec, game)
            if acting == seat and state.phase == "bid":
                _bid_controls(game, state, seat, True, spec)
            elif acting == seat and may_call_doia(state, seat):
                _doia_controls(game, state, seat, True, spec)
            elif acting is not None and state.phase == "bid":
                _turn_of(acting)
            else:
                _waiting(state, (seat,))
        _log(game, seat)


def _drawing(state: PeruludoState, seat: int | None) -> str:
    """The table as ``seat`` may see it, for wide screens and for a phone."""
    return for_both_widths(render_table_svg(state, _, lang(), viewer=seat),
                           render_table_svg(state, _, lang(), viewer=seat, narrow=True))


def viewer(game: Game) -> int | None:
    """Whose eyes the screen is drawn for: the one person at the table; with several, the
    person on turn to bid once the screen is handed to them, else :data:`NO_SEAT`; with no
    person, a spectator (``None``: every die, as in "watch a game")."""
    people = play.people(SPEC, game)
    if len(people) == 1:
        return people[0]
    if not people:
        return None
    bidding = _bidding_person(game)
    return bidding if bidding is not None and bidding == game.screen else NO_SEAT


def _bidding_person(game: Game) -> int | None:
    """The person whose turn it is to bid (the one who must see their dice), if any."""
    seat = play.person_to_act(SPEC, game)
    return seat if seat is not None and game.state.phase == "bid" else None


def covered_for(game: Game) -> int | None:
    """The person the screen must be passed to before anything of theirs is drawn."""
    if len(play.people(SPEC, game)) <= 1:
        return None
    seat = _bidding_person(game)
    return seat if seat is not None and seat != game.screen else None


def _table_view(game: Game) -> None:
    play.board(_drawing(game.state, viewer(game)), game)


def _side(game: Game) -> None:
    state = game.state
    seat = viewer(game)
    waiting_for = covered_for(game)
    if waiting_for is not None:
        _turn_of(waiting_for)
        play.cover(SPEC, game, waiting_for,
                   _("Pass the screen to %(player)s — tap to see your dice")
                   % {"player": player_name(waiting_for, _)})
    else:
        _own_dice(state, seat)
        _controls(game, state, seat)
    _log(game, seat)
    _explanations(game, state)


def _name(seat: int) -> str:
    return player_name(seat, _)


def _turn_of(seat: int) -> None:
    play.turn_of(player_name(seat, _))


def _own_dice(state: PeruludoState, seat: int | None) -> None:
    if seat is None or seat == NO_SEAT:
        return
    view = state.observation(seat)
    dice = view["own_dice"]
    if not dice:
        return
    glyphs = " ".join(DIE_GLYPHS[d] for d in dice)
    label = _("Your dice:")
    html(f'<p lang="{lang()}" class="jokoak-dice" style="margin:0"><span>{esc(label)}</span> '
         f'<span aria-label="{esc(", ".join(map(str, dice)))}" '
         f'style="font-size:2.6rem;line-height:1;letter-spacing:.15em">{glyphs}</span></p>')


def _controls(game: Game, state: PeruludoState, seat: int | None) -> None:
    token = play.token(game)
    people = play.people(SPEC, game)
    alone = len(people) == 1
    if state.is_terminal():
        play.result_note(state.winner, people, _name,
                         own_win=_("You are the last player with dice: you win!"))
        play.play_again_button(SPEC)
        return
    out = bool(people) and all(state.counts[p] == 0 for p in people)
    if out:
        st.info(_("You have no dice left: watch the others finish the game.") if alone else
                _("Every person at the table is out: watch the computer players finish."))
        st.button(_("Finish the game for me") if alone else _("Finish the game"),
                  type="primary", key=f"{KEY}_finish", disabled=play.locked(game),
                  width="stretch", on_click=play.skip, args=(SPEC, token),
                  icon=":material/fast_forward:")
    acting = play.person_to_act(SPEC, game)
    if acting is not None and state.phase == "bid" and seat == acting:
        _bid_controls(game, state, acting, alone)
    elif acting is not None and may_call_doia(state, acting):
        _doia_controls(game, state, acting, alone)
    elif not out:
        _waiting(state, people)
    if play.ticking(SPEC, game) or game.paused:
        play.pace_controls(SPEC, game)


def _waiting(state: PeruludoState, people: tuple[int, ...]) -> None:
    if state.phase == "reveal":
        assert state.bid is not None, "the cups are lifted to check a standing bid"
        text = _("Palero! The cups are lifted one by one: %(count)s counted so far, the bid "
                 "needs %(quantity)s.") % {"count": state.running, "quantity": state.bid[0]}
    elif state.phase == "roll":
        text = _("The round is over; the next one starts in a moment.")
    elif len(people) == 1 and state.bidder == people[0] and state.bid:
        text = _("You bid %(bid)s. The others answer…") % {"bid": said(*state.bid)}
    elif state.bidder in people and state.bid:
        text = _standing_bid(state) + " " + _("The others answer…")
    else:
        who = state.current_player()
        text = _("%(player)s is thinking…") % {"player": player_name(who, _)}
    play.turn_line(text, style="font-weight:400")


def _standing_bid(state: PeruludoState) -> str:
    assert state.bid is not None and state.bidder is not None, "a bid stands, made by a seat"
    return _("%(player)s bid %(bid)s.") % {"player": player_name(state.bidder, _),
                                          "bid": said(*state.bid)}


def _doia_controls(game: Game, state: PeruludoState, seat: int, alone: bool,
                   spec: PlaySpec[PeruludoState] = SPEC) -> None:
    bid = state.bid
    assert bid is not None, "doia is asked about a standing bid"
    own_bid = alone and state.bidder == seat
    if not spec.lesson:   # a lesson's instruction says the bid standing
        play.turn_line(_("You bid %(bid)s.") % {"bid": said(*bid)} if own_bid
                       else _standing_bid(state))
    if alone and not spec.lesson:   # a lesson's step says one sentence, its own
        # the chance comes from the person's own dice: said only to a screen of their own
        view = state.observation(seat)
        own = view["own_dice"]
        exact = p_bid_exact(bid, own, view["dice_in_play"] - len(own), view["wild"])
        if play.for_child(spec):     # words, no percent: "about 1 in 5"
            chance = _(CHILD_EXACT_CHANCE) % {"bid": bid_words(*bid, _, ngettext),
                                              "chance": chance_for_a_child(exact, tr())}
        else:
            chance = _("Doia wins only if the table shows exactly %(bid)s: with your dice, the "
                       "chance is %(pct)s.") % {"bid": said(*bid), "pct": fmt_pct(exact)}
        html(f'<p lang="{lang()}">{esc(chance)}</p>')
    if alone:
        label = _("Doia!")
    else:
        label = _("Doia! (%(player)s)") % {"player": player_name(seat, _)}
    # The Doia button sits on the right, away from where the bid button stands on the
    # visitor's own turn, and appears a beat after any tap of theirs.
    spacer, button = st.columns([1, 1])
    button.button(label, key=play.action_key(spec, "doia", game), width="stretch",
                  icon=":material/target:", disabled=play.locked(game),
                  on_click=play.tap, args=(spec, play.token(game), seat, "doia"),
                  help=_("Call doia: the bid is exactly right"))
    if not spec.lesson:   # a lesson's step asks for doia
        spacer.caption(_("Not sure? Do nothing: the game goes on."))


def _bid_controls(game: Game, state: PeruludoState, seat: int, alone: bool,
                  spec: PlaySpec[PeruludoState] = SPEC) -> None:
    token = play.token(game)
    legal = state.legal_actions()
    turn = (_("Your turn.") if alone else
            _("%(player)s’s turn.") % {"player": player_name(seat, _)})
    if not spec.lesson:   # a lesson's instruction says whose turn it is and the bid standing
        play.turn_line(turn + " " + (_standing_bid(state) if state.bid
                                     else _("Open the round with a bid.")))
    view = state.observation(seat)
    own = view["own_dice"]
    child = play.for_child(spec)
    if state.bid and not spec.lesson:   # a lesson's step says one sentence, its own
        true = p_bid_true(state.bid, own, view["dice_in_play"] - len(own), view["wild"])
        if child:     # words, no percent: "about 3 in 4"
            chance = _(CHILD_TRUE_CHANCE) % {"bid": bid_words(*state.bid, _, ngettext),
                                             "chance": chance_for_a_child(true, tr())}
        else:
            chance = _("Palero wins if the table shows fewer than %(bid)s: with your dice, the "
                       "bid is true with chance %(pct)s.") % {"bid": said(*state.bid),
                                                              "pct": fmt_pct(true)}
        html(f'<p lang="{lang()}">{esc(chance)}</p>')
    quick = quick_bids(state)
    if quick and not spec.lesson:   # the lesson's instruction names the bid to tap
        html(f'<p lang="{lang()}" style="margin:.2rem 0 1.2rem">{esc(_("Raise: one tap bids"))}</p>')
    row = st.container(horizontal=True)
    for action in quick:
        q, f = (int(x) for x in action.split(":")[1:])
        # a child reads the bid in words beside the die ("four 2s"), not "4 × 2"
        shown = bid_words(q, f, _, ngettext) if child else bid_text(q, f, _)
        row.button(f"{DIE_GLYPHS[f]} {shown}", key=play.action_key(spec, f"quick{f}", game),
                   type="primary", help=_("Bid %(bid)s") % {"bid": bid_words(q, f, _, ngettext)},
                   disabled=play.locked(game),
                   on_click=play.tap, args=(spec, token, seat, action))
    row.button(_("Palero!"), key=play.action_key(spec, "palero", game),
               disabled="palero" not in legal or play.locked(game),
               help=_("Call palero: you think the bid is too high"),
               on_click=play.tap, args=(spec, token, seat, "palero"))
    play.refusal_note(spec, game)
    with st.expander(_("Another bid: choose the number of dice and the face")):
        _builder(game, state, legal, seat, spec)


def decision_controls(game: Game, spec: PlaySpec[PeruludoState]) -> None:
    """The visitor's own dice and controls for the position in ``game`` (a lesson draws them
    with its own ``spec``, whose taps it checks before they are played)."""
    state = game.state
    acting = play.person_to_act(spec, game)
    seat = VISITOR if acting is None else acting
    _own_dice(state, seat)
    if state.phase == "bid" and state.current_player() == seat:
        _bid_controls(game, state, seat, True, spec)
    elif may_call_doia(state, seat):
        _doia_controls(game, state, seat, True, spec)


def quick_bids(state: PeruludoState) -> list[str]:
    """For each face, the lowest legal bid (one tap each): for one face a higher quantity is
    never likelier, so these are the bids a player weighs first. From the engine's legal
    actions, in face order."""
    lowest: dict[int, tuple[int, str]] = {}
    for action in state.legal_actions():
        if action.startswith("bid:"):
            q, f = (int(x) for x in action.split(":")[1:])
            if f not in lowest or q < lowest[f][0]:
                lowest[f] = (q, action)
    return [lowest[f][1] for f in sorted(lowest)]


def _builder(game: Game, state: PeruludoState, legal: list[str], seat: int,
             spec: PlaySpec[PeruludoState] = SPEC) -> None:
    """Any bid: the number of dice with − and +, the face, and Bid (refusals explained)."""
    token = play.token(game)
    qkey, fkey, tkey = f"{spec.key}_q", f"{spec.key}_f", f"{spec.key}_turn"
    bids = [a for a in legal if a.startswith("bid:")]
    if bids and st.session_state.get(tkey) != token:
        # a new turn: the builder starts at the lowest legal bid
        lowest_q, lowest_f = bids[0].split(":")[1:]
        st.session_state[qkey], st.session_state[fkey] = int(lowest_q), int(lowest_f)
        st.session_state[tkey] = token
    quantity = int(st.session_state.get(qkey, 1))
    face = int(st.session_state.get(fkey, 1))
    total = state.dice_in_play()
    row = st.container(horizontal=True, vertical_alignment="center")
    row.button("−", key=f"{spec.key}_qminus", disabled=quantity <= 1,
               on_click=_set, args=(qkey, max(1, quantity - 1)), help=_("Fewer dice"))
    row.markdown(FACE_PICKER_CSS + f'<span lang="{lang()}" style="font-size:1.8rem;font-weight:600">'
                 f'{esc(said(quantity, face))}</span>', unsafe_allow_html=True)
    row.button("+", key=f"{spec.key}_qplus", disabled=quantity >= total,
               on_click=_set, args=(qkey, min(total, quantity + 1)), help=_("More dice"))
    faces = st.container(horizontal=True)
    for f in FACES:
        faces.button(f"{DIE_GLYPHS[f]} {f}", key=f"{spec.key}_face{f}",
                     type="primary" if f == face else "secondary",
                     on_click=_set, args=(fkey, f))
    action = f"bid:{quantity}:{face}"
    why = refusal(state, action)
    if why is not None:
        html(play.reason_html(GAME.name, why))
    st.button(_("Bid %(bid)s") % {"bid": bid_words(quantity, face, _, ngettext)},
              type="primary", key=play.action_key(spec, "bid", game), width="stretch",
              disabled=why is not None or play.locked(game),
              on_click=play.tap, args=(spec, token, seat, action))


def _set(key: str, value: Any) -> None:
    st.session_state[key] = value


def _log(game: Game, seat: int | None) -> None:
    """This round so far, and how the last one ended (never the others' hidden dice)."""
    moves = game.position.moves
    starts = [i for i, m in enumerate(moves) if any(e.kind == "round_start" for e in m.events)]
    since = starts[-2] if len(starts) >= 2 else 0
    events = [e for m in moves[since:] for e in m.events if e.kind not in ("roll", "doia_pass")]
    if not events:
        return
    items = "".join(f"<li>{esc(describe_event(e, _, viewer=seat))}</li>"
                    for e in events[-12:][::-1])
    html(f'<h3 lang="{lang()}" style="font-size:1.1rem;margin:.4rem 0 0">'
         f'{esc(_("What happened (latest first)"))}</h3>'
         f'<ul lang="{lang()}" class="jokoak-log">{items}</ul>')


def _explanations(game: Game, state: PeruludoState) -> None:
    """Once the cups are lifted, why each expert computer player did what it did this round
    (its own sentence, with the numbers it saw), beside the count the table really held."""
    if game.choices.get("level") != "expert" or not state.revealed:
        return
    cached = game.extra.get("explained")
    if cached is None or cached[0] != game.position.length:
        cached = (game.position.length, _explain_round(game))
        game.extra["explained"] = cached
    lines = cached[1]
    if not lines:
        return
    with st.expander(_("Why the computer players did that")):
        items = "".join(f"<li>{esc(player_name(seat, _))}: {esc(why.text(_, ngettext))}</li>"
                        for seat, why in lines)
        html(f'<ul lang="{lang()}">{items}</ul>')


def _explain_round(game: Game) -> list[tuple[int, Any]]:
    record = game.position.record
    moves = game.position.moves
    starts = [i for i, m in enumerate(moves) if any(e.kind == "round_start" for e in m.events)]
    first = starts[-1] if starts else 0
    state = resume(GAME, Record(record.game, record.rules, record.setup, record.seed,
                                record.actions[:first])).state
    people = play.people(SPEC, game)
    out = []
    for index in range(first, len(moves)):
        move = moves[index]
        if (move.actor != CHANCE and move.actor not in people
                and move.action not in ("lift", "no_doia")):
            _action, why = explain(state.observation(move.actor), state.rules,
                                   chance_rng(record.seed, index))
            out.append((move.actor, why))
        state, _events = state.apply(move.action)
    return out


# ---- a class's table (ui/class_summary.py) -------------------------------------------------
#: The table sizes a class may choose.
CLASS_SEATS = (2, 3, 4, 5, 6)


def class_choices(seats: int, people: int) -> dict[str, Any]:
    """A class's table: ``people`` at the first seats, the computer (medium) at the rest."""
    return {"players": seats, "people": list(range(min(people, seats))), "level": "medium"}


def class_summary(game: Game) -> TableSummary:
    """The table as a class screen shows it: no hidden die (a thrown die is "under the
    cup"), each player's dice counted."""
    state = game.state
    if state.is_terminal():
        turn = (_("%(player)s wins the game.") % {"player": _name(state.winner)}
                if state.winner is not None else "")
    else:
        acting = play.person_to_act(SPEC, game)
        on_turn = acting if acting is not None else state.current_player()
        turn = (_("%(player)s’s turn.") % {"player": _name(on_turn)}
                if isinstance(on_turn, int) and on_turn >= 0 else "")
    event = last_event(game.position.events(), ("roll", "doia_pass", "start"))
    last = describe_event(event, _, viewer=NO_SEAT) if event is not None else ""
    counts = " · ".join(_("%(player)s: %(amount)s") % {"player": _name(s),
                                                        "amount": dice_text(n, _)}
                        for s, n in enumerate(state.counts))
    return TableSummary(turn, last, counts)


def control_name(state: PeruludoState, action: str) -> str | None:
    """The name (in its widget key) of the control that makes ``action`` here: a lesson
    draws the eye to it."""
    if action.startswith("bid:"):
        return f"quick{action.split(':')[2]}" if action in quick_bids(state) else "bid"
    return action
