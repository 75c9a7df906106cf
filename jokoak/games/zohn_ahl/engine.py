"""zohn ahl (Kiowa stick-dice race) and Nebäkuthana, clause by clause.

The board is a circuit of sites (points, creek lines and, in the default reading, the knees'
ends). A team's stick rests in the *gap* after the last site it counted (``move.distance``),
so a position is the number of sites counted from the south creek along the team's own
direction: 0 is the south creek, ``L/4`` and ``3L/4`` the dry creeks, ``L/2`` the north creek
(``L`` = sites per circuit: 32 when the points and lines count, as the text says, or 40 with
the knees' ends, as Ludii's graph; 39 when each stick starts on its own creek line, as
Ludii's code, see :func:`circuit_length`). The two sticks run in
opposite directions, so they share a gap when their positions add up to ``L``.

A turn: the seat on turn chooses ``throw`` (or ``abandon``), then chance throws the four
sticks (``up:K`` = K marked faces up; Nebäkuthana's ``up:1s``/``up:3s`` = the green sahe is
among them). Each throw moves the stick at once; 5 and 10 (Nebäkuthana: 6, 10 and sahe
throws) give the same seat another throw.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any, ClassVar, Literal, Mapping

from jokoak.engine.core import (CHANCE, TERMINAL, Event, Game, IllegalAction, Option, Reason,
                                Rules, Ruleset, SetupError, event, game_over, make_rules,
                                not_legal, not_your_turn, reason)
from jokoak.i18n.msgids import N_


NAME = "zohn_ahl"
TEAMS = (0, 1)
MAX_TEAM_SIZE = 8
#: Bounds of the options (enforced by ``Option.check``). Ten scoring sticks a team is the most
#: any source gives (Ludii); the whole-game odds grow with the square of the count.
MAX_SCORING_STICKS = 10
#: A stick that always (or never) lands marked side up makes every throw the same: the game
#: needs a real chance, and the exact odds a chain that ends. One in a hundred either way.
MIN_STICK_PROBABILITY = Fraction(1, 100)
MAX_STICK_PROBABILITY = Fraction(99, 100)

OPTIONS: tuple[Option, ...] = (
    Option("sites_per_side", N_("Sites on each side of the board: 8 (the points and the creek "
                                "lines, as the text counts) or 10 (the knees' ends too, as "
                                "Ludii's graph and Culin's drawing)"),
           8, "board.sites", (8, 10), (N_("8 sites a side (32 a circuit)"),
                                       N_("10 sites a side (40 a circuit)"))),
    Option("start_on_lines", N_("Where the sticks start: both in the south creek (the text), or "
                                "each on its own line of the south creek (Ludii's code: one "
                                "step shorter a circuit)"),
           False, "teams.sticks_start", (False, True),
           (N_("Both in the south creek"), N_("Each on its own creek line (Ludii)"))),
    Option("first_team", N_("Which team throws first: the stick at the left edge of the south "
                            "creek (the text) or the other one (Ludii)"),
           "left", "start.left_edge", ("left", "right"),
           (N_("The team at the left edge"), N_("The team at the right edge"))),
    Option("stick_probability", N_("Probability that a throw stick lands marked side up"),
           Fraction(1, 2), "sticks.dice", minimum=MIN_STICK_PROBABILITY,
           maximum=MAX_STICK_PROBABILITY),
    Option("carry_over", N_("Points beyond the south creek count on the next circuit (the text); "
                            "otherwise the stick stops in the creek (Ludii's code)"),
           True, "circuit.carry_over", (True, False),
           (N_("Surplus carries over"), N_("Surplus is dropped"))),
    Option("scoring_sticks", N_("Scoring sticks per team (the text: 4; Ludii: 10)"),
           4, "scoring.count", minimum=1, maximum=MAX_SCORING_STICKS),
    Option("stick_set", N_("Throw sticks: zohn ahl's four sticks or Nebäkuthana's guadal and "
                           "sahe"), "zohn_ahl", "nebakuthana.sticks", ("zohn_ahl", "nebakuthana"),
           (N_("zohn ahl sticks"), N_("Nebäkuthana sticks"))),
    Option("south_creek", N_("Landing exactly in the south creek completes the circuit, or "
                             "(some authors) sends the stick back without a scoring stick"),
           "complete", "variant.some_authors", ("complete", "restart"),
           (N_("Completes the circuit"), N_("Restart, no scoring stick"))),
    Option("dry_creek_lose_turn", N_("Some authors: a team whose stick lands in a dry creek "
                                     "loses its next turn"), False, "variant.some_authors",
           (False, True), (N_("No penalty"), N_("Lose a turn"))),
)

#: A team's choice on its turn: throw the sticks, or stop the game (most scoring sticks wins).
TurnAction = Literal["abandon", "throw"]
#: How the sticks fell, the chance outcome: ``up:K``, K marked faces up (Nebäkuthana's
#: ``up:1s``/``up:3s``: the green sahe among them).
ThrowAction = Literal["up:0", "up:1", "up:1s", "up:2", "up:3", "up:3s", "up:4"]
#: The turn's actions in ``legal_actions`` order.
TURN_ACTIONS: tuple[TurnAction, ...] = ("abandon", "throw")

#: The throw sticks: zohn ahl's four alike, or Nebäkuthana's three guadal and the sahe.
StickSet = Literal["zohn_ahl", "nebakuthana"]


@dataclass(frozen=True)
class ZohnAhlOptions:
    """The options as the engine, odds, bots and views read them: one typed field per
    option of :data:`OPTIONS`, its choices spelled as a ``Literal`` (held to them by
    tests/test_options_views.py), so a misspelt option or choice fails the type check."""

    sites_per_side: Literal[8, 10]
    start_on_lines: bool
    first_team: Literal["left", "right"]
    stick_probability: Fraction
    carry_over: bool
    scoring_sticks: int
    stick_set: StickSet
    south_creek: Literal["complete", "restart"]
    dry_creek_lose_turn: bool


def options(rules: Rules) -> ZohnAhlOptions:
    """Zohn ahl's ``rules`` as its typed options."""
    return rules.view(ZohnAhlOptions)


