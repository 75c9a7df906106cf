"""A late tap changes nothing and says nothing (issue 25): a tap landing on a screen that has
moved on (a control drawn for an earlier decision: another game, another lesson step) is
known as late by its token and ignored quietly; what the rules say before any tap (why no
bid is offered) is a calm note, never a red refusal."""

from __future__ import annotations

import time

import pytest

import ui.play
from jokoak.engine.core import make_rules
from jokoak.engine.driver import advance, start

pytestmark = pytest.mark.usefixtures("no_waiting")


def test_two_games_at_the_same_move_never_share_a_token():
    from ui.games.zaldi_zuria.play import SPEC
    first = ui.play.fresh_session(SPEC, "basque_text", {}, seed=5)
    second = ui.play.fresh_session(SPEC, "basque_text", {}, seed=5)
    assert first.position.length == second.position.length
    assert ui.play.token(first) != ui.play.token(second)


def test_a_tap_drawn_for_the_last_game_changes_nothing_in_the_new_one_and_says_nothing():
    """"Play again" and a late tap of the old game's control: the new game, at the same
    number of moves, neither plays it nor shows a refusal."""
    from ui.games.zaldi_zuria.play import SPEC
    old = ui.play.fresh_session(SPEC, "basque_text", {}, seed=5)
    new = ui.play.fresh_session(SPEC, "basque_text", {}, seed=5)
    before = new.position
    for action in ["pass", "throw", "bid:7", "bid:1"]:
        assert not ui.play.accept_tap(SPEC, new, ui.play.token(old), 0, action,
                                      time.monotonic() + 10)
    assert new.position == before and new.refused is None


def test_a_tap_drawn_for_the_last_lesson_step_changes_nothing_on_the_next_and_says_nothing():
    from ui.lesson import _open_step, _spec, lesson_tap
    from jokoak.content.lessons import lessons
    from test_lesson_views import open_lesson
    lesson = lessons("zaldi_zuria")[1]      # the auction
    at = open_lesson("zaldi_zuria", lesson=lesson.name, lstep="2")
    spec = _spec("zaldi_zuria", lesson.seat)
    drawn = ui.play.token(at.session_state["jokoak_lesson_zaldi_zuria"])
    later = _open_step("zaldi_zuria", lesson, 1)   # the same step, drawn anew
    assert later.position.length == at.session_state["jokoak_lesson_zaldi_zuria"].position.length
    assert not lesson_tap(spec, later, drawn, 0, "bid:99", time.monotonic() + 10)
    assert not lesson_tap(spec, later, drawn, 0, lesson.steps[1].expect, time.monotonic() + 10)
    assert later.refused is None and not later.extra["hint"] and not later.extra["done"]


def test_no_bid_offered_is_said_as_a_calm_note_not_a_refusal():
    """The visitor holds 2 chips and the standing bid is 4: only "No bid" is offered, and
    why (in words, the clause behind "Why?") in calm colours: nothing was refused."""
    from streamlit.testing.v1 import AppTest
    from ui.common import LANG_KEY
    from ui.play import PlaySession
    from ui.games.zaldi_zuria.play import KEY, SPEC, _table
    table = _table({})
    position = start(SPEC.game, make_rules(SPEC.game),
                     {"players": 6, "chips": [2, 20, 20, 20, 20, 20], "phase": "auction",
                      "auctioneer": 0}, 0, table.people)
    position = advance(position, table, None)
    assert position.state.high_bid > position.state.chips[0] and position.state.current_player() == 0
    at = AppTest.from_string("from ui.games.zaldi_zuria.play import play_view\nplay_view()\n",
                             default_timeout=120)
    at.session_state[LANG_KEY] = "en"
    at.session_state[KEY] = PlaySession(position=position, choices={"ruleset": "basque_text"},
                                        good=position)
    at.run()
    page = " ".join(m.value for m in at.markdown)
    assert 'class="jokoak-rule-note"' in page and 'class="jokoak-refused"' not in page
    note = page[page.index('class="jokoak-rule-note"'):]
    assert "You hold only 2 chips" in note and 'data-segment="phase1.buyers"' in note
