"""A toy game that lives only in the tests: a dice race with a hidden die.

It exercises every part of the engine API the real games use, so the harness, scenarios and
command line can be proved before (and independently of) the three real engines:

* a chance node with exact, optionally non-uniform probabilities (``loaded`` die);
* hidden information: the mover's die is seen by the mover alone until it moves;
* a conserved quantity: chips only change hands (an overtaken runner pays the overtaker);
* named options and rulesets with provenance, setup validation with ``SetupError``;
* a game's folder of its own (``tests/toygame_folder/``: its entry, picture and odds view)
  and a Basque "seed" (``tests/toygame_content/``), so a test can put it on every page of
  the booklet by adding the folder to the games' path (``tests/test_registry.py``;
  CONTRIBUTING.md's "How to add a game" walks through it).

Clause ids are the toy's own (``toy.*``, see :data:`SEGMENTS`); they are not in any seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Mapping

from jokoak.engine import (CHANCE, TERMINAL, Event, IllegalAction, Option, Reason, Rules,
                           Ruleset, SetupError, event, game_over, make_rules, not_legal,
                           not_your_turn, random_policy, reason)
from jokoak.plugin.returns import OddsTable

NAME = "toygame"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
GOALS = (6, 10, 20)

#: The toy's "source": (segment id, kind), like content/<game>/segments.yaml.
SEGMENTS: tuple[tuple[str, str], ...] = (
    ("toy.title", "title"),
    ("toy.setup", "rule"),
    ("toy.roll", "rule"),
    ("toy.move", "rule"),
    ("toy.overtake", "rule"),
    ("toy.overtake.broke", "list_item"),
    ("toy.win", "rule"),
    ("toy.note", "note"),
)
CLAUSES = frozenset(seg for seg, _ in SEGMENTS)

OPTIONS = (
    Option("goal", "Squares from the start to the finish", 10, "toy.win", choices=GOALS),
    Option("faces", "Faces of the die", 6, "toy.roll", choices=(4, 6)),
    Option("loaded", "The die falls on its highest face one time in three", False,
           "Toy folklore"),
)
RULESETS = (
    Ruleset("plain", "Plain race", "The toy rules as written"),
    Ruleset("short", "Short race", "A quicker variant for tests", {"goal": 6, "faces": 4}),
    Ruleset("loaded", "Loaded die", "Toy folklore", {"loaded": True}),
)


def die_odds(rules: Rules) -> list[tuple[int, Fraction]]:
    """Exact probability of each face (sums to 1 exactly)."""
    faces = rules["faces"]
    if not rules["loaded"]:
        return [(f, Fraction(1, faces)) for f in range(1, faces + 1)]
    rest = Fraction(2, 3) / (faces - 1)
    return [(f, rest) for f in range(1, faces)] + [(faces, Fraction(1, 3))]


@dataclass(frozen=True)
class RaceState:
    rules: Rules
    positions: tuple[int, ...]
    chips: tuple[int, ...]
    to_move: int = 0
    die: int | None = None          # the mover's rolled die, hidden from the others

    # --- OpenSpiel-shaped API -------------------------------------------------------
    def current_player(self) -> int:
        if self.is_terminal():
            return TERMINAL
        return CHANCE if self.die is None else self.to_move

    def is_terminal(self) -> bool:
        return max(self.positions) >= self.rules["goal"]

    def legal_actions(self) -> list[str]:
        if self.is_terminal():
            return []
        if self.die is None:
            return [a for a, _ in self.chance_outcomes()]
        return [f"step:{k}" for k in range(1, self.die + 1)]

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        if self.is_terminal() or self.die is not None:
            return []
        return [(f"roll:{face}", p) for face, p in die_odds(self.rules)]

    def why_not(self, action: str, seat: int | None = None) -> Reason | None:
        """``None`` if ``action`` is legal here (for ``seat``, if given), else why not."""
        if self.is_terminal():
            return game_over("toy.win")
        if seat is not None and self.die is not None and seat != self.to_move:
            return not_your_turn("toy.move", self.to_move)
        if action in self.legal_actions():
            return None
        kind, _, value = action.partition(":")
        if kind == "roll":
            return reason("The die is already rolled: move.", "toy.move") if self.die else \
                reason("A die with %(faces)s faces cannot show that.", "toy.roll",
                       faces=self.rules["faces"])
        if kind == "step" and self.die is None:
            return reason("Roll the die first.", "toy.roll")
        if kind == "step":
            return reason(("A roll of %(count)s moves one square.",
                           "A roll of %(count)s moves 1 to %(count)s squares."), "toy.move",
                          count=self.die)
        return not_legal(action)

    def apply(self, action: str) -> tuple["RaceState", list[Event]]:
        if action not in self.legal_actions():
            raise IllegalAction(action, self.why_not(action))
        kind, value = action.split(":")
        n = int(value)
        if kind == "roll":
            return replace(self, die=n), [event("roll", "toy.roll", (self.to_move,), pips=n)]
        mover, start = self.to_move, self.positions[self.to_move]
        end = start + n
        positions = list(self.positions)
        positions[mover] = end
        chips = list(self.chips)
        events = [event("move", "toy.move", (mover,), squares=n, to=end)]
        for other, pos in enumerate(self.positions):
            if other != mover and start < pos < end:
                if chips[other] > 0:
                    chips[other] -= 1
                    chips[mover] += 1
                    events.append(event("payment", "toy.overtake", (other, mover), chips=1))
                else:
                    events.append(event("cannot_pay", ("toy.overtake", "toy.overtake.broke"),
                                        (other,)))
        nxt = replace(self, positions=tuple(positions), chips=tuple(chips), die=None,
                      to_move=(mover + 1) % len(self.positions))
        if nxt.is_terminal():
            events.append(event("win", "toy.win", (mover,)))
        return nxt, events

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * len(self.positions)
        goal = self.rules["goal"]
        return [1.0 if p >= goal else -1.0 for p in self.positions]

    def observation(self, player: int | None) -> dict[str, Any]:
        sees_die = player is None or player == self.to_move
        return {"positions": list(self.positions), "chips": list(self.chips),
                "to_move": self.to_move, "rolled": self.die is not None,
                "die": self.die if sees_die else None}

    def totals(self) -> dict[str, int]:
        return {"chips": sum(self.chips)}


class ToyRace:
    """The toy game object (what ``jokoak.games.<game>.GAME`` is for a real game)."""

    name = NAME
    options = OPTIONS
    rulesets = RULESETS
    #: every turn is a roll and a move of at least one square: players * goal turns at most.
    max_actions = 2 * MAX_PLAYERS * max(GOALS)

    def default_setup(self, rules: Rules) -> dict[str, Any]:
        return {"players": 2, "chips": 3}

    def new_initial_state(self, rules: Rules, setup: Mapping[str, Any] | None = None) -> RaceState:
        setup = dict(self.default_setup(rules) if setup is None else setup)
        players = setup.get("players", 2)
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise SetupError("A race needs %(min)s to %(max)s players", min=MIN_PLAYERS,
                             max=MAX_PLAYERS)
        positions = tuple(setup.get("positions", [0] * players))
        if len(positions) != players:
            raise SetupError("Give one position per player")
        for pos in positions:
            if not isinstance(pos, int) or not 0 <= pos < rules["goal"]:
                raise SetupError("Position %(pos)s cannot be reached before the finish",
                                 pos=pos)
        die = setup.get("die")
        if die is not None and die not in range(1, rules["faces"] + 1):
            raise SetupError("A die with %(faces)s faces cannot show %(face)s",
                             faces=rules["faces"], face=die)
        chips = setup.get("chips", 3)
        return RaceState(rules, positions, (chips,) * players, setup.get("to_move", 0), die)

    def hidden_variants(self, state: RaceState, seat: int) -> list[RaceState]:
        """The mover's die is all that is hidden: any other face looks the same to ``seat``."""
        if state.die is None or seat == state.to_move:
            return []
        return [replace(state, die=f) for f in range(1, state.rules["faces"] + 1)
                if f != state.die]


