"""Stale taps (issue 16, finding 4): "Stop the game here" and, at once, "Throw the sticks"
in zohn ahl gave the raw error box every time (``ValueError: the game is over``)."""

from __future__ import annotations

import re

import pytest

from view_support import open_view

ZOHN = "jokoak_zohn_ahl_play"


# No pace and no double-tap window: only the tap's own position can make it stale.
pytestmark = pytest.mark.usefixtures("no_waiting")


def enabled(at) -> set[str]:
    return {b.key for b in at.button if not b.disabled}


def test_a_throw_tapped_before_the_stop_landed_changes_nothing_after_it():
    """The throw's tap was drawn with the position before the stop and arrives after it,
    as from a visitor tapping both at once (AppTest runs one click per rerun, so the late
    tap is handed to the controller as its button's callback would hand it)."""
    import time

    import ui.play
    from ui.play import accept_tap
    from ui.games.zohn_ahl.play import SPEC, VISITOR

    at = open_view("games.zohn_ahl.play", "play_view", "en")
    at.button(key=f"{ZOHN}_new").click().run()
    for _ in range(10):
        if {f"{ZOHN}_abandon", f"{ZOHN}_throw"} <= {re.sub(r"_t\d+$", "", k) for k in enabled(at)}:
            break
        at.run()
    drawn = at.session_state[ZOHN]
    drawn_at, moves_then = ui.play.token(drawn), drawn.position.length
    next(b for b in at.button if b.key.startswith(f"{ZOHN}_abandon")).click().run()
    game = at.session_state[ZOHN]
    stopped = game.position
    assert stopped.state.is_terminal() and stopped.length == moves_then + 1
    assert accept_tap(SPEC, game, drawn_at, VISITOR, "throw", time.monotonic()) is False
    at.run()
    assert not at.exception and not at.error
    assert at.session_state[ZOHN].position == stopped
    assert not any(k.startswith(f"{ZOHN}_throw") for k in enabled(at))
