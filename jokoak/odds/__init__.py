"""Exact odds computed from the engines' own chance models (``Fraction``s, never floats).

Each game's odds (``jokoak.games.<key>.odds``, where its registry entry finds them) expose
``odds_tables(rules, **params) -> list[OddsTable]``; the command line (``jokoak odds GAME``) and
the pages' charts both read these tables, so a chart can never show a separate guess. The
table's shape is the plug-in's (:class:`jokoak.plugin.returns.OddsTable`); here: a chance to
guess (:mod:`jokoak.odds.question`), the questions of the games (:mod:`jokoak.odds.guesses`)
and chances in words (:mod:`jokoak.odds.plain`). Odds import the engines, never the reverse,
and this package imports nothing itself: the plug-in names a question for the type checker,
so an import here would close a loop through it.
"""
