"""Exact odds for zohn ahl and Nebäkuthana, from the engine's own chance model.

Three layers, from cheap to expensive:

* one throw and one turn (rethrows included): exact ``Fraction`` series;
* one stick alone on its first circuit: where it rests and how often it falls into the north
  creek — an acyclic Markov chain, solved exactly by one forward pass;
* the whole game: a Markov chain over (both sticks' places, scoring sticks, team and seat on
  turn, pending lost turns). :func:`game_chain` builds it with :func:`chain_step`, a fast
  mirror of the engine checked against it in the tests; :func:`event_system` reduces it to
  its scoring events (sticks only move forward in between, so that part is one exact
  backward pass). :func:`win_odds` (Gauss–Seidel on the events) and :func:`game_length`
  (mass pushed turn by turn) solve it numerically in float64 with the remaining error
  reported; :func:`exact_win_probability` solves the same chain exactly over ``Fraction`` by
  sparse Gaussian elimination in the board's order, which is exact and fast with one scoring
  stick a team (no cycles) and impractical beyond (cycles between scoring levels make the
  fractions and the fill-in grow without bound in practice). For any number of sticks,
  :mod:`jokoak.games.zohn_ahl.odds.bounds` encloses the win probability, the mean length and the
  length distribution in intervals of ``Fraction``s proven by exact integer checks; the
  game tables of :func:`odds_tables` and the odds page come from there. No page calls the
  float solvers any more: they stay as an independent second algorithm (Gauss–Seidel on the
  scoring events, and on the whole chain) that the tests and ``bench/zohn_ahl_markov.py``
  hold the proven intervals against.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from jokoak.engine.core import Rules, RulesError
from jokoak.i18n.msgids import N_
from jokoak.games.zohn_ahl.engine import options, throw_distribution
# re-exported: the odds view measures the board with it
from jokoak.games.zohn_ahl.engine import circuit_length as circuit_length
from jokoak.plugin.returns import OddsTable
from jokoak.games.zohn_ahl.odds.bounds import certified_game_length, certified_win_odds
from jokoak.games.zohn_ahl.odds.chain import ChainSpec, GameChain, State, chain_step, game_chain, start_state


# ---------------------------------------------------------------- one throw, one turn

def throw_values(rules: Rules) -> dict[int, Fraction]:
    """Exact distribution of one throw's value (rethrow or not)."""
    out: dict[int, Fraction] = {}
    for kind, p in throw_distribution(rules):
        out[kind.value] = out.get(kind.value, Fraction(0)) + p
    return dict(sorted(out.items()))


def rethrow_probability(rules: Rules) -> Fraction:
    return sum((p for k, p in throw_distribution(rules) if k.again), Fraction(0))


def expected_turn_movement(rules: Rules) -> Fraction:
    """Expected sites a stick moves in one turn: E[throw] / (1 - P(throw again))."""
    again = rethrow_probability(rules)
    if again == 1:
        raise ValueError("every throw gives another throw: a turn never ends")
    mean = sum((k.value * p for k, p in throw_distribution(rules)), Fraction(0))
    return mean / (1 - again)


def turn_movement(rules: Rules, up_to: int = 60) -> tuple[dict[int, Fraction], Fraction]:
    """Exact P(a turn moves the stick exactly n sites) for n <= ``up_to``, and the rest.

    Ignores the board (creeks, circuits): it is the dice's movement, the sum of the throws.
    """
    dist = throw_distribution(rules)
    f: dict[int, Fraction] = {}
    for n in range(1, up_to + 1):
        total = Fraction(0)
        for kind, p in dist:
            if kind.again:
                if n - kind.value >= 1:
                    total += p * f[n - kind.value]
            elif kind.value == n:
                total += p
        f[n] = total
    shown = {n: v for n, v in f.items() if v}
    return shown, 1 - sum(shown.values(), Fraction(0))


# ---------------------------------------------------------------- first circuit, one stick

