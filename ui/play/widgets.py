"""The play views' shared pieces: the new-game panel, the turn line, the result, the
pass-the-screen cover, the pace controls, the failure panel and the board's frame.

Each draws and wires its buttons to :mod:`ui.play.controller`; none decides a rule (the
words of a refusal are the engine's reason, :func:`reason_html`).
"""

from __future__ import annotations

from typing import Any, Callable

import streamlit as st

from jokoak.engine.core import Reason

from ..common import _, bring_into_view, esc, html, in_this_language, lang, ngettext
from ..why import sentence_html
from . import link
from .controller import hand_over, new_game, play_again, set_paused, skip, start_at_once, undo
from .sessions import (PlaySession, PlaySpec, current_seed, decisions_made, locked, people,
                       session, token)
from ..assets import style


def new_game_panel(spec: PlaySpec[Any], choices: Callable[[], dict[str, Any]] = dict, *,
                   kiosk: bool = False) -> None:
    """The "New game" expander: the game's ``choices``, the rules and one big button.

    Open while no game is under way, folded once one is (it stays one line high). On a
    kiosk it is "Change the game", always folded: the big Start (:func:`kiosk_start`)
    comes first.
    """
    game = session(spec)
    label = _("Change the game") if kiosk else _("New game")
    with st.expander(label, expanded=game is None and not kiosk):
        extra = choices()
        titles = {r.name: r.title for r in spec.game.rulesets}
        names = list(titles)
        ruleset = st.segmented_control(_("Rules"), names, default=names[0],
                                       format_func=in_this_language(lambda n: _(titles[n])),
                                       key=f"{spec.key}_ruleset") or names[0]
        st.button(_("Start a new game"), type="primary", key=f"{spec.key}_new",
                  width="stretch", on_click=new_game,
                  args=(spec, ruleset, extra, current_seed(spec)))


KIOSK_START_CSS = style("kiosk_start.css")


def kiosk_start(spec: PlaySpec[Any]) -> None:
    """A kiosk's play view before any game: who plays and on which rules, in one sentence,
    and one big Start (:func:`start_at_once`); every choice waits behind "Change the
    game"."""
    html(KIOSK_START_CSS + f'<p lang="{lang()}" class="jokoak-kiosk-start">'
         f'{esc(_("You against the computer, with the rules of the Basque text."))}</p>')
    st.button(_("Start playing"), type="primary", key=f"{spec.key}_kiosk_start",
              width="stretch", icon=":material/play_arrow:", on_click=start_at_once,
              args=(spec, current_seed(spec)))


def people_choice(spec: PlaySpec[Any], seats: int, name: Callable[[int], str]) -> list[int]:
    """Per seat, a person or the computer: one pill a seat, lit for a person (Player 1 by
    default), and the count in words below. Seats beyond ``seats`` are dropped."""
    picked = st.pills(_("Who is playing here? Tap your seats; the computer plays the rest."),
                      list(range(seats)), selection_mode="multi", default=[0],
                      format_func=in_this_language(name), key=f"{spec.key}_people") or []
    chosen = sorted(int(s) for s in picked if 0 <= int(s) < seats)
    people_count(len(chosen), seats)
    return chosen


def people_count(people: int, seats: int) -> None:
    """Under a choice of seats, how many are people and how many the computer, in words (the
    play view's table and a room's alike)."""
    computers = seats - people
    st.caption(_("%(people)s and %(computers)s.") % {
        "people": ngettext("%(count)s person", "%(count)s people", people) % {"count": people},
        "computers": ngettext("%(count)s computer player", "%(count)s computer players",
                              computers) % {"count": computers}})


def turn_line(text: str, style: str = "") -> None:
    """The line that says whose turn it is (or what the table waits for), in the turn's
    large type; ``style`` is the view's own inline CSS, if any."""
    styled = f' style="{style}"' if style else ""
    html(f'<p lang="{lang()}" class="jokoak-turn"{styled}>{esc(text)}</p>')


def turn_of(name: str) -> None:
    """"Player 3’s turn.": another person's turn, the player named as the game names them."""
    turn_line(_("%(player)s’s turn.") % {"player": name})


def result_note(winner: int | None, people: tuple[int, ...], name: Callable[[int], str], *,
                own_win: str | None = None, no_winner: str = "") -> None:
    """How the game ended, in one note: ``own_win`` when the one person at the table won;
    else the winner named, as a success when a person at the table won; ``no_winner`` when
    nobody did. A room's seat view passes no ``people``: every device reads the same note."""
    if winner is None:
        st.info(no_winner)
    elif own_win is not None and len(people) == 1 and winner == people[0]:
        st.success(own_win)
    elif winner in people:
        st.success(_("%(player)s wins the game.") % {"player": name(winner)})
    else:
        st.info(_("%(player)s wins the game.") % {"player": name(winner)})


