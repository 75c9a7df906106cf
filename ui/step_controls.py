"""The step-through's controls as one element: Start, Back, Next, End, "Jump to…", Play/Pause,
the speed, the step's place and "Listen".

Why one element: a step sent about 25 elements (seven buttons, a popover, a segmented control,
a progress bar, containers…) and the browser drew each anew, so a "Next" cost about twice a
bare Streamlit rerun (bench/web_bench.py steps); one ``st.components.v2`` element, updated in
place, costs about what one Markdown element costs. Opening "Jump to…" and choosing which
moment to look for are the browser's alone (the targets of every kind come with the step), so
they cost no rerun at all.

The rules stay on the server: this module only draws what :mod:`ui.stepper` computed (every
control's target, disabled where there is none) and reports a tap as an event
(``go`` {to, from}, ``play`` true/false, ``speed``, ``listen``); ui/stepper.py decides.
A double tap moves one step: after a tap that moves the step, the browser sends no second one
until the new step is drawn, a control whose target changed takes taps only ``ARM_MS`` after
it is drawn (as the Streamlit buttons did by STEP_CSS's animation), and the server refuses a
``go`` sent from a step that is no longer on screen.
"""

from __future__ import annotations

from typing import Any, Callable

import streamlit as st

from .assets import asset, script_json

#: Milliseconds a control that now leads elsewhere waits before it takes a tap.
ARM_MS = 600

#: Material icons (Apache 2.0), drawn inline: no icon font to wait for.
ICONS = {
    "first": "M18.41 16.59 13.82 12l4.59-4.59L17 6l-6 6 6 6zM6 6h2v12H6z",
    "back": "M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z",
    "next": "M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z",
    "last": "M5.59 7.41 10.18 12l-4.59 4.59L7 18l6-6-6-6zM16 6h2v12h-2z",
    "play": "M8 5v14l11-7z",
    "pause": "M6 19h4V5H6v14zm8-14v14h4V5h-4z",
    "listen": ("M3 9v6h4l5 5V4L7 9H3zm13.5 3c0-1.77-1.02-3.29-2.5-4.03v8.05c1.48-.73 "
               "2.5-2.25 2.5-4.02zM14 3.23v2.06c2.89.86 5 3.54 5 6.71s-2.11 5.85-5 "
               "6.71v2.06c4.01-.91 7-4.49 7-8.77s-2.99-7.86-7-8.77z"),
    "jump": "M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z",
}

JS = "step_controls.mjs"

CSS = "step_controls.css"


def _compact(source: str) -> str:
    """``source`` without its indentation and comment lines: the element sends its script and
    style with every step."""
    lines = (line.strip() for line in source.splitlines())
    return "\n".join(line for line in lines if line and not line.startswith("//"))


def module_source() -> str:
    """The element's script: its values (``JK``: the icons, :data:`ARM_MS`) as JSON in front
    of ui/assets/step_controls.js."""
    return ("const JK = " + script_json({"icons": ICONS, "arm": ARM_MS}) + ";\n"
            + asset(JS))


_COMPONENT = st.components.v2.component("jokoak_step_controls", js=_compact(module_source()),
                                        css=_compact(asset(CSS)),
                                        isolate_styles=False)


def step_controls(key: str, data: dict[str, Any], *, on_go: Callable[[], None],
                  on_play: Callable[[], None], on_speed: Callable[[], None],
                  on_listen: Callable[[], None], on_listen_clauses: Callable[[], None]) -> None:
    """Draw the step with ``data`` (see :func:`ui.stepper.controls_data`; the picture, the
    words, the clauses and their notes as escaped HTML); each tap reaches its callback, which
    reads the event's value with :func:`tap_value`."""
    _COMPONENT(key=key, data=data, on_go_change=on_go, on_play_change=on_play,
               on_speed_change=on_speed, on_listen_change=on_listen,
               on_listen_clauses_change=on_listen_clauses)


def tap_value(key: str, event: str) -> Any:
    """The value the browser sent with ``event`` in this rerun (None if none)."""
    state = st.session_state.get(key)
    try:
        return state.get(event) if state is not None else None
    except AttributeError:
        return None
