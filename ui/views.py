"""Which views each registered game has, and the functions that draw them.

The core's registry (:mod:`jokoak.registry`) describes a game but never names Streamlit code;
each game's drawn views are declared by its ``ui/games/<key>/`` package
(``VIEWS``, :mod:`ui.game_views`):

* ``read`` — every game: its Basque source beside a translation (``ui.game_page.read_view``);
* ``learn`` — when the game has lessons (``ui.lesson``);
* ``step`` — when the game has a renderer and scenarios (``ui.stepper``);
* ``odds`` — ``VIEWS.odds``;
* ``play`` — ``VIEWS.play.view``.

A test's own game puts its ``ui_games`` folder on ``ui.games.__path__`` (``tests/conftest.py``'s ``toy``).
"""

from __future__ import annotations

from jokoak import registry
from jokoak.i18n.msgids import N_

from .game_views import View, views_of
from .lesson import LEARN_LABEL, has_lessons
from .stepper import has_step_through

#: The view switch's labels, in the order the views are offered.
VIEW_LABELS = {"read": N_("Read the rules"), "learn": LEARN_LABEL, "step": N_("Step through"),
               "odds": N_("Odds"), "play": N_("Play")}

#: The views a game's ``VIEWS`` may declare, in the order they are offered.
DRAWN_VIEWS = ("odds", "play")


def view_function(key: str, view: str) -> View | None:
    """The function drawing view ``view`` ("odds" or "play") of game ``key``, or ``None`` if
    its ``VIEWS`` declares none."""
    views = views_of(key)
    if view == "odds":
        return views.odds
    if view == "play":
        return views.play.view if views.play is not None else None
    raise KeyError(view)


def available_views(key: str) -> list[str]:
    """The views game ``key`` has, in :data:`VIEW_LABELS` order (no empty placeholders)."""
    registry.plugin(key)  # an unknown game is a KeyError here, not an empty page
    views = ["read"]
    if has_lessons(key):
        views.append("learn")
    if has_step_through(key):
        views.append("step")
    views += [view for view in DRAWN_VIEWS if view_function(key, view) is not None]
    return views