def first_circuit(rules: Rules) -> tuple[dict[int, Fraction], Fraction, Fraction]:
    """One stick alone, from the south creek until it completes a circuit or falls back.

    Returns P(it rests at least once in gap g) for g = 1..L-1 (the north creek's entry is the
    probability of falling into it), P(north creek) and P(circuit completed). Each throw moves
    the stick and leaves it resting, rethrow or not; a stick never revisits a gap, so resting
    probabilities are first-visit probabilities and one forward pass is exact.
    """
    length = circuit_length(rules)
    north = length // 2
    values = throw_values(rules)
    rest = {g: Fraction(0) for g in range(length)}
    rest[0] = Fraction(1)
    complete = Fraction(0)
    for g in range(length):
        if g == north or not rest[g]:
            continue
        for v, p in values.items():
            if g + v >= length:
                complete += rest[g] * p
            else:
                rest[g + v] += rest[g] * p
    del rest[0]
    return rest, rest[north], complete


# ---------------------------------------------------------------- the whole game's chain

# ChainSpec, chain_step, game_chain, ... live in .zohn_ahl_chain (imported above), shared
# with the proven bounds of .zohn_ahl_bounds.


@dataclass(frozen=True)
class WinOdds:
    """Both teams' win probabilities, as lower bounds that together miss ``gap`` at most."""

    first_team: int
    win: tuple[float, float]    # P(team 0 wins), P(team 1 wins)
    gap: float                  # 1 - both: an upper bound on either's error
    sweeps: int

    @property
    def start_team_wins(self) -> float:
        return self.win[self.first_team]


def _arrays(chain: GameChain) -> tuple[Any, Any, Any, Any]:
    """numpy views of the chain: probabilities, again flags, destinations (kinds x states)."""
    import numpy as np
    probs = np.array([float(p) for p, _, _ in chain.moves])
    again = np.array([g for _, g, _ in chain.moves])
    dest = np.array([d for _, _, d in chain.moves], dtype=np.int64)
    return np.arange(len(chain.states)), probs, again, dest


def win_odds_by_states(rules: Rules, team_sizes: tuple[int, int] = (1, 1), left_team: int = 0,
             tol: float = 1e-10, max_sweeps: int = 100000) -> WinOdds:
    """P(each team wins), by block Gauss–Seidel on the whole chain (no reduction).

    Used when :func:`event_system` would not fit in memory (the "some authors" lost turns
    multiply the phases by four), and as an independent check of :func:`win_odds`.

    Between scoring events sticks only move forward, so ordering states by the sum of both
    sticks' places (farthest first) makes every ordinary move look up an already updated
    value: one sweep settles everything up to the next scoring event, and the number of sweeps
    follows the number of scoring events, not of throws. Starting from zero, the values rise
    monotonically to the true probabilities; the iteration stops when the two teams' chances
    add up to within ``tol`` of 1 (numerical, float64; see :func:`exact_win_probability`).
    """
    import numpy as np

    spec = ChainSpec.of(rules, team_sizes)
    chain = game_chain(spec)
    n = len(chain.states)
    _, probs, _, dest = _arrays(chain)
    sums = np.array([st[0] + st[1] for st in chain.states])
    levels = [np.flatnonzero(sums == total) for total in sorted(set(sums.tolist()), reverse=True)]
    blocks = [(idx, dest[:, idx]) for idx in levels]
    values = np.zeros((n + 2, 2))
    values[n, 0] = values[n + 1, 1] = 1.0
    start = chain.index[start_state(rules, team_sizes, left_team)]
    gap, sweeps = 1.0, 0
    while sweeps < max_sweeps:
        sweeps += 1
        for idx, d in blocks:
            values[idx] = np.einsum("k,kic->ic", probs, values[d])
        gap = 1.0 - values[start].sum()
        if gap <= tol:
            break
    first = chain.states[start][3]
    return WinOdds(first, (float(values[start, 0]), float(values[start, 1])), max(gap, 0.0),
                   sweeps)


@dataclass(frozen=True)
class GameLength:
    """P(the game ends during turn t) for t = 1..len(length), and the mass still playing."""

    length: tuple[float, ...]
    tail: float


