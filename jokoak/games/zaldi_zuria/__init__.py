"""Zaldi zuria (the German *Schimmel*): eight dice, five auctioned cards, a bank and an inn.

One folder is the whole game. The engine: ``rules`` (options, rulesets, the dice's chance
node), ``throws`` (what a throw pays), ``state`` (a position and its moves) and ``engine``
(``GAME``). Above it: ``odds`` (exact odds), ``render`` (events in words, the table drawn),
``bots`` (the computer players) and ``who_pays`` (the translators' check of who pays whom),
all of which import the engine, never the reverse; ``entry`` describes the game to the
booklet's pages.
"""
