"""What the game commands share: finding a game, reading ``name=value`` arguments."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Iterable

from .. import registry
from ..engine.core import Game, Rules, RulesError, make_rules
from ..i18n.msgids import N_
from ..plugin import GamePlugin, OddsTables
from . import CliError


def load_game(name: str) -> tuple[Game, GamePlugin]:
    """The game's engine and its plug-in; a :class:`CliError` for unknown or broken games."""
    found = registry.plugins().get(name)
    if found is None:
        raise CliError(f"unknown game {name!r}; known: {', '.join(registry.plugins())}")
    try:
        return found.game(), found
    except Exception as exc:  # a half-written engine must not take the other games down
        raise CliError(f"game {name!r} cannot be loaded: {exc.__class__.__name__}: {exc}") from None


def policies_of(name: str, plugin: GamePlugin) -> dict[str, Any]:
    """Computer players by level (none: ``{}``)."""
    return dict(plugin.policies())


def odds_tables_of(name: str, plugin: GamePlugin) -> OddsTables:
    """``odds_tables(rules, **params)``; a :class:`CliError` for a game without odds."""
    tables = plugin.odds_tables()
    if tables is None:
        raise CliError(N_("The game %(game)s has no odds tables."), game=name)
    return tables


def clauses_of(name: str, plugin: GamePlugin) -> set[str] | None:
    """Known clause ids: the game's segment ids."""
    from ..content.segments import segment_map
    return set(segment_map(plugin.key))


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