def game_length(rules: Rules, team_sizes: tuple[int, int] = (1, 1), left_team: int = 0,
                max_turns: int = 1500, tol: float = 1e-9, drain: float = 1e-7) -> GameLength:
    """Distribution of the game's length in turns (one seat's throws, rethrows included).

    The probability mass is pushed forward one turn at a time: ``u = v + Rv + R²v + ...``
    (rethrows, until what is left is below ``drain`` of the mass: that sliver is counted one
    turn late, nothing is lost) then one ordinary throw.
    Stops after ``max_turns`` or when less than ``tol`` is still undecided, reporting that
    tail. Numerical (float64), from the exact chain; no sampling.
    """
    import numpy as np

    spec = ChainSpec.of(rules, team_sizes)
    chain = game_chain(spec)
    n = len(chain.states)
    _, probs, again, dest = _arrays(chain)
    re_p, re_d = probs[again][:, None], dest[again].ravel()
    se_p, se_d = probs[~again][:, None], dest[~again].ravel()
    v = np.zeros(n)
    v[chain.index[start_state(rules, team_sizes, left_team)]] = 1.0
    length: list[float] = []
    remaining = 1.0
    while remaining > tol and len(length) < max_turns:
        pool: np.ndarray = v
        ended, u = 0.0, v.copy()
        late: np.ndarray = np.zeros(n)
        while re_d.size:
            moved = np.bincount(re_d, weights=(re_p * pool).ravel(), minlength=n + 2)
            ended += moved[n] + moved[n + 1]
            pool = moved[:n]
            if pool.sum() <= drain * remaining:
                late = pool         # rethrows still pending: they start the next turn
                break
            u += pool
        settled = np.bincount(se_d, weights=(se_p * u).ravel(), minlength=n + 2)
        ended += settled[n] + settled[n + 1]
        v = settled[:n] + late
        length.append(float(ended))
        remaining = float(v.sum())
    return GameLength(tuple(length), max(remaining, 0.0))


def exact_win_probability(rules: Rules, team_sizes: tuple[int, int] = (1, 1),
                          left_team: int = 0) -> Fraction:
    """P(the starting team wins), exactly, by sparse Gaussian elimination over Fraction.

    Unknowns are the chain's states; ``W(x) = sum_k p_k W(dest_k(x))`` with W = 1 when the
    starting team holds every scoring stick, 0 when the other does. States are eliminated in
    the order of the board (farther sticks first, then by scoring level) so that, between
    scoring events, each row only refers to rows already solved. With one scoring stick a team
    there are no cycles at all and this is one backward pass; more sticks add cycles and the
    fractions (and the time) grow fast: use :func:`win_odds` for those.
    """
    spec = ChainSpec.of(rules, team_sizes)
    chain = game_chain(spec)
    start = start_state(rules, team_sizes, left_team)
    first = start[3]
    n = len(chain.states)
    win_value = {n: Fraction(1 if first == 0 else 0), n + 1: Fraction(1 if first == 1 else 0)}
    # row i: W_i = const_i + sum_j coef_ij W_j
    order = sorted(range(n), key=lambda i: (-(chain.states[i][0] + chain.states[i][1]),
                                            chain.states[i][2], chain.states[i][3:]))
    rows: dict[int, tuple[Fraction, dict[int, Fraction]]] = {}
    for i in range(n):
        const = Fraction(0)
        coef: dict[int, Fraction] = {}
        for p, _, dest in chain.moves:
            j = dest[i]
            if j >= n:
                const += p * win_value[j]
            else:
                coef[j] = coef.get(j, Fraction(0)) + p
        rows[i] = (const, coef)
    solved: dict[int, tuple[Fraction, dict[int, Fraction]]] = {}
    for i in order:
        const, coef = rows[i]
        const, coef = _substitute(const, coef, solved)
        self_coef = coef.pop(i, Fraction(0))
        if self_coef:
            scale = 1 / (1 - self_coef)
            const *= scale
            coef = {j: c * scale for j, c in coef.items()}
        solved[i] = (const, coef)
    # back-substitute in reverse elimination order
    values: dict[int, Fraction] = {}
    for i in reversed(order):
        const, coef = solved[i]
        values[i] = const + sum((c * values[j] for j, c in coef.items()), Fraction(0))
    return values[chain.index[start]]


