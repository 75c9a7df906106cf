"""A child's taps in lessons and kiosk play: pressed, armed, never lost, never doubled.

A child taps twice (80–150 ms apart) and holds a finger down; a screen redrawn after the
first tap may put a new control where the finger is. The server already ignores a stale or
repeated tap (tokens, :mod:`ui.play.pace`); this script adds what the hand sees:

* **pressed**: a held tap darkens and sinks the control (``:active``, and the class
  ``jk-pressed`` from the finger's ``pointerdown`` to its ``pointerup``: Chromium gives a
  held touch no ``:active``), so the child sees the booklet heard them;
* **armed**: a control that appeared less than :data:`ARM_MS` ago (the step-through's arming
  time, :data:`ui.step_controls.ARM_MS`) is arming, drawn with a filling underline;
* **never doubled**: a tap at the place of the last one, on another control that was drawn
  or moved there since (the second half of a double tap landing on what the redrawn screen
  put under the finger) changes nothing and says nothing; that also keeps a "Why?" chip
  closed;
* **never dropped**: a tap on an arming control elsewhere is shown pressed and taken once
  the control is armed.

Only while the page holds this view's marker (``.jk-tap-manners``): the script is installed
once per tab and stays, the marker says where it applies.
"""

from __future__ import annotations

import streamlit as st

from .step_controls import ARM_MS
from .assets import script, style

#: How far (px) from the last tap a tap on an arming control is the same finger.
SAME_PLACE_PX = 60

TAP_CSS = "tap_manners.css"

TAP_JS = "tap_manners.js"


#: No ``<`` before a letter or ``/`` inside the script (``a < b``, spaced): the sanitizer of
#: ``st.html`` (DOMPurify) drops an element whose text holds one, and the script with it.


def tap_script() -> str:
    """The script of :func:`install_script`, with its delay (ms) and its reach (px)."""
    return script(TAP_JS, data={"arm": ARM_MS, "near": SAME_PLACE_PX})


def tap_style() -> str:
    """The style of :func:`install`: the arming bar fills in ``ARM_MS``."""
    return f"<style>:root{{--jk-arm-ms:{int(ARM_MS)}ms}}</style>" + style(TAP_CSS)


def install_script() -> None:
    """The script, once per tab, from the shell (before the page): it acts only where a view
    drew its marker (:func:`install`)."""
    st.html(tap_script(), unsafe_allow_javascript=True)


def install() -> None:
    """This view's taps get the manners above (its marker; the shell installs the script)."""
    st.html(tap_style() + '<div class="jk-tap-manners"></div>')
