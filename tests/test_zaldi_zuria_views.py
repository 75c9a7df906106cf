"""Zaldi zuria's odds and play views run in Streamlit (AppTest): no exception, buttons work."""

import pytest

from view_support import open_view


def keys(at):
    return [b.key for b in at.button]


def game(at):
    return at.session_state["jokoak_zaldi_zuria_play"]


@pytest.mark.parametrize("lang", ["eu", "en"])
def test_odds_view_renders_without_exception(lang):
    at = open_view("zaldi_zuria_views", "odds_view", lang)
    assert not at.exception, [e.value for e in at.exception]


def test_odds_view_follows_the_bank_slider_and_the_inn_toggle():
    at = open_view("zaldi_zuria_views", "odds_view")
    at.slider(key="jokoak_zaldi_zuria_odds_bank").set_value(10).run()
    at.toggle(key="jokoak_zaldi_zuria_odds_inn").set_value(True).run()
    assert not at.exception
    assert at.slider(key="jokoak_zaldi_zuria_odds_bank").value == 10


def test_play_view_starts_a_game_at_the_auction_with_large_buttons():
    at = open_view("zaldi_zuria_views", "play_view")
    assert not at.exception and "jokoak_zaldi_zuria_play_new" in keys(at)
    at.button(key="jokoak_zaldi_zuria_play_new").click().run()
    assert not at.exception
    assert "jokoak_zaldi_zuria_play_nobid" in keys(at)
    assert "jokoak_zaldi_zuria_play_bid1" in keys(at)


def test_play_view_a_bid_reaches_the_game_record():
    at = open_view("zaldi_zuria_views", "play_view")
    at.button(key="jokoak_zaldi_zuria_play_new").click().run()
    before = len(game(at)["record"].actions)
    at.button(key="jokoak_zaldi_zuria_play_bid1").click().run()
    assert not at.exception
    assert any(a.startswith("bid:") for a in game(at)["record"].actions[before:])


def test_play_view_throws_and_shows_payments_with_their_clauses():
    at = open_view("zaldi_zuria_views", "play_view")
    at.button(key="jokoak_zaldi_zuria_play_new").click().run()
    for _ in range(8):
        if "jokoak_zaldi_zuria_play_throw" in keys(at):
            break
        at.button(key="jokoak_zaldi_zuria_play_nobid").click().run()
    assert "jokoak_zaldi_zuria_play_throw" in keys(at)
    at.button(key="jokoak_zaldi_zuria_play_throw").click().run()
    assert not at.exception
    actions = game(at)["record"].actions
    assert "throw" in actions and actions[actions.index("throw") + 1].startswith("roll:")
    log = " ".join(getattr(el, "value", "") or "" for el in at.get("html")) + \
        " ".join(m.value for m in at.markdown)
    assert "phase" in log           # clause ids are shown beside the sentences


def test_play_view_two_passes_put_the_visitor_out_and_the_game_plays_to_its_end():
    at = open_view("zaldi_zuria_views", "play_view")
    at.button(key="jokoak_zaldi_zuria_play_new").click().run()
    for _ in range(40):
        if "jokoak_zaldi_zuria_play_new" in keys(at) and len(keys(at)) == 1:
            break
        target = ("jokoak_zaldi_zuria_play_pass" if "jokoak_zaldi_zuria_play_pass" in keys(at)
                  else "jokoak_zaldi_zuria_play_nobid")
        at.button(key=target).click().run()
        assert not at.exception
    record = game(at)["record"]
    from jokoak.engine.record import replay
    from jokoak.games import get_game
    _, steps = replay(get_game("zaldi_zuria"), record)
    assert steps[-1].after.is_terminal() and 0 in steps[-1].after.out
