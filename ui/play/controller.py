"""What a tap, a tick or a button of the play view does to the game under way.

* **Idempotent taps.** Every control that changes the game carries the screen it was drawn
  for (:func:`ui.play.sessions.token`: the game or lesson step, and the position in it). A
  tap whose screen is stale (a double tap, a tap on a screen that has moved on: another
  move, a new game, the next lesson step) or that comes within
  :data:`ui.play.pace.DEBOUNCE_SECONDS` of the last accepted one changes nothing and says
  nothing.
* **Readable pace.** With a ``beat`` (a computer's bid, a cup lifted), the others' moves
  come one beat per tick (:func:`tick`); "Pause" stops the ticks, "Skip" plays on to the
  visitor's next decision.
* **A new game is a new game**: its own seed (:func:`jokoak.engine.driver.new_seed`), kept
  in its record with the seats people play.
* **One screen, several people**: the cover's tap hands the screen over (:func:`hand_over`).
"""

from __future__ import annotations

import time
from typing import Any, Callable

import streamlit as st

from jokoak.engine.core import IllegalAction
from jokoak.engine.driver import (Position, Seating, advance, pending, resume, submit,
                                  undo_last_decision)

from .. import counters
from . import pace
from .sessions import (PlaySession, PlaySpec, again, current_seed, drawn_live, fresh_session,
                       locked, person_to_act, session, table_of, token_at)


def new_game(spec: PlaySpec[Any], ruleset: str, choices: dict[str, Any],
             drawn_for: int | None = None) -> None:
    """Start a game; a second tap of the same button (drawn for the game that has just been
    replaced) changes nothing."""
    if current_seed(spec) != drawn_for:
        return
    game = fresh_session(spec, ruleset, choices)
    game.extra["scroll"] = True  # bring the table to the top of the screen, once
    st.session_state[spec.key] = game
    counters.count(spec.game.name, "games_played")


def play_again(spec: PlaySpec[Any], drawn_for: int | None = None) -> None:
    game = session(spec)
    if game is not None and game.position.record.seed == drawn_for:
        fresh = again(spec, game)
        fresh.extra["scroll"] = True
        st.session_state[spec.key] = fresh


def tap(spec: PlaySpec[Any], token: int, seat: int, action: str) -> None:
    """A visitor's tap on a control drawn for screen ``token`` (a button's callback)."""
    game = session(spec)
    if game is not None:
        (spec.accept or accept_tap)(spec, game, token, seat, action, time.monotonic())


#: Where a tap is played from, asked only for a tap past the debounce: the position and its
#: table, or ``None`` when there is nowhere to play it (the tap then changes nothing).
TapSource = Callable[[], tuple[Position, Seating] | None]
#: Keeps the position a tap led to; ``False`` when it could not be kept (nothing changes).
TapKeep = Callable[[Position], bool]


def accept_tap(spec: PlaySpec[Any], game: PlaySession[Any], token: int, seat: int, action: str,
               now: float, *, source: TapSource | None = None,
               keep: TapKeep | None = None) -> bool:
    """Play the tap once, or ignore it: a stale position (the screen had moved on, or this is
    the second tap of a double tap) or a tap within :data:`pace.DEBOUNCE_SECONDS` of the last
    accepted one changes nothing. A move the rules refuse keeps the position and records
    the engine's reason for the page to show. True if the game moved.

    The game is this session's, unless ``source`` and ``keep`` say where it lives (a room's
    table is in a shared store: :func:`ui.room.accept`); these rules stay the same for both.
    """
    if now - game.last_tap < pace.DEBOUNCE_SECONDS:
        return False
    found = (game.position, table_of(spec, game)) if source is None else source()
    if found is None or token != token_at(game, found[0]):
        return False
    position, table = found
    try:
        position = submit(position, seat, action)
    except IllegalAction as exc:
        game.refused = exc.reason
        return False
    position = advance(position, table, spec.beat, held=True)
    if keep is None:
        game.moved_at = now
        game.seen = game.position.length
        game.position = position
    elif not keep(position):
        return False
    game.last_tap = now
    game.refused = None
    return True


