"""The games, one folder each (``jokoak.games.<key>``), and the lookup of their engines. Each
engine module exposes ``GAME`` (see :class:`jokoak.engine.Game`); where it lives is said by the
game's entry in :mod:`jokoak.registry` (by default ``jokoak.games.<key>.engine``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import registry

if TYPE_CHECKING:
    from ..engine import Game


def get_game(name: str) -> "Game":
    """The engine of a registered game (``KeyError`` for an unknown one)."""
    return registry.entry(name).game()


def available_games() -> dict[str, "Game"]:
    """Registered games whose engine is present (a game may be described before it plays)."""
    out = {}
    for entry in registry.games():
        try:
            out[entry.key] = entry.game()
        except ModuleNotFoundError as exc:
            if exc.name != entry.engine:
                raise
    return out
