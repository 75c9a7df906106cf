"""One API for every game, shaped like OpenSpiel's.

A game is a :class:`Game` (options, rulesets, ``new_initial_state``); a position is an
immutable :class:`GameState`. ``apply`` returns a *new* state and the structured
:class:`Event` list it caused; events name the clause ids (segment ids of the Basque source)
they apply, never prose. Chance nodes list every outcome with an exact ``Fraction``.

Actions are short strings (``"bid:7:2"``, ``"roll:0,3,5"``, ``"palero"``): readable in
scenarios and JSON records, and sortable, so ``legal_actions`` is deterministic.
"""

from __future__ import annotations

import math
import operator
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Mapping, Protocol, Sequence, TypeVar, overload

from ..errors import RefusedByRules
from ..i18n.msgids import N_

#: ``current_player()`` at a chance node.
CHANCE = -1
#: ``current_player()`` once the game is over.
TERMINAL = -4


class RulesError(RefusedByRules):
    """An option or ruleset the game does not know, or a value it does not allow.

    ``msgid`` with ``%(name)s`` parameters from ``params`` where the message is meant for
    translation (the out-of-bounds ones), the English text otherwise.
    """


class SetupError(RefusedByRules):
    """A starting position the rules refuse (too few players, impossible dice, ...).

    ``msgid`` is an English gettext msgid and ``params`` its ``%(name)s`` values, so pages
    can show the reason in the visitor's language.
    """


@dataclass(frozen=True)
class Reason:
    """Why the rules refuse an action here, for a page to say in the visitor's language.

    ``msgid`` is an English gettext msgid with ``%(name)s`` placeholders filled from
    ``params``; ``clauses`` are the segment ids of the Basque text the refusal rests on
    (a page highlights them), empty only when no clause is involved (an unreadable action).
    A reason that states a count has an English ``plural`` msgid too, and its ``count``
    parameter picks the form (``ngettext``), so "1 die" and "3 dice" both read right.
    """

    msgid: str
    params: tuple[tuple[str, Any], ...] = ()
    clauses: tuple[str, ...] = ()
    plural: str = ""

    def param(self, name: str, default: Any = None) -> Any:
        return dict(self.params).get(name, default)

    def text(self, gettext: Callable[[str], str],
             ngettext: Callable[[str, str, int], str] | None = None) -> str:
        """The reason in the language of ``gettext`` (and ``ngettext`` for a counted reason;
        a :class:`jokoak.i18n.Translator` passed as ``gettext`` serves for both)."""
        if self.plural:
            pick = ngettext or getattr(gettext, "ngettext", None)
            count = self.param("count")
            translated = (pick(self.msgid, self.plural, count) if pick is not None
                          else (self.msgid if count == 1 else self.plural))
        else:
            translated = gettext(self.msgid)
        return translated % dict(self.params) if self.params else translated

    def english(self) -> str:
        """The reason in English (logs, exception messages, tests)."""
        return self.text(lambda m: m, lambda one, many, n: one if n == 1 else many)


def reason(msgid: str | tuple[str, str], clauses: str | Sequence[str] = (), /,
           **params: Any) -> Reason:
    """Shorthand: ``reason(Nn_("Sixes need at least %(count)s die.", "Sixes need at least
    %(count)s dice."), "raise.to_wild", count=3)``; a plural pair needs a ``count``."""
    cl = (clauses,) if isinstance(clauses, str) else tuple(dict.fromkeys(clauses))
    singular, plural = (msgid, "") if isinstance(msgid, str) else msgid
    if plural and "count" not in params:
        raise TypeError(f"reason {singular!r}: a plural msgid needs a count")
    return Reason(msgid=singular, params=tuple(sorted(params.items())), clauses=cl,
                  plural=plural)


class IllegalAction(RefusedByRules):
    """An action the rules do not allow in this position: the one exception every game's
    ``apply`` raises for it. ``reason`` (a :class:`Reason`) says why when the game can tell,
    with the clauses it rests on and its plural: a page shows ``reason``, never ``msgid``.
    """

    def __init__(self, action: str, why: Reason | None = None) -> None:
        super().__init__(f"{action!r}: {why.english() if why else 'not legal here'}")
        self.action = action
        self.reason = why