def tick(spec: PlaySpec[Any]) -> None:
    """One beat of the others' play (called by the ticking fragment), at most one a
    ``pace``: a rerun caused by a tap is not a tick.

    A person's own moment (the engine asks them, and their default answers if they let it
    pass: peruludo's doia, the bidder's included) lasts a whole beat from when the view drew
    their control live (:func:`ui.play.sessions.note_drawn`), not from their last tap: else
    the bidder asked about their own bid would have the control for a fraction of a second
    after the lock of their bid's tap, or none at all on a slow server."""
    game = session(spec)
    now = time.monotonic()
    if game is None or game.paused or game.failed:
        return
    since = game.moved_at
    if person_to_act(spec, game) is not None:
        live = drawn_live(game)
        if live is None:
            return  # their control not drawn live yet: their moment has not begun
        since = max(since, live)
    if now - since >= 0.9 * spec.pace * pace.PACE_SCALE:
        before = game.position.length
        game.position = advance(game.position, table_of(spec, game), spec.beat)
        if game.position.length != before:
            game.moved_at = now


def skip(spec: PlaySpec[Any], token: int) -> None:
    """Play on without pauses to the visitor's next decision (or to the end)."""
    game = session(spec)
    if game is None or token != token_at(game, game.position):
        return
    game.position = advance(game.position, table_of(spec, game), None)
    game.moved_at = time.monotonic()


def set_paused(spec: PlaySpec[Any], paused: bool) -> None:
    """Pause or go on: a tap like the others. "Go on" is drawn where "Pause" stood, so a
    double tap's second half within :data:`pace.DEBOUNCE_SECONDS` changes nothing (it would
    undo the first), and a repeated tap asks for what already is."""
    game = session(spec)
    now = time.monotonic()
    if (game is None or game.paused == paused
            or now - game.last_tap < pace.DEBOUNCE_SECONDS):
        return
    game.paused = paused
    game.last_tap = now


def set_autoplay(spec: PlaySpec[Any], on: bool) -> None:
    game = session(spec)
    if game is not None:
        game.autoplay = on
        game.paused = False


def undo(spec: PlaySpec[Any]) -> None:
    """Back to just before the visitor's last decision (after an error, or by choice)."""
    game = session(spec)
    if game is None:
        return
    table = table_of(spec, game)
    record = undo_last_decision(spec.game, game.good.record, table)
    game.position = game.good = resume(spec.game, record, table)
    game.failed = False
    game.refused = None
    game.seen = min(game.seen, game.position.length)


def ticking(spec: PlaySpec[Any], game: PlaySession[Any] | None) -> bool:
    """Does the view need the self-rerunning fragment (others still to play at pace, or
    controls to unlock after a tap)?"""
    if game is None or game.failed:
        return False
    if locked(game):
        return True
    if game.paused or spec.beat is None:
        return False
    return pending(game.position, table_of(spec, game))


def hand_over(spec: PlaySpec[Any], token: int, seat: int) -> None:
    """The cover's tap: the screen is now ``seat``'s. Drawn for screen ``token``; a stale
    or repeated tap changes nothing, and the controls under the finger stay disabled for
    :data:`pace.DEBOUNCE_SECONDS` (the second tap of a double tap lands on nothing)."""
    game = session(spec)
    now = time.monotonic()
    if (game is None or token != token_at(game, game.position) or game.screen == seat
            or now - game.last_tap < pace.DEBOUNCE_SECONDS):
        return
    game.screen = seat
    game.last_tap = now


def start_at_once(spec: PlaySpec[Any], drawn_for: int | None = None) -> None:
    """The kiosk's Start: one person (Player 1, the visitor) against the computer, on the
    first ruleset (the Basque text's, read literally), every other choice at its default.
    The controls under the finger stay disabled a moment (a double tap's second tap)."""
    if current_seed(spec) != drawn_for:
        return
    new_game(spec, spec.game.rulesets[0].name, {}, drawn_for)
    game = session(spec)
    if game is not None:
        game.last_tap = time.monotonic()
