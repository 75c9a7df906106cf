"""The step-through, shared by the three games.

A scenario (or a seeded "watch a game") is a Record; it is replayed and folded into *reader
steps* (:mod:`jokoak.render.reader_steps`: a throw is one step, a pass is said with the step after it), and
"next", "back", "jump" and autoplay move between them: recomputation, never undo. The game's
pure renderer (``jokoak.render.<game>``) draws the state and words the events; this module
wires the controls, the clause highlight and the interpretation notes.

The step is one element (:mod:`ui.step_controls`): this module computes what it shows (the
picture, the words, the clauses, every control's target) and decides what a tap does. A tap
that moves the step carries the step it was drawn for and the step it leads to; it is taken only
if the first is the step on screen and the second is where a control drawn for it leads
(:func:`_on_go`), so a tap sent for a screen that has moved on changes nothing. In the browser
a control whose target changed takes taps only 0.6 s after it is drawn, and a second tap before
the next step is drawn is not sent: the second tap of a double tap changes nothing either. A
visitor's next tap, once they have read the step, is never refused.
"""

from __future__ import annotations

import bisect
import time
from functools import partial
from typing import Any, Literal

import streamlit as st

from jokoak import registry
from jokoak.engine.core import GameState
from jokoak.engine.record import Record, PlayedAction
from jokoak.plugin import Renderer
from jokoak.i18n.msgids import N_
from jokoak.content.notes import notes_for
from jokoak.render.source import CSS as SOURCE_CSS
from jokoak.render.source import clause_excerpt_html
from jokoak.content.scenarios import Scenario, scenarios
from jokoak.render.reader_steps import ReaderStep, captions, reader_steps, sentences, watched_record

from . import speech
from .play import pace
from .common import (_, esc, game_drawing, html, in_this_language, install_placer, lang, ngettext,
                     pin_run_language, place_mark, remember, remembered_widget_key)
from .params import query_choice, query_number
from .step_controls import step_controls, tap_value
from .assets import style

WATCH = "__watch__"
#: The record key of a watched game starts so (``watch:<seed>``).
WATCH_KEY = "_watch:"
#: Seconds per step of autoplay, by speed (times ``JOKOAK_PACE_SCALE``, see ui/play/pace.py).
SPEEDS = {"slow": 6.0, "normal": 3.5, "fast": 1.5}
SPEED_LABELS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast")}


#: Where a button's icon sits beside its label (Streamlit's ``icon_position``).
Side = Literal["left", "right"]


def _renderer(game: str) -> Renderer | None:
    return registry.plugin(game).table_renderer()


def has_step_through(game: str) -> bool:
    return game in registry.plugins() and _renderer(game) is not None and bool(_scenarios(game))


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
    return reader_steps(game, _record, registry.plugin(game).game())


def _draw_state(game: str, state: GameState) -> str:
    """A step's picture: everything shown (a step-through has no hidden seat)."""
    return game_drawing(game, state)


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


#: The step-through's style for what the step's element draws from the server's HTML (the
#: picture's size, the words, the notes), sent once a page (outside the panel's fragment). Where
#: each part sits (one grid: the picture beside the controls and words on a wide screen, under
#: them on a phone or an upright kiosk) is the element's own style (ui/step_controls.py).
STEP_CSS = style("stepper.css")




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
    """Start (or stop) autoplay from the step on screen. In the browser "Play" and "Pause"
    take taps 0.6 s after one replaces the other (ui/step_controls.py), so the second tap of a
    double tap on either does not undo the first; a second "play" asks again for what the
    first asked."""
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
    total = len(steps)
    # after a move, a step that does not fit (its picture or words cut) comes to the top:
    # on a phone or a laptop the page's header would push them under the fold
    moved = st.session_state.pop(SCROLL_KEY, None)
    controls_key = f"jokoak_step_controls_{game}"
    place = (place_mark(f".st-key-{controls_key}", ".jokoak-board svg, .jokoak-step-text", moved)
             if moved else "")
    state = steps[index - 1].after if index else initial
    step = steps[index - 1] if index else None
    said = sentences(step, module, _) if step else []
    listen_key = f"jokoak_speak_step_{game}"
    listen = [(s, lang()) for s in said]
    cited = list(step.clauses) if step else []
    clause_key = f"jokoak_speak_clauses_{game}"
    clause_parts = speech.clause_parts(game, cited, _translation_target()) if cited else []
    # One element draws the step (ui/step_controls.py): the picture beside the controls and
    # the words, the clauses under the words; on a phone the controls and the words come
    # first and the picture, sized to stay on screen, right under them, then the clauses.
    data = controls_data(game, index, total, playing, module, steps,
                         speech.can_say_any(listen), watched=WATCH_KEY in step_key)
    st.session_state[_offered_key(step_key)] = _offered(data)
    data.update(
        board=f'<div class="jokoak-board" data-step="{index}"{place}>'
              f'{_draw_state(game, state)}</div>',
        text=_step_text(index, step, said, step_captions),
        clauses=_clauses_html(game, cited), notes=_notes_html(game, cited),
        listen_clauses=(speech.clause_listen_label(_translation_target())
                        if speech.can_say_any(clause_parts) else None))
    step_controls(controls_key, data,
                  on_go=partial(_on_go, step_key, controls_key),
                  on_play=partial(_on_play, game, step_key, controls_key, total),
                  on_speed=partial(_on_speed, game, controls_key),
                  on_listen=partial(speech.ask, listen_key),
                  on_listen_clauses=partial(speech.ask, clause_key))
    speech.speak_if_asked(listen_key, listen)
    speech.speak_if_asked(clause_key, clause_parts)
    st.query_params["step"] = str(index)


