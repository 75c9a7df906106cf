"""The games of the booklet: one mapping of plug-ins, which every page and command reads.

Home, the kiosk's attract screen, Sources, Translators, the router, the game page, the
commands and the tests loop over :func:`plugins`; none of them knows the games by name. A game
is one folder, ``jokoak/games/<key>/``, whose ``plugin.py`` exports its
:class:`~jokoak.plugin.GamePlugin` as ``PLUGIN``: the folders are *discovered* (every folder on
the path of the package ``jokoak.games``, in the order of the plug-ins' ``order``), never
listed, so a new game edits no shared file. A test puts a folder of its own on that path for
the length of a test (``tests/conftest.py``'s ``toy``).

A folder is a game or a fault: one without ``__init__.py`` or without ``plugin.py`` is refused
with an error naming what it lacks, never skipped in silence. Discovering the games imports
only the plug-ins (each game's ``__init__`` stays empty, each capability is imported when
asked), so the segment model, the commands and Home can ask this module cheaply. The games'
package is imported by its name, never by an import statement: the core's layers
(``pyproject.toml``) keep every shared module below the games' folders.
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import Iterable, Mapping

from .plugin import GamePlugin

#: The package whose folders are the games.
GAMES_PACKAGE = "jokoak.games"

#: Folders on the games' path that are no game (Python's own).
_NOT_GAMES = ("__pycache__",)


class GameFolderError(ValueError):
    """A folder on the games' path that is not a whole game (no ``__init__.py``, no
    ``plugin.py``, no ``PLUGIN`` of its own key)."""


def _folders(where: Iterable[str]) -> list[Path]:
    return sorted((folder for place in where if Path(place).is_dir()
                   for folder in Path(place).iterdir()
                   if folder.is_dir() and folder.name not in _NOT_GAMES
                   and not folder.name.startswith(".")), key=lambda f: f.name)


def _load(folder: Path) -> GamePlugin:
    key = folder.name
    if not (folder / "__init__.py").is_file():
        raise GameFolderError(f"{folder.name}/ has no __init__.py: Python does not see it as a "
                              f"package, so the game {key!r} could not be found")
    if not (folder / "plugin.py").is_file():
        raise GameFolderError(f"{folder.name}/ has no plugin.py exporting PLUGIN, the "
                              f"GamePlugin of the game {key!r}")
    found = getattr(import_module(f"{GAMES_PACKAGE}.{key}.plugin"), "PLUGIN", None)
    if not isinstance(found, GamePlugin) or found.key != key:
        raise GameFolderError(f"{GAMES_PACKAGE}.{key}.plugin.PLUGIN must be the GamePlugin of "
                              f"a game called {key!r}")
    return found


def plugins() -> Mapping[str, GamePlugin]:
    """Every game, by key, in order (``order``, then key): the folders on the path of
    :mod:`jokoak.games` (``jokoak/games/``, and any folder a test adds to it); found once per
    path, so a test's folder is forgotten as soon as the path is restored."""
    where = tuple(import_module(GAMES_PACKAGE).__path__)
    found = _found.get(where)
    if found is None:
        loaded = sorted((_load(folder) for folder in _folders(where)),
                        key=lambda p: (p.order, p.key))
        found = _found[where] = MappingProxyType({p.key: p for p in loaded})
    return found


_found: dict[tuple[str, ...], Mapping[str, GamePlugin]] = {}


def plugin(key: str) -> GamePlugin:
    """The game called ``key``; ``KeyError`` naming the known games otherwise."""
    found = plugins()
    if key not in found:
        raise KeyError(f"unknown game {key!r}; known: {', '.join(found)}")
    return found[key]


def forget(where: tuple[str, ...]) -> None:
    """Drop what was found on the path ``where`` (a test's folder, once the test is over)."""
    _found.pop(where, None)


def optional_module(path: str) -> ModuleType | None:
    """The module at ``path``, or ``None`` when that module itself is absent, or the package
    it would be in (a game without a ``ui/games/<key>/``). A module it imports being absent
    is a real fault and is raised. For the Streamlit side's views (``ui/views.py``): the
    core's own capabilities are the plug-ins', never found by name."""
    try:
        return import_module(path)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (path == exc.name or path.startswith(exc.name + ".")):
            return None     # the module, or the folder it would live in, is not there
        raise