RULESETS: tuple[Ruleset, ...] = (
    Ruleset("basque_text", N_("The Basque text"),
            N_("Jokoenea's text, read literally: the points and lines count, 32 sites a "
               "circuit; left edge starts, surplus carries over, four scoring sticks a team"),
            {}),
    Ruleset("ludii", N_("Ludii (game 118)"),
            N_("Ludii's code: 40 sites with the knees' ends, each stick starts on its own creek "
               "line (a circuit of 39 steps), the other team starts, the surplus is dropped, "
               "ten scoring sticks a team"),
            {"sites_per_side": 10, "start_on_lines": True, "first_team": "right",
             "carry_over": False, "scoring_sticks": 10}),
    Ruleset("nebakuthana", N_("Nebäkuthana"),
            N_("The text's second game (Mooney 1896): three red guadal sticks and the green "
               "sahe on the same board"), {"stick_set": "nebakuthana"}),
    Ruleset("some_authors", N_("Some authors"),
            N_("The text's last rule: landing in the south creek restarts the stick, a dry "
               "creek costs a turn"), {"south_creek": "restart", "dry_creek_lose_turn": True}),
)


# ---------------------------------------------------------------- the throw sticks (chance)

@dataclass(frozen=True)
class ThrowKind:
    """One chance outcome: its action, how many marked faces show, value and rethrow."""

    action: ThrowAction
    marked: int
    sahe: bool
    value: int
    again: bool
    clauses: tuple[str, ...]
    again_clause: str | None


ZOHN_AHL_THROWS: tuple[ThrowKind, ...] = (
    ThrowKind("up:0", 0, False, 10, True, ("throw.except", "throw.white"), "throw.again"),
    ThrowKind("up:1", 1, False, 1, False, ("throw.value", "throw.one"), None),
    ThrowKind("up:2", 2, False, 2, False, ("throw.value", "throw.two"), None),
    ThrowKind("up:3", 3, False, 3, False, ("throw.value", "throw.three"), None),
    ThrowKind("up:4", 4, False, 5, True, ("throw.except", "throw.red"), "throw.again"),
)

