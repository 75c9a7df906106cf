"""Peruludo as the booklet's pages know it before its rules: found by
:func:`jokoak.registry.plugins` in this folder, and nowhere listed. Each
capability is a factory that imports its modules when asked, so finding the games stays cheap."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n.msgids import N_
from ...plugin import Bots, GamePlugin, Pictures, Renderer

if TYPE_CHECKING:
    from ...engine.core import Game
    from ...plugin.capabilities import OddsTables
    from ...odds.question import Question


def engine() -> Game:
    from .engine import GAME
    return GAME


def pictures() -> Pictures:
    from . import pictures as drawn
    return Pictures(icon=drawn.icon, scene=drawn.scene, nav=drawn.nav)


def renderer() -> Renderer:
    from . import render
    return Renderer(describe_event=render.describe_event, event_kinds=render.event_kinds,
                    draw=render.render_table_svg, hides_seats=True,
                    describe_folded=render.describe_folded,
                    fold_ahead=render.FOLD_AHEAD,
                    thrown_together=render.THROWN_TOGETHER)


def odds() -> OddsTables:
    from .odds import odds_tables
    return odds_tables


def bots() -> Bots:
    from .bots import POLICIES, hint
    return Bots(policies=POLICIES, hint=hint)


def guesses() -> list[Question]:
    from .guesses import questions
    return questions()


PLUGIN = GamePlugin(
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
    engine=engine, pictures=pictures, renderer=renderer, odds=odds, bots=bots,
    guesses=guesses,
    order=2,
    # the handout's drawing: the table of this scenario at its end
    handout=("02_palero_challenger_loses", None),
)
