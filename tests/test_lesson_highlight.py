"""A lesson points at the board: the drawing rings what the step's sentence talks about (the
bid standing in peruludo, the dice thrown in zaldi zuria); renderers stay pure functions of
the state and the ``highlight`` they are given."""

from __future__ import annotations

from jokoak import registry
from jokoak.content.lessons import lessons
from jokoak.engine.driver import resume
from jokoak.i18n import translator


def _state(game: str, lesson: int, step: int, end: bool = False):
    found = lessons(game)[lesson].steps[step]
    entry = registry.entry(game)
    return resume(entry.game(), found.end if end else found.record).state


def _draw(game, state, highlight=frozenset()):
    return registry.entry(game).draw_state(state, translator("en").gettext, "en", viewer=0,
                                           highlight=highlight)


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


def test_a_renderer_without_highlight_draws_as_before():
    state = _state("zohn_ahl", 0, 0)
    assert _draw("zohn_ahl", state, frozenset({"throw"})) == _draw("zohn_ahl", state)