NEBAKUTHANA_THROWS: tuple[ThrowKind, ...] = (
    ThrowKind("up:0", 0, False, 10, True, ("nebakuthana.none",), "nebakuthana.again"),
    ThrowKind("up:1", 1, False, 1, False, ("nebakuthana.one",), None),
    ThrowKind("up:1s", 1, True, 1, True, ("nebakuthana.one",), "nebakuthana.one"),
    ThrowKind("up:2", 2, False, 2, False, ("nebakuthana.two",), None),
    ThrowKind("up:3", 3, False, 3, False, ("nebakuthana.three",), None),
    ThrowKind("up:3s", 3, True, 3, True, ("nebakuthana.three",), "nebakuthana.three"),
    ThrowKind("up:4", 4, True, 6, True, ("nebakuthana.all",), "nebakuthana.again"),
)


def throw_kinds(stick_set: StickSet) -> tuple[ThrowKind, ...]:
    return NEBAKUTHANA_THROWS if stick_set == "nebakuthana" else ZOHN_AHL_THROWS


def throw_probability(kind: ThrowKind, stick_set: StickSet, p: Fraction) -> Fraction:
    """Exact probability of a throw kind when each stick shows its marked face with ``p``.

    zohn ahl: the four sticks are alike for counting. Nebäkuthana: the sahe is told apart, so
    one marked face is the sahe's with 1 chance in 4, three marked faces include it 3 in 4.
    """
    q = 1 - p
    k = kind.marked
    if stick_set != "nebakuthana" or k in (0, 2, 4):
        return comb(4, k) * p ** k * q ** (4 - k)
    guadal_up = k - 1 if kind.sahe else k
    sahe_factor = p if kind.sahe else q
    return comb(3, guadal_up) * p ** guadal_up * q ** (3 - guadal_up) * sahe_factor


def throw_distribution(rules: Rules) -> list[tuple[ThrowKind, Fraction]]:
    """Every throw kind with its exact probability (sums to 1)."""
    chosen = options(rules)
    return list(_distribution(chosen.stick_set, chosen.stick_probability))


@lru_cache(maxsize=64)
def _distribution(stick_set: StickSet, p: Fraction) -> tuple[tuple[ThrowKind, Fraction], ...]:
    return tuple((k, throw_probability(k, stick_set, p)) for k in throw_kinds(stick_set))


@lru_cache(maxsize=64)
def _outcomes(stick_set: StickSet, p: Fraction) -> tuple[tuple[ThrowAction, Fraction], ...]:
    return tuple((k.action, q) for k, q in _distribution(stick_set, p) if q)


#: Each stick set's throws by their action: where an action read from a record or a tap (any
#: text) is told apart from the throws these sticks can show.
_KINDS_BY_ACTION: dict[StickSet, dict[str, ThrowKind]] = {
    name: {k.action: k for k in throw_kinds(name)} for name in ("zohn_ahl", "nebakuthana")}
#: The throws that earn another throw because the sahe is among the marked faces: Nebäkuthana's
#: one or three marked faces with the sahe (``up:1s``, ``up:3s``). Not ``up:4``: all four up is
#: worth another throw by its own clause (Nebäkuthana's 6, zohn ahl's red 5), sahe or not.
SAHE_THROWS: frozenset[ThrowAction] = frozenset(
    k.action for k in NEBAKUTHANA_THROWS if k.sahe and k.marked in (1, 3))
#: Every throw some stick set can show (``up:1s`` is Nebäkuthana's alone).
_ALL_THROWS = frozenset(a for kinds in _KINDS_BY_ACTION.values() for a in kinds)

_STICKS_IN_THE_AIR = N_("The sticks are in the air: wait for them to land.")
_NOT_THESE_STICKS = N_("These throw sticks cannot show that throw.")
_THROW_FIRST = N_("Throw the sticks first.")


# ---------------------------------------------------------------- board geometry

def circuit_length(rules: Rules) -> int:
    """Steps in a circuit. From the south creek (a gap between its two lines) a stick counts
    every site once round the board; from its own creek line (Ludii) it counts every site but
    the one it started on, so a circuit is one step shorter, and the creeks, where a stick
    rests after counting a creek's first line, fall one step earlier: the same ``L // 2``,
    ``L // 4`` and ``3L // 4`` of the shorter length, and the sticks meet when their steps add
    up to ``L``."""
    chosen = options(rules)
    return 4 * chosen.sites_per_side - (1 if chosen.start_on_lines else 0)


