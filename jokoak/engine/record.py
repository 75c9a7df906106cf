"""Records: rules + setup + seed + every action. Replaying one rebuilds each state exactly,
so "back" and "jump to step N" are recomputation, never undo."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable

from .core import CHANCE, Event, Game, GameState, Rules, make_rules


class ReplayError(ValueError):
    """A record that the rules cannot replay; ``step`` is the 1-based action index."""

    def __init__(self, step: int, message: str) -> None:
        super().__init__(f"step {step}: {message}")
        self.step = step


@dataclass(frozen=True)
class Record:
    game: str
    rules: Rules
    setup: dict[str, Any]
    seed: int | None
    actions: tuple[str, ...] = ()

    def to_json(self) -> str:
        return json.dumps({"game": self.game, "rules": self.rules.to_json(), "setup": self.setup,
                           "seed": self.seed, "actions": list(self.actions)},
                          ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str, games: dict[str, Game]) -> "Record":
        data = json.loads(text)
        game = games[data["game"]]
        rules = make_rules(game, data["rules"]["ruleset"], **_parse_options(game, data["rules"]["options"]))
        return cls(game=data["game"], rules=rules, setup=data["setup"], seed=data.get("seed"),
                   actions=tuple(data["actions"]))


def _parse_options(game: Game, raw: dict[str, Any]) -> dict[str, Any]:
    from fractions import Fraction
    out = {}
    for opt in game.options:
        if opt.name in raw:
            v = raw[opt.name]
            out[opt.name] = Fraction(v) if isinstance(opt.default, Fraction) else v
    return out


@dataclass(frozen=True)
class Step:
    """One replayed step: the action taken from ``before`` and what it caused."""

    index: int
    actor: int
    action: str
    events: tuple[Event, ...]
    after: GameState


def replay(game: Game, record: Record) -> tuple[GameState, list[Step]]:
    """Initial state and every step; raises :class:`ReplayError` naming the bad step."""
    state = game.new_initial_state(record.rules, record.setup)
    steps: list[Step] = []
    initial = state
    for i, action in enumerate(record.actions, start=1):
        if state.is_terminal():
            raise ReplayError(i, f"the game is already over, {action!r} cannot be played")
        actor = state.current_player()
        legal = ([a for a, _ in state.chance_outcomes()] if actor == CHANCE
                 else state.legal_actions())
        if action not in legal:
            raise ReplayError(i, f"{action!r} is not legal here (player {actor})")
        state, events = state.apply(action)
        steps.append(Step(i, actor, action, tuple(events), state))
    return initial, steps


Policy = Callable[[GameState, random.Random], str]


def play(game: Game, rules: Rules, setup: dict[str, Any] | None, seed: int,
         policies: dict[int, Policy] | Policy, max_actions: int | None = None) -> Record:
    """Play a seeded game: chance through the seeded generator, players through policies."""
    from .core import sample_chance
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
    return Record(game=game.name, rules=rules, setup=setup, seed=seed, actions=tuple(actions))


def random_policy(state: GameState, rng: random.Random) -> str:
    return rng.choice(state.legal_actions())
