"""The step-through, shared by the three games.

A scenario (or a seeded "watch a game") is a Record; it is replayed and folded into *reader
steps* (:mod:`jokoak.render.reader_steps`: a throw is one step, a pass is said with the step after it), and
"next", "back", "jump" and autoplay move between them: recomputation, never undo. The game's
pure renderer (``jokoak.render.<game>``) draws the state and words the events; this module
wires the controls, the clause highlight and the interpretation notes.

Every control that moves the step carries the step it leads to in its widget key (``…_goto<n>``):
a tap reaches its callback only while a control that leads to that same step is on screen, so a
tap sent for a screen that has moved on (where "Next" now leads elsewhere) changes nothing. A
control whose target changed is drawn anew and takes taps only 0.6 s after it is drawn
(STEP_CSS's animation; the double-tap tests tap again up to 500 ms later), so the second tap of
a double tap, landing on the next step's "Next", changes nothing either. A control whose target
did not change ("Start", "End", most of "Jump to…") is the same element from step to step, not
drawn anew: a tap on it does what its label says, whatever step it was drawn at. A visitor's
next tap, once they have read the step, is never refused.
"""

from __future__ import annotations

import time
from types import ModuleType
from typing import Literal

import streamlit as st

from jokoak import registry
from jokoak.engine.core import GameState
from jokoak.engine.record import Record, PlayedAction
from jokoak.games import available_games
from jokoak.i18n.msgids import N_
from jokoak.content.notes import notes_for
from jokoak.render.source import CSS as SOURCE_CSS
from jokoak.render.source import clause_excerpt_html
from jokoak.content.scenarios import Scenario, scenarios
from jokoak.render.reader_steps import ReaderStep, captions, reader_steps, sentences, watched_record

from . import speech
from .play import pace
from .common import (_, esc, html, in_this_language, install_placer, lang, ngettext,
                     pin_run_language, place_mark, remember, remembered_widget_key)
from .params import query_choice, query_number

WATCH = "__watch__"
#: The record key of a watched game starts so (``watch:<seed>``).
WATCH_KEY = "_watch:"
#: Seconds per step of autoplay, by speed (times ``JOKOAK_PACE_SCALE``, see ui/play/pace.py).
SPEEDS = {"slow": 6.0, "normal": 3.5, "fast": 1.5}
SPEED_LABELS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast")}


#: Where a button's icon sits beside its label (Streamlit's ``icon_position``).
Side = Literal["left", "right"]


def _renderer(game: str) -> ModuleType | None:
    module = registry.entry(game).renderer_module()
    return module if hasattr(module, "describe_event") else None


def has_step_through(game: str) -> bool:
    return game in available_games() and _renderer(game) is not None and bool(_scenarios(game))


@st.cache_resource(show_spinner=False)
def _scenarios(game: str) -> tuple[Scenario, ...]:
    try:
        return scenarios(game)
    except Exception:  # a broken scenario file must not take the page down
        return ()


@st.cache_resource(show_spinner=False, max_entries=64)
def _replayed(game: str, key: str, _record: Record
              ) -> tuple[GameState, tuple[PlayedAction, ...], tuple[ReaderStep, ...]]:
    """The replayed and folded record that ``key`` names (a scenario's name, or
    ``watch:<seed>``): looked up by the game and that name alone, as Streamlit leaves out
    an argument whose name starts with ``_``; hashing the whole record (thousands of
    actions, the rules) at every step's rerun cost more than the step itself."""
    return reader_steps(game, _record, available_games()[game])


def _draw_state(game: str, state: GameState) -> str:
    """A step's picture: everything shown (a step-through has no hidden seat)."""
    return registry.entry(game).draw_state(state, _, lang()) or ""


def _translation_target() -> str | None:
    code = lang()
    return code if code != "eu" else st.session_state.get("jokoak_translation_lang", "es")


