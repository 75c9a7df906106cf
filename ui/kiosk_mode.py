"""Whether this visit is a kiosk's, and the operator's settings (``jokoak.toml``).

Asked by low modules (read-aloud, the "Why?" boxes, the counters, the reading view, the play
view), so it lives apart from the kiosk's own screens (:mod:`ui.kiosk`: the attract screen,
the idle reset, which open the lessons): those sit above the lessons, this sits below
everything that asks. Callers read ``kiosk_mode.settings()`` at call time, so a test may set
the settings for one run (``monkeypatch.setattr(ui.kiosk_mode, "settings", ...)``).
"""

from __future__ import annotations

import streamlit as st

from jokoak.service.settings import Settings, load_settings

from .params import query_choice
from .assets import style

KIOSK_KEY = "jokoak_kiosk"


@st.cache_resource(show_spinner=False)
def _loaded() -> Settings:
    return load_settings()


def settings() -> Settings:
    """The operator's settings, read once per process."""
    return _loaded()


def is_kiosk() -> bool:
    """On after ``?kiosk=1`` or ``[kiosk] enabled = true``; decided once per session."""
    if KIOSK_KEY not in st.session_state:
        st.session_state[KIOSK_KEY] = (query_choice("kiosk", ("1",)) == "1"
                                       or settings().kiosk.enabled)
    return bool(st.session_state[KIOSK_KEY])


#: A kiosk's lesson or play view: the booklet's chrome (the language switch, the game's
#: title and tagline, the view tabs, the list of lessons) folds away, so the board, the
#: sentence and the control to press fill the first screen (the board takes what is left).
#: A visitor changes language on the attract screen; the idle reset brings it back.
KIOSK_FOLD_CSS = style("kiosk_fold.css")
#: On a portrait kiosk (above) the page's column spans the screen (the booklet's margins,
#: 100 px a side at 1080 px, are a laptop's), a wide table with it (not held to its drawn
#: width), and the page's scripts and styles, which draw
#: nothing, no longer take a gap of the column each (six gaps, 120 px, above a lesson's
#: title; the first thing drawn then sits 5 rem down, clear of the 75 px header bar). A
#: landscape kiosk keeps them: there a lesson's step is scrolled under the header
#: bar (``bring_into_view``), its board already down to the answer bar.

#: Kiosk play (no answer bar under it): the board takes the height under the header; on a
#: portrait kiosk, all but the room of the line above it and the turn and controls under it.
KIOSK_PLAY_BOARD_CSS = style("kiosk_play_board.css")
#: A kiosk lesson on a portrait screen: the board takes the room the header, the instruction
#: and the control to press under it leave, and ends above the answer bar (about 330 px at
#: 1920 px) once the step is done; an open question and a guess keep the play view's 42 %
#: of the height, since their answers stand under the board.
KIOSK_LESSON_BOARD_CSS = style("kiosk_lesson_board.css")


def kiosk_fold(play: bool = False) -> None:
    """At a kiosk, fold the booklet's chrome away from this view (:data:`KIOSK_FOLD_CSS`);
    ``play``: the play view, whose board also takes the room the lesson's answer bar takes
    (else a lesson's, :data:`KIOSK_LESSON_BOARD_CSS`)."""
    if is_kiosk():
        st.html(KIOSK_FOLD_CSS + (KIOSK_PLAY_BOARD_CSS if play else KIOSK_LESSON_BOARD_CSS))