def _offered_key(step_key: str) -> str:
    return f"{step_key}_offered"


def _offered(data: dict[str, Any]) -> frozenset[int]:
    """Every step a control of ``data`` (:func:`controls_data`) leads to: Start, Back, Next,
    End and the jumps of every kind (a tap asking for another is refused)."""
    targets = {move["to"] for move in data["moves"]}
    targets |= {kind[way] for kind in data["jump"]["kinds"] for way in ("back", "on")}
    return frozenset(t for t in targets if t is not None)


def _on_go(step_key: str, controls_key: str) -> None:
    """A tap on a control that moves the step: taken only if it was drawn for the step on
    screen and leads where a control drawn for it leads (the second tap of a double tap, or a
    tap sent before an autoplay beat reached the screen, changes nothing)."""
    value = tap_value(controls_key, "go")
    if not isinstance(value, dict):
        return
    to, drawn_at = value.get("to"), value.get("from")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (to, drawn_at)):
        return
    if drawn_at != st.session_state.get(step_key):
        return
    if to not in st.session_state.get(_offered_key(step_key), frozenset()):
        return
    _go(step_key, to)


def _on_play(game: str, step_key: str, controls_key: str, total: int) -> None:
    value = tap_value(controls_key, "play")
    if value is True and st.session_state.get(step_key, 0) < total:
        _set_playing(game, step_key, True)
    elif value is False:
        _pause(game)


def _on_speed(game: str, controls_key: str) -> None:
    value = tap_value(controls_key, "speed")
    if isinstance(value, str) and value in SPEEDS:
        st.session_state[_speed_key(game)] = value


def controls_data(game: str, index: int, total: int, playing: bool, module: Renderer,
                  steps: tuple[ReaderStep, ...], can_listen: bool, watched: bool
                  ) -> dict[str, Any]:
    """What the step's controls show, in the visitor's language: each control's label and
    the step it leads to (None: there is none, the control is off), the jumps of every kind
    of moment the record shows, the speed, the step's place."""
    moves: list[tuple[str, str, Side, bool, int | None]] = [
        ("first", N_("Start"), "left", True, 0 if index > 0 else None),
        ("back", N_("Back"), "left", False, index - 1 if index > 0 else None),
        ("next", N_("Next"), "right", False, index + 1 if index < total else None),
        ("last", N_("End"), "right", True, total if index < total else None),
    ]
    return {
        "lang": lang(), "step": index, "total": total, "playing": playing,
        "can_play": index < total,
        "moves": [{"name": name, "label": _(label), "side": side, "short": short, "to": to}
                  for name, label, side, short, to in moves],
        "play": _("Play the steps"), "pause": _("Pause"),
        "speed": st.session_state.get(_speed_key(game), "normal"),
        "speeds": [[value, _(SPEED_LABELS[value])] for value in SPEEDS],
        "speed_label": _("Speed"),
        "jump": jump_menu(steps, index, module, watched),
        "progress": _("Step %(n)s of %(total)s") % {"n": index, "total": total},
        "listen": _("Listen") if can_listen else None,
    }


