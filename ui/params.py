"""The one way the booklet reads query parameters: validated, bounded, known names only.

A link may carry anything (``?step=²``, a 4,300-digit number, ``?view=../x``). Each parameter
is read here against what the page accepts; a value that does not fit is dropped from the
URL and the page falls back quietly to its default (no message: a visitor did not type it).
The parsers are pure, so the rules are tested without a browser.
"""

from __future__ import annotations

import re
import time
from typing import Collection, TypeVar

import streamlit as st

from jokoak.i18n import normalize_language

#: The parameters the booklet reads; the shell drops any other (see :func:`drop_unknown`).
KNOWN = ("lang", "view", "scenario", "step", "kiosk", "lesson", "lstep", "game", "room",
         "seat", "watch", "class", "stars")
#: ASCII digits only (``str.isdigit`` also accepts ``²`` and ``①``, which ``int`` refuses),
#: and at most six of them: no step, seat or count in the booklet needs more.
_DIGITS = re.compile(r"[0-9]{1,6}")


def parse_number(raw: object, minimum: int, maximum: int) -> int | None:
    """``raw`` as a whole number in ``[minimum, maximum]``, else None."""
    if not isinstance(raw, str) or not _DIGITS.fullmatch(raw):
        return None
    value = int(raw)
    return value if minimum <= value <= maximum else None


def parse_choice(raw: object, options: Collection[str]) -> str | None:
    """``raw`` if it is exactly one of ``options``, else None."""
    return raw if isinstance(raw, str) and raw in options else None


#: Where a session keeps, per parameter, the value its last write replaced and when.
_WRITES_KEY = "jokoak_param_writes"


def write(name: str, value: str, scope: str = "") -> None:
    """Set ``?name=value``, remembering the value it replaces (see :func:`echo_of_old`);
    ``scope`` keeps apart the writes of different pages (a game's view)."""
    old = st.query_params.get(name)
    if old == value:
        return
    st.session_state.setdefault(_WRITES_KEY, {})[(name, scope)] = (old, value, time.monotonic())
    st.query_params[name] = value


#: How long after a write an address carrying the value it replaced is taken for an echo,
#: where the visitor could also have gone back to that value (Back, for a view): a double
#: tap's echo comes within a run's time; a hand pressing Back, later.
ECHO_SECONDS = 2.0


def echo_of_old(name: str, within: float | None = None, scope: str = "") -> str | None:
    """The value this session last wrote for ``?name=`` (in ``scope``), when the address now
    carries the value that write replaced (within ``within`` seconds of it; None: at any
    time); else None.

    A tap sends the browser's address with it. The second tap of a double tap on a busy
    server leaves before the address written by the first has come back, so its rerun
    carries the old address: read as it stands, it would undo the first tap (a lesson back
    at the step it had just left)."""
    # (the value replaced, the value written, when): see :func:`write`
    found: tuple[str | None, str, float] | None = st.session_state.get(_WRITES_KEY, {}).get(
        (name, scope))
    if found is None:
        return None
    old, new, when = found
    if st.query_params.get(name) != old or (within is not None
                                            and time.monotonic() - when > within):
        return None
    return new


def drop(name: str) -> None:
    """Remove ``name`` from the URL (the visitor's address bar follows)."""
    if name in st.query_params:
        del st.query_params[name]


T = TypeVar("T")


def _kept(name: str, value: T | None) -> T | None:
    """``value``; when it is None (the parameter did not fit), the parameter is dropped."""
    if value is None:
        drop(name)
    return value


def query_number(name: str, maximum: int, minimum: int = 0) -> int | None:
    """The whole number ``?name=`` gives, if any and within bounds; else None (and dropped)."""
    raw = st.query_params.get(name)
    return None if raw is None else _kept(name, parse_number(raw, minimum, maximum))


def query_choice(name: str, options: Collection[str]) -> str | None:
    """``?name=`` if it is one of ``options``; else None (and dropped)."""
    raw = st.query_params.get(name)
    return None if raw is None else _kept(name, parse_choice(raw, options))


def query_language() -> str | None:
    """The interface language ``?lang=`` asks for (``fr``, ``FR``, ``fr-CA``); else None."""
    raw = st.query_params.get("lang")
    return None if raw is None else _kept("lang", normalize_language(raw))


def drop_unknown() -> None:
    """Drop every parameter the booklet does not read."""
    for name in [n for n in st.query_params if n not in KNOWN]:
        drop(name)
