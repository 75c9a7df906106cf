"""The toy game's odds view: what ``ui/games/<key>/views.py`` is for a game of the booklet,
found by the same convention (``odds_view``) once the test puts this folder on the path of
:mod:`ui.games`.
"""

from __future__ import annotations

import streamlit as st

import toygame
from ui.common import _, fmt_pct


def odds_view() -> None:
    """Each face of the toy's die with its exact chance, for the plain race."""
    (die, _reach) = toygame.odds_tables(toygame.rules())
    st.subheader(_(die.title))
    st.table({"face": [label for label, _p in die.rows],
              "chance": [fmt_pct(p) for _l, p in die.rows]})