@dataclass(frozen=True)
class Option:
    """A variant point, like a Ludii option.

    ``description`` is a one-line msgid; ``justification`` the clause id (``"phase2.throw3.both"``)
    or source (``"Pierer 1857"``) behind the default; ``choices`` lists allowed values (empty
    tuple: any value of the default's type). A numeric option without choices has documented
    bounds, ``minimum`` and ``maximum`` (inclusive), which :meth:`check` enforces: an absurd
    value (ten thousand scoring sticks, a probability of -1) is refused, never computed.
    """

    name: str
    description: str
    default: Any
    justification: str
    choices: tuple[Any, ...] = ()
    choice_labels: tuple[str, ...] = ()  # msgids, parallel to choices
    minimum: Any = None
    maximum: Any = None

    def check(self, value: Any) -> Any:
        if self.choices:
            # same type as well as equal: 1 is not True, 8.0 is not 8
            if not any(type(value) is type(c) and value == c for c in self.choices):
                raise RulesError(f"option {self.name}: {str(value)[:40]!r} is not one of "
                                 f"{self.choices}")
            return value
        if type(value) is not type(self.default) and not (
                isinstance(self.default, Fraction) and type(value) in (int, Fraction)):
            raise RulesError(f"option {self.name}: expected {type(self.default).__name__}")
        if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum):
            raise RulesError(N_("Option %(option)s must lie from %(minimum)s to %(maximum)s, "
                                "not %(value)s."), option=self.name, value=_plain(value),
                             minimum=_plain(self.minimum), maximum=_plain(self.maximum))
        return value

    def parse(self, text: str) -> Any:
        """The value typed on a command line (``"true"``, ``"7"``, ``"1/3"``), checked.

        Typed by the default, so ``--option min_players=4`` stays an ``int``.
        """
        if self.choices:
            for choice in self.choices:
                if text == str(choice) or (isinstance(choice, bool) and _parse_bool(text) is choice):
                    return choice
            raise RulesError(f"option {self.name}: {text!r} is not one of "
                             f"{', '.join(str(c) for c in self.choices)}")
        try:
            if isinstance(self.default, bool):
                value: Any = _parse_bool(text)
                if value is None:
                    raise ValueError(text)
            elif isinstance(self.default, int):
                value = int(text)
            elif isinstance(self.default, Fraction):
                value = Fraction(text)
            elif isinstance(self.default, float):
                value = float(text)
            else:
                value = text
        except (ValueError, ZeroDivisionError):
            raise RulesError(f"option {self.name}: {text!r} is not a "
                             f"{type(self.default).__name__}") from None
        return self.check(value)


def _plain(value: Any) -> str:
    """``1/2`` for a Fraction (its repr is long), the value otherwise."""
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{value.numerator}/{value.denominator}"
    return str(value.numerator if isinstance(value, Fraction) else value)


def _parse_bool(text: str) -> bool | None:
    return {"true": True, "yes": True, "1": True, "on": True,
            "false": False, "no": False, "0": False, "off": False}.get(text.strip().lower())


@dataclass(frozen=True)
class Ruleset:
    """A named bundle of option values, tagged with where it comes from."""

    name: str
    title: str          # msgid
    provenance: str     # msgid: the source it follows
    values: Mapping[str, Any] = field(default_factory=dict)


#: A game's typed view of its options (see :meth:`Rules.view`).
OptionsView = TypeVar("OptionsView")


