"""The zohn ahl whole-game table: complete for the page's grid, keyed by the rules, and the
same proven intervals as the live solver gives."""

from fractions import Fraction

import pytest

from jokoak.games.zohn_ahl.engine import GAME
from jokoak.engine.core import make_rules
from jokoak.games.zohn_ahl.odds import tables as ZT


def rules(ruleset="basque_text", percent=50, **options):
    return make_rules(GAME, ruleset, stick_probability=Fraction(percent, 100), **options)


#: How far two proven figures of the same game may lie apart, relative to the figure (or
#: absolutely, below 1): the solver's candidates are float64 solutions, and another CPU's
#: float arithmetic (its BLAS kernels, numpy's SIMD) rounds them otherwise in the last bits,
#: so another machine proves an interval some 2^-47 of the figure away; the figures of other
#: rules lie far more than this apart.
LAST_BITS = Fraction(1, 2**40)


def close(a, b):
    return abs(a - b) <= LAST_BITS * max(1, abs(a))


def assert_same_proven_figures(table, live):
    """``table`` and ``live`` prove the same game: the same first team, each pair of
    intervals overlapping (both enclose the one true value) and every bound within
    ``LAST_BITS`` of the other's (:func:`close`) (equal where both were computed on one machine)."""
    assert table.first_team == live.first_team
    for name in ("start", "other", "turns"):
        a, b = getattr(table, name), getattr(live, name)
        assert max(a.lo, b.lo) <= min(a.hi, b.hi), (name, a, b)
        assert close(a.lo, b.lo) and close(a.hi, b.hi), (name, a, b)
    assert len(table.length) == len(live.length)
    assert all(close(a, b) for a, b in zip(table.length, live.length))
    assert close(table.tail_hi, live.tail_hi)


def test_the_table_holds_every_ruleset_and_stick_probability_of_the_page():
    stale = ZT.stale_points()
    assert not stale, ("regenerate it: python -m jokoak.games.zohn_ahl.odds.tables", stale[:5])


def test_the_grid_is_the_sliders_ten_to_ninety_percent_in_fives():
    assert ZT.percents() == tuple(range(10, 95, 5))


@pytest.mark.parametrize("ruleset, percent", [("basque_text", 50), ("nebakuthana", 35),
                                              ("ludii", 80)])
def test_table_figures_are_the_live_proven_solvers(ruleset, percent):
    table = ZT.table_figures(rules(ruleset, percent))
    live = ZT.compute_figures(rules(ruleset, percent))
    assert_same_proven_figures(table, live)


def test_the_comparison_tells_apart_the_figures_of_the_nearest_other_rules():
    for near in (rules(percent=55), rules(percent=45), rules("some_authors")):
        with pytest.raises(AssertionError):
            assert_same_proven_figures(ZT.table_figures(rules()), ZT.table_figures(near))


def test_the_basque_text_with_fair_sticks_is_the_documented_proven_interval():
    figures = ZT.table_figures(rules())
    # docs/odds.md: [0.5002296275369, 0.5002296275391], each end rounded to 13 places
    assert round(float(figures.start.lo), 13) == 0.5002296275369
    assert round(float(figures.start.hi), 13) == 0.5002296275391
    assert figures.other.lo == 1 - figures.start.hi


def test_other_rules_have_another_key_so_a_stale_entry_is_never_used():
    base = ZT.figures_key(rules())
    assert ZT.figures_key(rules(percent=55)) != base
    assert ZT.figures_key(rules("ludii")) != base
    # the Basque text on a board of 40 sites instead of its 32 is other rules
    larger = rules(sites_per_side=10)
    assert ZT.figures_key(larger) != base
    assert ZT.table_figures(larger) is None


def test_rules_missing_from_the_table_are_worked_out_live(tmp_path):
    empty = tmp_path / "empty.json"
    empty.write_text('{"format": %d, "entries": {}}' % ZT.FORMAT)
    figures, from_table = ZT.game_figures(rules("nebakuthana", 20), empty)
    assert not from_table
    assert_same_proven_figures(ZT.table_figures(rules("nebakuthana", 20)), figures)
    assert ZT.game_figures(rules("nebakuthana", 20))[1]


def test_the_win_chance_read_alone_is_the_whole_entrys():
    for ruleset, percent in [("basque_text", 50), ("some_authors", 15)]:
        assert ZT.table_win_chance(rules(ruleset, percent)) == \
            ZT.table_figures(rules(ruleset, percent)).start
    assert ZT.table_win_chance(rules(sites_per_side=10)) is None
