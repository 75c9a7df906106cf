"""Small chances in words: "about 1 in 67,000", in the visitor's language and numbers."""

from fractions import Fraction

import pytest

from jokoak.i18n import translator
from jokoak.odds.plain import one_in, plain_chance, rounded_count


def test_one_in_rounds_to_two_significant_figures():
    assert rounded_count(Fraction(200000, 3)) == 67000
    assert rounded_count(Fraction(1234)) == 1200
    assert rounded_count(Fraction(7)) == 7


def test_a_chance_of_fifteen_in_a_million_is_about_one_in_67000():
    assert one_in(Fraction(15, 10 ** 6), translator("en")) == "about 1 in 67,000"


@pytest.mark.parametrize("code, number", [("eu", "67.000"), ("es", "67.000"),
                                          ("fr", "67\u202f000")])
def test_one_in_is_translated_with_the_locales_own_number(code, number):
    text = one_in(Fraction(15, 10 ** 6), translator(code))
    assert number in text and text != f"about 1 in {number}"


def test_ordinary_chances_stay_percents_and_small_ones_become_one_in_n():
    en = translator("en")
    assert plain_chance(Fraction(1, 4), en) == "25.0%"
    assert plain_chance(Fraction(1, 1000), en) == "about 1 in 1,000"
    assert plain_chance(Fraction(0), en) == "0%"


def test_one_in_refuses_an_impossible_chance():
    with pytest.raises(ValueError):
        one_in(Fraction(0), translator("en"))


def test_one_in_rounds_to_the_nearest_whole_number_and_never_truncates():
    # 1/p = 4.6 is "about 1 in 5", not "about 1 in 4"
    assert rounded_count(Fraction(23, 5)) == 5
    assert rounded_count(4.6) == 5
    assert rounded_count(Fraction(43, 10)) == 4
    assert rounded_count(Fraction(9, 2)) == 5               # halves go up
    assert one_in(Fraction(5, 23), translator("en")) == "about 1 in 5"


# A child's chances (issue 37, point 5): words, never a percent.

def child(p: Fraction, code: str = "en") -> str:
    from jokoak.odds.plain import chance_for_a_child
    return chance_for_a_child(p, translator(code))


def test_a_child_is_told_never_only_for_a_chance_of_exactly_nothing():
    assert child(Fraction(0)) == "never"
    assert child(Fraction(1, 10 ** 6)) == "about 1 in 1,000,000"


def test_a_child_is_told_certain_only_for_a_sure_thing():
    assert child(Fraction(1)) == "certain"
    assert child(Fraction(99, 100)) == "almost certain"


def test_a_chance_up_to_one_half_is_one_case_in_so_many():
    assert child(Fraction(1, 4)) == "about 1 in 4"
    assert child(Fraction(23, 100)) == "about 1 in 4"
    assert child(Fraction(1, 2)) == "about 1 in 2"


def test_a_likely_chance_is_the_nearest_simple_k_in_n():
    assert child(Fraction(3, 4)) == "about 3 in 4"
    assert child(Fraction(68, 100)) == "about 2 in 3"
    assert child(Fraction(91, 100)) == "about 9 in 10"
    assert child(Fraction(52, 100)) == "about 1 in 2"      # nearer one half than three fifths


@pytest.mark.parametrize("p", [Fraction(0), Fraction(1, 3), Fraction(3, 4), Fraction(1)])
@pytest.mark.parametrize("code", ["eu", "es", "fr"])
def test_a_childs_chance_is_in_the_visitors_language_and_has_no_percent(code, p):
    said = child(p, code)
    assert said != child(p, "en") and "%" not in said


def test_a_chance_outside_nought_to_one_is_refused():
    with pytest.raises(ValueError):
        child(Fraction(3, 2))
