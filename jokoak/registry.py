"""The games of the booklet: one description of each game, which every page iterates.

Home, the kiosk's attract screen, Sources, Translators, the router, the game page and the tests
loop over :func:`games`; none of them knows the games by name. A game is one folder,
``jokoak/games/<key>/`` (its engine, odds, drawings, computer players) with a module ``entry``
holding its :class:`GameEntry` as ``ENTRY``: the folders are *discovered* (every subpackage of
:mod:`jokoak.games` with an ``entry``, in the order of the entries' ``order``), never listed, so
a new game edits no shared file. A test may put a folder of its own on the package's path
(``jokoak.games.__path__``), or :func:`register` an entry, for the length of a test.

The entry names the game's modules by import path and they are imported on first use, so
discovering the games imports only the entries (each game's ``__init__`` stays empty): the
segment model, the engines' registry and the command line can all ask this module, and a
half-written engine cannot take the others down.
The Streamlit side (which views a game has) lives in ``ui/views.py``; the core never imports it.
"""

from __future__ import annotations

import inspect
import pkgutil
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import import_module
from types import ModuleType
from typing import Any, Callable, Iterator, Sequence

#: An icon renderer: (title, language of the title) -> a self-contained ``<svg>``.
IconRenderer = Callable[[str, str], str]

#: The package whose subpackages are the games.
GAMES_PACKAGE = "jokoak.games"


