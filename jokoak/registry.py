"""The games of the booklet: one description of each game, which every page iterates.

Home, the kiosk's attract screen, Sources, Translators, the router, the game page and the tests
loop over :func:`games`; none of them knows the games by name. A game is added by writing its
modules (engine, renderer, odds, icon, content) and one :class:`GameEntry` in :data:`SHIPPED`;
a test may :func:`register` a game of its own (``tests/toygame.py``) for the length of a test.

The entry names the game's modules by import path and they are imported on first use, so this
module depends on nothing but :mod:`jokoak.i18n.msgids`: the segment model, the engines' registry
and the command line can all ask it, and a half-written engine cannot take the others down.
The Streamlit side (which views a game has) lives in ``ui/views.py``; the core never imports it.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import import_module
from types import ModuleType
from typing import Any, Callable, Iterator, Sequence

from .i18n.msgids import N_

#: An icon renderer: (title, language of the title) -> a self-contained ``<svg>``.
IconRenderer = Callable[[str, str], str]


@dataclass(frozen=True)
class GameEntry:
    """What the booklet knows about one game before its rules.

    ``key`` names the game everywhere: URL path, ``content/<key>/``, ``seeds/<key>.eu.txt``,
    the gettext domain of its source, ``?game=`` links. ``name`` stays in Basque in every
    language (glossary policy); ``tagline``, ``origin``, ``players`` and ``sources`` are English
    msgids translated where they are shown. Module paths default to the convention
    the game's folder ``jokoak/games/<key>/``: ``engine`` (``GAME``), ``bots`` (``POLICIES``),
    ``render`` (``describe_event``, the table drawings and ``render_asked_outcome``) and
    ``odds`` (``odds_tables``); a
    test's game may name one module for all of them. ``icon`` is
    ``"module:function"`` (an :data:`IconRenderer`); ``attract`` likewise names the kiosk's
    moving picture (an :data:`IconRenderer`; without one the kiosk rocks the icon) and
    ``nav_drawing`` a
    function returning the small ``<svg>`` drawn in the navigation bar in place of the
    material symbol ``nav_icon`` (which stays where the drawing cannot be shown). ``content``
    and ``seed`` are paths relative
    to the project folder (an absolute path is kept as it is, for a test's own game).
    """

    key: str
    name: str
    tagline: str
    origin: str
    players: str
    sources: tuple[str, ...]
    icon: str
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
        folder = f"jokoak.games.{self.key}"
        defaults = {"engine": f"{folder}.engine", "renderer": f"{folder}.render",
                    "odds": f"{folder}.odds", "bots": f"{folder}.bots",
                    "content": f"content/{self.key}",
                    "seed": f"seeds/{self.key}.eu.txt"}
        for name, value in defaults.items():
            if not getattr(self, name):
                object.__setattr__(self, name, value)

    # --- the game's modules, imported on first use --------------------------------------
    def engine_module(self) -> ModuleType:
        """The engine module (``GAME``)."""
        return import_module(self.engine)

    def game(self) -> Any:
        """The engine's ``GAME`` object (see :class:`jokoak.engine.Game`)."""
        return self.engine_module().GAME

    def policies(self) -> dict[str, Any]:
        """The computer players by level (``POLICIES`` of the bots module; none: ``{}``)."""
        module = optional_module(self.bots)
        return dict(getattr(module, "POLICIES", {})) if module is not None else {}

    def renderer_module(self) -> ModuleType | None:
        """The pure renderer (events in words, table drawings), or ``None`` if it has none."""
        return optional_module(self.renderer)

    def draw_state(self, state: Any, _: Callable[[str], str], lang: str,
                   viewer: int | None = None) -> str | None:
        """The game's picture of ``state`` (its table, or its board), seen from ``viewer``'s
        seat where the game hides anything (``None``: nobody's); ``None`` without a renderer.
        The one place a page asks for a drawing, so no page names the games' renderers."""
        module = self.renderer_module()
        table = getattr(module, "render_table_svg", None)
        if table is not None:
            return str(table(state, _, lang, viewer=viewer))
        board = getattr(module, "render_board_svg", None)
        return None if board is None else str(board(state, _, lang))

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
                      roll: int) -> str:
        """The thrown pieces of the last throw among ``events`` where the table's drawing
        does not show them (zohn ahl's sticks), for a lesson as for play; ``""`` where the
        drawing shows the throw itself (the dice of zaldi zuria and peruludo). ``roll``, the
        throws so far, makes a new throw fall anew. The renderer's ``render_last_throw``
        says it."""
        module = self.renderer_module()
        picture = getattr(module, "render_last_throw", None)
        return "" if picture is None else str(picture(tuple(events), _, lang, roll))

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

    def attract_svg(self, title: str, lang: str) -> str | None:
        """The game's moving picture for the kiosk's attract screen (see
        :mod:`jokoak.render.attract`), or ``None`` if it has none of its own."""
        return self._named_function(self.attract)(title, lang) if self.attract else None

    def nav_svg(self) -> str | None:
        """The game's own small drawing for the navigation bar, or ``None``."""
        return self._named_function(self.nav_drawing)() if self.nav_drawing else None


