"""A lesson points at the board: the drawing rings what the step's sentence talks about (the
bid standing in peruludo, the dice thrown in zaldi zuria, the sticks moved and the sites and
scoring sticks they concern in zohn ahl); renderers stay pure functions of the state, the
``highlight`` and the events they are given."""

from __future__ import annotations

import re

from jokoak import registry
from jokoak.content.lessons import lessons
from jokoak.engine.driver import resume
from jokoak.games.zohn_ahl.render import render_asked_outcome, render_last_throw, stick_pose
from jokoak.i18n import translator


def _state(game: str, lesson: int, step: int, end: bool = False):
    found = lessons(game)[lesson].steps[step]
    entry = registry.plugin(game)
    return resume(entry.game(), found.end if end else found.record).state


def _draw(game, state, highlight=frozenset(), events=(), _=None, lang="en"):
    return registry.plugin(game).draw_state(state, _ or translator(lang).gettext, lang, viewer=0,
                                           highlight=highlight, events=events)


def _done(game: str, lesson: int, step: int):
    """The state a done step draws, and the events its moves made (as the lesson view gets
    them: an action step's from its expected move on, a question's asked moves)."""
    found = lessons(game)[lesson].steps[step]
    record = found.end if found.kind == "action" else found.record
    position = resume(registry.plugin(game).game(), record)
    since = len(found.record.actions) - (0 if found.kind == "action" else 2)
    return position.state, tuple(position.events(since))


def _rings(markup: str) -> list[str]:
    return re.findall(r'<[a-z]+ class="jk-highlight"[^>]*>', markup)


def _ringed(markup: str, what: str) -> list[int]:
    """The teams whose ``what`` (stick, landing, scoring) is ringed."""
    return [int(team) for team in
            re.findall(rf'data-highlight="{what}" data-team="(\d)"', markup)]


def _circle_at(markup: str, what: str) -> tuple[float, float]:
    found = re.search(rf'data-highlight="{what}"[^>]*cx="([\d.]+)" cy="([\d.]+)"', markup)
    assert found is not None
    return float(found[1]), float(found[2])


def test_a_peruludo_bid_step_rings_the_bid_standing_and_nothing_else_does():
    state = _state("peruludo", 0, 0)
    assert state.bid is not None
    assert 'class="jk-highlight"' in _draw("peruludo", state, frozenset({"bid"}))
    assert 'class="jk-highlight"' in _draw("peruludo", state, frozenset({"palero"}))
    assert 'class="jk-highlight"' not in _draw("peruludo", state)
    assert 'class="jk-highlight"' not in _draw("peruludo", state, frozenset({"throw"}))


def test_a_zaldi_zuria_throw_rings_the_dice_thrown():
    state = _state("zaldi_zuria", 0, 0, end=True)
    assert state.last_roll is not None
    assert 'class="jk-highlight"' in _draw("zaldi_zuria", state, frozenset({"throw"}))
    assert 'class="jk-highlight"' not in _draw("zaldi_zuria", state)


def test_a_board_asked_to_ring_nothing_draws_as_before():
    state = _state("zohn_ahl", 0, 0)
    assert _rings(_draw("zohn_ahl", state)) == []
    assert _draw("zohn_ahl", state, frozenset({"bid"})) == _draw("zohn_ahl", state)


def test_a_zohn_ahl_throw_to_make_rings_the_stick_of_the_team_about_to_throw():
    state = _state("zohn_ahl", 0, 0)           # "Your turn. Throw the sticks."
    markup = _draw("zohn_ahl", state, frozenset({"throw"}))
    assert _ringed(markup, "stick") == [state.team] == [0]
    assert len(_rings(markup)) == 1


def test_a_zohn_ahl_throw_made_rings_the_moved_stick_and_the_site_it_landed_on():
    state, events = _done("zohn_ahl", 0, 0)    # up:3: the north–south stick moves 3 sites
    markup = _draw("zohn_ahl", state, frozenset({"throw"}), events)
    assert _ringed(markup, "stick") == [0] and _ringed(markup, "landing") == [0]
    assert _ringed(markup, "scoring") == []
    x, y, _nx, _ny = stick_pose(state, 0)      # it rests where it landed
    assert _circle_at(markup, "landing") == (round(x, 1), round(y, 1))


