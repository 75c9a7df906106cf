"""One API for every game, shaped like OpenSpiel's.

A game is a :class:`Game` (options, rulesets, ``new_initial_state``); a position is an
immutable :class:`GameState`. ``apply`` returns a *new* state and the structured
:class:`Event` list it caused; events name the clause ids (segment ids of the Basque source)
they apply, never prose. Chance nodes list every outcome with an exact ``Fraction``.

Actions are short strings (``"bid:7:2"``, ``"roll:0,3,5"``, ``"palero"``): readable in
scenarios and JSON records, and sortable, so ``legal_actions`` is deterministic.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Mapping, Protocol, Sequence

#: ``current_player()`` at a chance node.
CHANCE = -1
#: ``current_player()`` once the game is over.
TERMINAL = -4


class RulesError(ValueError):
    """An option or ruleset the game does not know, or a value it does not allow."""


class SetupError(ValueError):
    """A starting position the rules refuse (too few players, impossible dice, ...).

    ``msgid`` is an English gettext msgid and ``params`` its ``%(name)s`` values, so pages
    can show the reason in the visitor's language.
    """

    def __init__(self, msgid: str, **params: Any) -> None:
        super().__init__(msgid % params if params else msgid)
        self.msgid = msgid
        self.params = params


@dataclass(frozen=True)
class Option:
    """A variant point, like a Ludii option.

    ``description`` is a one-line msgid; ``justification`` the clause id (``"phase2.throw3.both"``)
    or source (``"Pierer 1857"``) behind the default; ``choices`` lists allowed values (empty
    tuple: any value of the default's type).
    """

    name: str
    description: str
    default: Any
    justification: str
    choices: tuple[Any, ...] = ()
    choice_labels: tuple[str, ...] = ()  # msgids, parallel to choices

    def check(self, value: Any) -> Any:
        if self.choices:
            if value not in self.choices:
                raise RulesError(f"option {self.name}: {value!r} is not one of {self.choices}")
        elif type(value) is not type(self.default) and not (
                isinstance(self.default, Fraction) and isinstance(value, (int, Fraction))):
            raise RulesError(f"option {self.name}: expected {type(self.default).__name__}")
        return value


@dataclass(frozen=True)
class Ruleset:
    """A named bundle of option values, tagged with where it comes from."""

    name: str
    title: str          # msgid
    provenance: str     # msgid: the source it follows
    values: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Rules:
    """Every option's value for one game (defaults filled in)."""

    game: str
    ruleset: str
    values: tuple[tuple[str, Any], ...]

    def __getitem__(self, name: str) -> Any:
        for key, value in self.values:
            if key == name:
                return value
        raise KeyError(name)

    def as_dict(self) -> dict[str, Any]:
        return dict(self.values)

    def to_json(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset,
                "options": {k: (str(v) if isinstance(v, Fraction) else v) for k, v in self.values}}


@dataclass(frozen=True)
class Event:
    """Something a rule made happen: structured, localizable, citing its clauses.

    ``kind`` names the event (``"payment"``, ``"throw"``); ``actors`` are player/team indices;
    ``amounts`` numbers (chips, pips, dice); ``clauses`` the segment ids applied; ``data`` any
    other JSON-able detail (faces, bid, card names).
    """

    kind: str
    clauses: tuple[str, ...]
    actors: tuple[int, ...] = ()
    amounts: tuple[tuple[str, int], ...] = ()
    data: tuple[tuple[str, Any], ...] = ()

    def amount(self, name: str, default: int | None = None) -> int | None:
        return dict(self.amounts).get(name, default)

    def get(self, name: str, default: Any = None) -> Any:
        return dict(self.data).get(name, default)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "clauses": list(self.clauses), "actors": list(self.actors),
                "amounts": dict(self.amounts), "data": dict(self.data)}


def event(kind: str, clauses: str | Sequence[str], actors: Sequence[int] = (),
          data: Mapping[str, Any] | None = None, **amounts: int) -> Event:
    """Shorthand: ``event("payment", "phase2.throw1.owner", (2, 0), chips=1)``."""
    cl = (clauses,) if isinstance(clauses, str) else tuple(clauses)
    return Event(kind=kind, clauses=cl, actors=tuple(actors),
                 amounts=tuple(sorted(amounts.items())),
                 data=tuple(sorted((data or {}).items())))


class GameState(Protocol):
    """An immutable position. Every method is pure."""

    rules: Rules

    def current_player(self) -> int: ...
    def legal_actions(self) -> list[str]: ...
    def apply(self, action: str) -> tuple["GameState", list[Event]]: ...
    def chance_outcomes(self) -> list[tuple[str, Fraction]]: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[float]: ...
    def observation(self, player: int | None) -> dict[str, Any]: ...
    def totals(self) -> dict[str, int]: ...


class Game(Protocol):
    """A registered game: its options, rulesets and starting positions."""

    name: str
    options: tuple[Option, ...]
    rulesets: tuple[Ruleset, ...]
    #: upper bound on the number of actions in a game, for the harness (documented per game)
    max_actions: int

    def new_initial_state(self, rules: Rules, setup: Mapping[str, Any] | None = None) -> GameState: ...
    def default_setup(self, rules: Rules) -> dict[str, Any]: ...


def make_rules(game: Game, ruleset: str | None = None, **overrides: Any) -> Rules:
    """Rules for ``game``: defaults, then the ruleset's values, then ``overrides``."""
    options = {o.name: o for o in game.options}
    chosen = ruleset or game.rulesets[0].name
    sets = {r.name: r for r in game.rulesets}
    if chosen not in sets:
        raise RulesError(f"unknown ruleset {chosen!r}; known: {', '.join(sets)}")
    values = {name: o.default for name, o in options.items()}
    for name, value in list(sets[chosen].values.items()) + list(overrides.items()):
        if name not in options:
            raise RulesError(f"unknown option {name!r}")
        values[name] = options[name].check(value)
    return Rules(game=game.name, ruleset=chosen, values=tuple(sorted(values.items())))


def sample_chance(outcomes: Sequence[tuple[str, Fraction]], rng: random.Random) -> str:
    """Draw one outcome with exactly its probability (integer arithmetic, no float bias)."""
    denominator = 1
    for _, p in outcomes:
        denominator = denominator * p.denominator // _gcd(denominator, p.denominator)
    ticket = rng.randrange(denominator)
    for action, p in outcomes:
        weight = p.numerator * (denominator // p.denominator)
        if ticket < weight:
            return action
        ticket -= weight
    raise ValueError("chance outcomes do not sum to 1")


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a
