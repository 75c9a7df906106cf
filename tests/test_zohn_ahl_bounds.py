"""Proven bounds for the whole game of zohn ahl (``jokoak.games.zohn_ahl.odds.bounds``).

The enclosures are checked against the exact Fraction solution where one exists (one scoring
stick a team), against the float solvers, against a seeded simulation of the same chain, and
their certificates against tampering.

Tolerance of the simulation checks: 4 standard errors of the simulated mean (a false alarm
about once in 15 000 runs; the seeds are fixed, so a run is reproducible). The chain itself
is checked against the engine in ``test_zohn_ahl_odds.py``.
"""

import math
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from jokoak.games.zohn_ahl.engine import default_rules
from jokoak.games.zohn_ahl import odds as Z
from jokoak.games.zohn_ahl.odds import bounds as B

F = Fraction


def _simulate(rules, games, seed):
    """Play ``games`` games on the chain at once: (winner, turns, throws) arrays."""
    arrays = B.chain_arrays(Z.ChainSpec.of(rules))
    n = arrays.n
    cumulative = np.cumsum(arrays.probs)
    cumulative[-1] = 1.0
    rng = np.random.default_rng(seed)
    state = np.full(games, Z.game_chain(arrays.spec).index[Z.start_state(rules)])
    winner = np.full(games, -1)
    turns = np.ones(games, dtype=np.int64)
    throws = np.zeros(games, dtype=np.int64)
    live = np.arange(games)
    while live.size:
        kind = np.searchsorted(cumulative, rng.random(live.size), side="right")
        nxt = arrays.dest[kind, state[live]]
        throws[live] += 1
        ended = nxt >= n
        turns[live] += (~arrays.again[kind]) & ~ended
        winner[live[ended]] = nxt[ended] - n
        state[live] = np.where(ended, 0, nxt)
        live = live[~ended]
    return winner, turns, throws


# ---------------------------------------------------------------- the win probability

@pytest.mark.parametrize("p", [F(1, 2), F(1, 3), F(9, 20), F(3, 4)])
@pytest.mark.parametrize("ruleset", ["basque_text", "nebakuthana"])
def test_enclosure_contains_the_exact_fraction_with_one_scoring_stick(ruleset, p):
    rules = default_rules(ruleset, scoring_sticks=1, stick_probability=p)
    exact = Z.exact_win_probability(rules)
    odds = B.certified_win_odds(rules)
    assert isinstance(odds.start_team_wins.lo, Fraction)
    assert exact in odds.start_team_wins
    assert 1 - exact in odds.other_team_wins
    assert odds.width < F(1, 10 ** 11)


def test_enclosure_contains_the_exact_fraction_when_the_other_team_starts():
    rules = default_rules("ludii", scoring_sticks=1, stick_probability=F(2, 5))
    odds = B.certified_win_odds(rules)
    assert odds.first_team == 1
    assert Z.exact_win_probability(rules) in odds.start_team_wins


def test_enclosure_contains_the_exact_fraction_with_two_players_in_a_team():
    rules = default_rules(scoring_sticks=1, sites_per_side=8)
    odds = B.certified_win_odds(rules, team_sizes=(2, 1))
    assert Z.exact_win_probability(rules, team_sizes=(2, 1)) in odds.start_team_wins


def test_enclosure_with_a_huge_denominator_is_checked_in_python_integers():
    p = F(1234567, 2718281)                     # D = 2718281^4 does not fit in int64
    rules = default_rules(scoring_sticks=1, stick_probability=p)
    assert B.chain_arrays(Z.ChainSpec.of(rules)).denominator >= 2 ** 62
    assert Z.exact_win_probability(rules) in B.certified_win_odds(rules).start_team_wins


@pytest.mark.parametrize("ruleset", ["basque_text", "nebakuthana"])
def test_enclosure_is_narrower_than_1e_9_with_the_default_rules(ruleset):
    odds = B.certified_win_odds(default_rules(ruleset))
    assert 0 < odds.width < F(1, 10 ** 9)
    assert odds.start_team_wins.lo + odds.other_team_wins.hi == 1


@pytest.mark.parametrize("p", [F(1, 3), F(9, 20)])
def test_enclosure_is_narrow_for_biased_sticks(p):
    odds = B.certified_win_odds(default_rules(stick_probability=p))
    assert odds.width < F(1, 10 ** 9)


def test_enclosure_agrees_with_gauss_seidel():
    rules = default_rules(scoring_sticks=2)
    odds, float_odds = B.certified_win_odds(rules), Z.win_odds(rules, tol=1e-13)
    start = odds.start_team_wins
    assert float(start.lo) - 1e-12 <= float_odds.start_team_wins <= float(start.hi) + 1e-12


def test_certificate_passes_its_exact_check():
    assert B.verify_win_certificate(B.win_certificate(default_rules()))


def test_sub_solution_raised_by_1e_6_at_one_state_is_rejected():
    cert = B.win_certificate(default_rules())
    arrays = B.chain_arrays(cert.spec)
    bracket = cert.wins
    lower = bracket.lower.copy()
    lower[cert.start] += math.ceil(1e-6 * 2 ** bracket.exponent)
    assert B.is_sub_solution(arrays, bracket.lower, bracket.exponent, bracket.constant)
    assert not B.is_sub_solution(arrays, lower, bracket.exponent, bracket.constant)
    tampered = replace(cert, wins=replace(bracket, lower=lower))
    assert not B.verify_win_certificate(tampered)
    with pytest.raises(ArithmeticError):
        B.enclosure_of(tampered)


