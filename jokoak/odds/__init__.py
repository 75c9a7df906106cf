"""Exact odds computed from the engines' own chance models (``Fraction``s, never floats).

Each game's odds (``jokoak.games.<key>.odds``, where its registry entry finds them) expose
``odds_tables(rules, **params) -> list[OddsTable]``; the command line (``jokoak odds GAME``) and
the pages' charts both read these tables, so a chart can never show a separate guess. Here:
the table's shape (:class:`OddsTable`), the questions to guess (:mod:`jokoak.odds.guesses`)
and chances in words (:mod:`jokoak.odds.plain`). Odds import the engines, never the reverse.
"""

from __future__ import annotations

from ..plugin.capabilities import OddsTables
from ..plugin.returns import OddsTable

__all__ = ["OddsTable", "OddsTables"]
