"""Exact odds computed from the engines' own chance models (``Fraction``s, never floats).

Each game's odds (``jokoak.games.<key>.odds``, where its registry entry finds them) expose
``odds_tables(rules, **params) -> list[OddsTable]``; the command line (``jokoak odds GAME``) and
the pages' charts both read these tables, so a chart can never show a separate guess. Here:
the table's shape (:class:`OddsTable`), the questions to guess (:mod:`jokoak.odds.guesses`)
and chances in words (:mod:`jokoak.odds.plain`). Odds import the engines, never the reverse.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction


@dataclass(frozen=True)
class OddsTable:
    """A named distribution or list of exact values.

    ``name`` is a stable key (``"throw_kinds"``); ``title`` a msgid; ``rows`` are
    (label, value) pairs where ``label`` is a stable key or number (pages translate keys),
    and ``value`` an exact ``Fraction``. ``is_distribution`` tables sum to exactly 1.
    """

    name: str
    title: str
    rows: tuple[tuple[str, Fraction], ...]
    is_distribution: bool = True
    params: tuple[tuple[str, str], ...] = field(default=())

    def total(self) -> Fraction:
        return sum((v for _, v in self.rows), Fraction(0))
