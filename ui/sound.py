"""What a kiosk says without a tap, the mute button that stops it, and a lesson's chime.

Read-aloud itself (the voices, the cache, the ``<audio>`` element) is :mod:`ui.speech`'s;
this module decides *whether* to read: at a kiosk each new instruction and feedback is read
as it appears (``[speech] kiosk_reads_aloud``, on by default), unless the visitor turned the
sound off with the button in the corner (for this visit only: the idle reset starts a new
session, with sound). The end of a lesson is a moment: a star that flies in (a glow that
does not move for a visitor who asked for less motion) and a short chime made in the
browser (Web Audio: no sound file, nothing to fetch), silent when muted.
"""

from __future__ import annotations

import streamlit as st

from jokoak.i18n.msgids import N_

from . import kiosk_mode, speech
from .common import esc, html, lang, _
from .assets import script, style

MUTE_KEY = "jokoak_muted"
SOUND_OFF = N_("Sound off")
SOUND_ON = N_("Sound on")


def muted() -> bool:
    return bool(st.session_state.get(MUTE_KEY))


def _toggle() -> None:
    st.session_state[MUTE_KEY] = not muted()


def reads_aloud() -> bool:
    """Does this visit read new sentences aloud without a tap (a kiosk, the setting on,
    the sound not turned off)?"""
    conf = speech.settings().speech
    return conf.enabled and conf.kiosk_reads_aloud and speech.is_kiosk() and not muted()


def read_aloud(key: str, parts: speech.Parts) -> None:
    """Read ``parts`` at once where this visit reads aloud (:func:`reads_aloud`)."""
    if reads_aloud():
        speech.read_now(key, parts)


MUTE_CSS = style("mute_button.css")


def mute_button() -> None:
    """At a kiosk that reads aloud: one button in the top corner, "Sound off" / "Sound on"."""
    conf = kiosk_mode.settings().speech
    if not (kiosk_mode.is_kiosk() and conf.enabled and conf.kiosk_reads_aloud):
        return
    st.html(MUTE_CSS)
    off = muted()
    st.button(_(SOUND_ON) if off else _(SOUND_OFF), key="jokoak_mute", on_click=_toggle,
              icon=":material/volume_up:" if off else ":material/volume_off:")


CELEBRATION_CSS = style("celebration.css")

#: Four rising notes (C, E, G, C), 0.12 s apart: made in the browser, once per lesson end.
CHIME_JS = "chime.js"


def chime_script(token: str) -> str:
    """The chime's script; ``token`` makes each lesson end's script new, so it plays again."""
    return script(CHIME_JS, data={"token": token})


def celebration(text: str, token: str, chime: bool) -> None:
    """The star and ``text``, and the chime when ``chime`` (the first drawing, not muted)."""
    html(CELEBRATION_CSS + f'<div class="jk-celebrate" role="status" lang="{lang()}" '
         f'data-lesson-over="1"><span class="jk-star" aria-hidden="true">★</span>'
         f'<p class="jokoak-lesson-instruction">{esc(text)}</p></div>')
    if chime:
        st.html(chime_script(token), unsafe_allow_javascript=True)
    else:
        st.empty()   # the same number of elements either way: nothing after it is redrawn
