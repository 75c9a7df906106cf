"""What the booklet says about each game before the rules: name, tagline, origin.

Game names stay in Basque (glossary policy); taglines are English msgids translated where
shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from .msgids import N_


@dataclass(frozen=True)
class GameInfo:
    key: str
    name: str          # kept in Basque in every language
    tagline: str       # msgid
    origin: str        # msgid
    players: str       # msgid


GAME_INFO: dict[str, GameInfo] = {
    "zaldi_zuria": GameInfo(
        "zaldi_zuria", "zaldi zuria",
        N_("A German dice game of auctioned cards, a bank and an inn, played with eight dice."),
        N_("The 19th-century German game Schimmel, also sold as Glocke und Hammer."),
        N_("6 or more players")),
    "peruludo": GameInfo(
        "peruludo", "peruludo",
        N_("Liar's dice with sixes wild: bid on hidden dice, challenge, or call it exact."),
        N_("The South American game Perudo (Dudo), with sixes instead of ones as wilds."),
        N_("2 to 10 players")),
    "zohn_ahl": GameInfo(
        "zohn_ahl", "zohn ahl",
        N_("A Kiowa race game: two teams throw four sticks to run around a board of points and "
           "creeks."),
        N_("A stick-dice race game of the Kiowa, described by Stewart Culin in 1907; with its "
           "cousin Nebäkuthana."),
        N_("Two teams of any size")),
}
