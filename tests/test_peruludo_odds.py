"""Exact peruludo odds, checked against binomial values and brute-force enumeration."""

from fractions import Fraction
from itertools import product
from math import comb

import pytest

from jokoak.engine.core import make_rules
from jokoak.games.peruludo.engine import GAME
from jokoak.games.peruludo.bids import BidContext, count_face
from jokoak.games.peruludo.odds import (count_distribution, face_probability, odds_tables, p_bid_exact,
                                        p_bid_true, safest_next_bids)

THIRD, SIXTH = Fraction(1, 3), Fraction(1, 6)


def brute_force(bid, own, unknown, wild):
    """P(true), P(exact) by enumerating all 6^unknown throws of the unknown dice."""
    quantity, face = bid
    true = exact = 0
    for dice in product(range(1, 7), repeat=unknown):
        n = count_face(list(own) + list(dice), face, wild)
        true += n >= quantity
        exact += n == quantity
    return Fraction(true, 6 ** unknown), Fraction(exact, 6 ** unknown)


def test_setup_wild_a_face_counts_with_one_third_sixes_with_one_sixth():
    assert face_probability(2, True) == THIRD
    assert face_probability(6, True) == SIXTH
    assert face_probability(2, False) == SIXTH


def test_count_distribution_is_binomial_shifted_by_own_matching_dice():
    dist = dict(count_distribution(2, [2, 6, 3], 4, True))
    assert set(dist) == {2, 3, 4, 5, 6}
    for k in range(5):
        assert dist[2 + k] == comb(4, k) * THIRD ** k * (1 - THIRD) ** (4 - k)
    assert sum(dist.values()) == 1


def test_p_bid_true_small_cases():
    assert p_bid_true((1, 3), [], 1, True) == THIRD
    assert p_bid_true((3, 2), [2, 6], 3, True) == 1 - Fraction(2, 3) ** 3
    assert p_bid_true((2, 2), [2, 6], 3, True) == 1
    assert p_bid_true((6, 2), [2, 6], 3, True) == 0


@pytest.mark.parametrize("bid, own, unknown, wild", [
    ((3, 4), [4, 6, 1], 4, True), ((2, 6), [6], 5, True), ((4, 1), [], 5, False),
    ((3, 3), [3, 3], 3, False), ((1, 5), [2, 2], 2, True)])
def test_p_bid_true_and_exact_match_enumeration(bid, own, unknown, wild):
    assert (p_bid_true(bid, own, unknown, wild), p_bid_exact(bid, own, unknown, wild)) == \
        brute_force(bid, own, unknown, wild)


def test_odds_tables_four_exact_tables_distribution_sums_to_one():
    tables = {t.name: t for t in odds_tables(make_rules(GAME), unknown=25,
                                             own=(2, 2, 3, 5, 6), face=2, previous=(7, 2))}
    assert set(tables) == {"count_distribution", "bid_true", "bid_exact", "safest_bids"}
    assert tables["count_distribution"].total() == 1
    assert all(isinstance(v, Fraction) for t in tables.values() for _, v in t.rows)
    assert dict(tables["bid_true"].rows)["3"] == 1  # own 2, 2 and the wild 6
    assert dict(tables["bid_exact"].rows)["3"] == (1 - THIRD) ** 25


def test_safest_bids_are_legal_and_ranked():
    ctx = BidContext(total_dice=30)
    ranked = safest_next_bids((7, 2), ctx, [2, 2, 3, 5, 6], limit=6)
    probs = [p for _, p in ranked]
    assert probs == sorted(probs, reverse=True)
    assert (8, 3) not in [b for b, _ in ranked]  # not a legal raise under the text reading
    assert ranked[0][1] == p_bid_true(ranked[0][0], [2, 2, 3, 5, 6], 25, True)


def test_odds_tables_without_wilds_use_one_sixth():
    table = {t.name: t for t in odds_tables(make_rules(GAME), unknown=4, own=(3,), face=3,
                                            wild=False, previous=(2, 3))}
    assert dict(table["bid_true"].rows)["1"] == 1
    assert dict(table["bid_exact"].rows)["2"] == 4 * SIXTH * (5 * SIXTH) ** 3
    assert all(b.endswith(":3") for b, _ in table["safest_bids"].rows)
