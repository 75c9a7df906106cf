"""Records: rules + setup + seed + every action. Replaying one rebuilds each state exactly,
so "back" and "jump to step N" are recomputation, never undo.

A record lists *every* action, chance outcomes included (``"roll:3,5"``): the seed is kept
only to say where a game came from, replay never draws a random number. A played game's
record may also say which seats people played (``people``): replay ignores it, a page that
resumes the record seats the same people again.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Mapping

from ..errors import InputError
from .core import CHANCE, Event, Game, GameState, Rules, RulesError, sample_chance

#: Version of the JSON layout written by :meth:`Record.to_json`.
RECORD_FORMAT = 1


class RecordError(InputError):
    """A record file that is not a record (bad JSON, missing field, unknown game or rules)."""


class ReplayError(RecordError):
    """A record that the rules cannot replay; ``step`` is the 1-based action index."""

    def __init__(self, step: int, message: str) -> None:
        super().__init__(f"step {step}: {message}")
        self.step = step
        self.reason = message


@dataclass(frozen=True)
class Record:
    game: str
    rules: Rules
    setup: dict[str, Any]
    seed: int | None
    actions: tuple[str, ...] = ()
    #: the seats played by people at the table that made this record (sorted), or ``None``
    #: when the record does not say (scenarios, simulations, files written before it)
    people: tuple[int, ...] | None = None

    def to_json(self) -> str:
        """Stable JSON text: ``from_json(to_json())`` gives back an equal record."""
        data: dict[str, Any] = {"format": RECORD_FORMAT, "game": self.game,
                                "rules": self.rules.to_json(), "setup": self.setup,
                                "seed": self.seed, "actions": list(self.actions)}
        if self.people is not None:
            data["people"] = list(self.people)
        return json.dumps(data, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str, games: Mapping[str, Game]) -> "Record":
        """Parse a record; raises :class:`RecordError` naming the field at fault."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not valid JSON (line {exc.lineno}: {exc.msg})") from None
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object with game, rules, setup, seed, actions")
        for key in ("game", "rules", "setup", "actions"):
            if key not in data:
                raise RecordError(f"missing field {key!r}")
        if data.get("format", RECORD_FORMAT) != RECORD_FORMAT:
            raise RecordError(f"field 'format': unknown record format {data['format']!r}")
        if not isinstance(data["game"], str):
            raise RecordError("field 'game' must be the name of a game")
        if data["game"] not in games:
            raise RecordError(f"field 'game': unknown game {data['game'][:40]!r}; "
                              f"known: {', '.join(games) or 'none'}")
        game = games[data["game"]]
        try:
            rules = Rules.from_json(game, data["rules"])
        except RulesError as exc:
            raise RecordError(f"field 'rules': {exc}") from None
        actions = data["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("field 'actions' must be a list of action strings")
        seed = data.get("seed")
        if seed is not None and not isinstance(seed, int):
            raise RecordError("field 'seed' must be an integer or null")
        if not isinstance(data["setup"], dict):
            raise RecordError("field 'setup' must be an object")
        return cls(game=data["game"], rules=rules, setup=data["setup"], seed=seed,
                   actions=tuple(actions), people=_people(data.get("people")))


#: More seats than any game has (zohn ahl: two teams of eight): a bound for hostile records.
MAX_SEATS = 16


def _people(value: Any) -> tuple[int, ...] | None:
    """The ``people`` field: absent, or distinct seat numbers (kept sorted)."""
    if value is None:
        return None
    if (not isinstance(value, list) or len(value) > MAX_SEATS
            or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < MAX_SEATS
                       for s in value) or len(set(value)) != len(value)):
        raise RecordError(f"field 'people' must be a list of distinct seat numbers "
                          f"(0 to {MAX_SEATS - 1})")
    return tuple(sorted(value))


