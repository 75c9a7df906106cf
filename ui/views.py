"""Which views each registered game has, and the functions that draw them.

The core's registry (:mod:`jokoak.registry`) describes a game but never names Streamlit code,
so the views are found here, by convention:

* ``read`` — every game: its Basque source beside a translation (``ui.game_page.read_view``);
* ``step`` — when the game has a renderer and scenarios (``ui.stepper``);
* ``odds`` — ``odds_view()`` in ``ui/games/<key>/views.py``;
* ``play`` — ``play_view()`` in ``ui/games/<key>/play.py``.

A test's own game puts its ``ui_games`` folder on ``ui.games.__path__`` (``tests/conftest.py``'s ``toy``).
"""

from __future__ import annotations

from typing import Callable

from jokoak import registry
from jokoak.i18n.msgids import N_

from .lesson import LEARN_LABEL, has_lessons
from .stepper import has_step_through

View = Callable[[], None]

#: The view switch's labels, in the order the views are offered.
VIEW_LABELS = {"read": N_("Read the rules"), "learn": LEARN_LABEL, "step": N_("Step through"),
               "odds": N_("Odds"), "play": N_("Play")}

#: Where each drawn view is looked for: (function name, modules ``ui.games.<key>.<name>``).
CONVENTION: dict[str, tuple[str, tuple[str, ...]]] = {
    "odds": ("odds_view", ("views",)),
    "play": ("play_view", ("play",)),
}

def view_function(key: str, view: str) -> View | None:
    """``odds_view`` / ``play_view`` of game ``key``, or ``None`` if it has none."""
    function, suffixes = CONVENTION[view]
    for suffix in suffixes:
        module = registry.optional_module(f"ui.games.{key}.{suffix}")
        if module is not None and hasattr(module, function):
            return getattr(module, function)
    return None


def available_views(key: str) -> list[str]:
    """The views game ``key`` has, in :data:`VIEW_LABELS` order (no empty placeholders)."""
    registry.plugin(key)  # an unknown game is a KeyError here, not an empty page
    views = ["read"]
    if has_lessons(key):
        views.append("learn")
    if has_step_through(key):
        views.append("step")
    views += [view for view in CONVENTION if view_function(key, view) is not None]
    return views
