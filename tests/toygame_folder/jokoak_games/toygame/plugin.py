"""The toy's plug-in: a fourth game, described as the booklet's own three are."""

from __future__ import annotations

from pathlib import Path

from jokoak.plugin import Bots, GamePlugin, Pictures

#: The toy's Basque text, clauses and golden text live beside the tests, not in content/.
CONTENT = Path(__file__).resolve().parents[3] / "toygame_content"


def engine():
    from toygame import GAME
    return GAME


def pictures() -> Pictures:
    from .pictures import icon
    return Pictures(icon=icon)


def odds():
    from .odds import odds_tables
    return odds_tables


def bots() -> Bots:
    from .bots import POLICIES
    return Bots(policies=POLICIES)


PLUGIN = GamePlugin(
    key="toygame",
    name="lasterketa",                       # the name stays in Basque
    tagline="A toy dice race with a hidden die, used by the tests.",
    origin="Made up for the tests of the booklet.",
    players="2 to 4 players",
    sources=("No source: the toy exists to prove that a fourth game needs no page edited.",),
    engine=engine, pictures=pictures, odds=odds, bots=bots,
    nav_icon=":material/toys:",
    content=str(CONTENT),
    seed=str(CONTENT / "toygame.eu.txt"),
)
