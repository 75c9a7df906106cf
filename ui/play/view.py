"""A whole play view: the new-game panel, then the table beside the controls, drawn in a
fragment that ticks while the others play, with no dead end.

* **No dead ends.** An exception while drawing keeps the last good position, says so in the
  visitor's language and offers "Undo the last move" and "New game" right there
  (:func:`guarded`).
* **The URL carries the game** (:mod:`ui.play.link`): written after every good drawing,
  read back when the session has none.
* A kiosk shows a big Start first; against the computer the coach's Undo and Hint sit under
  the controls (:mod:`ui.play.coach`).

Above the rest of :mod:`ui.play` (which it composes) and below the game views.
"""

from __future__ import annotations

import logging
from typing import Any, Callable

import streamlit as st

from .. import tap_manners
from ..kiosk_mode import is_kiosk, kiosk_fold
from . import coach, link, pace
from .controller import tick, ticking
from .sessions import PlaySession, PlaySpec, locked, note_drawn, session
from .widgets import failure_panel, kiosk_start, new_game_panel, scroll_to_board

log = logging.getLogger("jokoak")


def guarded(spec: PlaySpec[Any], draw: Callable[[PlaySession[Any]], None]) -> None:
    """Draw the game; on any exception keep the last good position and offer a way on."""
    game = session(spec)
    if game is None:
        return
    if game.failed:
        failure_panel(spec)
        return
    try:
        draw(game)
    except Exception as exc:  # a visitor never sees a traceback
        log.warning("play view %s failed at move %s: %s: %s", spec.key,
                    game.position.length, type(exc).__name__, exc)
        game.position = game.good
        game.failed = True
        failure_panel(spec)
    else:
        game.good = game.position
        note_drawn(game)  # a person's moment to answer runs from here (controller.tick)
        link.write(spec, game)  # the URL carries the game: a reload resumes it
        if game.extra.pop("scroll", False):
            scroll_to_board()


def play_area(spec: PlaySpec[Any], draw: Callable[[PlaySession[Any]], None]) -> None:
    """The game area: a fragment (taps rerun only it) that ticks while others play."""
    game = session(spec)
    declared = ticking(spec, game)
    every = spec.pace * pace.PACE_SCALE
    if game is not None and locked(game):
        every = min(every, pace.DEBOUNCE_SECONDS / 2) or pace.DEBOUNCE_SECONDS / 2

    @st.fragment(run_every=every if declared else None)
    def area() -> None:
        game = session(spec)
        if declared:
            tick(spec)
        if ticking(spec, game) != declared:
            st.rerun()  # start or stop the ticks: the whole page declares them anew
        guarded(spec, draw)

    area()


def page(spec: PlaySpec[Any], intro: str, left: Callable[[PlaySession[Any]], None],
         right: Callable[[PlaySession[Any]], None],
         choices: Callable[[], dict[str, Any]] = dict) -> None:
    """A whole play view: the "New game" panel, ``intro`` until a game starts, then the
    table (``left``, which calls :func:`board`) beside the controls (``right``). A kiosk
    shows a big Start first (one person against the computer on the Basque text's rules),
    the panel folded as "Change the game"."""
    link.restore(spec)  # a game the URL carries, when this session has none
    link.refusal_notice(spec)
    kiosk = is_kiosk()
    if kiosk:   # a child's taps, and the screen for the game alone
        tap_manners.install()
        kiosk_fold(play=True)
    if kiosk and session(spec) is None:
        kiosk_start(spec)      # a kiosk starts at once; the choices wait behind it
    new_game_panel(spec, choices, kiosk=kiosk)
    if session(spec) is None:
        if not kiosk:
            st.info(intro)
        return

    def draw(game: PlaySession[Any]) -> None:
        table, controls = st.columns([3, 2], vertical_alignment="top")
        with table:
            left(game)
        with controls:
            right(game)
            coach.panel(spec, game)   # against the computer: Undo and Hint

    play_area(spec, draw)
