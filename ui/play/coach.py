"""Against the computer: "Undo" (the visitor's last move, one at a time) and "Hint" (the move
the strongest computer player would make in the visitor's seat, with one sentence of why,
from :mod:`jokoak.bots.hints`; for a child, the move alone, in its control's words).

Both carry the screen they were drawn for (:func:`ui.play.sessions.token`), so the second tap of a
double tap, or a tap sent for an earlier screen, changes nothing: one tap, one move undone.
Shown only where one person plays against computers (a pass-and-play table has no one to
ask, and its Undo would take back another person's move).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import streamlit as st

from jokoak.bots.hints import EXPERT_SAYS, Hint, hint
from jokoak.engine.core import Reason

from .. import speech
from ..common import _, esc, fmt_num, html, lang, ngettext
from .controller import undo
from .sessions import (PlaySession, PlaySpec, decisions_made, for_child, locked, person_to_act,
                       session, table_of, token)
from ..assets import style

HINT_CSS = style("hint.css")


def _hint_key(spec: PlaySpec[Any]) -> str:
    return f"{spec.key}_coach_hint"


def against_computer(spec: PlaySpec[Any], game: PlaySession[Any]) -> bool:
    table = table_of(spec, game)
    return len(table.people) == 1 and bool(table.policies)


def undo_once(spec: PlaySpec[Any], drawn_for: int) -> None:
    """Undo, drawn at screen ``drawn_for``: a stale or repeated tap changes nothing."""
    game = session(spec)
    if game is None or token(game) != drawn_for or decisions_made(game) == 0:
        return
    undo(spec)
    game.last_tap = 0.0
    st.session_state.pop(_hint_key(spec), None)


def ask_hint(spec: PlaySpec[Any], drawn_for: int) -> None:
    game = session(spec)
    if game is not None and token(game) == drawn_for:
        st.session_state[_hint_key(spec)] = drawn_for


def _worded(reason: Reason) -> str:
    """The reason in the visitor's language, its numbers as the visitor writes them."""
    params = tuple((k, fmt_num(v, 2) if isinstance(v, Fraction) else v)
                   for k, v in reason.params)
    return Reason(reason.msgid, params, reason.clauses, reason.plural).text(_, ngettext)


def _expert_says(found: Hint) -> str:
    text = _worded(found.reason)
    return _(EXPERT_SAYS) % {"why": text} if found.quoted else text


def _child_hint(spec: PlaySpec[Any], game: PlaySession[Any], action: str) -> str | None:
    """A child's Hint (a kiosk): the move in the words of its control, no average and no
    percentage (the expert's reasons have them); none where the view cannot word the move."""
    if spec.child_hint is None:
        return None
    return spec.child_hint(game.position.state, action)


def panel(spec: PlaySpec[Any], game: PlaySession[Any]) -> None:
    """Undo and Hint under the controls, and the hint once asked for (on this screen)."""
    if not against_computer(spec, game) or game.position.state.is_terminal():
        return
    drawn_for = token(game)
    seat = person_to_act(spec, game)
    row = st.container(horizontal=True)
    row.button(_("Undo"), key=f"{spec.key}_coach_undo_t{drawn_for}", icon=":material/undo:",
               disabled=decisions_made(game) == 0 or locked(game), on_click=undo_once,
               args=(spec, drawn_for))
    if seat is None:
        return
    found = hint(spec.game.name, game.position.state, seat)
    if found is None:
        return
    text = _child_hint(spec, game, found.action) if for_child(spec) else _expert_says(found)
    if text is None:
        return
    row.button(_("Hint"), key=f"{spec.key}_coach_hint_t{drawn_for}", disabled=locked(game),
               icon=":material/lightbulb:", on_click=ask_hint, args=(spec, drawn_for))
    if st.session_state.get(_hint_key(spec)) != drawn_for:
        return
    html(HINT_CSS + f'<div role="status" lang="{lang()}" class="jokoak-hint" '
         f'data-hint="{esc(found.action)}"><p>{esc(text)}</p></div>')
    speech.speaker(f"{spec.key}_hint", [(text, lang())])