def _arrival_step(game: str, total: int) -> int:
    """The first step shown of a scenario: ``?step=`` for the one a link opened, else 0.

    The URL's step (a reader step) belongs to the scenario the visitor arrived at; a scenario
    chosen afterwards (or a new dealt game) starts at its beginning, not at the previous
    one's step.
    """
    arrived = f"jokoak_step_arrived_{game}"
    if st.session_state.get(arrived):
        return 0
    st.session_state[arrived] = True
    return query_number("step", total) or 0


def step_through_view(game: str) -> None:
    items = {sc.name: sc for sc in _scenarios(game)}
    options = list(items) + [WATCH]
    key = f"jokoak_scenario_{game}"
    if st.session_state.get(key) not in options:
        st.session_state[key] = query_choice("scenario", options) or options[0]
    # The widget's key carries the language: its labels are translated, so a new language is
    # a new widget, initialised from the remembered choice.
    widget_key = remembered_widget_key(key)
    st.selectbox(_("Scenario"), options, key=widget_key, on_change=remember,
                 args=(widget_key, key),
                 format_func=in_this_language(lambda n: _("Watch a whole game") if n == WATCH
                                              else _(items[n].title)))
    name = st.session_state[key]
    st.query_params["scenario"] = name
    step_captions: tuple[str | None, ...] = ()
    if name == WATCH:
        seed_key = f"jokoak_seed_{game}"
        st.session_state.setdefault(seed_key, 1)
        if st.button(_("Deal a new game"), key=f"jokoak_newgame_{game}"):
            st.session_state[seed_key] += 1
        record = watched_record(game, st.session_state[seed_key])
        rkey = f"{WATCH_KEY[1:]}{st.session_state[seed_key]}"
    else:
        scenario = items[name]
        html(f'<p lang="{lang()}">{esc(_(scenario.caption))}</p>')
        record = scenario.record
        rkey = name
        step_captions = scenario.step_captions
    _step_panel(game, rkey, record, step_captions)


