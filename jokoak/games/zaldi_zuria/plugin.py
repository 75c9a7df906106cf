"""Zaldi zuria as the booklet's pages know it before its rules: found by
:func:`jokoak.registry.plugins` in this folder, and nowhere listed. Each
capability is a factory that imports its modules when asked, so finding the games stays cheap."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n.msgids import N_
from ...plugin import Bots, GamePlugin, PaymentCheck, Pictures, Renderer

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
                    asked_outcome=render.render_asked_outcome,
                    describe_folded=render.describe_folded,
                    fold_ahead=render.FOLD_AHEAD)


def odds() -> OddsTables:
    from .odds import odds_tables
    return odds_tables


def bots() -> Bots:
    from .bots import POLICIES, hint
    return Bots(policies=POLICIES, hint=hint)


def guesses() -> list[Question]:
    from .guesses import questions
    return questions()


def who_pays() -> PaymentCheck:
    from .who_pays import role_label, who_pays_problems
    return PaymentCheck(problems=who_pays_problems, role_label=role_label)


PLUGIN = GamePlugin(
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
    engine=engine, pictures=pictures, renderer=renderer, odds=odds, bots=bots,
    guesses=guesses, who_pays=who_pays,
    order=1,
    # the handout's drawing: the table of this scenario at its end
    handout=("04_pips_and_the_inn", None),
)