def test_a_zohn_ahl_fall_into_the_north_creek_rings_the_creek_and_the_gainers_sticks():
    state, events = _done("zohn_ahl", 0, 3)    # "Where does it land?" In the north creek
    assert any(ev.kind == "north_creek" for ev in events)
    markup = _draw("zohn_ahl", state, frozenset({"throw"}), events)
    gainer = next(ev.get("gainer") for ev in events if ev.kind == "north_creek")
    assert _ringed(markup, "scoring") == [gainer] == [1]
    x, y, _nx, _ny = stick_pose(state, 0)      # the stick starts again from the south creek
    assert _circle_at(markup, "landing") != (round(x, 1), round(y, 1))
    assert _circle_at(markup, "landing")[1] < 300   # the north side, at the top


def test_a_zohn_ahl_hit_rings_the_stick_sent_back_and_the_hitters_scoring_sticks():
    state, events = _done("zohn_ahl", 0, 4)
    assert any(ev.kind == "hit" for ev in events)
    markup = _draw("zohn_ahl", state, frozenset({"throw"}), events)
    assert sorted(_ringed(markup, "stick")) == [0, 1]
    assert _ringed(markup, "scoring") == [0]


def test_a_zohn_ahl_circuit_rings_the_scoring_sticks_of_the_team_that_went_round():
    state, events = _done("zohn_ahl", 0, 5)
    assert any(ev.kind == "circuit" for ev in events)
    assert _ringed(_draw("zohn_ahl", state, frozenset({"throw"}), events), "scoring") == [0]


def test_the_thrown_sticks_ring_the_faces_the_throw_counts():
    _state_now, events = _done("zohn_ahl", 0, 0)   # three marked faces up
    assert len(_rings(render_last_throw(events, translator("en").gettext, "en", 1,
                                        highlight=frozenset({"throw"})))) == 3
    assert _rings(render_last_throw(events, translator("en").gettext, "en", 1)) == []
    _state_now, white = _done("zohn_ahl", 0, 2)    # only blank faces up: all four count
    assert len(_rings(render_last_throw(white, translator("en").gettext, "en", 1,
                                        highlight=frozenset({"throw"})))) == 4


def test_a_question_on_a_throw_shows_its_sticks_with_the_counted_faces_ringed():
    found = lessons("zohn_ahl")[0].steps[1]           # all four marked faces up
    entry = registry.plugin("zohn_ahl")
    before = resume(entry.game(), found.record.__class__(
        found.record.game, found.record.rules, found.record.setup, found.record.seed,
        found.record.actions[:-1])).state
    after = resume(entry.game(), found.record)
    _shown, picture = render_asked_outcome(before, after.state, tuple(after.events(
        len(found.record.actions) - 1)), translator("en").gettext, "en")
    assert len(_rings(picture)) == 4


def test_the_ringed_board_keeps_its_language_and_escapes_every_text():
    state, events = _done("zohn_ahl", 0, 4)

    def hostile(text: str) -> str:
        return '<b>"&' + text

    markup = _draw("zohn_ahl", state, frozenset({"throw"}), events, _=hostile, lang="eu")
    assert len(_rings(markup)) >= 3
    assert markup.startswith("<svg") and 'lang="eu"' in markup.split(">", 1)[0]
    assert "<b>" not in markup and "&lt;b&gt;&quot;&amp;" in markup


def test_a_surplus_dropped_rings_the_south_creek_where_the_stick_stopped():
    from jokoak.games.zohn_ahl.engine import GAME, default_rules
    state = GAME.new_initial_state(default_rules(carry_over=False),
                                   {"players": [1, 1], "positions": [30, 5], "scoring": [4, 4]})
    state, _events = state.apply("throw")
    state, events = state.apply("up:0")          # 10 sites from 30 of 32: 8 dropped
    assert any(ev.kind == "surplus_dropped" for ev in events) and state.positions[0] == 0
    markup = _draw("zohn_ahl", state, frozenset({"throw"}), tuple(events))
    x, y, _nx, _ny = stick_pose(state, 0)
    assert _circle_at(markup, "landing") == (round(x, 1), round(y, 1))