def jump_menu(steps: tuple[ReaderStep, ...], index: int, module: Renderer, watched: bool
              ) -> dict[str, Any]:
    """"Jump to…": the kinds of moment the record shows (in the renderer's order, in the
    visitor's language), for each the nearest step before and after this one with it, the
    kind looked for first, and the kinds the record never shows.

    One choice and two buttons, not a row of two buttons for each kind. Until the visitor
    chooses (in the browser, no rerun), it looks for the kind of the step on screen if that
    kind occurs at another step, else the first kind that does: never a choice that offers
    nothing.
    """
    labels = dict(module.event_kinds())
    present = frozenset().union(*(s.kinds for s in steps)) if steps else frozenset()
    kinds: list[dict[str, Any]] = []
    for kind in labels:
        if kind in present:
            back, on = jump_targets(steps, index, kind)
            kinds.append({"kind": kind, "label": _(labels[kind]), "back": back, "on": on,
                          "back_label": _("Step %(n)s") % {"n": back} if back is not None else "",
                          "on_label": _("Step %(n)s") % {"n": on} if on is not None else ""})
    here = steps[index - 1].kinds if index else frozenset()
    leads = [k["kind"] for k in kinds if k["kind"] in here and (k["back"], k["on"]) != (None, None)]
    leads += [k["kind"] for k in kinds if (k["back"], k["on"]) != (None, None)]
    absent = [_(labels[kind]) for kind in labels if kind not in present]
    where = (_("Not in this game: %(kinds)s.") if watched
             else _("Not in this scenario: %(kinds)s."))
    return {"label": _("Jump to…"), "which": _("Which moment?"), "kinds": kinds,
            "first": leads[0] if leads else (kinds[0]["kind"] if kinds else None),
            "none_earlier": _("none earlier"), "none_later": _("none later"),
            "absent": where % {"kinds": ", ".join(absent)} if absent else ""}


def jump_targets(steps: tuple[ReaderStep, ...], index: int, kind: str
                 ) -> tuple[int | None, int | None]:
    """The nearest reader step before and after ``index`` with an event of ``kind``."""
    where = _steps_by_kind(steps).get(kind, ())
    at = bisect.bisect_left(where, index)
    later = at + 1 if at < len(where) and where[at] == index else at
    return (where[at - 1] if at else None), (where[later] if later < len(where) else None)


#: The steps of each kind, by replay (the replay's tuple is kept alive by its cache; a few
#: replays at most are in use at once).
_BY_KIND: dict[int, tuple[tuple[ReaderStep, ...], dict[str, tuple[int, ...]]]] = {}


def _steps_by_kind(steps: tuple[ReaderStep, ...]) -> dict[str, tuple[int, ...]]:
    """For each kind of event, the indices of the steps that have it, in order: read once a
    replay, not at every step (a scan of every step for each kind was a third of a step's run)."""
    found = _BY_KIND.get(id(steps))
    if found is not None and found[0] is steps:
        return found[1]
    by_kind: dict[str, list[int]] = {}
    for step in steps:
        for kind in step.kinds:
            by_kind.setdefault(kind, []).append(step.index)
    index = {kind: tuple(sorted(where)) for kind, where in by_kind.items()}
    if len(_BY_KIND) >= 64:
        _BY_KIND.clear()
    _BY_KIND[id(steps)] = (steps, index)
    return index


def _step_text(index: int, step: ReaderStep | None, said: list[str],
               step_captions: tuple[str | None, ...]) -> str:
    """The step's words (and a scenario's caption for it); at the start, what to press."""
    if step is None:
        return (f'<div class="jokoak-step-text jokoak-step-start" data-step="0" lang="{lang()}">'
                f'{esc(_("The starting position. Press “Next” to play the first step."))}</div>')
    words = "".join(f'<li lang="{lang()}">{esc(s)}</li>' for s in said)
    notes = "".join(f'<p class="jokoak-step-caption" lang="{lang()}">{esc(_(c))}</p>'
                    for c in captions(step, step_captions))
    return (f'<div class="jokoak-step-text" data-step="{index}">'
            f'<ul class="jokoak-step-words">{words}</ul>{notes}</div>')


def _clauses_html(game: str, cited: list[str]) -> str:
    """The cited clauses, lit, Basque beside the translation, with the words that introduce
    them."""
    if not cited:
        return ""
    intro = ngettext("The clause this step applies:", "The clauses this step applies:",
                     len(set(cited)))
    return (f'<div class="jokoak-step-clauses"><p class="jokoak-step-cited" lang="{lang()}">'
            f'{esc(intro)}</p>'
            + clause_excerpt_html(game, cited, _translation_target(), _, ui_lang=lang(),
                                  css=False) + '</div>')


def _notes_html(game: str, cited: list[str]) -> str:
    """The interpretation notes of the cited clauses, a native <details> each (STEP_CSS draws
    them as Streamlit's expanders)."""
    notes = "".join(
        f'<details class="jokoak-step-note" lang="{lang()}"><summary>'
        f'{esc(_("Interpretation note: %(title)s") % {"title": _(note.title)})}</summary>'
        f'<p>{esc(_(note.body))}</p></details>' for note in notes_for(game, set(cited)))
    return f'<div class="jokoak-step-notes">{notes}</div>' if notes else ""
