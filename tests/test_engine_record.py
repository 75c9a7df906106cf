"""Records replay every intermediate state exactly and survive JSON (jokoak.engine.record)."""

import json
import random

import pytest

from jokoak.engine import (CHANCE, Record, RecordError, ReplayError, SetupError, make_rules,
                           play, random_policy, replay, replay_states, sample_chance)

import toygame

GAMES = {"toygame": toygame.GAME}


def played(seed, ruleset="plain"):
    """A seeded toy game, keeping every state on the way (the reference for replay)."""
    rules = make_rules(toygame.GAME, ruleset)
    rng = random.Random(seed)
    state = toygame.GAME.new_initial_state(rules, {"players": 3, "chips": 2})
    states, actions = [state], []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            action = sample_chance(state.chance_outcomes(), rng)
        else:
            action = random_policy(state, rng)
        state, _ = state.apply(action)
        states.append(state)
        actions.append(action)
    return Record("toygame", rules, {"players": 3, "chips": 2}, seed, tuple(actions)), states


@pytest.mark.parametrize("seed", range(5))
def test_replay_rebuilds_every_intermediate_state(seed):
    record, states = played(seed)
    assert replay_states(toygame.GAME, record) == states


def test_play_records_chance_outcomes_and_moves_alike():
    record, _ = played(3)
    again = play(toygame.GAME, record.rules, record.setup, 3, random_policy)
    assert again == record
    assert any(a.startswith("roll:") for a in record.actions)
    assert any(a.startswith("step:") for a in record.actions)


@pytest.mark.parametrize("ruleset", ["plain", "short", "loaded"])
def test_record_json_round_trip_is_exact(ruleset):
    record, _ = played(11, ruleset)
    text = record.to_json()
    back = Record.from_json(text, GAMES)
    assert back == record and back.to_json() == text


def test_replay_names_the_illegal_step():
    record, _ = played(1)
    broken = Record("toygame", record.rules, record.setup, None,
                    record.actions[:1] + ("step:9",))
    with pytest.raises(ReplayError, match="step 2: 'step:9' is not a legal action") as info:
        replay(toygame.GAME, broken)
    assert info.value.step == 2


def test_replay_refuses_an_impossible_chance_outcome():
    rules = make_rules(toygame.GAME)
    with pytest.raises(ReplayError, match="'roll:7' is not a legal chance outcome"):
        replay(toygame.GAME, Record("toygame", rules, {"players": 2}, None, ("roll:7",)))


def test_replay_refuses_actions_after_the_end():
    record, _ = played(2)
    longer = Record("toygame", record.rules, record.setup, None, record.actions + ("roll:1",))
    with pytest.raises(ReplayError, match="already over"):
        replay(toygame.GAME, longer)


def test_replay_passes_setup_errors_through():
    rules = make_rules(toygame.GAME)
    with pytest.raises(SetupError):
        replay(toygame.GAME, Record("toygame", rules, {"players": 9}, None, ()))


@pytest.mark.parametrize("text, field", [
    ("{not json", "not valid JSON"),
    ("[]", "JSON object"),
    ('{"game": "toygame", "rules": {"ruleset": "plain"}, "setup": {}}', "missing field 'actions'"),
    ('{"game": "chess", "rules": {}, "setup": {}, "actions": []}', "field 'game'"),
    ('{"game": "toygame", "rules": {"ruleset": "x"}, "setup": {}, "actions": []}', "field 'rules'"),
    ('{"game": "toygame", "rules": {"ruleset": "plain"}, "setup": {}, "actions": [1]}',
     "field 'actions'"),
    ('{"game": "toygame", "rules": {"ruleset": "plain"}, "setup": {}, "actions": [], '
     '"seed": "x"}', "field 'seed'"),
])
def test_record_from_json_names_the_bad_field(text, field):
    with pytest.raises(RecordError, match=field):
        Record.from_json(text, GAMES)


def test_record_json_is_plain_data_with_a_format_version():
    record, _ = played(4)
    data = json.loads(record.to_json())
    assert data["format"] == 1 and data["actions"] == list(record.actions)