def first_site(rules: Rules) -> int:
    """The site (1-based, in the stick's own direction from the south creek) a stick rests
    on after counting 0 steps: 0 for the creek's gap, 1 for its own creek line (Ludii)."""
    return 1 if options(rules).start_on_lines else 0


def gap_kind(position: int, length: int) -> str:
    """``south_creek``, ``dry_creek``, ``north_creek`` or ``open`` for a resting gap."""
    if position % length == 0:
        return "south_creek"
    if position == length // 2:
        return "north_creek"
    if position in (length // 4, 3 * length // 4):
        return "dry_creek"
    return "open"


def place_key(position: int, length: int, direction: str) -> str:
    """Like :func:`gap_kind`, but names which dry creek (the first one met lies on the side
    the stick runs to)."""
    kind = gap_kind(position, length)
    if kind == "dry_creek":
        west = (position % length == length // 4) == (direction == "west")
        return "west_dry_creek" if west else "east_dry_creek"
    return kind


def knees_crossed(start: int, distance: int, sites_per_side: int, offset: int = 0) -> int:
    """How many knee ends a move counted (only the 40-site reading counts them); ``offset``
    is :func:`first_site` (a stick that starts on its creek line counts from site 2)."""
    if sites_per_side != 10:
        return 0
    # 40-site order from the south creek: knee ends are sites 5, 6, 15, 16, 25, 26, 35, 36
    return sum(1 for step in range(start + 1, start + distance + 1)
               if (step + offset) % 10 in (5, 6))


# ---------------------------------------------------------------- state

def replace(state: "ZohnAhlState", **changes: Any) -> "ZohnAhlState":
    """``dataclasses.replace`` without re-running ``__init__`` (every field is already valid,
    and a game copies its state several times a step: the harness plays thousands)."""
    new = object.__new__(type(state))
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new


@dataclass(frozen=True)
class ZohnAhlState:
    rules: Rules
    team_sizes: tuple[int, int] = (1, 1)
    left_team: int = 0
    positions: tuple[int, int] = (0, 0)
    scoring: tuple[int, int] = (4, 4)
    team: int = 0                 # team on turn
    seat_in_team: int = 0         # which of its players throws
    awaiting_throw: bool = False  # True: a chance node (the sticks are in the air)
    lost_turn: tuple[bool, bool] = (False, False)
    fresh: bool = True            # no action yet from a starting position
    winner: int | None = None     # team index, or -1 for a drawn abandoned game
    over: bool = False

    @property
    def options(self) -> ZohnAhlOptions:
        """The rules as their typed options."""
        return self.rules.view(ZohnAhlOptions)

    # -- seats ------------------------------------------------------------------
    def seat(self, team: int, index: int) -> int:
        return index if team == 0 else self.team_sizes[0] + index

    def team_of_seat(self, seat: int) -> int:
        return 0 if seat < self.team_sizes[0] else 1

    def direction(self, team: int) -> str:
        """``west`` for the stick at the left edge of the south creek (``move.west_east``)."""
        return "west" if team == self.left_team else "east"

    # -- API --------------------------------------------------------------------
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if self.awaiting_throw:
            return CHANCE
        return self.seat(self.team, self.seat_in_team)

    def is_terminal(self) -> bool:
        return self.over

    def legal_actions(self) -> list[str]:
        if self.over:
            return []
        if self.awaiting_throw:
            return sorted(a for a, _ in self.chance_outcomes())
        return list(TURN_ACTIONS)

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        if not self.awaiting_throw or self.over:
            return []
        chosen = self.options
        return list(_outcomes(chosen.stick_set, chosen.stick_probability))

    def returns(self) -> list[float]:
        seats = self.team_sizes[0] + self.team_sizes[1]
        if not self.over or self.winner in (None, -1):
            return [0.0] * seats
        return [1.0 if self.team_of_seat(s) == self.winner else -1.0 for s in range(seats)]

    def observation(self, player: int | None) -> dict[str, Any]:
        """Everything is public in a race game: every seat sees the whole position."""
        return {"positions": list(self.positions), "scoring": list(self.scoring),
                "team": self.team, "seat_in_team": self.seat_in_team,
                "team_sizes": list(self.team_sizes), "left_team": self.left_team,
                "awaiting_throw": self.awaiting_throw, "lost_turn": list(self.lost_turn),
                "over": self.over, "winner": self.winner}

    def totals(self) -> dict[str, int]:
        return {"scoring_sticks": sum(self.scoring), "team_sticks": len(self.positions)}

    def why_not(self, action: str, seat: int | None = None) -> Reason | None:
        """``None`` if ``action`` is legal here (for ``seat``, if given), else why not."""
        if self.over:
            return game_over("win.abandoned" if min(self.scoring) > 0 else "win.all_sticks")
        player = self.current_player()
        if seat is not None and player != CHANCE and seat != player:
            return not_your_turn("turn.team_order", player)
        stick_set = self.options.stick_set
        sticks = ("nebakuthana.sticks",) if stick_set == "nebakuthana" else ("sticks.dice",
                                                                           "sticks.marks")
        if self.awaiting_throw:
            if action in _KINDS_BY_ACTION[stick_set]:
                return None
            if action in TURN_ACTIONS:
                return reason(_STICKS_IN_THE_AIR, sticks)
            if action in _ALL_THROWS:
                return reason(_NOT_THESE_STICKS, sticks)
            return not_legal(action)
        if action in TURN_ACTIONS:
            return None
        if action in _ALL_THROWS:
            return reason(_THROW_FIRST, ("turn.team_order",) + sticks)
        return not_legal(action)

    def apply(self, action: str) -> tuple["ZohnAhlState", list[Event]]:
        if self.over:
            raise IllegalAction(action, self.why_not(action))
        if self.awaiting_throw:
            return self._apply_throw(action)
        if action == "throw":
            events = [self._start_event()] if self.fresh else []
            return replace(self, awaiting_throw=True, fresh=False), events
        if action == "abandon":
            return self._abandon()
        raise IllegalAction(action, self.why_not(action))

    # -- rules ------------------------------------------------------------------
    def _start_event(self) -> Event:
        return event("start", ("teams.lines", "teams.sticks_start", "scoring.count",
                               "start.left_edge"), (self.team,),
                     {"first_team": self.options.first_team, "left_team": self.left_team},
                     sticks=self.scoring[0])

    def _abandon(self) -> tuple["ZohnAhlState", list[Event]]:
        a, b = self.scoring
        winner = 0 if a > b else 1 if b > a else -1
        ev = event("abandon", "win.abandoned", (self.team,), {"winner": winner},
                   sticks_0=a, sticks_1=b)
        return replace(self, over=True, winner=winner, fresh=False), [ev]

    def _apply_throw(self, action: str) -> tuple["ZohnAhlState", list[Event]]:
        stick_set = self.options.stick_set
        kinds = _KINDS_BY_ACTION[stick_set]
        if action not in kinds:
            raise IllegalAction(action, self.why_not(action))
        kind = kinds[action]
        t = self.team
        base = (("nebakuthana.sticks", "nebakuthana.value") if stick_set == "nebakuthana"
                else ("sticks.dice", "sticks.marks"))
        events = [event("throw", base + kind.clauses, (t,),
                        {"outcome": kind.action, "sahe": kind.sahe, "stick_set": stick_set},
                        marked=kind.marked, value=kind.value)]
        state, more = self._move(t, kind.value)
        events += more
        state = replace(state, awaiting_throw=False)
        if state.over:
            return state, events
        if kind.again:
            events.append(event("throw_again", kind.again_clause or "throw.again", (t,),
                                {"outcome": kind.action}, value=kind.value))
            return state, events
        return state._pass_turn(events)

    def _move(self, t: int, distance: int) -> tuple["ZohnAhlState", list[Event]]:
        length = circuit_length(self.rules)
        other = 1 - t
        start = self.positions[t]
        target = start + distance
        clauses = ["move.distance", "board.sites", "move.directions", "move.west_east"]
        if knees_crossed(start, distance, self.options.sites_per_side,
                         first_site(self.rules)):
            clauses.append("board.knees")
        if start == 0 and self.options.stick_set == "nebakuthana":
            clauses.append("nebakuthana.gates")
        events = [event("move", clauses, (t,),
                        {"direction": self.direction(t),
                         "to_kind": ("beyond_south_creek" if target > length
                                     else place_key(target, length, self.direction(t)))},
                        start=start, end=target % length if target != length else length,
                        distance=distance)]
        state = self
        if target >= length:
            surplus = target - length
            if surplus == 0 and self.options.south_creek == "restart":
                events.append(event("south_creek_restart", "variant.some_authors", (t,)))
                return state._put(t, 0), events
            state, taken = state._transfer(t, other, "circuit", "circuit.complete")
            events += taken
            if surplus and self.options.carry_over:
                events.append(event("carry_over", "circuit.carry_over", (t,), surplus=surplus))
                state = state._put(t, surplus)
            else:
                if surplus:
                    events.append(event("surplus_dropped", "circuit.carry_over", (t,),
                                        surplus=surplus))
                state = state._put(t, 0)
            if state.over:
                return state, events
            final = state.positions[t]
        elif target == length // 2:
            state, given = state._transfer(other, t, "north_creek", "penalty.north_creek")
            state = state._put(t, 0)
            return state, events + given
        else:
            state = state._put(t, target)
            final = target
        if final and state.positions[other] and final + state.positions[other] == length:
            state, hit = state._transfer(t, other, "hit", "capture.hit")
            state = state._put(other, 0)
            events += hit
            if state.over:
                return state, events
        if (self.options.dry_creek_lose_turn and final
                and gap_kind(final, length) == "dry_creek"):
            lost = list(state.lost_turn)
            lost[t] = True
            state = replace(state, lost_turn=(lost[0], lost[1]))
            events.append(event("dry_creek", ("variant.some_authors", "board.sides"), (t,),
                                position=final))
        return state, events

    def _put(self, team: int, position: int) -> "ZohnAhlState":
        pos = list(self.positions)
        pos[team] = position
        return replace(self, positions=(pos[0], pos[1]))

    def _transfer(self, gainer: int, loser: int, kind: str,
                  clause: str) -> tuple["ZohnAhlState", list[Event]]:
        """One scoring stick from ``loser`` to ``gainer``; the game ends when one holds all."""
        score = list(self.scoring)
        score[gainer] += 1
        score[loser] -= 1
        state = replace(self, scoring=(score[0], score[1]))
        actor = self.team
        events = [event(kind, clause, (actor, gainer, loser), {"gainer": gainer, "loser": loser},
                        sticks=1, held=score[gainer])]
        if score[loser] == 0:
            events.append(event("win", "win.all_sticks", (gainer,), sticks=score[gainer]))
            state = replace(state, over=True, winner=gainer)
        return state, events

    def _pass_turn(self, events: list[Event]) -> tuple["ZohnAhlState", list[Event]]:
        t = self.team
        if self.seat_in_team + 1 < self.team_sizes[t]:
            nxt = replace(self, seat_in_team=self.seat_in_team + 1)
            events.append(event("next_player", "turn.team_order", (t,),
                                seat=nxt.seat(t, nxt.seat_in_team)))
            return nxt, events
        team = 1 - t
        lost = list(self.lost_turn)
        while lost[team]:
            lost[team] = False
            events.append(event("turn_lost", "variant.some_authors", (team,)))
            team = 1 - team
        nxt = replace(self, team=team, seat_in_team=0, lost_turn=(lost[0], lost[1]))
        events.append(event("team_turn", "turn.team_order", (team,), seat=nxt.seat(team, 0)))
        return nxt, events


# ---------------------------------------------------------------- setup

def _int_pair(setup: Mapping[str, Any], key: str, default: tuple[int, int]) -> tuple[int, int]:
    value = setup.get(key, list(default))
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise SetupError("Setup field %(field)s needs two whole numbers, one per team.",
                         field=key)
    return int(value[0]), int(value[1])


SETUP_FIELDS = ("players", "left_team", "positions", "scoring", "to_throw", "lost_turn")


@dataclass(frozen=True)
class ZohnAhlGame:
    """The registered game (see :mod:`jokoak.engine.core`)."""

    name: str = NAME
    options: tuple[Option, ...] = OPTIONS
    rulesets: tuple[Ruleset, ...] = RULESETS
    options_view: ClassVar[type[ZohnAhlOptions]] = ZohnAhlOptions
    #: a game has no fixed bound (penalties send sticks back); the harness stops here
    max_actions: int = 20000
    setup_fields: tuple[str, ...] = field(default=SETUP_FIELDS)
    #: events name teams (0 north–south, 1 west–east), not seats
    event_actors: str = "teams"

    def default_setup(self, rules: Rules) -> dict[str, Any]:
        n = options(rules).scoring_sticks
        return {"players": [1, 1], "left_team": 0, "positions": [0, 0], "scoring": [n, n]}

    def new_initial_state(self, rules: Rules,
                          setup: Mapping[str, Any] | None = None) -> ZohnAhlState:
        """A starting position; every field is checked and a bad one is named.

        Setup: ``players`` team sizes [north–south, west–east]; ``left_team`` whose stick sits
        at the left edge of the south creek (it runs west); ``positions`` sites counted by
        each stick along its own direction; ``scoring`` scoring sticks held; optional
        ``to_throw`` (team on turn) and ``lost_turn`` (two booleans).
        """
        setup = dict(self.default_setup(rules) if setup is None else setup)
        unknown = sorted(set(setup) - set(SETUP_FIELDS))
        if unknown:
            raise SetupError("Unknown setup field %(field)s.", field=unknown[0])
        n = options(rules).scoring_sticks
        if not isinstance(n, int) or n < 1:
            raise SetupError("Setup field %(field)s must be at least 1.", field="scoring_sticks")
        if not 0 < options(rules).stick_probability < 1:
            raise SetupError("Setup field %(field)s must lie strictly between 0 and 1.",
                             field="stick_probability")
        sizes = _int_pair(setup, "players", (1, 1))
        if not all(1 <= s <= MAX_TEAM_SIZE for s in sizes):
            raise SetupError("Setup field %(field)s: each team has 1 to %(max)s players.",
                             field="players", max=MAX_TEAM_SIZE)
        left = setup.get("left_team", 0)
        if left not in TEAMS or isinstance(left, bool):
            raise SetupError("Setup field %(field)s must be 0 or 1.", field="left_team")
        length = circuit_length(rules)
        positions = _int_pair(setup, "positions", (0, 0))
        for p in positions:
            if not 0 <= p < length:
                raise SetupError("Setup field %(field)s: a position runs from 0 to %(max)s.",
                                 field="positions", max=length - 1)
            if p == length // 2:
                raise SetupError("Setup field %(field)s: no stick can rest in the north creek.",
                                 field="positions")
        if positions[0] and positions[0] + positions[1] == length:
            raise SetupError("Setup field %(field)s: the two sticks cannot share a place.",
                             field="positions")
        scoring = _int_pair(setup, "scoring", (n, n))
        if min(scoring) < 1 or sum(scoring) != 2 * n:
            raise SetupError("Setup field %(field)s: each team holds at least one scoring stick "
                             "and together they hold %(total)s.", field="scoring", total=2 * n)
        first = left if options(rules).first_team == "left" else 1 - left
        to_throw = setup.get("to_throw", first)
        if to_throw not in TEAMS or isinstance(to_throw, bool):
            raise SetupError("Setup field %(field)s must be 0 or 1.", field="to_throw")
        lost = setup.get("lost_turn", [False, False])
        if (not isinstance(lost, (list, tuple)) or len(lost) != 2
                or not all(isinstance(v, bool) for v in lost)):
            raise SetupError("Setup field %(field)s needs two true/false values.",
                             field="lost_turn")
        fresh = positions == (0, 0) and scoring == (n, n)
        return ZohnAhlState(rules=rules, team_sizes=sizes, left_team=left, positions=positions,
                            scoring=scoring, team=to_throw, lost_turn=(lost[0], lost[1]),
                            fresh=fresh)


GAME = ZohnAhlGame()

#: Read by mypy: the game keeps :class:`jokoak.engine.Game`, and so its states keep
#: :class:`jokoak.engine.GameState` (``new_initial_state`` returns one). The protocols are
#: structural, so nothing else would notice the game drifting from them (a missing
#: ``why_not``, another ``apply``); this line fails to type-check the moment it does.
KEEPS_THE_ENGINE_PROTOCOLS: Game = GAME


def default_rules(ruleset: str | None = None, **overrides: Any) -> Rules:
    return make_rules(GAME, ruleset, **overrides)