@dataclass(frozen=True)
class Rules:
    """Every option's value for one game (defaults filled in).

    The values are data (a ruleset, a record's JSON, a link); the code that reads them asks
    for its game's typed view, :meth:`view`, so that every option it reads is checked by
    name and by type (its choices as a ``Literal``). ``rules["name"]`` is for code that
    handles any game (the command line, records): it returns ``object``, never ``Any``.
    """

    game: str
    ruleset: str
    values: tuple[tuple[str, Any], ...]
    #: The views already made of these rules, by their class (made once: engines read
    #: options at every step, the harness plays thousands of games).
    _views: dict[type, object] = field(default_factory=dict, init=False, repr=False,
                                       compare=False, hash=False)

    def __getitem__(self, name: str) -> object:
        for key, value in self.values:
            if key == name:
                return value
        raise KeyError(name)

    def view(self, kind: type[OptionsView]) -> OptionsView:
        """These rules as ``kind``, the game's frozen dataclass with one field per option
        (``ZohnAhlOptions(**values)``): a missing or unknown option is a ``TypeError`` here,
        and tests/test_options_views.py holds every field's type to its option's choices."""
        found = self._views.get(kind)
        if found is None:
            found = self._views[kind] = kind(**dict(self.values))
        assert isinstance(found, kind)
        return found

    def as_dict(self) -> dict[str, Any]:
        return dict(self.values)

    def to_json(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset,
                "options": {k: (str(v) if isinstance(v, Fraction) else v) for k, v in self.values}}

    @classmethod
    def from_json(cls, game: "Game", data: Mapping[str, Any]) -> "Rules":
        """Inverse of :meth:`to_json` (``Fraction`` options come back from their string)."""
        if not isinstance(data, Mapping) or "ruleset" not in data:
            raise RulesError("rules: expected a mapping with 'ruleset' and 'options'")
        if not isinstance(data["ruleset"], str):
            raise RulesError(f"'ruleset' must be the name of a ruleset (text), not "
                             f"{_json_type(data['ruleset'])}")
        raw = data.get("options")
        raw = {} if raw is None else raw
        if not isinstance(raw, Mapping):
            raise RulesError("rules: 'options' must be a mapping")
        options = {o.name: o for o in game.options}
        values = {}
        for name, value in raw.items():
            if name not in options:
                raise RulesError(f"unknown option {name!r}")
            if isinstance(options[name].default, Fraction) and isinstance(value, (str, int)):
                try:
                    value = Fraction(value)
                except (ValueError, ZeroDivisionError):
                    raise RulesError(f"option {name}: {value!r} is not a fraction") from None
            values[name] = value
        return make_rules(game, data["ruleset"], **values)


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

    @overload
    def amount(self, name: str) -> int | None: ...
    @overload
    def amount(self, name: str, default: int) -> int: ...

    def amount(self, name: str, default: int | None = None) -> int | None:
        return dict(self.amounts).get(name, default)

    def get(self, name: str, default: Any = None) -> Any:
        return dict(self.data).get(name, default)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "clauses": list(self.clauses), "actors": list(self.actors),
                "amounts": dict(self.amounts), "data": dict(self.data)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Event":
        return event(data["kind"], tuple(data["clauses"]), tuple(data.get("actors", ())),
                     dict(data.get("data") or {}), **dict(data.get("amounts") or {}))


def event(kind: str, clauses: str | Sequence[str], actors: Sequence[int] = (),
          data: Mapping[str, Any] | None = None, /, **amounts: int) -> Event:
    """Shorthand: ``event("payment", "phase2.throw1.owner", (2, 0), chips=1)``.

    The first four parameters are positional-only, so an amount may be called ``kind`` or
    ``data`` too; an amount that is not an integer (``actors=(1,)`` by mistake) is refused.
    """
    cl = (clauses,) if isinstance(clauses, str) else tuple(clauses)
    for name, value in amounts.items():
        if not isinstance(value, int):
            raise TypeError(f"event {kind!r}: amount {name}={value!r} is not an integer "
                            f"(pass kind, clauses, actors and data by position)")
    return Event(kind=kind, clauses=cl, actors=tuple(actors),
                 amounts=tuple(sorted(amounts.items())),
                 data=tuple(sorted((data or {}).items())))


class GameState(Protocol):
    """An immutable position. Every method is pure.

    ``rules`` is a read-only property here so that a frozen dataclass's field satisfies it
    (mypy checks every game's state against this protocol: each game's ``engine.py`` ends
    with ``KEEPS_THE_ENGINE_PROTOCOLS: Game = GAME``).
    """

    @property
    def rules(self) -> Rules: ...

    def current_player(self) -> int: ...
    def legal_actions(self) -> list[str]: ...
    def apply(self, action: str) -> tuple["GameState", list[Event]]: ...
    def chance_outcomes(self) -> list[tuple[str, Fraction]]: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[float]: ...
    def observation(self, player: int | None) -> dict[str, Any]: ...
    def totals(self) -> dict[str, int]: ...
    def why_not(self, action: str, seat: int | None = None) -> Reason | None:
        """``None`` if ``action`` is legal here (for ``seat``, when given), else the rules'
        reason for refusing it (:func:`refusal` is the checked way to ask)."""
        ...


