"""The peruludo odds and play views run without exceptions and their buttons work."""

from view_support import open_view


def test_odds_view_draws_four_charts_each_with_a_text_alternative():
    at = open_view("games.peruludo.views", "odds_view")
    assert not at.exception
    charts = [e for e in at.main if e.type == "vega_lite_chart"]
    assert len(charts) == 4
    alternatives = [m for m in at.markdown if "<details" in m.value]
    assert len(alternatives) == 4


def test_odds_view_follows_the_wild_switch_and_an_empty_table():
    at = open_view("games.peruludo.views", "odds_view")
    at.toggle(key="jokoak_peruludo_odds_wild").set_value(False).run()
    assert not at.exception
    at.slider(key="jokoak_peruludo_odds_unknown").set_value(0).run()
    at.segmented_control(key="jokoak_peruludo_odds_owncount").set_value(0).run()
    assert not at.exception and at.info
