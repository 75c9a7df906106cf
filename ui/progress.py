"""The visitor's stars: a star per lesson finished, kept in the URL (``?stars=13``: lessons
1 and 3 of this game), so a bookmark, a reload or a phone's QR code keeps them, with no
account and nothing stored about the visitor on the server.

The session keeps them too: a double tap's second tap can carry an address from before the
first tap's star; what either holds counts (a star is never taken away).
"""

from __future__ import annotations

import streamlit as st

from .params import drop

PARAM = "stars"
#: At most nine lessons a game (one digit each).
MAX_LESSONS = 9


def parse_stars(raw: object, count: int) -> frozenset[int] | None:
    """``raw`` as the lesson numbers (1-based) it names, if it is one to ``count`` distinct
    digits in increasing order, each a lesson of the game; else None."""
    if not isinstance(raw, str) or not 0 < len(raw) <= min(count, MAX_LESSONS):
        return None
    if not raw.isascii() or not raw.isdigit():
        return None
    numbers = [int(c) for c in raw]
    if numbers != sorted(set(numbers)) or not all(1 <= n <= count for n in numbers):
        return None
    return frozenset(numbers)


def stars_text(numbers: frozenset[int]) -> str:
    return "".join(str(n) for n in sorted(numbers))


def _key(game: str) -> str:
    return f"jokoak_stars_{game}"


def stars(game: str, count: int) -> frozenset[int]:
    """The lessons (1-based) the visitor finished: the URL's and this session's."""
    raw = st.query_params.get(PARAM)
    from_url = parse_stars(raw, count) if raw is not None else frozenset()
    if from_url is None:
        drop(PARAM)
        from_url = frozenset()
    kept = st.session_state.get(_key(game), frozenset())
    found = frozenset(n for n in from_url | kept if n <= count)
    st.session_state[_key(game)] = found
    if found and st.query_params.get(PARAM) != stars_text(found):
        st.query_params[PARAM] = stars_text(found)
    return found


def earn(game: str, number: int, count: int) -> None:
    """Lesson ``number`` (1-based) is finished: its star, in the session and the URL."""
    found = stars(game, count) | {number}
    st.session_state[_key(game)] = found
    st.query_params[PARAM] = stars_text(found)


def star_line(numbers: frozenset[int], count: int) -> str:
    """★ for each lesson finished, ☆ for each still to do, in lesson order."""
    return "".join("★" if n in numbers else "☆" for n in range(1, count + 1))
