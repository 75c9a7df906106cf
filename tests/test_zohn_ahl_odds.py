"""Exact odds of zohn ahl and Nebäkuthana, and the game's Markov chain against the engine
and against seeded simulation.

Tolerance of the simulation checks: 4 standard errors of the simulated mean (a false alarm
about once in 15 000 runs; the seeds are fixed, so a run is reproducible).
"""

import math
import random
from fractions import Fraction

import pytest

from jokoak.engine.core import CHANCE, sample_chance
from jokoak.games.zohn_ahl.engine import GAME, default_rules
from jokoak.games.zohn_ahl.odds import odds_tables
from jokoak.games.zohn_ahl import odds as Z

F = Fraction


def test_throw_values_fair_sticks():
    assert Z.throw_values(default_rules()) == {1: F(1, 4), 2: F(3, 8), 3: F(1, 4),
                                               5: F(1, 16), 10: F(1, 16)}


def test_throw_again_expected_movement_per_turn_is_43_14():
    assert Z.expected_turn_movement(default_rules()) == F(43, 14)


def test_nebakuthana_expected_movement_per_turn_is_22_5():
    assert Z.expected_turn_movement(default_rules("nebakuthana")) == F(22, 5)


@pytest.mark.parametrize("p", [F(1, 2), F(1, 3), F(3, 4)])
@pytest.mark.parametrize("ruleset", ["basque_text", "nebakuthana"])
def test_chance_sums_to_one_for_any_stick_probability(p, ruleset):
    rules = default_rules(ruleset, stick_probability=p)
    assert sum(Z.throw_values(rules).values()) == 1
    for table in odds_tables(rules):
        if table.is_distribution:
            assert table.total() == 1, table.name


def test_throw_values_biased_sticks():
    values = Z.throw_values(default_rules(stick_probability=F(1, 3)))
    assert values[10] == F(2, 3) ** 4 and values[5] == F(1, 3) ** 4


def test_turn_movement_series_mean_approaches_43_14():
    moves, rest = Z.turn_movement(default_rules(), up_to=200)
    assert rest < F(1, 10 ** 12)
    mean = sum(n * q for n, q in moves.items())
    assert abs(mean - F(43, 14)) < F(1, 10 ** 9)


def test_first_circuit_north_creek_by_markov_chain():
    rest, north, complete = Z.first_circuit(default_rules())
    assert north + complete == 1
    assert rest[16] == north and rest[1] == F(1, 4)
    assert rest[2] == F(3, 8) + F(1, 4) * F(1, 4)


def test_first_circuit_matches_seeded_simulation():
    rules = default_rules()
    _, north, _ = Z.first_circuit(rules)
    outcomes = [(str(v), q) for v, q in Z.throw_values(rules).items()]
    rng, games, falls = random.Random(11), 20000, 0
    for _ in range(games):
        pos = 0
        while pos < 32 and pos != 16:
            pos += int(sample_chance(outcomes, rng))
        falls += pos == 16
    p = float(north)
    assert abs(falls / games - p) < 4 * math.sqrt(p * (1 - p) / games)


def test_chain_step_mirrors_the_engine_on_sampled_states():
    """The Markov chain is built from a mirror of the engine; check it on every 7th state."""
    for ruleset, opts in (("basque_text", {"sites_per_side": 8, "scoring_sticks": 2}),
                          ("some_authors", {"sites_per_side": 8, "scoring_sticks": 2}),
                          ("ludii", {"sites_per_side": 8, "scoring_sticks": 2})):
        rules = default_rules(ruleset, **opts)
        spec = Z.ChainSpec.of(rules, (2, 1))
        chain = Z.game_chain(spec)
        kinds = [k for k, q in Z.throw_distribution(rules)]
        for st in chain.states[::7]:
            a, b, s, team, seat, l0, l1 = st
            state = GAME.new_initial_state(rules, {
                "players": [2, 1], "positions": [a, b], "scoring": [s, 4 - s],
                "to_throw": team, "lost_turn": [l0, l1]})
            state = type(state)(**{**state.__dict__, "seat_in_team": seat})
            for kind in kinds:
                after, _ = state.apply("throw")[0].apply(kind.action)
                mirror = Z.chain_step(spec, st, kind.value, kind.again)
                if after.is_terminal():
                    assert mirror == ("win0" if after.winner == 0 else "win1")
                else:
                    assert mirror == (after.positions[0], after.positions[1], after.scoring[0],
                                      after.team, after.seat_in_team, *after.lost_turn)


def test_exact_win_probability_agrees_with_the_numerical_solution():
    rules = default_rules(scoring_sticks=1, stick_probability=F(2, 5))
    exact = Z.exact_win_probability(rules)
    assert isinstance(exact, Fraction)
    odds = Z.win_odds(rules, tol=1e-13)
    assert abs(float(exact) - odds.start_team_wins) < 1e-12


def test_win_odds_on_the_event_system_agrees_with_the_whole_chain():
    rules = default_rules(scoring_sticks=2)
    reduced, full = Z.win_odds(rules, tol=1e-12), Z.win_odds_by_states(rules, tol=1e-12)
    assert abs(reduced.start_team_wins - full.start_team_wins) < 1e-10


def test_win_odds_bounds_add_up():
    odds = Z.win_odds(default_rules(scoring_sticks=2))
    assert odds.gap < 1e-9 and abs(sum(odds.win) + odds.gap - 1) < 1e-12


def _simulate(rules, games, seed):
    rng = random.Random(seed)
    wins, turns = 0, []
    for _ in range(games):
        state = GAME.new_initial_state(rules)
        first, count = state.team, 1
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state, events = state.apply(sample_chance(state.chance_outcomes(), rng))
                count += sum(e.kind in ("team_turn", "next_player") for e in events)
            else:
                state, _ = state.apply("throw")
        wins += state.winner == first
        turns.append(count)
    return wins / games, turns


def test_markov_win_probability_and_length_match_seeded_simulation():
    rules = default_rules(scoring_sticks=1, stick_probability=F(2, 5))
    games = 1500
    p_sim, turns = _simulate(rules, games, seed=2024)
    p = float(Z.exact_win_probability(rules))
    assert abs(p_sim - p) < 4 * math.sqrt(p * (1 - p) / games)
    length = Z.game_length(rules)
    mean = sum(t * p for t, p in enumerate(length.length, start=1))  # the tail left out
    sd = math.sqrt(sum((t - mean) ** 2 for t in turns) / (games - 1))
    assert length.tail < 1e-8
    assert abs(sum(turns) / games - mean) < 4 * sd / math.sqrt(games)


def test_game_length_is_a_distribution_with_its_tail():
    length = Z.game_length(default_rules(scoring_sticks=2), max_turns=50)
    assert abs(sum(length.length) + length.tail - 1) < 1e-9 and length.tail > 0


def test_odds_tables_game_tables_on_request():
    tables = {t.name: t for t in odds_tables(default_rules(scoring_sticks=1), game=True,
                                             max_turns=200)}
    assert {"start_team_wins", "game_length"} <= set(tables)
    assert dict(tables["start_team_wins"].params)["exact"] == "bounds"
    assert tables["start_team_wins"].total() == 1
    assert tables["game_length"].total() == 1
