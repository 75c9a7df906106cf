"""Proven bounds for the whole game of zohn ahl: exact intervals, not estimates.

The game's Markov chain (:func:`jokoak.games.zohn_ahl.odds.game_chain`: about 20 000 states with
four scoring sticks a team) is far too large for one exact ``Fraction`` solution, and a float
solution alone proves nothing. So every number here is an interval ``[lo, hi]`` of exact
``Fraction``s together with a *certificate* that is checked in exact integer arithmetic:

* **Termination.** ``h`` with ``h >= 0`` and ``h(i) >= 1 + sum_k p_k h(dest_k(i))`` on every
  non-final state (a Lyapunov function). Then ``h(X_n) + n`` is a supermartingale, so the
  expected number of throws from ``i`` is at most ``h(i)``: the game ends with probability 1
  and ``h(start)`` bounds the mean number of throws. ``h`` is ``(1 + eta)`` times the float
  expected number of throws, rounded up.
* **Lower bounds.** For ``x = T x + c`` (``T``: one throw among non-final states,
  substochastic; ``c >= 0``: what one throw adds), any bounded ``l`` with ``l <= T l + c``
  satisfies ``l <= T^N l + sum_{m<N} T^m c``; ``T^N l -> 0`` because the game ends, so
  ``l <= x``. We take ``l = floor(x_float - delta * h)`` on a grid of ``2^-E``: subtracting
  ``delta * h`` gains ``delta`` of slack at every state (``T h <= h - 1``), which absorbs the
  float solution's residual when ``delta`` exceeds it.
* **Upper bounds.** Any ``w >= 0`` with ``w >= T w + c`` satisfies ``w >= sum_{m<N} T^m c``
  for every ``N``, so ``w >= x`` (no termination argument needed); ``w = ceil(x_float +
  delta * h)``.
* **Exact checks.** With every throw probability written ``p_k = P_k / D`` (one common
  denominator) and a candidate ``X / 2^E`` (integers ``X``), ``l <= T l + c`` is
  ``D X_i <= sum_k P_k X_dest + C_i 2^E``: integer arithmetic, in int64 only where no
  intermediate can overflow (split in two int64 halves when ``D`` is large, Python
  integers when even that would not fit; see :func:`slack_signs`). Any float error in the
  candidates can only make a check fail, never pass wrongly.

The game length (:func:`certified_game_length`) is a turn-by-turn mass push in float64 whose
every rounding is bounded. A computed product or sum of non-negative terms that went through
``m`` roundings is at most ``(1 + 2^-53)^m`` times the exact one (IEEE round to nearest), so
each probability is first multiplied by ``1 - 2^-g <= 1 - m 2^-53`` and rounded *down*: that
pays for every rounding in advance. Results below the normal range can err by 2^-1075 at
most, absolutely; the reported bounds are lowered by 2^-64, far more than all of those
together. Every computed mass is therefore at most the true one, and conservation of
probability turns the lower bounds into upper bounds (see :class:`LengthBounds`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable

import numpy as np

from jokoak.engine.core import Rules
from jokoak.games.zohn_ahl.odds.chain import (ChainSpec, State, chain_states, game_chain, start_state,
                                              throw_destinations)

#: Relative residual the float solves aim at (float64 reaches about 1e-16).
SOLVE_RTOL = 1e-14
#: Margin of the Lyapunov function over the float expected number of throws.
LYAPUNOV_MARGIN = 1 / 64


# ---------------------------------------------------------------- the chain as arrays

@dataclass(frozen=True)
class ChainArrays:
    """The game chain in the forms the solvers and the exact checks need.

    ``dest[k, i]`` is where throw kind ``k`` sends state ``i`` (``n`` = team 0 has won,
    ``n + 1`` = team 1 has won). ``numerators[k] / denominator`` is kind ``k``'s exact
    probability; ``probs`` the nearest floats (for the float solves only). ``blocks`` are the
    states grouped by the sum of both sticks' places, farthest first: an ordinary move only
    takes sticks forward, so a sweep in this order settles every move up to the next
    scoring event (see :func:`jokoak.games.zohn_ahl.odds.win_odds_by_states`).
    """

    spec: ChainSpec
    n: int
    dest: Any                           # int64, kinds x n
    again: Any                          # bool, kinds
    numerators: tuple[int, ...]
    denominator: int
    probs: Any                          # float64, kinds
    blocks: tuple[tuple[Any, Any], ...]  # (state indices, their destinations)
    team: Any                           # team on turn of each state (int8)


@lru_cache(maxsize=16)
def chain_arrays(spec: ChainSpec) -> ChainArrays:
    """numpy views of :func:`game_chain` (cached per spec; the board's parts per board)."""
    board = replace(spec, throws=())
    kinds = tuple((value, again) for value, again, _ in spec.throws)
    dest, blocks, team = _board_arrays(board, kinds)
    probs_exact = [Fraction(p) for _, _, p in spec.throws]
    denominator = math.lcm(*(p.denominator for p in probs_exact))
    numerators = tuple(int(p * denominator) for p in probs_exact)
    again = np.array([g for _, g in kinds], dtype=bool)
    return ChainArrays(spec, dest.shape[1], dest, again, numerators, denominator,
                       np.array([float(p) for p in probs_exact]), blocks, team)


@lru_cache(maxsize=16)
def _board_arrays(board: ChainSpec, kinds: tuple[tuple[int, bool], ...]
                  ) -> tuple[Any, tuple[tuple[Any, Any], ...], Any]:
    """Destinations, sweep blocks and team on turn: all independent of the probabilities."""
    states, _ = chain_states(board)
    dest = np.array([throw_destinations(board, value, again) for value, again in kinds],
                    dtype=np.int64).reshape(len(kinds), len(states))
    sums = np.array([st[0] + st[1] for st in states], dtype=np.int64)
    blocks = tuple((idx, np.ascontiguousarray(dest[:, idx]))
                   for idx in (np.flatnonzero(sums == total)
                               for total in sorted(set(sums.tolist()), reverse=True)))
    team = np.array([st[3] for st in states], dtype=np.int8)
    return dest, blocks, team


def _constant(arrays: ChainArrays, mask: Any) -> tuple[Any, Any]:
    """``c`` of ``x = T x + c`` where a throw marked in ``mask`` (kinds x states) adds 1.

    Returns the float vector and the exact numerators ``C_i`` (``c_i = C_i / D``).
    """
    weights = np.array(arrays.numerators, dtype=_int_type(arrays.denominator))
    exact = (weights[:, None] * mask).sum(axis=0)
    floats = (arrays.probs[:, None] * mask).sum(axis=0)
    return floats, exact


def _int_type(largest: int) -> Any:
    """int64 for integers (and sums of them up to ``largest``) that fit, else Python ints."""
    return np.int64 if largest < 2 ** 62 else object


# ---------------------------------------------------------------- float solves (not proofs)

def _sweep(arrays: ChainArrays, x: Any, c: Any | None) -> Any:
    """One block Gauss–Seidel sweep of ``x = T x + c`` in place (``x`` has n + 2 entries,
    the last two zero); ``c=None`` is the linear part alone."""
    probs = arrays.probs
    for idx, d in arrays.blocks:
        step = np.einsum("k,km->m", probs, x[d])
        x[idx] = step if c is None else step + c[idx]
    return x


def _norm(v: Any) -> float:
    return math.sqrt(float(np.einsum("i,i->", v, v)))


def _gmres(apply: Callable[[Any], Any], b: Any, rtol: float, restart: int = 60,
           cycles: int = 30) -> Any:
    """Restarted GMRES for ``A x = b`` (``apply(y) = A y``), classical Gram–Schmidt twice.

    Used on the sweep's fixed-point form: the sweep settles ordinary moves exactly, and the
    few slow modes left (the drift of the scoring sticks between the teams) are what Krylov
    acceleration removes in a few dozen steps where plain sweeps need hundreds. Vector
    products use ``einsum``, not BLAS: BLAS threads stall on a busy shared machine.
    """
    x = np.zeros_like(b)
    bnorm = _norm(b)
    if bnorm == 0.0:
        return x
    for _ in range(cycles):
        r = b - apply(x)
        beta = _norm(r)
        if beta <= rtol * bnorm:
            break
        basis = np.empty((restart + 1, b.size))
        hess = np.zeros((restart + 1, restart))
        basis[0] = r / beta
        rhs = np.zeros(restart + 1)
        rhs[0] = beta
        coef: np.ndarray = np.zeros(0)
        used = 0
        for j in range(restart):
            w = apply(basis[j])
            for _pass in range(2):
                h = np.einsum("ij,j->i", basis[:j + 1], w)
                w -= np.einsum("i,ij->j", h, basis[:j + 1])
                hess[:j + 1, j] += h
            norm = _norm(w)
            hess[j + 1, j] = norm
            used = j + 1
            coef = np.linalg.lstsq(hess[:j + 2, :j + 1], rhs[:j + 2], rcond=None)[0]
            left = _norm(rhs[:j + 2] - np.einsum("ij,j->i", hess[:j + 2, :j + 1], coef))
            if norm == 0.0 or left <= rtol * bnorm:
                break
            basis[j + 1] = w / norm
        x = x + np.einsum("i,ij->j", coef, basis[:used])
    return x


def solve_float(arrays: ChainArrays, c: Any, rtol: float = SOLVE_RTOL) -> Any:
    """Float solution of ``x = T x + c`` on every non-final state (a candidate, not a proof).

    GMRES on the block Gauss–Seidel fixed point ``x = M x + S(0)``, then two plain sweeps.
    """
    n = arrays.n

    def linear(y: Any) -> Any:
        z = np.zeros(n + 2)
        z[:n] = y
        return y - _sweep(arrays, z, None)[:n]

    first = _sweep(arrays, np.zeros(n + 2), c)[:n].copy()
    x = np.zeros(n + 2)
    x[:n] = _gmres(linear, first, rtol)
    for _ in range(2):
        _sweep(arrays, x, c)
    return x[:n]


def residual(arrays: ChainArrays, x: Any, c: Any) -> Any:
    """``T x + c - x`` in float64 (how far a float candidate is from solving the system)."""
    ext = np.zeros(arrays.n + 2)
    ext[:arrays.n] = x
    return arrays.probs @ ext[arrays.dest] + c - x


# ---------------------------------------------------------------- exact integer checks

def exact_slack(arrays: ChainArrays, numerators: Any, exponent: int, constant: Any) -> Any:
    """``2^E D (T x + c - x)`` for ``x = X / 2^E``, exactly: ``sum_k P_k X_dest + C 2^E - D X``.

    ``numerators`` are the integers ``X`` (final states count 0), ``constant`` the integers
    ``C`` of ``c = C / D``. Python integers throughout: the reference for :func:`slack_signs`.
    """
    ext = np.zeros(arrays.n + 2, dtype=object)
    ext[:arrays.n] = [int(v) for v in np.asarray(numerators)]
    shift = 1 << exponent
    total = np.array([int(v) * shift for v in np.asarray(constant)], dtype=object)
    for k, weight in enumerate(arrays.numerators):
        total = total + weight * ext[arrays.dest[k]]
    return total - arrays.denominator * ext[:arrays.n]


def _int64_slack(arrays: ChainArrays, X: Any, constant: Any, shift: int) -> Any:
    """``sum_k P_k X_dest + C 2^shift - D X`` in int64 (the caller proved it cannot overflow)."""
    ext = np.zeros(arrays.n + 2, dtype=np.int64)
    ext[:arrays.n] = X
    total = np.asarray(constant, dtype=np.int64) << shift
    for k, weight in enumerate(arrays.numerators):
        total = total + weight * ext[arrays.dest[k]]
    return total - arrays.denominator * ext[:arrays.n]


def slack_signs(arrays: ChainArrays, numerators: Any, exponent: int, constant: Any) -> Any:
    """The sign (-1, 0, 1) of :func:`exact_slack` at every state, exactly and fast.

    Every partial sum is at most ``2 D max|X| + max(C) 2^E`` in size. Below ``2^62`` this is
    int64 arithmetic. Otherwise ``X = X_hi 2^s + X_lo`` (``0 <= X_lo < 2^s``): the slack is
    ``S_hi 2^s + S_lo`` with ``|S_lo| < D 2^s``, so clipping ``S_hi`` to ``±(2D + 1)`` keeps
    the sign, and both parts and the clipped sum fit in int64 when ``s`` is chosen from
    ``D``. Python integers when even that does not fit (a huge denominator).
    """
    X = np.asarray(numerators)
    const = np.asarray(constant)
    d = arrays.denominator
    if X.dtype != object and X.size:
        big = max(abs(int(X.max())), abs(int(X.min())), 1)
        cmax = max(int(const.max()), 0)
        if 2 * d * big + (cmax << exponent) < 2 ** 62:
            return np.sign(_int64_slack(arrays, X, const, exponent))
        s = 61 - (4 * d).bit_length()
        if 0 < s <= exponent and 2 * d * ((big >> s) + 1) + (cmax << (exponent - s)) < 2 ** 62:
            X = X.astype(np.int64)
            high = _int64_slack(arrays, X >> s, const, exponent - s)
            low = _int64_slack(arrays, X & ((1 << s) - 1), np.zeros_like(const), 0)
            limit = 2 * d + 1
            return np.sign(np.clip(high, -limit, limit) * (1 << s) + low)
    return np.array([(v > 0) - (v < 0) for v in exact_slack(arrays, X, exponent, const)],
                    dtype=np.int64)


def is_sub_solution(arrays: ChainArrays, numerators: Any, exponent: int,
                    constant: Any) -> bool:
    """Exactly: ``x = X / 2^E`` satisfies ``x <= T x + c`` at every non-final state.

    With :func:`is_lyapunov` (the game ends), this proves ``x <=`` the true solution.
    """
    return bool(np.all(slack_signs(arrays, numerators, exponent, constant) >= 0))


def is_super_solution(arrays: ChainArrays, numerators: Any, exponent: int,
                      constant: Any) -> bool:
    """Exactly: ``x = X / 2^E >= 0`` and ``x >= T x + c``: then ``x >=`` the true solution."""
    if np.any(np.asarray(numerators) < 0):
        return False
    return bool(np.all(slack_signs(arrays, numerators, exponent, constant) <= 0))


def is_lyapunov(arrays: ChainArrays, numerators: Any, exponent: int) -> bool:
    """Exactly: ``h = H / 2^E >= 0`` and ``h >= T h + 1``: the game ends with probability 1
    from every state, after at most ``h`` throws on average."""
    ones = np.full(arrays.n, arrays.denominator, dtype=_int_type(arrays.denominator))
    return is_super_solution(arrays, numerators, exponent, ones)


def _floor_grid(x: Any, exponent: int) -> Any:
    return np.floor(np.ldexp(x, exponent))


def _ceil_grid(x: Any, exponent: int) -> Any:
    return np.ceil(np.ldexp(x, exponent))


def _as_ints(values: Any) -> Any:
    """Integral float64 values as int64 (they stay below 2^53 here), or Python ints."""
    if np.all(np.abs(values) < 2.0 ** 62):
        return values.astype(np.int64)
    return np.array([int(v) for v in values], dtype=object)


def _grid_exponent(largest: float) -> int:
    """Fractional bits a float of size ``largest`` still carries (52 minus its integer bits)."""
    return 52 - max(0, math.frexp(max(largest, 1.0))[1])


# ---------------------------------------------------------------- certificates

@dataclass(frozen=True)
class Interval:
    """A proven enclosure ``lo <= value <= hi`` with exact ends."""

    lo: Fraction
    hi: Fraction

    @property
    def width(self) -> Fraction:
        return self.hi - self.lo

    @property
    def mid(self) -> float:
        return float((self.lo + self.hi) / 2)

    def __contains__(self, value: object) -> bool:
        return self.lo <= value <= self.hi          # type: ignore[operator]


@dataclass(frozen=True)
class Bracket:
    """Integer sub- and super-solutions of one system ``x = T x + c`` on the ``2^-E`` grid."""

    exponent: int
    constant: Any               # C (c = C / D)
    lower: Any                  # L: L / 2^E <= T (L / 2^E) + c
    upper: Any                  # U: U / 2^E >= T (U / 2^E) + c, U >= 0

    def interval(self, state: int) -> Interval:
        scale = 1 << self.exponent
        return Interval(Fraction(int(self.lower[state]), scale),
                        Fraction(int(self.upper[state]), scale))


@dataclass(frozen=True)
class WinCertificate:
    """Everything :func:`verify_win_certificate` re-checks exactly (no floats involved).

    ``lyapunov``: ``H / 2^F`` with ``H >= T H + 1`` (termination, mean throws). ``wins``:
    bracket of P(team 0 wins) (``c`` = the throws that win for team 0). ``turns``: bracket of
    the expected number of turns still to *complete* (``c`` = the ordinary throws that do
    not end the game); the game lasts that plus one turn.
    """

    spec: ChainSpec
    start: int
    first_team: int
    lyapunov_exponent: int
    lyapunov: Any
    wins: Bracket
    turns: Bracket


def verify_win_certificate(cert: WinCertificate) -> bool:
    """Re-check a certificate in exact integer arithmetic: True only if every claim holds."""
    arrays = chain_arrays(cert.spec)
    if not is_lyapunov(arrays, cert.lyapunov, cert.lyapunov_exponent):
        return False
    for bracket in (cert.wins, cert.turns):
        if not (is_sub_solution(arrays, bracket.lower, bracket.exponent, bracket.constant)
                and is_super_solution(arrays, bracket.upper, bracket.exponent,
                                      bracket.constant)):
            return False
    return True


def _lyapunov(arrays: ChainArrays) -> tuple[int, Any, Any]:
    """A checked Lyapunov function (exponent, integers, float values)."""
    ones = np.ones(arrays.n)
    throws = np.maximum(solve_float(arrays, ones, rtol=1e-10), 0.0)
    for margin in (LYAPUNOV_MARGIN, 0.25, 1.0, 4.0):
        h = (1 + margin) * throws + 1
        exponent = max(_grid_exponent(float(h.max())) - 8, 0)
        numerators = _as_ints(_ceil_grid(h, exponent))
        if is_lyapunov(arrays, numerators, exponent):
            return exponent, numerators, h
    raise ArithmeticError("no Lyapunov function found: does the game always end?")


def _bracket(arrays: ChainArrays, c: Any, constant: Any, h: Any, clip: float | None) -> Bracket:
    """Sub- and super-solutions around the float solution, checked exactly.

    ``delta`` starts at twice the worst float residual plus the grid's rounding and grows
    until both exact checks pass (float slop can only make them fail).
    """
    x = np.maximum(solve_float(arrays, c), 0.0)
    if clip is not None:
        x = np.minimum(x, clip)
    worst = float(np.max(np.abs(residual(arrays, x, c))))
    exponent = _grid_exponent(float(x.max()) + 1.0)
    delta = 2 * worst + 8.0 * 2.0 ** -exponent + 1e-300
    for _ in range(12):
        lower = _as_ints(np.maximum(_floor_grid(x - delta * h, exponent), 0.0))
        upper = _as_ints(_ceil_grid(x + delta * h, exponent))
        if (is_sub_solution(arrays, lower, exponent, constant)
                and is_super_solution(arrays, upper, exponent, constant)):
            return Bracket(exponent, constant, lower, upper)
        delta *= 16
    raise ArithmeticError("the float solution could not be certified")


def win_certificate(rules: Rules, team_sizes: tuple[int, int] = (1, 1),
                    left_team: int = 0) -> WinCertificate:
    """Solve in float64, then build and check the integer certificate (see module doc)."""
    spec = ChainSpec.of(rules, team_sizes)
    start = start_state(rules, team_sizes, left_team)
    return _win_certificate(spec, start)


@lru_cache(maxsize=32)
def _win_certificate(spec: ChainSpec, start: State) -> WinCertificate:
    arrays = chain_arrays(spec)
    n = arrays.n
    index = game_chain(spec).index[start]
    exponent_h, lyapunov, h = _lyapunov(arrays)
    win_float, win_exact = _constant(arrays, arrays.dest == n)
    wins = _bracket(arrays, win_float, win_exact, h, clip=1.0)
    # a turn is completed by an ordinary throw that does not end the game
    turn_float, turn_exact = _constant(arrays, (arrays.dest < n) & ~arrays.again[:, None])
    turns = _bracket(arrays, turn_float, turn_exact, h, clip=None)
    return WinCertificate(spec, index, start[3], exponent_h, lyapunov, wins, turns)


@dataclass(frozen=True)
class WinEnclosure:
    """P(each team wins) and the game's mean length, as proven intervals of Fractions.

    ``team[0]``, ``team[1]``: P(team 0 wins), P(team 1 wins) (``team[1] = 1 - team[0]`` end
    for end: the game ends with probability 1). ``turns``: the expected number of turns.
    ``throws_hi``: an upper bound on the expected number of throws (the Lyapunov function at
    the start). ``first_team``: the team that throws first.
    """

    first_team: int
    team: tuple[Interval, Interval]
    turns: Interval
    throws_hi: Fraction

    @property
    def start_team_wins(self) -> Interval:
        return self.team[self.first_team]

    @property
    def other_team_wins(self) -> Interval:
        return self.team[1 - self.first_team]

    @property
    def width(self) -> Fraction:
        return self.start_team_wins.width


def enclosure_of(cert: WinCertificate) -> WinEnclosure:
    """Read the intervals at the start state off a certificate (after checking it)."""
    if not verify_win_certificate(cert):
        raise ArithmeticError("certificate rejected")
    return _enclosure(cert)


def _enclosure(cert: WinCertificate) -> WinEnclosure:
    team0 = cert.wins.interval(cert.start)
    team1 = Interval(1 - team0.hi, 1 - team0.lo)
    left = cert.turns.interval(cert.start)
    throws = Fraction(int(cert.lyapunov[cert.start]), 1 << cert.lyapunov_exponent)
    return WinEnclosure(cert.first_team, (team0, team1), Interval(left.lo + 1, left.hi + 1),
                        throws)


def certified_win_odds(rules: Rules, team_sizes: tuple[int, int] = (1, 1),
                       left_team: int = 0) -> WinEnclosure:
    """P(the starting team wins) in a proven interval, for any ruleset and stick probability.

    The certificate is built and checked once per chain and start (cached); the intervals
    hold whatever the floats did (see the module docstring).
    """
    return _enclosure(win_certificate(rules, team_sizes, left_team))


# ---------------------------------------------------------------- game length

@dataclass(frozen=True)
class LengthBounds:
    """P(the game ends during turn t) for t = 1..turns, each in a proven interval.

    ``lo[t-1]`` is a lower bound; ``hi[t-1] = lo[t-1] + lost[t-1]`` where ``lost`` is the mass
    the lower bounds have not accounted for by the end of turn t (rounding, truncated
    rethrow series): exactly, ``sum_{s<=t} P_s + P(still playing after t) = 1``, so
    ``P_t <= 1 - sum_{s<t} lo_s - (lower bound of the mass still playing)``.
    ``tail_lo <= P(the game lasts more than ``turns`` turns) <= tail_hi``; ``sum(lo) +
    tail_hi == 1`` exactly.
    """

    lo: tuple[Fraction, ...]
    hi: tuple[Fraction, ...]
    tail_lo: Fraction
    tail_hi: Fraction

    @property
    def turns(self) -> int:
        return len(self.lo)

    @property
    def slack(self) -> Fraction:
        """The largest ``hi - lo`` (the unaccounted mass after the last turn)."""
        return self.tail_hi - self.tail_lo

    def mean_lo(self) -> Fraction:
        """A lower bound on the mean length: every game longer than the table counts T + 1."""
        return sum((t * p for t, p in enumerate(self.lo, start=1)), Fraction(0)) \
            + (self.turns + 1) * self.tail_lo


def _round_down(p: Fraction) -> float:
    """The largest float that is at most ``p``."""
    f = float(p)
    return math.nextafter(f, 0.0) if Fraction(f) > p else f


def _shrink(budget: int) -> float:
    """``1 - 2^-g`` with ``(1 - 2^-g)(1 + 2^-53)^budget <= 1``.

    ``(1 + u)^m <= 1 / (1 - m u)``, so ``2^-g >= budget * 2^-53`` suffices.
    """
    return 1.0 - 2.0 ** -(53 - budget.bit_length())


#: Lower bounds of the length table are rounded down to multiples of ``2^-LENGTH_GRID`` and
#: lowered by one more: that covers every float result that fell below the normal range
#: (at most 2^-1075 each, far fewer than 2^900 of them), and keeps the fractions short.
LENGTH_GRID = 64
#: Most rethrows followed within one turn (the rest is cut, and counted as lost).
MAX_RETHROWS = 500


def _grid_floor(value: float) -> Fraction:
    """A dyadic lower bound of ``value`` minus the underflow allowance (never negative)."""
    units = math.floor(math.ldexp(value, LENGTH_GRID)) - 1
    return Fraction(max(units, 0), 1 << LENGTH_GRID)


def certified_game_length(rules: Rules, team_sizes: tuple[int, int] = (1, 1),
                          left_team: int = 0, max_turns: int = 600, tol: float = 1e-12,
                          drop: float = 2.0 ** -38) -> LengthBounds:
    """Proven bounds on the distribution of the game's length in turns.

    Mass is pushed one turn at a time: the turn's rethrows (``u = v + R v + R^2 v + ...``),
    then one ordinary throw. The rethrow series is cut once the pool left holds less than
    ``drop`` (cutting only lowers; what is cut, at most ``drop`` a turn, is part of the
    slack; a fixed amount rather than a share of the turn's mass spends the work where the
    mass is). Every probability is rounded down after being multiplied by
    ``1 - 2^-g``, which pays in advance for the roundings of the products and sums that use
    it (module docstring), so every float mass is at most the true one. Stops after
    ``max_turns`` or once less than ``tol`` is still playing.
    """
    spec = ChainSpec.of(rules, team_sizes)
    start = game_chain(spec).index[start_state(rules, team_sizes, left_team)]
    return _game_length(spec, start, max_turns, tol, drop)


@dataclass(frozen=True)
class _TeamPart:
    """The states where one team is on turn: rethrows keep the team, so they stay here."""

    index: Any          # full indices of these states
    re_p: Any           # rethrow probabilities (lowered), kinds x 1
    re_d: Any           # rethrow destinations in this part's indices (m, m + 1: final)
    se_p: Any           # ordinary throws' probabilities (lowered), kinds x 1
    se_d: Any           # ordinary throws' destinations in full indices (n, n + 1: final)


@lru_cache(maxsize=8)
def _parts(spec: ChainSpec) -> tuple[tuple[_TeamPart, ...], float]:
    """Both teams' parts, with probabilities lowered to pay for the float roundings.

    A computed mass goes through at most: a product and a sum over its in-edges (the
    largest in-degree, final states included), the turn's pools added up (one addition a
    rethrow) and the two parts added. ``p_k (1 - 2^-g)`` rounded down, with ``(1 - 2^-g)(1 +
    2^-53)^budget <= 1``, absorbs all of that.
    """
    arrays = chain_arrays(spec)
    n = arrays.n
    indegree = int(np.bincount(arrays.dest.ravel(), minlength=n + 2).max())
    shrink = Fraction(_shrink(indegree + MAX_RETHROWS + 4))
    low = np.array([_round_down(Fraction(p, arrays.denominator) * shrink)
                    for p in arrays.numerators])
    again = sum((Fraction(p, arrays.denominator)
                 for p, g in zip(arrays.numerators, arrays.again) if g), Fraction(0))
    parts = []
    for team in (0, 1):
        index = np.flatnonzero(arrays.team == team)
        m = index.size
        local = np.full(n + 2, -1, dtype=np.int64)
        local[index] = np.arange(m)
        local[n], local[n + 1] = m, m + 1
        re_d = local[arrays.dest[arrays.again][:, index]]
        if np.any(re_d < 0):
            raise AssertionError("a rethrow changed the team on turn")
        parts.append(_TeamPart(index, low[arrays.again][:, None], re_d.ravel(),
                               low[~arrays.again][:, None],
                               arrays.dest[~arrays.again][:, index].ravel()))
    return tuple(parts), float(again)


@lru_cache(maxsize=16)
def _game_length(spec: ChainSpec, start: int, max_turns: int, tol: float,
                 drop: float) -> LengthBounds:
    arrays = chain_arrays(spec)
    n = arrays.n
    parts, again = _parts(spec)
    series = MAX_RETHROWS if again > 0.0 else 0
    # the ended mass of a turn: at most 4 (series + 1) float additions, then this factor
    end_shrink = _shrink(4 * MAX_RETHROWS + 8)
    sum_shrink = _shrink(n + 2)            # the mass still playing: n additions
    v = np.zeros(n)
    v[start] = 1.0
    lows: list[Fraction] = []
    highs: list[Fraction] = []
    done = Fraction(0)
    still = Fraction(1)
    while len(lows) < max_turns and float(still) > tol:
        ended = 0.0
        nxt = np.zeros(n + 2)
        for part in parts:
            pool = v[part.index]
            if not pool.any():
                continue
            m = part.index.size
            u = pool.copy()
            for _ in range(series if part.re_d.size else 0):
                if float(pool.sum()) <= drop:
                    break
                moved = np.bincount(part.re_d, weights=(part.re_p * pool).ravel(),
                                    minlength=m + 2)
                ended += float(moved[m]) + float(moved[m + 1])
                pool = moved[:m]
                u += pool
            nxt += np.bincount(part.se_d, weights=(part.se_p * u).ravel(), minlength=n + 2)
        ended = (ended + float(nxt[n]) + float(nxt[n + 1])) * end_shrink
        v = nxt[:n]
        low = _grid_floor(ended)
        playing = _grid_floor(float(v.sum()) * sum_shrink)
        highs.append(1 - done - playing)
        done += low
        lows.append(low)
        still = playing
    return LengthBounds(tuple(lows), tuple(highs), still, 1 - done)