#: The step-through's style, sent once a page (outside the panel's fragment). The panel is one
#: grid, not Streamlit columns, so the clauses are drawn once and placed by the screen: beside
#: the picture, under the step's words, on a wide screen; after the picture on a phone or an
#: upright kiosk, where the controls and the words come first and the picture right under them.
STEP_CSS = """<style>
.jokoak-board svg{display:block;margin:0 auto;max-width:100%;height:auto;max-height:min(64vh,calc(100vh - 300px))}
@media (orientation:portrait){.jokoak-board svg{max-height:40vh}}
@media (max-height:820px) and (orientation:landscape){*:has(> h1[lang="eu"]) > p[lang]{display:none}
 h1[lang="eu"]{font-size:2rem !important;padding:0 !important}
 .jokoak-board svg{max-height:calc(100vh - 380px)}}
.st-key-jokoak_step_body{scroll-margin-top:4.2rem;display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);
 grid-template-rows:auto 1fr;align-items:start;gap:1rem}
.st-key-jokoak_step_body > *{min-width:0;width:auto}
.st-key-jokoak_step_body > [data-testid='stElementContainer']{grid-column:1;grid-row:1 / span 2}
.st-key-jokoak_step_body > :has(> .st-key-jokoak_step_side){grid-column:2;grid-row:1}
.st-key-jokoak_step_body > :has(> .st-key-jokoak_step_clauses){grid-column:2;grid-row:2}
@media (orientation:portrait), (max-width:640px){
 .st-key-jokoak_step_body{grid-template-columns:minmax(0,1fr);grid-template-rows:none}
 .st-key-jokoak_step_body > :has(> .st-key-jokoak_step_side){grid-column:1;grid-row:1}
 .st-key-jokoak_step_body > [data-testid='stElementContainer']{grid-column:1;grid-row:2}
 .st-key-jokoak_step_body > :has(> .st-key-jokoak_step_clauses){grid-column:1;grid-row:3}}
@keyframes jokoak-arm{0%,99%{pointer-events:none}100%{pointer-events:auto}}
[class*='st-key-jokoak_step_'][class*='_goto'] button, [class*='st-key-jokoak_step_'][class*='_play_steps'] button{animation:jokoak-arm .6s linear}
.jokoak-step-words{font-size:1.1rem;margin:.2rem 0 .4rem 0;padding-left:1.2rem}
.jokoak-step-words li{margin:.1rem 0}
.jokoak-step-caption{font-style:italic;margin:.2rem 0}
.jokoak-step-cited{font-size:.875rem;color:#4a4d57;margin:0 0 .5rem 0}
.jokoak-step-notes{display:flex;flex-direction:column;gap:1rem}
.jokoak-step-note{border:1px solid color-mix(in srgb,currentColor 20%,transparent);border-radius:.5rem}
.jokoak-step-note>summary{display:flex;align-items:center;gap:.5rem;min-height:44px;padding:4px 12px;
 cursor:pointer;list-style:none;border-radius:.5rem}
.jokoak-step-note>summary::-webkit-details-marker{display:none}
.jokoak-step-note>summary::before{content:"keyboard_arrow_right";font-family:"Material Symbols Rounded";
 font-size:1rem;line-height:1;font-feature-settings:"liga";-webkit-font-smoothing:antialiased;flex:none}
.jokoak-step-note[open]>summary::before{content:"keyboard_arrow_down"}
.jokoak-step-note>summary:hover{color:var(--primary-color,#174ea6)}
.jokoak-step-note>summary:focus-visible{outline:2px solid #174ea6;outline-offset:2px}
.jokoak-step-note>p{margin:0;padding:0 1rem 1rem 1rem}
.st-key-jokoak_step_jump_row p{margin:0}
.st-key-jokoak_step_jump_row > div{flex:1 1 0;min-width:7rem}
@media (max-width:640px){
 .jokoak-board svg{max-height:30vh}
 .st-key-jokoak_step_body [data-testid='stVerticalBlock']{gap:.45rem}
 .st-key-jokoak_step_controls, .st-key-jokoak_step_autoplay{gap:.4rem}
 .st-key-jokoak_step_controls button, .st-key-jokoak_step_autoplay button{padding:0 .6rem;min-height:2.6rem}
 [class*='_first_goto'] button [data-testid='stMarkdownContainer'], [class*='_last_goto'] button [data-testid='stMarkdownContainer'],
 [class*='_play_steps'] button [data-testid='stMarkdownContainer'], [class*='_pause'] button [data-testid='stMarkdownContainer']{
  position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
 .jokoak-step-words{font-size:1rem}}
</style>"""




# ---- moving between steps (button callbacks) ------------------------------------------------
#: Set by a tap that moves the step (a number new for each tap): the step it leads to asks the
#: page's placer to bring the step into view (:func:`ui.common.place_mark`).
SCROLL_KEY = "jokoak_step_scroll"


def _autoplay_key(game: str) -> str:
    return f"jokoak_autoplay_{game}"


def _speed_key(game: str) -> str:
    return f"jokoak_autospeed_{game}"


def _go(step_key: str, target: int | None) -> None:
    """Move to ``target``: the control's key names it, so a control drawn for a step that
    led elsewhere finds no callback (module docstring)."""
    if target is None or target < 0:
        return
    st.session_state[step_key] = target
    st.session_state[f"jokoak_stepmoved_{step_key}"] = time.monotonic()
    st.session_state[SCROLL_KEY] = time.monotonic_ns()


def _set_playing(game: str, step_key: str, on: bool) -> None:
    """Start (or stop) autoplay from the step on screen. "Play" keeps one key from step to
    step (it is not drawn anew at each step); it is drawn anew, and armed 0.6 s later, only
    where it takes the place of "Pause", so the second tap of a double tap on "Pause" does
    nothing, and a second tap on "Play" asks again for what the first asked."""
    st.session_state[_autoplay_key(game)] = on
    st.session_state[f"jokoak_stepmoved_{step_key}"] = time.monotonic()
    st.session_state[SCROLL_KEY] = time.monotonic_ns()


def _pause(game: str) -> None:
    st.session_state[_autoplay_key(game)] = False


