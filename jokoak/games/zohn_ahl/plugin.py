"""Zohn ahl as the booklet's pages know it before its rules: found by
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
                    draw=render.render_board_svg, hides_seats=False,
                    asked_outcome=render.render_asked_outcome,
                    last_throw=render.render_last_throw)


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
    engine=engine, pictures=pictures, renderer=renderer, odds=odds, bots=bots,
    guesses=guesses,
    order=3,
    # the handout's drawing: the table of this scenario at its end
    handout=("03_hit", None),
)
