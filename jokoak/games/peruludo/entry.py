"""Peruludo as the booklet's pages know it before its rules: found by
:func:`jokoak.registry.discover` in this folder, and nowhere listed."""

from __future__ import annotations

from ...i18n.msgids import N_
from ...registry import GameEntry

ENTRY = GameEntry(
    "peruludo", "peruludo",
    N_("Liar's dice with sixes wild: bid on hidden dice, challenge, or call it exact."),
    N_("The South American game Perudo (Dudo), with sixes instead of ones as wilds."),
    N_("2 to 10 players"),
    (N_("Perudo or Dudo, the South American liar's dice. In the standard game ones are wild; "
        "here sixes are."),
     N_("Common Perudo asks for double plus one when leaving the wilds (here: double), "
        "plays calza (here: doia), gives each player one palifico round (here: arrastatze, "
        "in every round the player starts), and reveals every cup on a challenge (here: cups "
        "are lifted only until the bid is met)."),
     N_("Board Game Arena's Dudo lets the player to the left of an eliminated player start "
        "the next round.")),
    order=2,
    # the handout's drawing: the table of this scenario at its end
    handout=("02_palero_challenger_loses", None),
)