def _pace(game: str) -> float:
    return SPEEDS.get(st.session_state.get(_speed_key(game), "normal"), SPEEDS["normal"])


def _tick(game: str, step_key: str, total: int) -> None:
    """One step of autoplay, at most one a pace (a rerun caused by a tap is not a tick)."""
    moved = f"jokoak_stepmoved_{step_key}"
    now = time.monotonic()
    if now - st.session_state.get(moved, 0.0) < 0.9 * _pace(game) * pace.PACE_SCALE:
        return
    index = st.session_state[step_key]
    if index < total:
        st.session_state[step_key] = index + 1
        st.session_state[moved] = now
    if st.session_state[step_key] >= total:
        st.session_state[_autoplay_key(game)] = False


def _every(game: str, playing: bool) -> float | None:
    return max(_pace(game) * pace.PACE_SCALE, 0.2) if playing else None


def _step_panel(game: str, rkey: str, record: Record,
                step_captions: tuple[str | None, ...]) -> None:
    """The controls, the picture and the words of one step, in a fragment.

    "Next", "back" and the jumps rerun only this panel, not the page around it (router,
    language switch, view tabs, scenario picker), so a step costs about what a bare
    one-button app costs. While autoplay is on the fragment reruns itself every pace;
    starting, stopping or changing its speed reruns the page, which declares it anew.
    """
    playing = bool(st.session_state.get(_autoplay_key(game)))
    declared = _every(game, playing)
    # Outside the fragment: sent once a page, not once a step. A style sheet in a step's
    # elements was added and removed at every step, and the browser re-read every rule of
    # the page each time.
    html(STEP_CSS + SOURCE_CSS + speech.SPEAKER_CSS)
    install_placer()

    @st.fragment(run_every=declared)
    def panel() -> None:
        pin_run_language(None)         # a fragment rerun skips the router: read it afresh
        pin_run_language(lang())
        initial, _raw, steps = _replayed(game, rkey, record)
        total = len(steps)
        step_key = f"jokoak_step_{game}_{rkey}"
        if step_key not in st.session_state:
            st.session_state[step_key] = _arrival_step(game, total)
        st.session_state[step_key] = min(st.session_state[step_key], total)
        now_playing = bool(st.session_state.get(_autoplay_key(game)))
        if declared is not None and now_playing:
            _tick(game, step_key, total)
            now_playing = bool(st.session_state.get(_autoplay_key(game)))
        if _every(game, now_playing) != declared:
            st.rerun()  # start, stop or re-pace the ticks: the page declares them anew
        _draw_panel(game, step_key, initial, steps, step_captions, now_playing)

    panel()


def _draw_panel(game: str, step_key: str, initial: GameState, steps: tuple[ReaderStep, ...],
                step_captions: tuple[str | None, ...], playing: bool) -> None:
    module = _renderer(game)
    assert module is not None, "a step-through is offered only where the renderer words events"
    index = st.session_state[step_key]
    # after a move, a step that does not fit (its picture or words cut) comes to the top:
    # on a phone or a laptop the page's header would push them under the fold
    moved = st.session_state.pop(SCROLL_KEY, None)
    place = (place_mark(".st-key-jokoak_step_body", ".jokoak-board svg, .jokoak-step-text", moved)
             if moved else "")
    # The picture beside "Next" and the words it produces, the clauses under the words; on a
    # phone the controls and the words come first and the picture, sized to stay on screen,
    # right under them, then the clauses (STEP_CSS places the three).
    state = steps[index - 1].after if index else initial
    with st.container(key="jokoak_step_body"):
        html(f'<div class="jokoak-board" data-step="{index}"{place}>'
             f'{_draw_state(game, state)}</div>')
        with st.container(key="jokoak_step_side"):
            cited = _step_side(game, step_key, index, steps, step_captions, playing, module)
        if cited:
            with st.container(key="jokoak_step_clauses"):
                _clauses(game, list(cited))
    st.query_params["step"] = str(index)


