"""The Streamlit side of each game, one folder a game: ``ui/games/<key>/views.py`` (its odds
view, ``odds_view``) and ``ui/games/<key>/play.py`` (its play view, ``play_view``), found by
:mod:`ui.views` by that convention. The game's core (engine, odds, drawings, its entry) is
``jokoak/games/<key>/``."""
