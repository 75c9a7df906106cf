"""Which games a test runs over, taken from what each game's plug-in declares.

A test that checks a capability (odds, computer players, a renderer, questions) loops over
:func:`games_with` that capability, so a game without it is skipped, not failed: optional
means optional. The same holds for the Streamlit side and the lessons: a test of a play view
loops over :func:`games_with_play_view`, a test of lessons over :func:`games_with_lessons`.
:data:`GAMES` is every shipped game (the folders of ``jokoak/games/``).
"""

from __future__ import annotations

import shutil
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest

from jokoak import registry
from jokoak.content.lessons import lessons
from jokoak.engine import Game
from jokoak.plugin import CAPABILITIES, GamePlugin

#: The shipped games' keys, in the registry's order.
GAMES: tuple[str, ...] = tuple(registry.plugins())


def games_with(capability: str) -> tuple[str, ...]:
    """The shipped games whose plug-in provides ``capability`` (one of
    :data:`jokoak.plugin.CAPABILITIES`)."""
    if capability not in CAPABILITIES:
        raise ValueError(f"{capability!r} is no capability; known: {', '.join(CAPABILITIES)}")
    return tuple(key for key in GAMES if capability in registry.plugin(key).provides())


def games_with_play_view() -> tuple[str, ...]:
    """The shipped games whose ``ui/games/<key>/`` declares a play view (``VIEWS.play``); a
    game without that package has none."""
    from ui.views import view_function   # here: the benches import this module without ui/
    return tuple(key for key in GAMES if view_function(key, "play") is not None)


def games_with_odds_view() -> tuple[str, ...]:
    """The shipped games whose ``ui/games/<key>/`` declares an odds view (``VIEWS.odds``)."""
    from ui.views import view_function
    return tuple(key for key in GAMES if view_function(key, "odds") is not None)


def games_with_lessons() -> tuple[str, ...]:
    """The shipped games with at least one lesson (``content/<key>/lessons/``)."""
    return tuple(key for key in GAMES if lessons(key))


def engine_of(key: str) -> Game:
    """The engine of the game ``key``."""
    return registry.plugin(key).game()


def engines() -> dict[str, Game]:
    """Every game's engine by key (the games on the path now, a test's toy included)."""
    return {key: found.game() for key, found in registry.plugins().items()}


#: The toy's folders: its plug-in (``jokoak_games/toygame``), its views (``ui_games/toygame``)
#: and its Basque text (``toygame_content``); its engine is ``tests/toygame.py``.
TOY_SOURCES = Path(__file__).resolve().parent


@contextmanager
def toy_on_path(where: Path) -> Iterator[GamePlugin]:
    """The toy game's plug-in, found by the registry as a shipped game's folder is.

    Its folders are copied under ``where`` and put on the games' paths (``jokoak.games`` and
    ``ui.games``) inside the block; afterwards the paths are restored, the registry forgets
    what it found there and the toy's modules leave ``sys.modules``: what follows sees the
    shipped games only.
    """
    import jokoak.games
    import ui.games

    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copytree(TOY_SOURCES / "toygame_folder", where / "toygame_folder", ignore=ignore)
    shutil.copytree(TOY_SOURCES / "toygame_content", where / "toygame_content", ignore=ignore)
    games_path = [*jokoak.games.__path__, str(where / "toygame_folder" / "jokoak_games")]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(jokoak.games, "__path__", games_path)
        patch.setattr(ui.games, "__path__",
                      [*ui.games.__path__, str(where / "toygame_folder" / "ui_games")])
        try:
            yield registry.plugin("toygame")
        finally:
            registry.forget(tuple(games_path))
            for name in [m for m in sys.modules
                         if m.startswith(("jokoak.games.toygame", "ui.games.toygame"))]:
                del sys.modules[name]