def _step_side(game: str, step_key: str, index: int, steps: tuple[ReaderStep, ...],
               step_captions: tuple[str | None, ...], playing: bool, module: ModuleType
               ) -> tuple[str, ...]:
    """The controls, the step's place and its words; returns the clauses the step cites."""
    total = len(steps)
    controls: list[tuple[str, str, str, Side, bool, int]] = [
        ("first", N_("Start"), ":material/first_page:", "left", index > 0, 0),
        ("back", N_("Back"), ":material/chevron_left:", "left", index > 0, index - 1),
        ("next", N_("Next"), ":material/chevron_right:", "right", index < total, index + 1),
        ("last", N_("End"), ":material/last_page:", "right", index < total, total),
    ]
    # One row that wraps rather than stacks (columns stack on a phone).
    row = st.container(horizontal=True, key="jokoak_step_controls")
    for name, label, icon, side, enabled, target in controls:
        # the key names the target: a click sent for a control that led elsewhere finds no callback
        row.button(_(label), icon=icon, icon_position=side, key=f"{step_key}_{name}_goto{target}",
                   disabled=not enabled, on_click=_go, args=(step_key, target),
                   type="primary" if name == "next" else "secondary")
    _autoplay_row(game, step_key, index, total, playing, module, steps)
    st.progress(index / total if total else 1.0,
                text=_("Step %(n)s of %(total)s") % {"n": index, "total": total})
    if index == 0:
        st.info(_("The starting position. Press “Next” to play the first step."))
        return ()
    step = steps[index - 1]
    said = sentences(step, module, _)
    words = "".join(f'<li lang="{lang()}">{esc(s)}</li>' for s in said)
    notes = "".join(f'<p class="jokoak-step-caption" lang="{lang()}">{esc(_(c))}</p>'
                    for c in captions(step, step_captions))
    html(f'<div class="jokoak-step-text" data-step="{index}">'
         f'<ul class="jokoak-step-words">{words}</ul>{notes}</div>')
    # One key for every step: the button is the same element from step to step (not drawn
    # anew), and it reads the step on screen.
    speech.speaker(f"step_{game}", [(s, lang()) for s in said], css=False)
    return step.clauses


def jumps_key(game: str) -> str:
    """The key of "Jump to…" (``True`` while it is open)."""
    return f"jokoak_step_jumps_{game}"


def _autoplay_row(game: str, step_key: str, index: int, total: int, playing: bool,
                  module: ModuleType, steps: tuple[ReaderStep, ...]) -> None:
    """Jump to…, Play/Pause and the speed, in one row that wraps."""
    row = st.container(horizontal=True, key="jokoak_step_autoplay")
    # Drawn only while open: its rows (two buttons per kind of event, new for each step)
    # were most of what a step sent and drew, for a list a visitor rarely opens.
    jumps = row.popover(_("Jump to…"), key=jumps_key(game), on_change="rerun")
    if jumps.open:
        with jumps:
            _jump_list(game, step_key, index, module, steps)
    if playing:
        # One key for the whole autoplay, and no arming delay: "Pause" takes a tap at once,
        # however fast the steps go (a second tap meets "Play", armed later, and does nothing).
        row.button(_("Pause"), icon=":material/pause:", key=f"{step_key}_pause",
                   on_click=_pause, args=(game,))
    else:
        row.button(_("Play the steps"), icon=":material/play_arrow:",
                   key=f"{step_key}_play_steps", disabled=index >= total,
                   on_click=_set_playing, args=(game, step_key, True))
    speed_key = _speed_key(game)
    st.session_state.setdefault(speed_key, "normal")
    widget_key = remembered_widget_key(speed_key)
    row.segmented_control(_("Speed"), list(SPEEDS), key=widget_key, on_change=remember,
                          args=(widget_key, speed_key), label_visibility="collapsed",
                          format_func=in_this_language(lambda s: _(SPEED_LABELS[s])))


def jump_targets(steps: tuple[ReaderStep, ...], index: int, kind: str
                 ) -> tuple[int | None, int | None]:
    """The nearest reader step before and after ``index`` with an event of ``kind``."""
    earlier = [s.index for s in steps if s.index < index and kind in s.kinds]
    later = [s.index for s in steps if s.index > index and kind in s.kinds]
    return (earlier[-1] if earlier else None), (later[0] if later else None)


