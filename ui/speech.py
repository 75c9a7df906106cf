"""Speaker buttons: a sentence read aloud on a tap (:mod:`jokoak.service.speech` makes the sound).

Nothing is synthesised until a visitor taps (a step-through rerun draws only the button);
the sound then goes into the page inline, as a ``data:`` URI in an ``<audio>`` element that
plays once, so any replica can answer. Where speech is off (``[speech] enabled = false``)
or no voice of this machine speaks the language, no button is drawn; the operator page
says why (:func:`status`).

A tap waits at most :data:`jokoak.service.speech.TAP_WAIT` seconds for a sound not made yet
(the machine makes a few at once: ``[speech] max_syntheses``); past it the visitor reads that
the sound is on its way (or that the machine is busy), never an error, and a second tap
plays it. The lessons' sentences are made ahead at the first visit after a start
(:func:`prewarm_lessons`), so a kiosk reads them at once.
"""

from __future__ import annotations

import itertools
import os
import time
from typing import Sequence

import streamlit as st

from jokoak.service import speech
from jokoak.i18n import LANGUAGES, TARGET_LANGUAGES, language_name
from jokoak.i18n.msgids import N_
from jokoak import registry
from jokoak.content.segments import segment_map
from jokoak.service.settings import Settings
from jokoak.i18n.source_translations import translation_map

from . import kiosk_mode
from .common import _, esc, fmt_num, html, lang, ngettext
from .assets import style
from .streamlit_adapter import DeltaGenerator

#: Session key of the sound asked for and not yet played: (button key, tap number).
ASKED_KEY = "jokoak_speak_asked"
_taps = itertools.count(1)

SPEAKER_CSS = style("speaker.css")

#: What a tap says when its sound is not ready in time: being made (a second tap plays it),
#: or not taken (too many waiting, or its synthesis ran out of time).
COMING = N_("The sound is nearly ready: tap again in a moment.")
BUSY = N_("Many sounds are being made right now: tap again in a moment.")

Parts = Sequence[tuple[str, str]]


def settings() -> Settings:
    return kiosk_mode.settings()


def is_kiosk() -> bool:
    return kiosk_mode.is_kiosk()


@st.cache_resource(show_spinner=False)
def _cache() -> speech.AudioCache:
    return speech.AudioCache(speech.default_cache_dir() / "audio",
                             settings().speech.cache_mb * 1024 * 1024)


def enabled() -> bool:
    return settings().speech.enabled


def _slots() -> int:
    return settings().speech.max_syntheses


def can_say(language: str) -> bool:
    return enabled() and speech.voice_for(language, settings().speech.voice) is not None


def ask(key: str) -> None:
    st.session_state[ASKED_KEY] = (key, next(_taps))


#: Seconds between two looks at a sound being made: a visitor's tap elsewhere meanwhile ends
#: the wait at the next look (Streamlit stops a run at its next element). Each look is a
#: small message: 80 taps waiting in a storm send 80 a second.
WAIT_SLICE = 1.0


def _made(parts: Parts, wait: float) -> bytes | None:
    """:func:`jokoak.service.speech.say_in_turn` waiting at most ``wait`` seconds, in slices:
    a run blocked in one long wait would hold the visitor's next tap (Next, a move) until
    it ended; here the next tap stops the run at once and the sound is still made."""
    deadline = time.monotonic() + wait
    ticker: DeltaGenerator | None = None   # drawn only while a sound is awaited
    while True:
        left = deadline - time.monotonic()
        try:
            return speech.say_in_turn(parts, _cache(), settings().speech.voice,
                                      wait=max(0.0, min(WAIT_SLICE, left)), slots=_slots())
        except speech.SpeechBusy as busy:
            if not busy.coming or left <= WAIT_SLICE:
                raise
        if ticker is None:
            ticker = st.empty()
        ticker.empty()   # where Streamlit takes a tap that came meanwhile


