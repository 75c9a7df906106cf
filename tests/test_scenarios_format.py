"""Scenario files: the documented format, and validation errors that name step and field.

The format is proved on the toy game (tests/toygame.py); every scenario of every registered
game must load too.
"""

import pytest

from jokoak import ROOT
from games_support import GAMES
from jokoak.content.scenarios import (ScenarioError, cited_by, game_from_path, parse_scenario,
                              scenario_dir, scenarios)
from jokoak.content.schema import schema

import toygame

OVERTAKE = toygame.OVERTAKE_SCENARIO


def parse(text, name="demo"):
    return parse_scenario("toygame", name, text, engine=toygame.GAME, clauses=toygame.CLAUSES)


def with_steps(steps, setup="{players: 2, chips: 3}", extra=""):
    return (f"title: T\ncaption: C\nclauses: [toy.move]\nsetup: {setup}\n{extra}"
            f"steps: {steps}\n")


def test_a_valid_scenario_replays_and_its_events_cite_the_clause():
    scenario = parse(OVERTAKE)
    assert scenario.record.actions == ("roll:4", "step:4")
    assert scenario.step_captions == (None, "The runner passes")
    assert "toy.overtake" in cited_by([scenario])


def test_setup_defaults_to_the_games_default_setup():
    scenario = parse("title: T\ncaption: C\nclauses: [toy.roll]\nsteps: [roll:1]\n")
    assert scenario.record.setup == toygame.GAME.default_setup(scenario.record.rules)


def test_ruleset_and_options_shape_the_rules():
    scenario = parse(with_steps("[roll:4]", extra="ruleset: short\noptions: {loaded: true}\n"))
    assert (scenario.record.rules.ruleset, scenario.record.rules["loaded"]) == ("short", True)


def test_an_illegal_action_is_reported_with_its_step_number():
    with pytest.raises(ScenarioError, match=r"toygame/demo: step 2: field 'action': "
                                            r"'step:5' is not a legal action for player 0"):
        parse(with_steps("[roll:3, step:5]"))


def test_an_impossible_die_face_is_reported_as_an_illegal_chance_outcome():
    with pytest.raises(ScenarioError, match=r"step 1: field 'action': 'roll:7' is not a legal "
                                            r"chance outcome"):
        parse(with_steps("[roll:7]"))


def test_an_impossible_die_face_in_the_setup_is_the_games_setup_error():
    with pytest.raises(ScenarioError, match="field 'setup': A die with 6 faces cannot show 9"):
        parse(with_steps("[step:1]", setup="{players: 2, die: 9}"))


def test_a_position_the_rules_cannot_reach_is_refused():
    with pytest.raises(ScenarioError, match="field 'setup': Position 12 cannot be reached"):
        parse(with_steps("[roll:1]", setup="{players: 2, positions: [0, 12]}"))


def test_an_unknown_player_is_reported_with_its_step_number():
    with pytest.raises(ScenarioError, match=r"step 2: field 'player': unknown player 5 "
                                            r"\(seats 0-1\)"):
        parse(with_steps('[roll:3, {action: "step:1", player: 5}]'))


def test_a_step_given_to_the_wrong_player_names_who_acts():
    with pytest.raises(ScenarioError, match="step 2: field 'player': 1 is not to act, player 0 is"):
        parse(with_steps('[roll:3, {action: "step:1", player: 1}]'))
    with pytest.raises(ScenarioError, match="step 1: field 'player': 0 is not to act, chance is"):
        parse(with_steps('[{action: "roll:1", player: 0}]'))


def test_a_step_citing_a_clause_its_events_do_not_apply_is_refused():
    with pytest.raises(ScenarioError, match="step 1: field 'cites': the step's events do not "
                                            "cite toy.win"):
        parse(with_steps('[{action: "roll:1", cites: [toy.win]}]'))


def test_steps_after_the_end_are_refused():
    text = with_steps('[roll:1, "step:1", roll:1]', setup="{players: 2, positions: [5, 0]}",
                      extra="ruleset: short\n")
    with pytest.raises(ScenarioError, match="step 3: field 'action': the game is already over"):
        parse(text)


@pytest.mark.parametrize("text, message", [
    ("title: T\ncaption: C\nclauses: [toy.move]\n", "missing field 'steps'"),
    (with_steps("[]") + "colour: red\n", "unknown field(s) colour"),
    (with_steps("[]").replace("title: T", "title: ''"), "field 'title' must be a non-empty msgid"),
    (with_steps("[]").replace("[toy.move]", "[toy.jump]"), "field 'clauses': unknown clause id 'toy.jump'"),
    (with_steps("[]", extra="ruleset: speedy\n"), "field 'ruleset': unknown ruleset 'speedy'"),
    (with_steps("[]", extra="options: {goal: 7}\n"), "field 'options': option goal"),
    (with_steps("[]", extra="seed: x\n"), "field 'seed' must be an integer"),
    (with_steps("roll:1"), "field 'steps' must be a list"),
    (with_steps("[{player: 0}]"), "step 1: missing field 'action'"),
    (with_steps("[roll:1, 7]"), "step 2: field 'action': 7 is not an action string (quote it)"),
    (with_steps('[{action: "roll:1", speed: 2}]'), "step 1: unknown field(s) speed"),
    (with_steps('[{action: "roll:1", cites: [toy.jump]}]'), "step 1: field 'cites': unknown clause"),
    ("title: [unclosed\n", "not valid YAML at line"),
    ("- just a list\n", "a scenario is a mapping"),
])
def test_malformed_scenarios_name_the_field(text, message):
    with pytest.raises(ScenarioError) as info:
        parse(text)
    assert message in str(info.value) and str(info.value).startswith("toygame/demo: ")


def test_the_game_is_read_from_the_scenario_path():
    assert game_from_path(ROOT / "content" / "peruludo" / "scenarios" / "doia.yaml") == "peruludo"
    assert game_from_path(ROOT / "elsewhere" / "doia.yaml") is None


def test_scenarios_md_documents_every_field():
    doc = (ROOT / "content" / "SCENARIOS.md").read_text(encoding="utf-8")
    scenario = schema("scenario")
    for key in [*scenario["properties"], *scenario["definitions"]["stepMapping"]["properties"]]:
        assert f"`{key}`" in doc, key


@pytest.mark.parametrize("game", GAMES)
def test_every_scenario_of_the_game_loads(game):
    if not scenario_dir(game).is_dir():
        pytest.skip(f"{game}: no content/{game}/scenarios/ yet")
    loaded = scenarios(game)
    assert len(loaded) == len(list(scenario_dir(game).glob("*.yaml")))
