"""The whole game of zohn ahl as a Markov chain: its states and where each throw sends them.

Shared by the float solvers (:mod:`jokoak.games.zohn_ahl.odds`) and the proven bounds
(:mod:`jokoak.games.zohn_ahl.odds.bounds`); both import it, it imports neither. A state is (both
sticks' places, scoring sticks, team and seat on turn, pending lost turns); :func:`chain_step`
is a fast mirror of the engine's throw, checked against it in the tests.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

from jokoak.engine.core import Rules
from jokoak.games.zohn_ahl.engine import circuit_length, options, throw_distribution

WIN0, WIN1 = "win0", "win1"


@dataclass(frozen=True)
class ChainSpec:
    """What the game chain depends on (hashable, so chains are cached)."""

    length: int
    scoring_sticks: int
    carry_over: bool
    south_restart: bool
    dry_lose_turn: bool
    team_sizes: tuple[int, int]
    throws: tuple[tuple[int, bool, Fraction], ...]   # (value, again, probability)

    @classmethod
    def of(cls, rules: Rules, team_sizes: tuple[int, int] = (1, 1)) -> "ChainSpec":
        throws = tuple((k.value, k.again, p) for k, p in throw_distribution(rules) if p)
        chosen = options(rules)
        return cls(circuit_length(rules), chosen.scoring_sticks, chosen.carry_over,
                   chosen.south_creek == "restart", chosen.dry_creek_lose_turn,
                   (team_sizes[0], team_sizes[1]), throws)


#: A chain state: (position of team 0, position of team 1, team 0's scoring sticks,
#: team on turn, seat in team, lost turn pending for team 0, for team 1).
State = tuple[int, int, int, int, int, bool, bool]


def chain_step(spec: ChainSpec, state: State, value: int, again: bool) -> State | str:
    """The state after one throw: mirrors ``ZohnAhlState._apply_throw`` without events."""
    a, b, s, team, seat, l0, l1 = state
    pos, lost = [a, b], [l0, l1]
    length, total = spec.length, 2 * spec.scoring_sticks
    t, o = team, 1 - team
    target = pos[t] + value

    def transfer(gainer: int) -> str | None:
        nonlocal s
        s += 1 if gainer == 0 else -1
        return WIN0 if s == total else WIN1 if s == 0 else None

    final = None
    if target >= length:
        surplus = target - length
        if surplus == 0 and spec.south_restart:
            pos[t] = 0
        else:
            won = transfer(t)
            if won:
                return won
            pos[t] = surplus if (surplus and spec.carry_over) else 0
            final = pos[t]
    elif target == length // 2:
        won = transfer(o)
        if won:
            return won
        pos[t] = 0
    else:
        pos[t] = final = target
    if final:
        if pos[o] and final + pos[o] == length:
            won = transfer(t)
            if won:
                return won
            pos[o] = 0
        if spec.dry_lose_turn and final in (length // 4, 3 * length // 4):
            lost[t] = True
    if not again:
        if seat + 1 < spec.team_sizes[t]:
            seat += 1
        else:
            team, seat = o, 0
            while lost[team]:
                lost[team] = False
                team = 1 - team
    return (pos[0], pos[1], s, team, seat, lost[0], lost[1])


@dataclass
class GameChain:
    spec: ChainSpec
    states: list[State]
    index: dict[State, int]
    #: per throw kind: (probability, again, destination index per state; n = WIN0, n+1 = WIN1)
    moves: list[tuple[Fraction, bool, list[int]]]


@lru_cache(maxsize=16)
def game_chain(spec: ChainSpec) -> GameChain:
    """Every non-final state and where each throw kind sends it.

    The states and each kind's destinations do not depend on the stick probability, so they
    are cached by the board alone (:func:`chain_states`, :func:`throw_destinations`): a new
    probability only pairs them with new numbers.
    """
    board = replace(spec, throws=())
    states, index = chain_states(board)
    moves = [(p, again, list(throw_destinations(board, value, again)))
             for value, again, p in spec.throws]
    return GameChain(spec, states, index, moves)


@lru_cache(maxsize=8)
def chain_states(board: ChainSpec) -> tuple[list[State], dict[State, int]]:
    """The non-final states of a board (a spec without throws) and their indices."""
    length, n_sticks = board.length, board.scoring_sticks
    flags = [(False, False), (False, True), (True, False), (True, True)] \
        if board.dry_lose_turn else [(False, False)]
    states: list[State] = [
        (a, b, s, team, seat, l0, l1)
        for a in range(length) for b in range(length)
        if a != length // 2 and b != length // 2 and not (a and b and a + b == length)
        for s in range(1, 2 * n_sticks)
        for team in (0, 1) for seat in range(board.team_sizes[team])
        for l0, l1 in flags]
    return states, {st: i for i, st in enumerate(states)}


@lru_cache(maxsize=64)
def throw_destinations(board: ChainSpec, value: int, again: bool) -> tuple[int, ...]:
    """Where a throw of ``value`` sends every state (n = WIN0, n + 1 = WIN1)."""
    states, index = chain_states(board)
    n = len(states)
    final = {WIN0: n, WIN1: n + 1}
    out = []
    for st in states:
        nxt = chain_step(board, st, value, again)
        out.append(final[nxt] if isinstance(nxt, str) else index[nxt])
    return tuple(out)


def start_state(rules: Rules, team_sizes: tuple[int, int] = (1, 1), left_team: int = 0) -> State:
    chosen = options(rules)
    first = left_team if chosen.first_team == "left" else 1 - left_team
    n = chosen.scoring_sticks
    return (0, 0, n, first, 0, False, False)