def optional_module(path: str) -> ModuleType | None:
    """The module at ``path``, or ``None`` when that module itself is absent (a game without
    odds or bots). A module it imports being absent is a real fault and is raised; one copy
    of this test serves the registry, the view finder (``ui/views.py``) and the commands."""
    try:
        return import_module(path)
    except ModuleNotFoundError as exc:
        if exc.name == path:
            return None
        raise


ICONS = "jokoak.render.icons"
ATTRACT = "jokoak.render.attract"

#: The booklet's own games, in the order the pages show them.
SHIPPED: tuple[GameEntry, ...] = (
    GameEntry(
        "zaldi_zuria", "zaldi zuria",
        N_("A German dice game of auctioned cards, a bank and an inn, played with eight dice."),
        N_("The 19th-century German game Schimmel, also sold as Glocke und Hammer."),
        N_("6 or more players"),
        (N_("The German 19th-century game Schimmel, also sold as Glocke und Hammer (bell and "
            "hammer)."),
         N_("Pierer's Universal-Lexikon (1857–62), article “Schimmelspiel”: at least four "
            "players; only the owner of the bell-with-hammer card is paid when bell and hammer "
            "show together; the thrower pays on an all-blank throw; the inn opens when the pool "
            "falls below 21."),
         N_("Every Boy's Book and the Young Folk's Cyclopaedia of Games and Sports (1890): each "
            "player adds four counters to the pool after the auction; the inn takes only the "
            "excess over the bank."),
         N_("A Spanish copy in the Museo Nacional del Romanticismo (Madrid) calls it El juego "
            "del Caballo Blanco or de la Aduana, “of German origin”, for at least three players, "
            "preferably seven; there the inn card is the customs house.")),
        f"{ICONS}:zaldi_zuria_icon", nav_icon=":material/casino:",
        nav_drawing=f"{ATTRACT}:zaldi_zuria_nav", attract=f"{ATTRACT}:zaldi_zuria_scene"),
    GameEntry(
        "peruludo", "peruludo",
        N_("Liar's dice with sixes wild: bid on hidden dice, challenge, or call it exact."),
        N_("The South American game Perudo (Dudo), with sixes instead of ones as wilds."),
        N_("2 to 10 players"),
        (N_("Perudo or Dudo, the South American liar's dice. In the standard game ones are wild; "
            "here sixes are."),
         N_("Standard Perudo asks for double plus one when leaving the wilds (here: double), "
            "plays palifico once per player (here: arrastatze) and calza (here: doia), and "
            "reveals every cup on a challenge (here: cups are lifted only until the bid is met)."),
         N_("Board Game Arena's Dudo lets the player to the left of an eliminated player start "
            "the next round.")),
        f"{ICONS}:peruludo_icon", nav_icon=":material/casino:",
        nav_drawing=f"{ATTRACT}:peruludo_nav", attract=f"{ATTRACT}:peruludo_scene"),
    GameEntry(
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
        f"{ICONS}:zohn_ahl_icon", nav_icon=":material/casino:",
        nav_drawing=f"{ATTRACT}:zohn_ahl_nav", attract=f"{ATTRACT}:zohn_ahl_scene"),
)

#: The keys of the shipped games (each has a seed, a segment map and catalogs).
GAMES: tuple[str, ...] = tuple(entry.key for entry in SHIPPED)

_registered: dict[str, GameEntry] = {}


def games() -> tuple[GameEntry, ...]:
    """Every game the pages show: the shipped ones, then any registered since, in order."""
    return SHIPPED + tuple(_registered.values())


def keys() -> tuple[str, ...]:
    return tuple(entry.key for entry in games())


def entry(key: str) -> GameEntry:
    """The game called ``key``; ``KeyError`` naming the known games otherwise."""
    for candidate in games():
        if candidate.key == key:
            return candidate
    raise KeyError(f"unknown game {key!r}; known: {', '.join(keys())}")


def register(new: GameEntry) -> None:
    """Add a game to every page (a test's own game; shipped games belong in :data:`SHIPPED`)."""
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