@dataclass(frozen=True)
class PlayedAction:
    """One action of a record as replayed (a person's move or a chance outcome): who took it,
    what it caused and the state after; ``index`` counts the record's actions from 1.

    Not a "step": that word is the step-through's (:class:`jokoak.render.reader_steps.ReaderStep`,
    several played actions folded into what a reader sees at once) and a lesson's
    (:class:`jokoak.content.lessons.LessonStep`, one thing the visitor is asked to do).
    """

    index: int
    actor: int
    action: str
    events: tuple[Event, ...]
    after: GameState


def legal_here(state: GameState) -> list[str]:
    """The actions that may follow ``state``: chance outcomes at a chance node."""
    if state.current_player() == CHANCE:
        # a Fraction is positive when its numerator is (zaldi zuria's node has 256 of them)
        return [a for a, p in state.chance_outcomes()
                if (p.numerator > 0 if type(p) is Fraction else p > 0)]
    return state.legal_actions()


def _shorten(actions: list[str], limit: int = 8) -> str:
    shown = ", ".join(actions[:limit])
    return shown + (f", ... ({len(actions)} in all)" if len(actions) > limit else "")


def unplayable(state: GameState, action: str) -> str | None:
    """Why ``action`` cannot follow ``state`` in a record (``None``: it can): the game is
    over, or it is neither a legal action nor a chance outcome here. One wording for
    :func:`replay` and for the scenario and lesson files, which replay their steps too."""
    if state.is_terminal():
        return f"the game is already over, {action!r} cannot be played"
    legal = legal_here(state)
    if action in legal:
        return None
    actor = state.current_player()
    who = "chance outcome" if actor == CHANCE else f"action for player {actor}"
    return f"{action!r} is not a legal {who} here (legal: {_shorten(legal) or 'none'})"


def replay(game: Game, record: Record) -> tuple[GameState, list[PlayedAction]]:
    """Initial state and every step; raises :class:`ReplayError` naming the bad step.

    ``SetupError`` from ``new_initial_state`` passes through unchanged (it is the setup,
    not a step, that is wrong).
    """
    state = game.new_initial_state(record.rules, record.setup)
    steps: list[PlayedAction] = []
    initial = state
    for i, action in enumerate(record.actions, start=1):
        problem = unplayable(state, action)
        if problem is not None:
            raise ReplayError(i, problem)
        actor = state.current_player()
        state, events = state.apply(action)
        steps.append(PlayedAction(i, actor, action, tuple(events), state))
    return initial, steps


def replay_states(game: Game, record: Record) -> list[GameState]:
    """Every state of the record, initial first: ``states[n]`` is the position after step n."""
    initial, steps = replay(game, record)
    return [initial] + [s.after for s in steps]


Policy = Callable[[GameState, random.Random], str]


def play(game: Game, rules: Rules, setup: dict[str, Any] | None, seed: int,
         policies: dict[int, Policy] | Policy, max_actions: int | None = None) -> Record:
    """Play a seeded game: chance through the seeded generator, players through policies.

    Stops at the end of the game or after ``max_actions`` (default ``game.max_actions``);
    a record that stopped early is simply not terminal when replayed.
    """
    return playout(game, rules, setup, seed, policies, max_actions)[0]


def playout(game: Game, rules: Rules, setup: dict[str, Any] | None, seed: int,
            policies: dict[int, Policy] | Policy, max_actions: int | None = None
            ) -> tuple[Record, GameState]:
    """:func:`play`, also returning the last state (no replay needed for statistics)."""
    rng = random.Random(seed)
    setup = setup if setup is not None else game.default_setup(rules)
    state = game.new_initial_state(rules, setup)
    actions: list[str] = []
    limit = max_actions or game.max_actions
    while not state.is_terminal() and len(actions) < limit:
        player = state.current_player()
        if player == CHANCE:
            action = sample_chance(state.chance_outcomes(), rng)
        else:
            policy = policies if callable(policies) else policies[player]
            action = policy(state, rng)
        state, _ = state.apply(action)
        actions.append(action)
    record = Record(game=game.name, rules=rules, setup=setup, seed=seed, actions=tuple(actions))
    return record, state


def random_policy(state: GameState, rng: random.Random) -> str:
    """Uniformly random among the legal actions: the harness's and simulator's fallback."""
    return rng.choice(state.legal_actions())