GAME = ToyRace()


def odds_tables(rules: Rules, distance: int = 3) -> list[OddsTable]:
    """The die, and the chance of covering ``distance`` squares in one roll."""
    odds = die_odds(rules)
    reach = sum((p for face, p in odds if face >= int(distance)), Fraction(0))
    return [
        OddsTable("die", "Faces of the die", tuple((str(f), p) for f, p in odds)),
        OddsTable("reach", "Chance to cover the distance in one roll",
                  (("reach", reach),), is_distribution=False,
                  params=(("distance", str(distance)),)),
    ]


def greedy(state: RaceState, rng: random.Random) -> str:
    """Always the longest step."""
    return state.legal_actions()[-1]


POLICIES = {"greedy": greedy, "random": random_policy}


def rules(ruleset: str | None = None, **overrides: Any) -> Rules:
    return make_rules(GAME, ruleset, **overrides)


#: A scenario of the toy game (content/SCENARIOS.md's format): runner 0 rolls 4 and passes
#: runner 1, who pays a chip. The scenario tests and the command line's replay it.
OVERTAKE_SCENARIO = """
title: Overtaking costs a chip
caption: The runner behind passes the one ahead, who pays a chip.
clauses: [toy.overtake]
setup: {players: 2, chips: 3, positions: [0, 2]}
steps:
- roll:4
- {action: "step:4", player: 0, caption: The runner passes, cites: [toy.overtake]}
"""
