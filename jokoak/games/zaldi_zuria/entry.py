"""Zaldi zuria as the booklet's pages know it before its rules: found by
:func:`jokoak.registry.discover` in this folder, and nowhere listed."""

from __future__ import annotations

from ...i18n.msgids import N_
from ...registry import GameEntry

ENTRY = GameEntry(
    "zaldi_zuria", "zaldi zuria",
    N_("A German dice game of auctioned cards, a bank and an inn, played with eight dice."),
    N_("The 19th-century German game Schimmel, also sold as Glocke und Hammer."),
    N_("6 or more players"),
    (N_("The German 19th-century game Schimmel, also sold as Glocke und Hammer (bell and "
        "hammer)."),
     N_("Pierer's Universal-Lexikon (1857–62), article “Schimmelspiel”: at least four "
        "players; only the owner of the bell-with-hammer card is paid when bell and hammer "
        "show together; only the thrower pays on an all-blank throw; the inn opens when the bank "
        "falls below 21."),
     N_("Every Boy's Book and the Young Folks' Cyclopaedia of Games and Sports (1890): each "
        "player adds four chips to the bank after the auction; the innkeeper is paid only "
        "the excess of the pips over the chips in the bank."),
     N_("A Spanish copy in the Museo Nacional del Romanticismo (Madrid) calls it El juego "
        "del Caballo Blanco or de la Aduana, “of German origin”, for at least three players, "
        "preferably seven; there the inn card is the customs house.")),
    order=1,
    # the handout's drawing: the table of this scenario at its end
    handout=("04_pips_and_the_inn", None),
)