def jump_kind_key(game: str) -> str:
    """The kind of moment "Jump to…" looks for (an event kind of the game's renderer)."""
    return f"jokoak_step_jump_kind_{game}"


def _jump_list(game: str, step_key: str, index: int, module: ModuleType,
               steps: tuple[ReaderStep, ...]) -> None:
    """A kind of moment to look for (the kinds of event the record shows), and the nearest
    step before and after this one with it; where there is none, it says so. Kinds the record
    never shows are named at the end.

    One choice and two buttons, not a row of two buttons for each kind: a jump redraws what
    the list shows, and fourteen rows of them made a jump cost three "Next"s. The choice
    stays from jump to jump; until the visitor makes it, it is the kind of the step on screen
    if that kind occurs at another step, else the first kind that does (never a choice that
    offers nothing).
    """
    labels = dict(module.event_kinds())
    present = frozenset().union(*(s.kinds for s in steps)) if steps else frozenset()
    kinds = [kind for kind in labels if kind in present]
    absent = [_(labels[kind]) for kind in labels if kind not in present]
    if kinds:
        kind_key = jump_kind_key(game)
        if st.session_state.get(kind_key) not in kinds:
            here = steps[index - 1].kinds if index else frozenset()
            leads = [k for k in [*(k for k in kinds if k in here), *kinds]
                     if jump_targets(steps, index, k) != (None, None)]
            st.session_state[kind_key] = leads[0] if leads else kinds[0]
        widget_key = remembered_widget_key(kind_key)
        st.pills(_("Which moment?"), kinds, key=widget_key, on_change=remember,
                 args=(widget_key, kind_key),
                 format_func=in_this_language(lambda k: _(labels[k])))
        kind = st.session_state[kind_key]
        earlier, later = jump_targets(steps, index, kind)
        row = st.container(horizontal=True, vertical_alignment="center",
                           key="jokoak_step_jump_row")
        jumps: tuple[tuple[str, int | None, str, Side, str], ...] = (
            ("back", earlier, ":material/chevron_left:", "left", N_("none earlier")),
            ("on", later, ":material/chevron_right:", "right", N_("none later")))
        for direction, target, icon, side, none in jumps:
            if target is None:
                row.caption(_(none))
            else:
                row.button(_("Step %(n)s") % {"n": target}, icon=icon, icon_position=side,
                           key=f"{step_key}_jump_{kind}_{direction}_goto{target}",
                           on_click=_go, args=(step_key, target))
    if absent:
        where = (_("Not in this game: %(kinds)s.") if WATCH_KEY in step_key
                 else _("Not in this scenario: %(kinds)s."))
        st.caption(where % {"kinds": ", ".join(absent)})


def _clauses(game: str, cited: list[str]) -> None:
    """The cited clauses, lit, Basque beside the translation, drawn once (STEP_CSS places
    them), with the words that introduce them in the same element, and their notes."""
    intro = ngettext("The clause this step applies:", "The clauses this step applies:",
                     len(set(cited)))
    html(f'<p class="jokoak-step-cited" lang="{lang()}">{esc(intro)}</p>'
         + clause_excerpt_html(game, cited, _translation_target(), _, ui_lang=lang(), css=False))
    speech.clause_speaker(f"clauses_{game}", game, cited, _translation_target(), css=False)
    # The notes in one element (a native <details> each, STEP_CSS draws them as Streamlit's
    # expanders): as expanders they were two elements a note, five notes ten of a step's 35.
    notes = "".join(
        f'<details class="jokoak-step-note" lang="{lang()}"><summary>'
        f'{esc(_("Interpretation note: %(title)s") % {"title": _(note.title)})}</summary>'
        f'<p>{esc(_(note.body))}</p></details>' for note in notes_for(game, set(cited)))
    if notes:
        html(f'<div class="jokoak-step-notes">{notes}</div>')
