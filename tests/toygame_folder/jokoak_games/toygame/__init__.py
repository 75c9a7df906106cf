"""The toy game as a game's folder: what ``jokoak/games/<key>/`` is for a game of the booklet.

``tests/test_registry.py`` adds ``tests/toygame_folder/jokoak_games`` to the path of
:mod:`jokoak.games` (and ``tests/toygame_folder/ui_games`` to :mod:`ui.games`'s) for the
length of a test: the toy is then found as the shipped games are, with no file of the booklet
edited. Its engine is ``tests/toygame.py``, which the engine tests also import alone.
"""
