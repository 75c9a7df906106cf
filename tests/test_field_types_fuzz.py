"""Scenarios, lessons and records with a wrong type in any field: a clear field error, never a crash
and never a silent default (fuzzed with hypothesis over every field of every game)."""

from __future__ import annotations

import json

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from games_support import GAMES, games_with_lessons
from jokoak.errors import RefusedByRules
from jokoak.engine.record import Record, RecordError, play, replay
from games_support import engine_of
from jokoak.content.lessons import LessonError, lesson_dir, parse_lesson
from jokoak.content.scenarios import ScenarioError, parse_scenario, scenario_dir


#: any value a YAML or JSON file can hold, small
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 40) | st.floats(allow_nan=False, width=16)
    | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                max_size=3),
    max_leaves=6)

SCENARIO_FIELDS = ("title", "caption", "clauses", "ruleset", "options", "setup", "seed",
                   "steps")
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def first_scenario_data(game: str) -> dict:
    first = sorted(scenario_dir(game).glob("*.yaml"))[0]
    return yaml.safe_load(first.read_text("utf-8"))


def record_data(game: str) -> dict:
    module = engine_of(game)
    from jokoak.engine.core import make_rules
    from jokoak.engine.record import random_policy
    record = play(module, make_rules(module), None, 3, random_policy, max_actions=12)
    return json.loads(record.to_json())


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(field=st.sampled_from(SCENARIO_FIELDS), value=VALUES)
def test_scenario_with_any_value_in_any_field_is_read_or_refused_with_a_field_error(
        game, field, value):
    data = first_scenario_data(game)
    data[field] = value
    text = yaml.safe_dump(data, allow_unicode=True)
    try:
        parse_scenario(game, "fuzz", text)
    except ScenarioError as exc:
        assert "fuzz" in str(exc)


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(path=st.sampled_from((("rules",), ("rules", "ruleset"), ("rules", "options"),
                             ("setup",), ("seed",), ("actions",), ("game",))),
       value=VALUES)
def test_record_with_any_value_in_any_field_is_read_or_refused_with_a_field_error(
        game, path, value):
    data = record_data(game)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    module = engine_of(game)
    try:
        record = Record.from_json(json.dumps(data), {game: module})
    except RecordError as exc:
        assert "field" in str(exc)
        return
    if path == ("rules", "ruleset"):
        assert value == record.rules.ruleset      # a wrong ruleset is never replaced
    try:
        replay(module, record)
    except (RecordError, RefusedByRules):
        pass


@pytest.mark.parametrize("value", [[], {}, "", 0, False])
def test_record_ruleset_of_a_wrong_type_or_empty_is_a_field_error_not_the_basque_text(value):
    data = record_data("peruludo")
    data["rules"]["ruleset"] = value
    with pytest.raises(RecordError, match="field 'rules'"):
        Record.from_json(json.dumps(data), {"peruludo": engine_of("peruludo")})


@pytest.mark.parametrize("value", [{"a": 1}, [], ""])
def test_scenario_ruleset_of_a_wrong_type_is_a_field_error(value):
    data = first_scenario_data("peruludo")
    data["ruleset"] = value
    with pytest.raises(ScenarioError, match="field 'ruleset'"):
        parse_scenario("peruludo", "fuzz", yaml.safe_dump(data))


def test_option_choices_are_checked_by_type_too_1_is_not_true():
    data = first_scenario_data("peruludo")
    data["options"] = {"forbid_repeated_bids": 1}
    with pytest.raises(ScenarioError, match="field 'options'"):
        parse_scenario("peruludo", "fuzz", yaml.safe_dump(data))


LESSON_FIELDS = ("title", "caption", "ruleset", "options", "setup", "seat", "steps")
STEP_FIELDS = ("setup", "play", "instruction", "expect", "then", "hint", "choices", "guess",
               "teaches", "feedback", "why", "choice")


#: a lesson replays several steps with the engine: fewer examples keep CI's time
LESSON_FUZZ = settings(FUZZ, max_examples=20)


@pytest.mark.parametrize("game", games_with_lessons())
@LESSON_FUZZ
@given(field=st.sampled_from(LESSON_FIELDS + STEP_FIELDS), value=VALUES)
def test_lesson_with_any_value_in_any_field_is_read_or_refused_with_a_field_error(
        game, field, value):
    first = sorted(lesson_dir(game).glob("*.yaml"))[0]
    data = yaml.safe_load(first.read_text("utf-8"))
    (data if field in LESSON_FIELDS else data["steps"][0])[field] = value
    try:
        parse_lesson(game, "fuzz", yaml.safe_dump(data, allow_unicode=True))
    except LessonError as exc:
        assert str(exc).startswith(f"{game}/fuzz: ")