@dataclass(frozen=True)
class GameEntry:
    """What the booklet knows about one game before its rules.

    ``key`` names the game everywhere: URL path, ``content/<key>/`` (its seed, ``seed.eu.txt``),
    the gettext domain of its source, ``?game=`` links. ``name`` stays in Basque in every
    language (glossary policy); ``tagline``, ``origin``, ``players`` and ``sources`` are English
    msgids translated where they are shown. ``order`` places the game on Home and in the
    navigation (lowest first; a tie goes by key).

    Module paths default to the modules of the game's folder ``jokoak/games/<key>/``:
    ``engine`` (``GAME``), ``bots`` (``POLICIES``), ``render`` (``describe_event``, the table
    drawings and ``render_asked_outcome``) and ``odds`` (``odds_tables``); a test's game
    registered with :func:`register` may name one module for all of them. ``icon`` is
    ``"module:function"`` (an :data:`IconRenderer`), by default ``icon`` of the folder's
    ``pictures``; ``attract`` likewise names the kiosk's moving picture (by default the
    folder's ``pictures.scene`` if it has one; without one the kiosk rocks the icon) and
    ``nav_drawing`` a function returning the small ``<svg>`` drawn in the navigation bar in
    place of the material symbol ``nav_icon`` (by default ``pictures.nav`` if it has one; the
    symbol stays where the drawing cannot be shown). ``handout`` is the position drawn on the
    game's printable handout: (scenario name, steps played; ``None``: all), by default the
    end of its first scenario. ``content`` and ``seed`` are paths relative to the project
    folder (an absolute path is kept as it is, for a test's own game).
    """

    key: str
    name: str
    tagline: str
    origin: str
    players: str
    sources: tuple[str, ...]
    order: int = 1000                       # Home's and the navigation's order, lowest first
    icon: str = ""                          # "module:function": its small picture
    handout: tuple[str, int | None] = ("", None)   # the handout's position (scenario, steps)
    nav_icon: str = ":material/casino:"     # the navigation bar's material symbol
    nav_drawing: str = ""                   # "module:function": its own drawing over the symbol
    attract: str = ""                       # "module:function": the kiosk's moving picture
    engine: str = ""
    renderer: str = ""
    odds: str = ""
    bots: str = ""
    content: str = ""
    seed: str = ""
    _cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False, hash=False)

    def __post_init__(self) -> None:
        folder = self.folder
        defaults = {"engine": f"{folder}.engine", "renderer": f"{folder}.render",
                    "odds": f"{folder}.odds", "bots": f"{folder}.bots",
                    "icon": f"{folder}.pictures:icon",
                    "content": f"content/{self.key}",
                    "seed": f"content/{self.key}/seed.eu.txt"}
        for name, value in defaults.items():
            if not getattr(self, name):
                object.__setattr__(self, name, value)

    @property
    def folder(self) -> str:
        """The game's folder as a package: ``jokoak.games.<key>``."""
        return f"{GAMES_PACKAGE}.{self.key}"

    def folder_module(self, name: str) -> ModuleType | None:
        """Module ``name`` of the game's folder (``guesses``, ``who_pays``, ``pictures``), or
        ``None`` if the game has none: the optional parts of a game are found by name. A
        game registered from elsewhere (a test's) may have no folder at all: none either."""
        return optional_module(f"{self.folder}.{name}")

    # --- the game's modules, imported on first use --------------------------------------
    def engine_module(self) -> ModuleType:
        """The engine module (``GAME``)."""
        return import_module(self.engine)

    def game(self) -> Any:
        """The engine's ``GAME`` object (see :class:`jokoak.engine.Game`)."""
        return self.engine_module().GAME

    def bots_module(self) -> ModuleType | None:
        """The computer players' module (``POLICIES``, and ``hint``), or ``None``."""
        return optional_module(self.bots)

    def policies(self) -> dict[str, Any]:
        """The computer players by level (``POLICIES`` of the bots module; none: ``{}``)."""
        module = self.bots_module()
        return dict(getattr(module, "POLICIES", {})) if module is not None else {}

    def renderer_module(self) -> ModuleType | None:
        """The pure renderer (events in words, table drawings), or ``None`` if it has none."""
        return optional_module(self.renderer)

    def draw_state(self, state: Any, _: Callable[[str], str], lang: str,
                   viewer: int | None = None,
                   highlight: frozenset[str] = frozenset(),
                   events: Sequence[Any] = (), narrow: bool = False) -> str | None:
        """The game's picture of ``state`` (its table, or its board), seen from ``viewer``'s
        seat where the game hides anything (``None``: nobody's); ``None`` without a renderer.
        The one place a page asks for a drawing, so no page names the games' renderers.
        ``highlight`` names the moves a lesson's sentence talks about ("bid", "throw"), and
        ``events`` what the step's moves made happen: a renderer that takes them rings what
        they concern on the drawing. ``narrow``: laid out for a phone's width, where the
        renderer has such a layout (the pages show both, :func:`jokoak.render.for_both_widths`)."""
        module = self.renderer_module()
        table = getattr(module, "render_table_svg", None)
        drawing = table if table is not None else getattr(module, "render_board_svg", None)
        if drawing is None:
            return None
        pointed = _accepted(drawing, highlight=highlight, events=tuple(events)) if highlight else {}
        pointed.update(_accepted(drawing, narrow=True) if narrow else {})
        if table is not None:
            return str(table(state, _, lang, viewer=viewer, **pointed))
        return str(drawing(state, _, lang, **pointed))

    def asked_outcome(self, before: Any, after: Any, events: Sequence[Any],
                      _: Callable[[str], str], lang: str) -> tuple[Any, str]:
        """For a question about an action (a lesson's "who pays whom?" after a throw): the
        state to draw while the question is open, and the markup of the outcome asked about
        ("" where the drawing of that state shows it). ``before`` and ``after`` are the states
        either side of the action, ``events`` what it caused. The renderer's
        ``render_asked_outcome`` says it; without one, the state before and no picture (the
        outcome stays hidden until the question is answered)."""
        module = self.renderer_module()
        asked = getattr(module, "render_asked_outcome", None)
        if asked is None:
            return before, ""
        state, markup = asked(before, after, tuple(events), _, lang)
        return state, str(markup)

    def throw_picture(self, events: Sequence[Any], _: Callable[[str], str], lang: str,
                      roll: int, highlight: frozenset[str] = frozenset()) -> str:
        """The thrown pieces of the last throw among ``events`` where the table's drawing
        does not show them (zohn ahl's sticks), for a lesson as for play; ``""`` where the
        drawing shows the throw itself (the dice of zaldi zuria and peruludo). ``roll``, the
        throws so far, makes a new throw fall anew; ``highlight`` (the moves a lesson's
        sentence talks about) lets it ring what they concern. The renderer's
        ``render_last_throw`` says it."""
        module = self.renderer_module()
        picture = getattr(module, "render_last_throw", None)
        if picture is None:
            return ""
        pointed = _accepted(picture, highlight=highlight) if highlight else {}
        return str(picture(tuple(events), _, lang, roll, **pointed))

    def odds_module(self) -> ModuleType | None:
        """The exact odds module, or ``None`` if the game has none."""
        return optional_module(self.odds)

    def icon_svg(self, title: str, lang: str) -> str:
        """The game's small picture, titled ``title`` (in language ``lang``)."""
        renderer = self._cache.get("icon")
        if renderer is None:
            module, _sep, function = self.icon.partition(":")
            renderer = self._cache["icon"] = getattr(import_module(module), function)
        return renderer(title, lang)

    def _named_function(self, path: str) -> Callable[..., str]:
        module, _sep, function = path.partition(":")
        return getattr(import_module(module), function)

    def _picture(self, path: str, default: str) -> Callable[..., str] | None:
        """The function ``path`` names, else the folder's ``pictures.<default>`` if any."""
        if path:
            return self._named_function(path)
        pictures = self.folder_module("pictures")
        return getattr(pictures, default, None) if pictures is not None else None

    def attract_svg(self, title: str, lang: str) -> str | None:
        """The game's moving picture for the kiosk's attract screen (see
        :mod:`jokoak.render.attract`), or ``None`` if it has none of its own."""
        scene = self._picture(self.attract, "scene")
        return None if scene is None else scene(title, lang)

    def nav_svg(self) -> str | None:
        """The game's own small drawing for the navigation bar, or ``None``."""
        nav = self._picture(self.nav_drawing, "nav")
        return None if nav is None else nav()


