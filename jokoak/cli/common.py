"""What the game commands share: finding a game, reading ``name=value`` arguments."""

from __future__ import annotations

from fractions import Fraction
from types import ModuleType
from typing import Any, Callable, Iterable

from .. import GAMES, registry
from ..engine.core import Game, Rules, RulesError, make_rules
from . import CliError

#: Games that are not in the registry, by name -> one module (``GAME``, ``POLICIES``,
#: ``odds_tables``, ``CLAUSES``). A test hook: the tests' toy game is put here. A registered
#: game keeps them apart, where its registry entry says (its folder's ``engine``, ``bots`` and
#: ``odds``).
EXTRA_MODULES: dict[str, ModuleType] = {}


def load_game(name: str) -> tuple[Game, ModuleType]:
    """The game object and its module; a :class:`CliError` for unknown or missing games."""
    if name in EXTRA_MODULES:
        module = EXTRA_MODULES[name]
        return module.GAME, module
    if name not in GAMES:
        raise CliError(f"unknown game {name!r}; known: {', '.join(GAMES)}")
    from importlib import import_module
    engine = registry.entry(name).engine
    try:
        module = import_module(engine)
    except ModuleNotFoundError as exc:
        if exc.name == engine:
            raise CliError(f"game {name!r} has no engine yet") from None
        raise CliError(f"game {name!r} cannot be loaded: {exc}") from None
    except Exception as exc:  # a half-written engine must not take the other games down
        raise CliError(f"game {name!r} cannot be loaded: {exc.__class__.__name__}: {exc}") from None
    if not hasattr(module, "GAME"):
        raise CliError(f"game {name!r} has no GAME yet")
    return module.GAME, module


def policies_of(name: str, module: ModuleType) -> dict[str, Any]:
    """Computer players by level: the toy module's ``POLICIES`` or the game's ``bots``'s."""
    if name in EXTRA_MODULES:
        return dict(getattr(module, "POLICIES", {}) or {})
    return registry.entry(name).policies()


def odds_tables_of(name: str, module: ModuleType) -> Callable[..., Any] | None:
    """``odds_tables(rules, **params)``: the toy module's or the game's ``odds``'s."""
    if name in EXTRA_MODULES:
        return getattr(module, "odds_tables", None)
    return getattr(registry.entry(name).odds_module(), "odds_tables", None)


def clauses_of(name: str, module: ModuleType) -> set[str] | None:
    """Known clause ids: the toy module's ``CLAUSES`` or the game's segment ids."""
    if name in EXTRA_MODULES:
        return set(getattr(module, "CLAUSES", ())) or None
    from ..content.segments import segment_map
    return set(segment_map(name))


def split_assignments(items: Iterable[str] | None, flag: str) -> dict[str, str]:
    """``["a=1", "b=x"]`` -> ``{"a": "1", "b": "x"}``; a malformed item is a CliError."""
    out: dict[str, str] = {}
    for item in items or ():
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise CliError(f"{flag} expects name=value, got {item!r}")
        out[name.strip()] = value.strip()
    return out


def build_rules(game: Game, ruleset: str | None, option_items: Iterable[str] | None) -> Rules:
    """Rules from ``--ruleset`` and ``--option name=value`` (typed by each option's default)."""
    options = {o.name: o for o in game.options}
    values: dict[str, Any] = {}
    try:
        for name, text in split_assignments(option_items, "--option").items():
            if name not in options:
                raise RulesError(f"unknown option {name!r}; known: {', '.join(options)}")
            values[name] = options[name].parse(text)
        return make_rules(game, ruleset, **values)
    except RulesError as exc:
        raise engine_error(exc, str(exc)) from None


def engine_error(exc: Exception, fallback: str) -> CliError:
    """The CliError for an engine's refusal: its msgid and parameters when it has them (so
    it is translated), else ``fallback`` (English, from the engine's plain message)."""
    msgid, params = getattr(exc, "msgid", None), getattr(exc, "params", None)
    if isinstance(msgid, str) and params:
        return CliError(msgid, **params)
    return CliError(fallback)


def parse_param(text: str) -> Any:
    """A ``--param`` value: an int, a fraction ``p/q``, ``true``/``false``, else the text."""
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    try:
        return int(text)
    except ValueError:
        pass
    if "/" in text:
        try:
            return Fraction(text)
        except (ValueError, ZeroDivisionError):
            pass
    return text


def fraction_text(value: Fraction) -> str:
    """``1/6`` (``1`` and ``0`` stay whole)."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def decimal_text(value: Fraction, places: int = 6) -> str:
    """A rounded decimal computed from the exact fraction (half up, no float on the way)."""
    value = Fraction(value)
    scaled = value * 10 ** places
    rounded = (scaled.numerator * 2 + scaled.denominator) // (2 * scaled.denominator)
    sign = "-" if rounded < 0 else ""
    whole, frac = divmod(abs(rounded), 10 ** places)
    return f"{sign}{whole}.{frac:0{places}d}"


def seat_name(actor: int) -> str:
    """A seat as the captions number it: seat 0 is "P1" (Player 1), seat 3 "P4"."""
    from ..engine.core import CHANCE
    return "chance" if actor == CHANCE else f"P{actor + 1}"


def event_actor_name(game: Any) -> Callable[[int], str]:
    """How an event's actors are named: seats as :func:`seat_name`, or, in a game whose
    events name teams (``GAME.event_actors == "teams"``), "T1" for team 0."""
    if getattr(game, "event_actors", "seats") == "teams":
        return lambda team: f"T{team + 1}"
    return lambda seat: f"P{seat + 1}"


def one_line_errors(parser: Any) -> Any:
    """Make argparse report a bad argument as one line (no usage block), exit status 2."""
    import sys

    def error(message: str) -> None:
        print(f"{parser.prog}: {message}", file=sys.stderr)
        raise SystemExit(2)
    parser.error = error
    return parser
