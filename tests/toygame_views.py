"""The toy game's odds view: what ``ui/<key>_views.py`` is for a game of the booklet.

The toy lives in the tests, so its view is given to the registry's ui side explicitly
(``ui.views.register_views("toygame", odds=odds_view)``) instead of by file name.
"""

from __future__ import annotations

import streamlit as st

import toygame
from ui.common import _, fmt_pct

#: the toy's key, as the game page and the test find it
KEY = toygame.NAME


def odds_view() -> None:
    """Each face of the toy's die with its exact chance, for the plain race."""
    (die, _reach) = toygame.odds_tables(toygame.rules())
    st.subheader(_(die.title))
    st.table({"face": [label for label, _p in die.rows],
              "chance": [fmt_pct(p) for _l, p in die.rows]})