def _accepted(function: Callable[..., Any], **keywords: Any) -> dict[str, Any]:
    """The ``keywords`` that ``function`` takes (a renderer that rings nothing takes none)."""
    names = inspect.signature(function).parameters
    return {name: value for name, value in keywords.items() if name in names}


def optional_module(path: str) -> ModuleType | None:
    """The module at ``path``, or ``None`` when that module itself is absent (a game without
    odds or bots), or the package it would be in (a game without a ``ui/games/<key>/``). A
    module it imports being absent is a real fault and is raised; one copy of this test
    serves the registry, the view finder (``ui/views.py``) and the commands."""
    try:
        return import_module(path)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (path == exc.name or path.startswith(exc.name + ".")):
            return None     # the module, or the folder it would live in, is not there
        raise


def discover() -> tuple[GameEntry, ...]:
    """The games whose folders lie on the path of :mod:`jokoak.games` (``jokoak/games/``, and
    any folder a test adds to ``jokoak.games.__path__``): every subpackage with a module
    ``entry`` defining ``ENTRY``, ordered by ``order`` then key; found once per path.

    A folder without ``entry`` is no game (yet); an ``entry`` whose key is not its folder's
    name, or that fails to import, is a fault and raised, never skipped in silence.
    """
    where = tuple(import_module(GAMES_PACKAGE).__path__)
    found = _found.get(where)
    if found is None:
        entries = []
        for folder in pkgutil.iter_modules(list(where)):
            if not folder.ispkg:
                continue
            module = optional_module(f"{GAMES_PACKAGE}.{folder.name}.entry")
            if module is None:
                continue
            described = module.ENTRY
            if not isinstance(described, GameEntry) or described.key != folder.name:
                raise ValueError(f"{GAMES_PACKAGE}.{folder.name}.entry.ENTRY must be the "
                                 f"GameEntry of a game called {folder.name!r}")
            entries.append(described)
        found = _found[where] = tuple(sorted(entries, key=lambda e: (e.order, e.key)))
    return found


_found: dict[tuple[str, ...], tuple[GameEntry, ...]] = {}

#: The booklet's own games, found in ``jokoak/games/`` when this module is first imported.
SHIPPED: tuple[GameEntry, ...] = discover()

#: The keys of the shipped games (each has a seed, a segment map and catalogs).
GAMES: tuple[str, ...] = tuple(entry.key for entry in SHIPPED)

_registered: dict[str, GameEntry] = {}


def games() -> tuple[GameEntry, ...]:
    """Every game the pages show: the folders found on :mod:`jokoak.games`'s path (the shipped
    ones, and any a test put there), then any registered since, in order."""
    return discover() + tuple(_registered.values())


def keys() -> tuple[str, ...]:
    return tuple(entry.key for entry in games())


def entry(key: str) -> GameEntry:
    """The game called ``key``; ``KeyError`` naming the known games otherwise."""
    for candidate in games():
        if candidate.key == key:
            return candidate
    raise KeyError(f"unknown game {key!r}; known: {', '.join(keys())}")


def register(new: GameEntry) -> None:
    """Add a game to every page (a test's own game; a shipped game is a folder of
    :mod:`jokoak.games`, found without registering)."""
    if new.key in keys():
        raise ValueError(f"a game called {new.key!r} is already registered")
    _registered[new.key] = new


def unregister(key: str) -> None:
    """Remove a game added by :func:`register` (the shipped games cannot be removed)."""
    del _registered[key]


@contextmanager
def registered(new: GameEntry) -> Iterator[GameEntry]:
    """``with registered(entry):`` the game is on every page, and gone afterwards."""
    register(new)
    try:
        yield new
    finally:
        unregister(new.key)
