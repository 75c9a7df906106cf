"""Registry of the games. Each module exposes ``GAME`` (see :class:`jokoak.engine.Game`)."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from .. import GAMES

if TYPE_CHECKING:
    from ..engine import Game


def get_game(name: str) -> "Game":
    if name not in GAMES:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(GAMES)}")
    return import_module(f"{__name__}.{name}").GAME


def available_games() -> dict[str, "Game"]:
    """Games whose engine is present (all three once the game issues land)."""
    out = {}
    for name in GAMES:
        try:
            out[name] = get_game(name)
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{name}":
                raise
    return out
