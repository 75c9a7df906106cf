"""The Streamlit side of each game, one folder a game: ``ui/games/<key>/views.py`` (its odds
view) and ``ui/games/<key>/play.py`` (its play view), declared by the folder's
``__init__.py`` as one typed object, ``VIEWS`` (:class:`ui.game_views.GameViews`), which
:mod:`ui.views`, the lessons and the class screen ask. The game's core (engine, odds,
drawings, its entry) is ``jokoak/games/<key>/``."""
