"""The generic play driver: chance and computers act until a person must; nothing else."""

from __future__ import annotations

import pytest

from jokoak.games.peruludo.bots import POLICIES
from jokoak.engine.core import CHANCE, IllegalAction, make_rules
from jokoak.engine.driver import (Seating, advance, chance_rng, decisions, new_seed, resume,
                                  start, submit, undo_last_decision)
from jokoak.engine.record import replay
from jokoak.games.peruludo.engine import GAME

SETUP = {"players": 3, "dice": [5, 5, 5], "ages": [20, 23, 26], "bag": 0}
COMPUTERS = {1: POLICIES["medium"], 2: POLICIES["medium"]}


def lets_bids_stand(state, seat):
    return "no_doia" if state.phase == "doia" else ("lift" if state.phase == "reveal" else None)


def table(defaults=lets_bids_stand):
    return Seating(humans=frozenset({0}), policies=COMPUTERS, defaults=defaults)


def beat(state, seat, action):
    return seat not in (0, CHANCE) and action.startswith("bid:")


def test_advance_stops_where_the_person_must_decide():
    position = advance(start(GAME, make_rules(GAME), SETUP, seed=7), table())
    assert position.state.current_player() == 0 and position.state.phase == "bid"


def test_advance_plays_at_most_one_beat_and_stops_before_a_persons_default():
    position = start(GAME, make_rules(GAME), SETUP, seed=3)
    position = advance(position, table())
    position = submit(position, 0, next(a for a in position.state.legal_actions()
                                         if a.startswith("bid:")))
    held = advance(position, table(), beat, held=True)
    # right after the person's move, nothing the others do that is worth a pause
    assert not any(beat(None, m.actor, m.action) for m in held.moves[position.length:])
    once = advance(held, table(), beat)
    beats = [m for m in once.moves[held.length:] if beat(None, m.actor, m.action)]
    assert len(beats) <= 1


def test_the_chance_of_a_position_comes_from_the_seed_and_the_position():
    assert chance_rng(5, 12).random() == chance_rng(5, 12).random()
    assert chance_rng(5, 12).random() != chance_rng(5, 13).random()


def test_every_new_game_has_its_own_seed():
    assert len({new_seed() for _ in range(20)}) == 20
    first = start(GAME, make_rules(GAME), SETUP)
    assert first.record.seed is not None


def test_a_played_record_replays_to_the_same_position():
    position = advance(start(GAME, make_rules(GAME), SETUP, seed=11), table())
    _initial, steps = replay(GAME, position.record)
    assert steps[-1].after == position.state
    assert resume(GAME, position.record).state == position.state


def test_submit_refuses_with_the_engines_reason_and_counts_only_persons_choices():
    position = advance(start(GAME, make_rules(GAME), SETUP, seed=1), table())
    with pytest.raises(IllegalAction) as refused:
        submit(position, 0, "bid:99:2")
    assert refused.value.reason is not None and refused.value.reason.clauses
    with pytest.raises(IllegalAction):
        submit(position, 1, position.state.legal_actions()[0])  # not seat 1's turn
    after = submit(position, 0, position.state.legal_actions()[0])
    assert decisions(after) == decisions(position) + 1


def test_undo_goes_back_to_just_before_the_persons_last_choice():
    position = advance(start(GAME, make_rules(GAME), SETUP, seed=2), table())
    before = position.record
    moved = advance(submit(position, 0, position.state.legal_actions()[0]), table())
    assert undo_last_decision(GAME, moved.record, table()) == before