class Game(Protocol):
    """A registered game: its options, rulesets and starting positions.

    Optional members the conformance harness (:mod:`jokoak.engine.harness`) uses when present:

    * ``hidden_variants(state, seat) -> Iterable[GameState]`` — a few states that differ from
      ``state`` *only* in what ``seat`` may not see (an opponent's dice re-rolled, ...).
      Required as soon as some ``observation(seat)`` differs from ``observation(None)``.
    * ``action_sort_key(action) -> Any`` — the order ``legal_actions`` follows when plain
      string order reads badly (``"bid:10:2"`` after ``"bid:9:2"``); default: ``str``.
    * ``options_view`` — the game's typed options, a frozen dataclass with one field per
      option (its choices a ``Literal``): code reads ``rules.view(game.options_view)``, and
      tests/test_options_views.py holds the fields to the options.
    * ``longest_game(initial) -> int`` — the most actions a real game from the starting
      state ``initial`` takes, scaling with its setup (players, chips, dice): a link carrying
      more moves is refused before any is replayed (:mod:`jokoak.engine.record_code`);
      default ``max_actions``.
    """

    # Read-only properties, so that a frozen dataclass's fields and plain class attributes
    # both satisfy the protocol (a game never changes them).
    @property
    def name(self) -> str: ...
    @property
    def options(self) -> tuple[Option, ...]: ...
    @property
    def rulesets(self) -> tuple[Ruleset, ...]: ...
    @property
    def max_actions(self) -> int:
        """Upper bound on the number of actions in a game, for the harness (documented per game)."""
        ...

    def new_initial_state(self, rules: Rules, setup: Mapping[str, Any] | None = None) -> GameState: ...
    def default_setup(self, rules: Rules) -> dict[str, Any]: ...


def _json_type(value: Any) -> str:
    """How a wrong value is named in a field error: its JSON/YAML kind."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float, Fraction)):
        return "a number"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        return "a list"
    return "null" if value is None else type(value).__name__


def make_rules(game: Game, ruleset: str | None = None, **overrides: Any) -> Rules:
    """Rules for ``game``: defaults, then the ruleset's values, then ``overrides``."""
    options = {o.name: o for o in game.options}
    # only a missing ruleset means the first: [], {} or "" are wrong values, never a default
    chosen = game.rulesets[0].name if ruleset is None else ruleset
    sets = {r.name: r for r in game.rulesets}
    if not isinstance(chosen, str):
        raise RulesError(f"ruleset must be the name of a ruleset (text), not "
                         f"{_json_type(chosen)}; known: {', '.join(sets)}")
    if chosen not in sets:
        raise RulesError(f"unknown ruleset {str(chosen)[:40]!r}; known: {', '.join(sets)}")
    values = {name: o.default for name, o in options.items()}
    for name, value in list(sets[chosen].values.items()) + list(overrides.items()):
        if name not in options:
            raise RulesError(f"unknown option {name!r}")
        values[name] = options[name].check(value)
    return Rules(game=game.name, ruleset=chosen, values=tuple(sorted(values.items())))


def sample_chance(outcomes: Sequence[tuple[str, Fraction]], rng: random.Random) -> str:
    """Draw one outcome with exactly its probability (integer arithmetic, no float bias).

    Raises ``ValueError`` unless the probabilities sum to exactly 1: a chance model that is
    off by a rounding error must fail loudly, never skew a game.
    """
    actions, denominator, weights = outcome_weights(outcomes)
    if sum(weights) != denominator or any(w < 0 for w in weights):
        raise ValueError("chance outcomes do not sum to 1")
    return draw_weighted(actions, denominator, weights, rng)


