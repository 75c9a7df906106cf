"""A game as one typed object: :class:`GamePlugin`, which each game's folder exports as
``PLUGIN`` from ``jokoak/games/<key>/plugin.py``.

The plug-in says what the booklet knows of a game before its rules (its names, sources, order,
handout position and pictures) and what the game can do, each capability a zero-argument
factory (``None`` where the game lacks it) whose return type mypy checks: the engine, the
renderer, the exact odds, the computer players and their hint, the questions to guess, the
translation check of who pays whom. A factory imports its modules when called, so finding
the games imports only the plug-ins (Home and the navigation ask for nothing more), and
nothing is looked up by name at run time: what a game lacks is ``None``, said once, here.
The capabilities' shapes live in :mod:`jokoak.plugin.capabilities` and
:mod:`jokoak.plugin.returns`.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Sequence

from .capabilities import (Bots, Gettext, IconRenderer, OddsTables, PaymentCheck, Pictures,
                           Renderer)

if TYPE_CHECKING:
    from ..engine.core import Game
    from ..odds.question import Question

__all__ = ["CAPABILITIES", "Bots", "GamePlugin", "Gettext", "IconRenderer", "OddsTables",
           "PaymentCheck", "Pictures", "Renderer"]

#: The optional capabilities a plug-in may provide, by the name :meth:`GamePlugin.provides`
#: gives them (the engine and the pictures are required).
CAPABILITIES = ("renderer", "odds", "bots", "guesses", "who_pays")


@dataclass(frozen=True)
class GamePlugin:
    """One game: its description, its engine and its optional capabilities.

    ``key`` names the game everywhere: its folder ``jokoak/games/<key>/``, URL path,
    ``content/<key>/`` (its seed, ``seed.eu.txt``), the gettext domain of its source, ``?game=``
    links. ``name`` stays in Basque in every language (glossary policy); ``tagline``,
    ``origin``, ``players`` and ``sources`` are English msgids translated where they are shown.
    ``order`` places the game on Home and in the navigation (lowest first; a tie goes by key).
    ``handout`` is the position drawn on the printable handout: (scenario name, steps played;
    ``None``: all), by default the end of its first scenario. ``nav_icon`` is the navigation's
    material symbol, kept where the game's own drawing (``Pictures.nav``) cannot be shown.
    ``content`` and ``seed`` are paths relative to the project folder (an absolute path is
    kept as it is, for a test's own game); empty means ``content/<key>`` and
    ``content/<key>/seed.eu.txt``.
    """

    key: str
    name: str
    tagline: str
    origin: str
    players: str
    sources: tuple[str, ...]
    engine: Callable[[], "Game"]
    pictures: Callable[[], Pictures]
    order: int = 1000
    handout: tuple[str, int | None] = ("", None)
    nav_icon: str = ":material/casino:"
    content: str = ""
    seed: str = ""
    renderer: Callable[[], Renderer] | None = None
    odds: Callable[[], OddsTables] | None = None
    bots: Callable[[], Bots] | None = None
    guesses: Callable[[], Sequence["Question"]] | None = None
    who_pays: Callable[[], PaymentCheck] | None = None
    _cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False, hash=False)

    def __post_init__(self) -> None:
        if not self.content:
            object.__setattr__(self, "content", f"content/{self.key}")
        if not self.seed:
            object.__setattr__(self, "seed", f"content/{self.key}/seed.eu.txt")

    def provides(self) -> tuple[str, ...]:
        """The optional capabilities this game has, in :data:`CAPABILITIES`' order."""
        return tuple(name for name in CAPABILITIES if getattr(self, name) is not None)

    def _once(self, name: str, factory: Callable[[], Any]) -> Any:
        """What ``factory`` gives, asked once (a factory imports and builds)."""
        if name not in self._cache:
            self._cache[name] = factory()
        return self._cache[name]

    # --- what every game has ------------------------------------------------------------
    def game(self) -> "Game":
        """The engine (see :class:`jokoak.engine.Game`)."""
        found: Game = self._once("engine", self.engine)
        return found

    def drawings(self) -> Pictures:
        found: Pictures = self._once("pictures", self.pictures)
        return found

    def icon_svg(self, title: str, lang: str) -> str:
        """The game's small picture, titled ``title`` (in language ``lang``)."""
        return self.drawings().icon(title, lang)

    def attract_svg(self, title: str, lang: str) -> str | None:
        """The game's moving picture for the kiosk's attract screen (see
        :mod:`jokoak.render.attract`), or ``None`` if it has none of its own."""
        scene = self.drawings().scene
        return None if scene is None else scene(title, lang)

    def nav_svg(self) -> str | None:
        """The game's own small drawing for the navigation bar, or ``None``."""
        nav = self.drawings().nav
        return None if nav is None else nav()

    # --- what a game may have -----------------------------------------------------------
    def table_renderer(self) -> Renderer | None:
        """The pure renderer (events in words, the table's drawing), or ``None``."""
        return None if self.renderer is None else self._once("renderer", self.renderer)

    def computer_players(self) -> Bots | None:
        """The computer players (and their hint), or ``None``."""
        return None if self.bots is None else self._once("bots", self.bots)

    def policies(self) -> dict[str, Callable[..., str]]:
        """The computer players by level (none: ``{}``)."""
        bots = self.computer_players()
        return dict(bots.policies) if bots is not None else {}

    def odds_tables(self) -> OddsTables | None:
        """``odds_tables(rules, **params)``, or ``None`` for a game without odds."""
        return None if self.odds is None else self._once("odds", self.odds)

    def questions(self) -> tuple["Question", ...]:
        """The questions to guess before seeing (none: ``()``)."""
        return () if self.guesses is None else tuple(self._once("guesses", self.guesses))

    def payment_check(self) -> PaymentCheck | None:
        """The translation check of who pays whom, or ``None``."""
        return None if self.who_pays is None else self._once("who_pays", self.who_pays)

    def draw_state(self, state: Any, _: Gettext, lang: str,
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
        renderer = self.table_renderer()
        if renderer is None:
            return None
        drawing = renderer.draw
        pointed = _accepted(drawing, highlight=highlight, events=tuple(events)) if highlight else {}
        pointed.update(_accepted(drawing, narrow=True) if narrow else {})
        if renderer.hides_seats:
            return str(drawing(state, _, lang, viewer=viewer, **pointed))
        return str(drawing(state, _, lang, **pointed))

    def asked_outcome(self, before: Any, after: Any, events: Sequence[Any],
                      _: Gettext, lang: str) -> tuple[Any, str]:
        """For a question about an action (a lesson's "who pays whom?" after a throw): the
        state to draw while the question is open, and the markup of the outcome asked about
        ("" where the drawing of that state shows it). ``before`` and ``after`` are the states
        either side of the action, ``events`` what it caused. Without the renderer's
        ``asked_outcome``: the state before and no picture (the outcome stays hidden until
        the question is answered)."""
        renderer = self.table_renderer()
        if renderer is None or renderer.asked_outcome is None:
            return before, ""
        state, markup = renderer.asked_outcome(before, after, tuple(events), _, lang)
        return state, str(markup)

    def throw_picture(self, events: Sequence[Any], _: Gettext, lang: str,
                      roll: int, highlight: frozenset[str] = frozenset()) -> str:
        """The thrown pieces of the last throw among ``events`` where the table's drawing
        does not show them (zohn ahl's sticks), for a lesson as for play; ``""`` where the
        drawing shows the throw itself. ``roll``, the throws so far, makes a new throw fall
        anew; ``highlight`` (the moves a lesson's sentence talks about) lets it ring what
        they concern. The renderer's ``last_throw`` says it."""
        renderer = self.table_renderer()
        if renderer is None or renderer.last_throw is None:
            return ""
        picture = renderer.last_throw
        pointed = _accepted(picture, highlight=highlight) if highlight else {}
        return str(picture(tuple(events), _, lang, roll, **pointed))


def _accepted(function: Callable[..., Any], **keywords: Any) -> dict[str, Any]:
    """The ``keywords`` that ``function`` takes (a renderer that rings nothing takes none)."""
    names = inspect.signature(function).parameters
    return {name: value for name, value in keywords.items() if name in names}