def _substitute(const: Fraction, coef: dict[int, Fraction],
                solved: dict[int, tuple[Fraction, dict[int, Fraction]]]
                ) -> tuple[Fraction, dict[int, Fraction]]:
    """Replace every already-eliminated unknown by its row (forward elimination step)."""
    out: dict[int, Fraction] = {}
    stack = list(coef.items())
    while stack:
        j, c = stack.pop()
        if j in solved:
            k_const, k_coef = solved[j]
            const += c * k_const
            stack.extend((m, c * d) for m, d in k_coef.items())
        else:
            out[j] = out.get(j, Fraction(0)) + c
    return const, out


# ---------------------------------------------------------------- tables for pages and CLI

#: Bounds of the tables' parameters: (minimum, maximum) of each whole-number one. A turn
#: moves at most a few dozen sites; a game lasts about 140 turns (the table's tail says the rest).
PARAM_BOUNDS = {"up_to": (1, 1000), "max_turns": (1, 5000)}


def _check_params(params: dict[str, Any]) -> None:
    """A :class:`RulesError` for an unknown, mistyped or out-of-bounds parameter."""
    for name, value in params.items():
        if name == "game":
            if not isinstance(value, bool):
                raise RulesError("game must be true or false")
        elif name in PARAM_BOUNDS:
            low, high = PARAM_BOUNDS[name]
            if type(value) is not int or not low <= value <= high:
                raise RulesError(N_("Parameter %(param)s must be a whole number from "
                                    "%(minimum)s to %(maximum)s."), param=name, minimum=low,
                                 maximum=high)
        else:
            raise RulesError(f"unknown parameter {str(name)[:40]!r}; known: game, "
                             + ", ".join(PARAM_BOUNDS))


def odds_tables(rules: Rules, **params: Any) -> list[OddsTable]:
    """Throws, turns, the first circuit (exact) and, with ``game=True``, the whole game.

    The game tables come from :mod:`jokoak.games.zohn_ahl.odds.bounds`: proven bounds, flagged
    ``exact=bounds`` in their params. ``start_team_wins``: the starting team's lower bound,
    the other team's lower bound and, as ``not_pinned_down``, the width of the interval between
    them (the rows add up to exactly 1; params ``lo``/``hi`` give the interval). ``game_length``:
    lower bounds of P(the game ends during turn t), and as ``more`` the rest (the mass
    beyond the table plus the bounds' slack, so the rows add up to exactly 1); params give
    the tail's bounds, the slack (the largest ``hi - lo`` of a row) and the mean length's
    bounds. ``max_turns`` (default 600) sets the table's length.
    """
    _check_params(params)
    p = str(options(rules).stick_probability)
    tag = (("ruleset", rules.ruleset), ("stick_probability", p))
    values = throw_values(rules)
    tables = [OddsTable("throw_values", "Value of one throw",
                        tuple((str(v), q) for v, q in values.items()), True, tag)]
    moves, rest = turn_movement(rules, params.get("up_to", 60))
    tables.append(OddsTable("turn_movement", "Sites moved in one turn (rethrows included)",
                            tuple((str(k), q) for k, q in moves.items()) + (("more", rest),),
                            True, tag))
    tables.append(OddsTable("turn_summary", "One turn on average",
                            (("rethrow", rethrow_probability(rules)),
                             ("mean_movement", expected_turn_movement(rules))), False, tag))
    resting, north, complete = first_circuit(rules)
    tables.append(OddsTable("first_circuit_rest",
                            "Chance of resting in each gap during the first circuit",
                            tuple((str(g), q) for g, q in resting.items()), False, tag))
    tables.append(OddsTable("first_circuit_end", "How the first circuit ends",
                            (("north_creek", north), ("complete", complete)), True, tag))
    if params.get("game"):
        odds = certified_win_odds(rules)
        start, other = odds.start_team_wins, odds.other_team_wins
        tables.append(OddsTable("start_team_wins", "Chance that the starting team wins",
                                (("start_team", start.lo), ("other_team", other.lo),
                                 ("not_pinned_down", start.width)), True,
                                tag + (("exact", "bounds"), ("lo", str(start.lo)),
                                       ("hi", str(start.hi)),
                                       ("width", f"{float(start.width):.3g}"))))
        span = certified_game_length(rules, max_turns=params.get("max_turns", 600))
        tables.append(OddsTable("game_length", "Length of the game in turns",
                                tuple((str(t), q) for t, q in enumerate(span.lo, 1))
                                + (("more", span.tail_hi),), True,
                                tag + (("exact", "bounds"), ("rows", "lo"),
                                       ("tail_lo", f"{float(span.tail_lo):.6g}"),
                                       ("tail_hi", f"{float(span.tail_hi):.6g}"),
                                       ("slack", f"{float(span.slack):.3g}"),
                                       ("mean_lo", f"{float(odds.turns.lo):.10g}"),
                                       ("mean_hi", f"{float(odds.turns.hi):.10g}"))))
    return tables