def seat_table(game: PlaySession[Any], markup: str) -> Any:
    """A room device's screen: the table drawn (:func:`board`) in the wide column; the narrow
    one beside it is returned for the seat's own controls."""
    table, side = st.columns([3, 2], vertical_alignment="top")
    with table:
        board(markup, game)
    return side


def play_again_button(spec: PlaySpec[Any]) -> None:
    st.button(_("Play again"), type="primary", key=f"{spec.key}_again", width="stretch",
              on_click=play_again, args=(spec, current_seed(spec)), icon=":material/replay:")


def reason_html(game_name: str, why: Reason, kind: str = "jokoak-refused") -> str:
    """The engine's reason in the visitor's language, one sentence in words; the clauses it
    rests on, lit in the Basque and the translation, behind "Why?" (:mod:`ui.why`).
    ``kind`` is the box's class: a refusal (red) or ``jokoak-rule-note``, a rule said before
    any tap (why a control is missing), in calm colours."""
    return sentence_html(kind, why.text(_, ngettext), game_name, why.clauses)


def refusal_note(spec: PlaySpec[Any], game: PlaySession[Any]) -> None:
    """Why the last tap was refused, if it was."""
    if game.refused is not None:
        html(reason_html(spec.game.name, game.refused))


def cover(spec: PlaySpec[Any], game: PlaySession[Any], seat: int, label: str) -> None:
    """The pass-the-screen cover: one big button naming the person (``label``) that hands
    the screen to ``seat``. Until it is tapped nothing of ``seat``'s is drawn."""
    html(COVER_CSS)
    # disabled for a moment after the last person's tap: the second tap of their double tap
    # must not show the next person's hand
    st.button(label, key=f"{spec.key}_cover_{seat}_t{token(game)}", type="primary",
              width="stretch", icon=":material/visibility:", disabled=locked(game),
              on_click=hand_over, args=(spec, token(game), seat))


COVER_CSS = style("cover.css")


def pace_controls(spec: PlaySpec[Any], game: PlaySession[Any]) -> None:
    """Pause / go on and Skip, while the others play at pace. Like the decision controls
    they are disabled a moment after an accepted tap: this row is drawn where the bid
    buttons stood, and the second tap of a double tap on a bid must not pause the game."""
    row = st.container(horizontal=True)
    just_tapped = locked(game)
    if game.paused:
        row.button(_("Go on"), key=f"{spec.key}_resume", icon=":material/play_arrow:",
                   disabled=just_tapped, on_click=set_paused, args=(spec, False))
    else:
        row.button(_("Pause"), key=f"{spec.key}_pause", icon=":material/pause:",
                   disabled=just_tapped, on_click=set_paused, args=(spec, True))
    label = (_("Skip to my turn") if len(people(spec, game)) <= 1
             else _("Skip to the next person's turn"))
    row.button(label, key=f"{spec.key}_skip", icon=":material/fast_forward:",
               disabled=just_tapped, on_click=skip, args=(spec, token(game)))


def failure_panel(spec: PlaySpec[Any]) -> None:
    """What a visitor sees if drawing the game failed: the way on, in their language."""
    st.error(_("Something went wrong with this game. The last good position is kept: undo "
               "the last move, or start a new game."))
    row = st.container(horizontal=True)
    row.button(_("Undo the last move"), key=f"{spec.key}_undo", on_click=undo, args=(spec,),
               icon=":material/undo:")
    row.button(_("New game"), key=f"{spec.key}_fresh", on_click=play_again,
               args=(spec, current_seed(spec)),
               icon=":material/restart_alt:")


def scroll_to_board() -> None:
    """The table at the top of the screen, just under the header bar: on a kiosk or a phone
    the table and the control to press next then fit together."""
    bring_into_view(".jokoak-board")


PLAY_CSS = style("play.css")


def board(markup: str, game: PlaySession[Any]) -> None:
    """The table or board drawing, sized so the next control stays on screen. It carries
    the position and the visitor's decision count (for the real-browser tap tests), and
    whether this session resumed the game from the URL (the reload and restart tests)."""
    resumed = ' data-resumed="1"' if game.extra.get(link.RESUMED) else ""
    html(PLAY_CSS + f'<div class="jokoak-board" data-moves="{game.position.length}" '
         f'data-decisions="{decisions_made(game)}"{resumed}>{markup}</div>')