def _audio(key: str, parts: Parts, tap: int, wait: float | None = None,
           quiet: bool = False) -> None:
    """The sound of ``parts`` put in the page to play at once; waits at most ``wait``
    seconds for it (None: :data:`jokoak.service.speech.TAP_WAIT`), then says it is on its
    way (``quiet``: says nothing)."""
    try:
        with st.spinner(_("Making the sound…"), show_time=False):
            audio = _made(parts, speech.TAP_WAIT if wait is None else wait)
    except speech.SpeechBusy as busy:
        if not quiet:
            html(f'<p class="jokoak-speech-busy" role="status" lang="{lang()}" '
                 f'data-speech="{esc(key)}" data-coming="{int(busy.coming)}">'
                 f'{esc(_(COMING if busy.coming else BUSY))}</p>')
        return
    if audio is None:
        st.caption(_("This sentence cannot be read aloud here."))
        return
    # the tap number in the element: a second tap on the button plays it again
    html(f'<div class="jokoak-speech" data-speech="{esc(key)}" data-tap="{tap}">'
         f'<audio autoplay preload="auto" src="{speech.data_uri(audio)}"></audio></div>')


def beside() -> DeltaGenerator:
    """A row for a sentence and its speaker button (the button at the sentence's end, where
    it fits; under it on a narrow screen)."""
    return st.container(horizontal=True, vertical_alignment="center", gap="small")


def speaker(key: str, parts: Parts, label: str = "", *, css: bool = True) -> None:
    """A button that reads ``parts`` ((text, language) pairs) one after the other; nothing
    where no voice says the first part's language. ``css=False`` leaves out SPEAKER_CSS, for
    a page that sends it once (the step-through: not once a step)."""
    if not can_say_any(parts):
        return
    if css:
        html(SPEAKER_CSS)
    key = f"jokoak_speak_{key}"
    st.button(label or _("Listen"), icon=":material/volume_up:", key=key, on_click=ask,
              args=(key,))
    speak_if_asked(key, parts)


def can_say_any(parts: Parts) -> bool:
    """Whether a voice says any part's language (where :func:`speaker` draws its button)."""
    return any(t and can_say(code) for t, code in parts)


def speak_if_asked(key: str, parts: Parts) -> None:
    """Read ``parts`` aloud if the last tap asked for ``key`` (:func:`ask`): a "Listen" that
    is not a Streamlit button (the step-through's) asks so too."""
    asked = st.session_state.get(ASKED_KEY)
    if isinstance(asked, tuple) and asked[0] == key:
        del st.session_state[ASKED_KEY]
        wanted = [(t, code) for t, code in parts if t and can_say(code)]
        if wanted:
            _audio(key, wanted, asked[1])


def read_now(key: str, parts: Parts) -> None:
    """Read ``parts`` aloud at once (a kiosk's new lesson instruction), where the setting
    ``[speech] kiosk_reads_aloud`` asks for it."""
    conf = settings().speech
    if not (conf.enabled and conf.kiosk_reads_aloud and is_kiosk()):
        return
    wanted = [(t, code) for t, code in parts if t and can_say(code)]
    if wanted:   # a sentence made ahead is read at once; a busy machine says nothing
        _audio(f"jokoak_speak_auto_{key}", wanted, next(_taps), wait=speech.AUTO_WAIT,
               quiet=True)


#: Set to "0" in the environment, nothing is made ahead whatever the settings: the test
#: suite's processes (tests/conftest.py) would each make the same sentences.
PREWARM_ENV = "JOKOAK_PREWARM"


@st.cache_resource(show_spinner=False)
def _prewarmed(extra: tuple[str, ...]) -> speech.Prewarm | None:
    conf = settings().speech
    if not (conf.enabled and conf.prewarm) or os.environ.get(PREWARM_ENV) == "0":
        return None
    first = settings().kiosk.language   # a kiosk's own language first
    order = sorted(LANGUAGES, key=lambda code: code != first)
    sentences = [(text, code) for code in order if can_say(code) for game in registry.plugins()
                 for text in speech.lesson_sentences(game, code, extra)]
    started = speech.prewarm(sentences, _cache(), conf.voice, conf.max_syntheses)
    _started.append(started)
    return started


#: The lists made ahead in this process, oldest first (the operator page shows the last).
_started: list[speech.Prewarm] = []


def prewarm_lessons(extra: Sequence[str] = ()) -> speech.Prewarm | None:
    """Make every game's lesson sentences ahead, in the four languages, in the background
    (once per process and ``extra``: the msgids a lesson page says besides its steps'); None
    where read-aloud or ``[speech] prewarm`` is off. Cheap on every rerun."""
    return _prewarmed(tuple(extra))