# ---------------------------------------------------------------- the reduced (event) system

#: A state without the throw it waits for: (a, b, team, seat, l0, l1).
Phase = tuple[int, int, int, int, bool, bool]


def _phase_of(state: State) -> Phase:
    a, b, _s, team, seat, l0, l1 = state
    return (a, b, team, seat, l0, l1)


DELTAS = (-2, -1, 0, 1, 2)      # a throw can complete a circuit and then hit: two levels


@dataclass
class EventSystem:
    """The game reduced to its scoring events (see :func:`event_system`)."""

    spec: ChainSpec
    index: dict[Phase, int]         # phase -> row of G
    G: Any                          # phases x (jump targets per delta): first jump's law
    blocks: dict[int, tuple[int, int]]   # delta -> column range of G
    entries: list[int]              # phases a jump can land on (rows of the reduced system)
    to_entry: dict[int, Any]        # delta -> entry row of each column of that delta


#: Largest G (phases x jump targets) built, in float64 cells (about 200 MB).
MAX_EVENT_CELLS = 25_000_000


@lru_cache(maxsize=8)
def event_system(spec: ChainSpec) -> EventSystem | None:
    """From every phase, where the next *jump* happens and lands.

    A phase is everything but the scoring sticks. An ordinary move only takes sticks forward;
    a jump changes the scoring sticks by ``delta`` (-2..2) or sends a stick back. So
    ``G = (I - A)^-1 B`` (A: ordinary moves, B: jumps) is one backward pass over the board,
    from the farthest places to the nearest, with no iteration. None if G would be larger
    than :data:`MAX_EVENT_CELLS`.
    """
    import numpy as np

    mid = 10 ** 9                   # a scoring level far from both ends: nothing is won here
    free = ChainSpec(spec.length, mid, spec.carry_over, spec.south_restart,
                     spec.dry_lose_turn, spec.team_sizes, spec.throws)
    template = game_chain(ChainSpec(spec.length, 1, spec.carry_over, spec.south_restart,
                                    spec.dry_lose_turn, spec.team_sizes, spec.throws))
    phases = [_phase_of(st) for st in template.states]
    index = {ph: i for i, ph in enumerate(phases)}
    kinds = [(float(p), value, again) for value, again, p in spec.throws]
    n = len(phases)
    targets = np.zeros((len(kinds), n), dtype=np.int64)
    forward = np.zeros((len(kinds), n), dtype=bool)
    jumps: dict[int, list[tuple[int, int, float]]] = {d: [] for d in DELTAS}
    for i, (a, b, team, seat, l0, l1) in enumerate(phases):
        for k, (p, value, again) in enumerate(kinds):
            nxt = chain_step(free, (a, b, mid, team, seat, l0, l1), value, again)
            assert not isinstance(nxt, str), "no team can win at the middle scoring level"
            y, delta = index[_phase_of(nxt)], nxt[2] - mid
            if delta == 0 and nxt[0] + nxt[1] > a + b:
                forward[k, i], targets[k, i] = True, y
            else:
                jumps[delta].append((i, y, p))
    width = sum(len({y for _, y, _ in jumps[d]}) for d in DELTAS)
    if n * width > MAX_EVENT_CELLS:
        return None
    entries = sorted({y for d in DELTAS for _, y, _ in jumps[d]})
    entry_row = {y: r for r, y in enumerate(entries)}
    blocks, columns, start = {}, {}, 0
    for d in DELTAS:
        cols = sorted({y for _, y, _ in jumps[d]})
        columns[d] = {y: start + j for j, y in enumerate(cols)}
        blocks[d] = (start, start + len(cols))
        start += len(cols)
    G = np.zeros((n, start))
    for d in DELTAS:
        for i, y, p in jumps[d]:
            G[i, columns[d][y]] += p
    sums = np.array([ph[0] + ph[1] for ph in phases])
    for total in sorted(set(sums.tolist()), reverse=True):
        block = np.flatnonzero(sums == total)
        for k, (p, _, _) in enumerate(kinds):
            rows = block[forward[k, block]]
            if rows.size:
                G[rows] += p * G[targets[k, rows]]
    to_entry = {d: np.array([entry_row[y] for y in sorted(columns[d], key=columns[d].__getitem__)],
                            dtype=np.int64) for d in DELTAS}
    return EventSystem(spec, index, G, blocks, entries, to_entry)


