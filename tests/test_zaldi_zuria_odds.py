"""Exact odds of zaldi zuria against the published figures, and seeded frequencies."""

import random
from fractions import Fraction

from jokoak.engine.core import make_rules, sample_chance
from games_support import engine_of
from jokoak.games.zaldi_zuria.odds import odds_tables
from jokoak.games.zaldi_zuria.rules import parse_roll
from jokoak.games.zaldi_zuria.throws import throw_kind
from jokoak.games.zaldi_zuria import odds

GAME = engine_of("zaldi_zuria")
D = 6 ** 8
PIP_WEIGHTS = [15625, 3125, 3125, 3750, 3750, 4375, 4500, 2000, 1500, 1625, 1025, 1025, 425,
               300, 200, 180, 55, 30, 30, 5, 5, 1]        # out of 6**6, from sources.md


def rules(ruleset=None, **options):
    return make_rules(GAME, ruleset, **options)


def test_throw_kinds_are_exactly_the_published_fractions():
    assert odds.throw_kinds() == {"all_blank": Fraction(390625, D),
                                  "symbols_only": Fraction(171875, D),
                                  "symbols_and_pips": Fraction(341341, D),
                                  "pips_only": Fraction(775775, D)}


def test_pip_sum_distribution_matches_the_weights_out_of_six_to_the_sixth():
    assert odds.pip_sums() == {s: Fraction(w, 6 ** 6) for s, w in enumerate(PIP_WEIGHTS)}
    assert sum(odds.pip_sums().values()) == 1


def test_one_to_six_with_two_blanks_has_probability_25_over_six_to_the_eighth():
    assert odds.straight() == Fraction(25, D)


def test_bank_of_24_only_the_straight_ends_and_the_inn_cannot_open():
    out = odds.bank_outcomes(rules(), 24)
    assert out["ends"] == Fraction(25, D)
    assert out["opens_inn"] == 0
    assert out["pays_thrower"] == Fraction(775775 - 25, D)


def test_bank_of_10_exact_hits_with_or_without_symbols_end_the_game():
    out = odds.bank_outcomes(rules(), 10)
    assert out["ends"] == Fraction(1025 * 36 + 25, D)
    assert out["opens_inn"] == Fraction(sum(PIP_WEIGHTS[11:]) * 25 - 25, D)
    literal = odds.bank_outcomes(rules(exact_hit_with_symbol="throw_kind_rules"), 10)
    assert literal["ends"] == Fraction(1025 * 25 + 25, D)


def test_white_horse_earns_its_exact_expectation_per_throw():
    # two chips per all-blank throw on average over throwers (6 own, 1 each other, 2 from
    # the player who would otherwise hold it), plus one per bell or hammer card on kind 2
    values = odds.card_values(rules(), 24)
    assert values["white_horse"] == Fraction(2 * 390625 + 78125 * 2 + 3 * 15625, D)
    assert values["inn"] == 0            # nothing can go over a bank of 24


def test_odds_tables_come_from_the_game_module_and_distributions_sum_to_one():
    tables = {t.name: t for t in odds_tables(rules(), bank=12)}
    assert set(tables) == {"throw_kinds", "pip_sum", "straight", "bank_outcomes", "card_values"}
    assert all(t.total() == 1 for t in tables.values() if t.is_distribution)
    assert all(isinstance(v, Fraction) for t in tables.values() for _, v in t.rows)


def test_simulation_draws_exactly_what_the_engine_would_draw():
    state, _ = GAME.new_initial_state(rules(), {"phase": "play", "auctioneer": 0}).apply("throw")
    outcomes = state.chance_outcomes()
    for seed in (1, 2, 3):
        rng = random.Random(seed)
        drawn = [sample_chance(outcomes, rng) for _ in range(40)]
        kinds = {k: 0 for k in odds.KIND_KEYS}
        for action in drawn:
            kinds[odds.KIND_KEYS[throw_kind(parse_roll(action)) - 1]] += 1
        assert odds.simulate_throws(40, seed)["kinds"] == kinds


def chi_square(observed, probabilities, n):
    return sum((observed[k] - n * p) ** 2 / (n * p) for k, p in probabilities.items())


def test_engine_throws_pass_a_chi_square_test_against_the_exact_kinds():
    state, _ = GAME.new_initial_state(rules(), {"phase": "play", "auctioneer": 0}).apply("throw")
    outcomes = state.chance_outcomes()
    rng = random.Random(2026)
    n = 3000
    observed = {k: 0 for k in odds.KIND_KEYS}
    for _ in range(n):
        after, events = state.apply(sample_chance(outcomes, rng))
        kind = [e for e in events if e.kind == "throw"][0].get("throw_kind")
        observed[odds.KIND_KEYS[kind - 1]] += 1
    assert chi_square(observed, odds.throw_kinds(), n) < 16.27      # df 3, p = 0.001


def test_seeded_simulation_of_100000_throws_fits_the_pip_sum_distribution():
    n = 100_000
    sums = odds.simulate_throws(n, seed=7)["pip_sums"]
    exact = odds.pip_sums()
    tail = list(range(16, 22))                  # pool the rare sums so every cell is large
    observed = {s: sums[s] for s in range(16)} | {"16+": sum(sums[s] for s in tail)}
    probs = {s: exact[s] for s in range(16)} | {"16+": sum(exact[s] for s in tail)}
    assert sum(sums.values()) == n
    assert chi_square(observed, probs, n) < 39.25                    # df 16, p = 0.001


def test_odds_tables_refuse_impossible_parameters():
    import pytest
    for bad in ({"bank": -1}, {"players": 1}, {"inn_open": "yes"}, {"bank": "many"}):
        with pytest.raises(ValueError):
            odds_tables(rules(), **bad)