def clause_parts(game: str, clause_ids: Sequence[str], target: str | None) -> list[tuple[str, str]]:
    """Each clause in Basque, then in ``target`` (where translated)."""
    segs = segment_map(game)
    trans = translation_map(game, target) if target in TARGET_LANGUAGES else {}
    parts: list[tuple[str, str]] = []
    for cid in dict.fromkeys(clause_ids):
        seg = segs.get(cid)
        if seg is None or not seg.translatable:
            continue
        parts.append((seg.text, "eu"))
        found = trans.get(cid)
        if target and found is not None and found.current:
            parts.append((found.current, target))
    return parts


def clause_speaker(key: str, game: str, clause_ids: Sequence[str], target: str | None,
                   *, css: bool = True) -> None:
    """"Listen": the cited clauses in Basque, each followed by its translation."""
    speaker(key, clause_parts(game, clause_ids, target), clause_listen_label(target), css=css)


def clause_listen_label(target: str | None) -> str:
    """What the clauses' "Listen" says it reads: the Basque, then the translation if any."""
    return (_("Listen in Basque, then translated") if target in TARGET_LANGUAGES
            else _("Listen in Basque"))


def _clause_ids(game: str) -> list[str]:
    from jokoak.content.segments import segments
    return [seg.id for seg in segments(game) if seg.translatable and seg.text.strip()]


def _next_clause(key: str, ids: list[str]) -> None:
    at = ids.index(st.session_state[key]) if st.session_state.get(key) in ids else -1
    st.session_state[key] = ids[(at + 1) % len(ids)]
    ask(f"jokoak_speak_read_{key}")


def clause_reader(game: str, target: str | None) -> None:
    """The read view's "Listen, clause by clause": pick a clause (or go to the next one) and
    hear it in Basque, then in the translation shown beside it."""
    if not can_say("eu"):
        return
    ids = _clause_ids(game)
    if not ids:
        return
    segs = segment_map(game)
    key = f"jokoak_read_clause_{game}"
    with st.expander(_("Listen, clause by clause"), icon=":material/volume_up:"):
        st.selectbox(_("Clause"), ids, key=key,
                     format_func=lambda cid: " ".join(segs[cid].text.split())[:70])
        row = beside()
        with row:
            speaker(f"read_{key}", clause_parts(game, [st.session_state[key]], target),
                    _("Listen in Basque, then translated") if target in TARGET_LANGUAGES
                    else _("Listen in Basque"))
            st.button(_("Next clause"), key=f"jokoak_read_next_{game}",
                      icon=":material/skip_next:", on_click=_next_clause, args=(key, ids))


def status() -> None:
    """For the operator page: each language's voice, and why an engine is missing."""
    conf = settings().speech
    if not conf.enabled:
        st.info(_("Read-aloud is off (%(setting)s): no speaker button is shown.")
                % {"setting": "[speech] enabled = false"})
        return
    spoken = _probe()
    rows = []
    for code in speech.PREFERRED:
        engine = spoken.get(code)
        rows.append((language_name(code), engine or _("none: no speaker button")))
    html(f'<table><thead><tr><th>{esc(_("Language"))}</th><th>{esc(_("Voice"))}</th></tr>'
         "</thead><tbody>" + "".join(f"<tr><td>{esc(a)}</td><td>{esc(b)}</td></tr>"
                                     for a, b in rows) + "</tbody></table>")
    ahead = _started[-1] if _started else None   # the booklet's own list (ui/shell.py)
    if ahead is not None:
        st.caption(ngettext("%(done)s of %(total)s lesson sentence made ahead.",
                            "%(done)s of %(total)s lesson sentences made ahead.", ahead.total)
                   % {"done": fmt_num(ahead.found + ahead.made), "total": fmt_num(ahead.total)})
    for engine in speech.ENGINES:
        found = speech.engine_status(engine)
        reason = speech.failures().get(engine) or ("" if found.ok else found.reason)
        if reason:
            st.warning(_("The voice %(engine)s is not used: %(reason)s")
                       % {"engine": engine, "reason": reason})


@st.cache_resource(show_spinner=False, ttl=3600)
def _probe() -> dict[str, str]:
    return speech.probe(_cache(), _slots())
