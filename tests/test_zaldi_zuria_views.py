"""Zaldi zuria's odds and play views run in Streamlit (AppTest): no exception, buttons work."""

import pytest

from view_support import open_view


@pytest.mark.parametrize("lang", ["eu", "en"])
def test_odds_view_renders_without_exception(lang):
    at = open_view("games.zaldi_zuria.views", "odds_view", lang)
    assert not at.exception, [e.value for e in at.exception]


def test_odds_view_follows_the_bank_slider_and_the_inn_toggle():
    at = open_view("games.zaldi_zuria.views", "odds_view")
    at.slider(key="jokoak_zaldi_zuria_odds_bank").set_value(10).run()
    at.toggle(key="jokoak_zaldi_zuria_odds_inn").set_value(True).run()
    assert not at.exception
    assert at.slider(key="jokoak_zaldi_zuria_odds_bank").value == 10


def test_the_straight_reads_as_about_one_in_so_many_with_the_exact_chance_one_tap_away():
    at = open_view("games.zaldi_zuria.views", "odds_view")
    assert any("which ends the game: about 1 in " in m.value for m in at.markdown)
    exact = next(e for e in at.expander if e.label == "The exact chance")
    assert any(" throws in " in m.value for m in exact.markdown)
