"""The zohn ahl odds and play views run without exceptions and their buttons work."""

from view_support import open_view


def test_odds_view_draws_five_charts_each_with_a_text_alternative():
    at = open_view("games.zohn_ahl.views", "odds_view")
    assert not at.exception
    charts = [e for e in at.main if e.type == "vega_lite_chart"]
    assert len(charts) == 5
    alternatives = [m for m in at.markdown if "<details" in m.value]
    assert len(alternatives) == 5


def test_odds_view_follows_the_stick_probability_and_ruleset():
    at = open_view("games.zohn_ahl.views", "odds_view")
    before = [m.value for m in at.markdown if "<details" in m.value][0]
    at.slider(key="jokoak_zohn_ahl_odds_p").set_value(30).run()
    assert not at.exception
    after = [m.value for m in at.markdown if "<details" in m.value][0]
    assert before != after
    at.segmented_control(key="jokoak_zohn_ahl_odds_ruleset").set_value("nebakuthana").run()
    assert not at.exception


def test_odds_view_states_the_proven_interval_for_the_whole_game():
    at = open_view("games.zohn_ahl.views", "odds_view")
    proven = [m.value for m in at.markdown if "Proven from the rules" in m.value]
    assert len(proven) == 1
    from jokoak.engine.core import make_rules
    from jokoak.games.zohn_ahl.engine import GAME
    from jokoak.games.zohn_ahl.odds.bounds import certified_win_odds
    low = certified_win_odds(make_rules(GAME)).start_team_wins.lo
    assert f"{float(low) * 100:.9f}"[:9] in proven[0]     # basque_text, fair sticks


def test_odds_view_states_the_proven_interval_in_basque():
    at = open_view("games.zohn_ahl.views", "odds_view", "eu")
    assert any("Arauetatik frogatua" in m.value and 'lang="eu"' in m.value for m in at.markdown)


def test_fair_sticks_read_as_practically_even_with_the_proof_one_tap_away():
    at = open_view("games.zohn_ahl.views", "odds_view")
    assert any("Practically even: 50.02% for the starting team" in m.value for m in at.markdown)
    proof = next(e for e in at.expander if any("Proven from the rules" in m.value
                                               for m in e.markdown))
    assert any("Proven from the rules" in m.value for m in proof.markdown)
    assert any("As exact fractions" in m.value for m in proof.markdown)


def test_the_win_chart_shows_the_chance_at_every_stick_probability_of_the_slider():
    import json
    at = open_view("games.zohn_ahl.views", "odds_view")
    charts = [json.loads(e.proto.spec) for e in at.main if e.type == "vega_lite_chart"]
    curve = [c for c in charts if "each chance of a stick" in c.get("description", "")][0]
    assert len(curve["layer"]) == 3                 # the curve, the 50 % line, your choice


def _chart_specs(at):
    return [e.proto.spec for e in at.main if e.type == "vega_lite_chart"]


def _chart_data(at):
    return [e.proto.data.data for e in at.main if e.type == "vega_lite_chart"]


def test_a_notch_or_another_ruleset_changes_the_charts_data_not_their_specs():
    # the browser compiles and draws anew a chart whose spec changed; one whose spec stayed
    # the same only gets its new data, several times faster
    at = open_view("games.zohn_ahl.views", "odds_view")
    specs, data = _chart_specs(at), _chart_data(at)
    at.slider(key="jokoak_zohn_ahl_odds_p").set_value(30).run()
    assert _chart_specs(at) == specs
    after_notch = _chart_data(at)
    assert all(new != old for new, old in zip(after_notch[1:], data[1:]))   # throw values too
    at.segmented_control(key="jokoak_zohn_ahl_odds_ruleset").set_value("nebakuthana").run()
    assert not at.exception
    assert _chart_specs(at) == specs
    assert all(new != old for new, old in zip(_chart_data(at), after_notch))  # other throws


def test_the_dot_on_the_win_curve_is_the_sliders_choice():
    import io

    import pyarrow as pa

    at = open_view("games.zohn_ahl.views", "odds_view")
    at.slider(key="jokoak_zohn_ahl_odds_p").set_value(30).run()
    charts = [e for e in at.main if e.type == "vega_lite_chart"]
    curve = next(e for e in charts if "each chance of a stick" in e.proto.spec)
    rows = pa.ipc.open_stream(io.BytesIO(curve.proto.data.data)).read_all().to_pylist()
    mine = [r for r in rows if r["mine"]]
    assert [r["stick"] for r in mine] == [0.3]
    assert mine[0]["p"] == next(r["p"] for r in rows if not r["mine"] and r["stick"] == 0.3)


def test_every_choice_on_the_odds_views_stays_chosen_when_tapped_again():
    """A second tap of a double tap on the chosen ruleset (or players, dice, face) must not
    leave the control with nothing chosen while the charts fall back to a default."""
    from streamlit.testing.v1 import AppTest
    views = {"zohn_ahl": ["jokoak_zohn_ahl_odds_ruleset"],
             "zaldi_zuria": ["jokoak_zaldi_zuria_odds_ruleset", "jokoak_zaldi_zuria_odds_players"],
             "peruludo": ["jokoak_peruludo_odds_owncount", "jokoak_peruludo_odds_die0",
                          "jokoak_peruludo_odds_face"]}
    for game, keys in views.items():
        at = AppTest.from_string(f"from ui.games.{game}.views import odds_view\nodds_view()\n",
                                 default_timeout=120).run()
        assert not at.exception
        for key in keys:
            assert at.segmented_control(key=key).proto.required, (game, key)
