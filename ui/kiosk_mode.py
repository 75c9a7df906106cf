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
KIOSK_FOLD_CSS = """<style>
.st-key-jokoak_lang_switch, [class*="st-key-jokoak_view_"], .st-key-jokoak_lesson_list,
*:has(> h1[lang="eu"]) > p[lang], [data-testid="stMainBlockContainer"] h1[lang="eu"]{display:none !important}
[data-testid="stElementContainer"]:has(> [data-testid="stMarkdown"] h1[lang="eu"]),
[data-testid="stElementContainer"]:has(.st-key-jokoak_lang_switch){display:none !important}
[data-testid="stMainBlockContainer"]{padding-top:3.6rem !important}
</style>"""
#: Kiosk play (no answer bar under it): the board takes the height under the header.
KIOSK_PLAY_BOARD_CSS = ("<style>@media (orientation:landscape){[data-testid='stMain']"
                        "{--jokoak-board-h:max(320px,calc(100vh - 190px))}}</style>")


def kiosk_fold(play: bool = False) -> None:
    """At a kiosk, fold the booklet's chrome away from this view (:data:`KIOSK_FOLD_CSS`);
    ``play``: the play view, whose board also takes the room the lesson's answer bar takes."""
    if is_kiosk():
        st.html(KIOSK_FOLD_CSS + (KIOSK_PLAY_BOARD_CSS if play else ""))