def test_super_solution_lowered_by_1e_6_at_one_state_is_rejected():
    cert = B.win_certificate(default_rules())
    upper = cert.wins.upper.copy()
    upper[cert.start] -= math.ceil(1e-6 * 2 ** cert.wins.exponent)
    assert not B.verify_win_certificate(replace(cert, wins=replace(cert.wins, upper=upper)))


def test_lyapunov_function_lowered_at_one_state_is_rejected():
    cert = B.win_certificate(default_rules())
    lyapunov = cert.lyapunov.copy()
    lyapunov[cert.start] -= 2 ** cert.lyapunov_exponent      # one throw less
    assert not B.verify_win_certificate(replace(cert, lyapunov=lyapunov))


def test_fast_integer_check_agrees_with_python_integers():
    """p = 9/20: D = 20^4, so the check splits the numerators in two int64 halves."""
    cert = B.win_certificate(default_rules(stick_probability=F(9, 20)))
    arrays = B.chain_arrays(cert.spec)
    rng = np.random.default_rng(5)
    for numerators in (cert.wins.lower, cert.wins.upper,
                       cert.wins.lower + rng.integers(-3, 4, arrays.n)):
        fast = B.slack_signs(arrays, numerators, cert.wins.exponent, cert.wins.constant)
        slow = B.exact_slack(arrays, numerators, cert.wins.exponent, cert.wins.constant)
        assert np.array_equal(fast, np.array([(v > 0) - (v < 0) for v in slow]))


@pytest.mark.parametrize("ruleset", ["basque_text", "nebakuthana"])
def test_seeded_simulation_lands_within_four_standard_errors(ruleset):
    rules = default_rules(ruleset)
    odds = B.certified_win_odds(rules)
    games = 20000
    winner, turns, throws = _simulate(rules, games, seed=2024)
    p = odds.start_team_wins.mid
    share = float(np.mean(winner == odds.first_team))
    assert abs(share - p) < 4 * math.sqrt(p * (1 - p) / games)
    error = 4 * float(np.std(turns, ddof=1)) / math.sqrt(games)
    assert float(odds.turns.lo) - error < float(np.mean(turns)) < float(odds.turns.hi) + error
    assert float(np.mean(throws)) < float(odds.throws_hi)


# ---------------------------------------------------------------- the game length

def test_length_bounds_bracket_the_float_distribution():
    rules = default_rules()
    bounds = B.certified_game_length(rules, max_turns=200)
    numeric = Z.game_length(rules, max_turns=200, tol=0.0, drain=1e-18)
    assert bounds.turns == len(numeric.length) == 200
    for lo, p, hi in zip(bounds.lo, numeric.length, bounds.hi):
        assert float(lo) - 1e-14 <= p <= float(hi) + 1e-14
    assert float(bounds.tail_lo) - 1e-14 <= numeric.tail <= float(bounds.tail_hi) + 1e-14


@pytest.mark.parametrize("ruleset, p", [("basque_text", F(1, 2)), ("nebakuthana", F(9, 20)),
                                        ("some_authors", F(1, 3))])
def test_length_bounds_sum_with_the_tail_to_one(ruleset, p):
    rules = default_rules(ruleset, stick_probability=p,
                          **({"scoring_sticks": 1} if ruleset == "some_authors" else {}))
    bounds = B.certified_game_length(rules, max_turns=150)
    assert sum(bounds.lo) + bounds.tail_hi == 1
    assert all(0 <= lo <= hi for lo, hi in zip(bounds.lo, bounds.hi))
    assert 0 <= bounds.tail_lo <= bounds.tail_hi
    assert bounds.slack < F(1, 10 ** 8)


def test_length_bounds_stop_once_the_game_is_decided():
    rules = default_rules(scoring_sticks=1)
    bounds = B.certified_game_length(rules, max_turns=2000, tol=1e-12)
    assert bounds.turns < 2000 and bounds.tail_lo <= F(1, 10 ** 12)


def test_mean_length_from_the_table_meets_the_certified_mean():
    rules = default_rules(scoring_sticks=1)
    odds = B.certified_win_odds(rules)
    bounds = B.certified_game_length(rules, max_turns=2000, tol=1e-14)
    assert odds.turns.width < F(1, 10 ** 8)
    assert bounds.mean_lo() <= odds.turns.hi
    assert odds.turns.lo - bounds.mean_lo() < F(1, 10 ** 6)


def test_odds_tables_carry_the_bounds():
    rules = default_rules(scoring_sticks=2)
    tables = {t.name: t for t in Z.odds_tables(rules, game=True, max_turns=100)}
    odds = B.certified_win_odds(rules)
    wins = tables["start_team_wins"]
    params = dict(wins.params)
    assert params["exact"] == "bounds"
    assert (F(params["lo"]), F(params["hi"])) == (odds.start_team_wins.lo,
                                                   odds.start_team_wins.hi)
    assert dict(wins.rows)["start_team"] == odds.start_team_wins.lo
    assert wins.total() == 1
    length = tables["game_length"]
    assert dict(length.params)["exact"] == "bounds"
    assert length.total() == 1 and len(length.rows) == 101
