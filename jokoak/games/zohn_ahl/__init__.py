"""Zohn ahl (the Kiowa stick-dice race) and its cousin Nebäkuthana.

One folder is the whole game. The engine is one module, ``engine`` (``GAME``). Above it:
``odds`` (exact odds and the proven whole-game figures, with their table on disk), ``render``
(events in words, the board and the thrown sticks drawn) and ``bots`` (the computer players),
all of which import the engine, never the reverse; ``entry`` describes the game to the
booklet's pages.
"""
