"""Zohn ahl as the booklet's pages know it before its rules: found by
:func:`jokoak.registry.discover` in this folder, and nowhere listed."""

from __future__ import annotations

from ...i18n.msgids import N_
from ...registry import GameEntry

ENTRY = GameEntry(
    "zohn_ahl", "zohn ahl",
    N_("A Kiowa race game: two teams throw four sticks to run around a board of points and "
       "creeks."),
    N_("A stick-dice race game of the Kiowa, described by Stewart Culin in 1907; with its "
       "cousin Nebäkuthana."),
    N_("Two teams of any size"),
    (N_("The text is close to the English rules of the Ludii game database (game 118, "
        "“Zohn Ahl”), which draws on Stewart Culin, Games of the North American Indians "
        "(1907)."),
     N_("Nebäkuthana: James Mooney (1896), as cited by Ludii, which uses four throw sticks."),
     N_("Ludii's board has ten sites a side — a knee's end, three points, the two creek "
        "lines, three points, a knee's end — forty a circuit; it starts with the other team "
        "and gives each team ten scoring sticks.")),
    order=3,
    # the handout's drawing: the table of this scenario at its end
    handout=("03_hit", None),
)