def win_odds(rules: Rules, team_sizes: tuple[int, int] = (1, 1), left_team: int = 0,
             tol: float = 1e-10, max_sweeps: int = 200000) -> WinOdds:
    """P(each team wins) from the starting position, on the game reduced to its events.

    With ``U_s`` the chances at the phases a jump lands on when team 0 holds ``s`` scoring
    sticks, ``U_s = sum_d H_d U_{s+d}`` (``H`` = rows of :func:`event_system`'s G); U is 0
    below the first level and 1 at the top (for team 1, the other way round). Gauss–Seidel
    from zero rises monotonically to the solution, one scoring event per sweep, so the two
    teams' values are lower bounds whose shortfall from 1 (``gap``) bounds the error; it
    stops when the gap at the start is below ``tol``. Numerical (float64). Falls back to
    :func:`win_odds_by_states` when the reduction would not fit in memory.
    """
    import numpy as np

    spec = ChainSpec.of(rules, team_sizes)
    system = event_system(spec)
    if system is None:
        return win_odds_by_states(rules, team_sizes, left_team, tol, max_sweeps)
    start = start_state(rules, team_sizes, left_team)
    top = 2 * spec.scoring_sticks
    m = len(system.entries)
    H = np.ascontiguousarray(system.G[system.entries])
    lead = system.G[system.index[_phase_of(start)]]
    parts = [(d, system.to_entry[d]) for d in DELTAS if system.to_entry[d].size]
    # U[team][L + 1] = that team's chances at level L (padded at -1 and top + 1)
    U = np.zeros((2, top + 3, m))
    U[1, :2] = 1.0                         # levels -1 and 0: team 1 has won
    U[0, top + 1:] = 1.0                   # levels top and top + 1: team 0 has won

    def gathered(team: int, level: int) -> Any:
        """The values the jumps from ``level`` land on, in G's column order."""
        return np.concatenate([U[team, min(max(level + d, -1), top + 1) + 1][rows]
                               for d, rows in parts])

    gap, sweeps, found = 1.0, 0, [0.0, 0.0]
    while sweeps < max_sweeps:
        sweeps += 1
        for level in range(1, top):
            for team in (0, 1):            # plain loops: BLAS threads stall on a busy server
                U[team, level + 1] = np.einsum("ij,j->i", H, gathered(team, level))
        found = [float(lead @ gathered(team, start[2])) for team in (0, 1)]
        gap = 1.0 - sum(found)
        if gap <= tol:
            break
    return WinOdds(start[3], (float(found[0]), float(found[1])), max(gap, 0.0), sweeps)
