"""Peruludo: Perudo (liar's dice) with sixes wild, palero, arrastatze and doia.

One folder is the whole game. The engine: ``rules`` (options, rulesets), ``bids`` (the raising
ladder), ``setup`` (positions), ``state`` (a position and its facts), ``transitions`` (what
each action does) and ``engine`` (the two joined: ``PeruludoState``, and ``GAME``). Above it:
``odds`` (exact odds), ``render`` (events in words, the table drawn), ``bots`` (the computer
players), all of which import the engine, never the reverse; ``entry`` describes the game to
the booklet's pages.
"""
