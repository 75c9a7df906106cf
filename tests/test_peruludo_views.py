"""The peruludo odds and play views run without exceptions and their buttons work."""

from view_support import open_view


def test_odds_view_draws_four_charts_each_with_a_text_alternative():
    at = open_view("peruludo_views", "odds_view")
    assert not at.exception
    charts = [e for e in at.main if e.type == "vega_lite_chart"]
    assert len(charts) == 4
    alternatives = [m for m in at.markdown if "<details" in m.value]
    assert len(alternatives) == 4


def test_odds_view_follows_the_wild_switch_and_an_empty_table():
    at = open_view("peruludo_views", "odds_view")
    at.toggle(key="jokoak_peruludo_odds_wild").set_value(False).run()
    assert not at.exception
    at.slider(key="jokoak_peruludo_odds_unknown").set_value(0).run()
    at.segmented_control(key="jokoak_peruludo_odds_owncount").set_value(0).run()
    assert not at.exception and at.info


def press_through(at, presses):
    """Press whichever play button is offered, preferring a bid, ``presses`` times."""
    order = ["jokoak_peruludo_play_bid", "jokoak_peruludo_play_nodoia",
             "jokoak_peruludo_play_lift", "jokoak_peruludo_play_next",
             "jokoak_peruludo_play_palero"]
    pressed = []
    for _ in range(presses):
        offered = {b.key: b for b in at.button if not b.disabled}
        key = next((k for k in order if k in offered), None)
        if key is None:
            break
        at.button(key=key).click().run()
        assert not at.exception, key
        pressed.append(key)
    return pressed


def test_play_view_starts_a_game_and_every_button_moves_it_on():
    at = open_view("peruludo_views", "play_view")
    assert not at.exception and at.info  # asks to start a game
    at.segmented_control(key="jokoak_peruludo_play_opponents").set_value(2).run()
    at.button(key="jokoak_peruludo_play_new").click().run()
    assert not at.exception
    assert any("<svg" in m.value for m in at.markdown)
    pressed = press_through(at, 80)
    assert "jokoak_peruludo_play_bid" in pressed and "jokoak_peruludo_play_lift" in pressed


def test_play_view_bid_builder_disables_an_illegal_bid_and_explains_it():
    at = open_view("peruludo_views", "play_view")
    at.button(key="jokoak_peruludo_play_new").click().run()
    # the visitor is the youngest, so opens the first round: sixes are not allowed
    at.button(key="jokoak_peruludo_play_face6").click().run()
    assert at.button(key="jokoak_peruludo_play_bid").disabled
    assert any("cannot open on sixes" in c.value for c in at.caption)
    record = at.session_state["jokoak_peruludo_play"]["record"]
    at.button(key="jokoak_peruludo_play_face2").click().run()
    at.button(key="jokoak_peruludo_play_qplus").click().run()
    assert not at.button(key="jokoak_peruludo_play_bid").disabled
    assert at.session_state["jokoak_peruludo_play"]["record"] == record  # nothing played yet
    at.button(key="jokoak_peruludo_play_bid").click().run()
    after = at.session_state["jokoak_peruludo_play"]["record"]
    assert after.actions[len(record.actions)] == "bid:2:2"


def test_play_view_plays_a_whole_game_to_its_winner():
    at = open_view("peruludo_views", "play_view")
    at.segmented_control(key="jokoak_peruludo_play_opponents").set_value(2).run()
    at.button(key="jokoak_peruludo_play_new").click().run()
    order = ["jokoak_peruludo_play_palero", "jokoak_peruludo_play_bid",
             "jokoak_peruludo_play_nodoia", "jokoak_peruludo_play_lift",
             "jokoak_peruludo_play_next"]
    for _ in range(600):
        offered = {b.key for b in at.button if not b.disabled}
        key = next((k for k in order if k in offered), None)
        if key is None:
            break
        at.button(key=key).click().run()
        assert not at.exception, key
    record = at.session_state["jokoak_peruludo_play"]["record"]
    from jokoak.engine.record import replay
    from jokoak.games.peruludo import GAME
    _, steps = replay(GAME, record)
    assert steps[-1].after.is_terminal()
    assert at.success or any("wins the game" in i.value for i in at.info)