#: (length, id of the first outcome) -> (the outcomes, result): games hand out the same
#: outcome pairs for each chance situation (zaldi zuria's 256 patterns, a die's six faces),
#: usually in a fresh list, so the integer weights are worked out once per situation.
_WEIGHTS_MEMO: dict[tuple[int, int], tuple[tuple[tuple[str, Fraction], ...],
                                           tuple[list[str], int, list[int]]]] = {}


def outcome_weights(outcomes: Sequence[tuple[str, Fraction]]) -> tuple[list[str], int, list[int]]:
    """``(actions, denominator, weights)`` of a chance node (see :func:`integer_weights`).

    Memoised by the identity of the outcome pairs: a hit is the very same (immutable)
    pairs in the same order, so the same result; the cache keeps its pairs alive, so an id
    cannot be reused while cached.
    """
    key = (len(outcomes), id(outcomes[0]) if outcomes else 0)
    hit = _WEIGHTS_MEMO.get(key)
    if hit is not None and all(map(operator.is_, hit[0], outcomes)):
        return hit[1]
    denominator, weights = integer_weights([p for _, p in outcomes])
    result = ([a for a, _ in outcomes], denominator, weights)
    if len(_WEIGHTS_MEMO) >= 256:
        _WEIGHTS_MEMO.clear()
    _WEIGHTS_MEMO[key] = (tuple(outcomes), result)
    return result


def draw_weighted(actions: Sequence[str], denominator: int, weights: Sequence[int],
                  rng: random.Random) -> str:
    """The drawing half of :func:`sample_chance`, for callers that already hold the weights
    (one ``randrange(denominator)``, so both draw the same outcome from the same seed)."""
    ticket = rng.randrange(denominator)
    for action, weight in zip(actions, weights):
        if ticket < weight:
            return action
        ticket -= weight
    raise ValueError("chance outcomes do not sum to 1")


def integer_weights(probabilities: Sequence[Fraction]) -> tuple[int, list[int]]:
    """Exact probabilities as integer weights over their common denominator.

    ``[1/3, 1/2, 1/6]`` -> ``(6, [2, 3, 1])``; the weights sum to the denominator exactly
    when the probabilities sum to 1 (cheaper than adding ``Fraction`` objects).
    """
    fractions = [p if type(p) is Fraction else Fraction(p) for p in probabilities]
    denominators = {f.denominator for f in fractions}
    denominator = math.lcm(*denominators) if denominators else 1
    scale = {d: denominator // d for d in denominators}
    return denominator, [f.numerator * scale[f.denominator] for f in fractions]


def refusal(state: GameState, action: str, seat: int | None = None) -> Reason | None:
    """Why ``action`` may not be played from ``state``, or ``None`` if it may.

    Pages ask this instead of re-deriving a rule. Legality is decided by ``legal_actions``
    (or the chance outcomes); the game's own ``why_not`` supplies the words and clauses.
    With ``seat``, the question is "may *this* seat play it now?": a legal action is still
    refused to a seat that is not the one to act (chance nodes act for the table, so ``seat``
    does not matter there).
    """
    player = state.current_player()
    legal = ([a for a, p in state.chance_outcomes() if p > 0] if player == CHANCE
             else state.legal_actions())
    if action in legal and (seat is None or player in (CHANCE, seat)):
        return None
    explain = getattr(state, "why_not", None)
    why = None if explain is None else explain(action) if seat is None else explain(action, seat)
    return why if why is not None else not_legal(action)


#: The fallback reason when a game cannot say more (an unreadable or out-of-place action).
N_ENGINE_NOT_LEGAL = N_("%(action)s is not allowed now.")


def not_legal(action: str) -> Reason:
    """The reason for an action a game cannot read at all (no clause involved)."""
    return reason(N_ENGINE_NOT_LEGAL, (), action=action)


def game_over(clauses: str | Sequence[str]) -> Reason:
    """Every action after the end, resting on the game's ending clause(s)."""
    return reason(N_("The game is over."), clauses)


def not_your_turn(clauses: str | Sequence[str], turn: int) -> Reason:
    """A legal action asked for by a seat that is not the one to act (``turn``: that seat)."""
    return reason(N_("It is not your turn."), clauses, turn=turn)
