"""Provenance of the three texts and the older sources, as msgids for the credits page."""

from __future__ import annotations

from .msgids import N_


PROVENANCE = N_(
    "The three Basque texts match the games pages of Jokoenea (jokoenea.eus), a Basque-language "
    "games website and museum in Donostia founded in 2018. They are reproduced here byte for "
    "byte, including the leftovers of the web pages they were taken from, which are shown "
    "greyed and never translated.")

SOURCES: dict[str, list[str]] = {
    "zaldi_zuria": [
        N_("The German 19th-century game Schimmel, also sold as Glocke und Hammer (bell and "
           "hammer)."),
        N_("Pierer's Universal-Lexikon (1857–62), article “Schimmelspiel”: at least four "
           "players; only the owner of the bell-with-hammer card is paid when bell and hammer "
           "show together; the thrower pays on an all-blank throw; the inn opens when the pool "
           "falls below 21."),
        N_("Every Boy's Book and the Young Folk's Cyclopaedia of Games and Sports (1890): each "
           "player adds four counters to the pool after the auction; the inn takes only the "
           "excess over the bank."),
        N_("A Spanish copy in the Museo Nacional del Romanticismo (Madrid) calls it El juego del "
           "Caballo Blanco or de la Aduana, “of German origin”, for at least three players, "
           "preferably seven; there the inn card is the customs house."),
    ],
    "peruludo": [
        N_("Perudo or Dudo, the South American liar's dice. In the standard game ones are wild; "
           "here sixes are."),
        N_("Standard Perudo asks for double plus one when leaving the wilds (here: double), "
           "plays palifico once per player (here: arrastatze) and calza (here: doia), and "
           "reveals every cup on a challenge (here: cups are lifted only until the bid is met)."),
        N_("Board Game Arena's Dudo lets the player to the left of an eliminated player start "
           "the next round."),
    ],
    "zohn_ahl": [
        N_("The text is close to the English rules of the Ludii game database (game 118, "
           "“Zohn Ahl”), which draws on Stewart Culin, Games of the North American Indians "
           "(1907)."),
        N_("Nebäkuthana: James Mooney (1896), as cited by Ludii, which uses four throw sticks."),
        N_("Ludii's board has ten sites a side — a knee's end, three points, the two creek "
           "lines, three points, a knee's end — forty a circuit; it starts with the other team "
           "and gives each team ten scoring sticks."),
    ],
}

CREDITS = N_(
    "Jokoak is free software. Charts are drawn with Vega-Altair, numbers and languages are "
    "formatted with Babel, the app runs on Streamlit. Translations, glossary and interpretation "
    "notes are the project's own work and cite their sources.")
