"""The command line: replay, odds, simulate, rules; bad input is one line on stderr.

The toy game (tests/toygame.py) is a game like the others for these tests: its plug-in folder
is on the games' path (``tests/conftest.py``'s ``toy``).
"""

import json
from dataclasses import replace

import pytest

from games_support import GAMES, games_with
from jokoak.__main__ import main
from jokoak import registry
from jokoak.i18n import translator
from jokoak.engine import make_rules, play, random_policy

import toygame

SCENARIO = toygame.OVERTAKE_SCENARIO


@pytest.fixture(autouse=True)
def toy_registered(toy):
    return toy


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code, err):
    assert code != 0
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.fixture
def scenario_file(tmp_path):
    path = tmp_path / "overtake.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    return path


def test_replay_prints_each_step_with_its_events_and_clause_ids(capsys, scenario_file):
    code, out, _ = run(capsys, "replay", str(scenario_file), "--game", "toygame")
    assert code == 0
    assert "roll:4" in out and "payment [toy.overtake] actors=P2,P1 chips=1" in out
    assert "step:4    # The runner passes" in out


def test_replay_json_lists_structured_events(capsys, scenario_file):
    code, out, _ = run(capsys, "replay", str(scenario_file), "--game", "toygame", "--json")
    steps = json.loads(out)["steps"]
    assert code == 0 and [s["action"] for s in steps] == ["roll:4", "step:4"]
    assert {"kind": "payment", "clauses": ["toy.overtake"], "actors": [1, 0],
            "amounts": {"chips": 1}, "data": {}} in steps[1]["events"]


def test_replay_reads_a_record_written_as_json(capsys, tmp_path):
    record = play(toygame.GAME, make_rules(toygame.GAME, "short"), None, 9, random_policy)
    path = tmp_path / "game.json"
    path.write_text(record.to_json(), encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(path), "--json")
    data = json.loads(out)
    assert code == 0 and len(data["steps"]) == len(record.actions) and data["terminal"]


def test_replay_of_a_broken_scenario_names_the_step(capsys, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(SCENARIO.replace('"step:4"', '"step:5"'), encoding="utf-8")
    assert '"step:5"' in path.read_text(encoding="utf-8")
    code, _, err = run(capsys, "replay", str(path), "--game", "toygame")
    assert_one_line_error(code, err)
    assert "step 2: field 'action'" in err


@pytest.mark.parametrize("argv, message", [
    (["replay", "no/such/file.yaml", "--game", "toygame"], "no such file"),
    (["replay", "{scenario}"], "cannot tell the game"),
    (["replay", "{scenario}", "--game", "chess"], "unknown game 'chess'"),
    (["replay", "{broken_json}"], "not valid JSON"),
    (["replay", "{other_json}", "--game", "peruludo"], "the record is a toygame game, not peruludo"),
    (["replay", "{other_json}"], "field 'rules': unknown ruleset 'nope'"),
])
def test_replay_bad_files_fail_in_one_line(capsys, scenario_file, tmp_path, argv, message):
    broken = tmp_path / "broken.json"
    broken.write_text("{oops", encoding="utf-8")
    other = tmp_path / "other.json"
    other.write_text('{"game": "toygame", "rules": {"ruleset": "nope"}, "setup": {}, '
                     '"actions": []}', encoding="utf-8")
    argv = [a.format(scenario=scenario_file, broken_json=broken, other_json=other) for a in argv]
    code, _, err = run(capsys, *argv)
    assert_one_line_error(code, err)
    assert message in err


def test_odds_prints_exact_fractions_and_decimals(capsys):
    code, out, _ = run(capsys, "odds", "toygame")
    assert code == 0
    assert "1/6" in out and "0.166667" in out and "total" in out


def test_odds_takes_options_and_parameters(capsys):
    code, out, _ = run(capsys, "odds", "toygame", "--option", "loaded=true",
                       "--param", "distance=6", "--json")
    tables = {t["name"]: t for t in json.loads(out)}
    assert code == 0
    assert tables["reach"]["rows"] == [{"label": "reach", "fraction": "1/3",
                                        "decimal": "0.333333"}]
    assert tables["die"]["total"] == "1"


def test_odds_ruleset_changes_the_die(capsys):
    code, out, _ = run(capsys, "odds", "toygame", "--ruleset", "short", "--json")
    assert code == 0 and json.loads(out)[0]["rows"][0]["fraction"] == "1/4"


@pytest.mark.parametrize("argv, message", [
    (["odds", "toygame", "--param", "speed=3"], "bad parameters"),
    (["odds", "toygame", "--param", "distance"], "expects name=value"),
    (["odds", "toygame", "--option", "loaded=maybe"], "option loaded"),
    (["odds", "toygame", "--option", "colour=red"], "unknown option 'colour'"),
    (["odds", "toygame", "--ruleset", "fast"], "unknown ruleset 'fast'"),
    (["odds", "chess"], "unknown game 'chess'"),
])
def test_odds_bad_arguments_fail_in_one_line(capsys, argv, message):
    code, _, err = run(capsys, *argv)
    assert_one_line_error(code, err)
    assert message in err


def test_simulate_summarises_wins_and_lengths(capsys):
    code, out, _ = run(capsys, "simulate", "toygame", "--games", "30", "--seed", "4", "--json")
    summary = json.loads(out)
    assert code == 0 and summary["policy"] == "greedy"
    assert sum(summary["wins"].values()) + summary["draws"] == 30
    assert summary["length"]["min"] <= summary["length"]["mean"] <= summary["length"]["max"]


def test_simulate_is_reproducible_from_its_seed(capsys):
    first = run(capsys, "simulate", "toygame", "--games", "10", "--seed", "2", "--policy", "random")
    second = run(capsys, "simulate", "toygame", "--games", "10", "--seed", "2", "--policy", "random")
    assert first == second and "wins per seat: 0:" in first[1]


@pytest.mark.parametrize("argv, message", [
    (["simulate", "toygame", "--games", "5", "--seed", "1", "--policy", "genius"],
     "unknown policy 'genius'"),
    (["simulate", "toygame", "--games", "0", "--seed", "1"], "--games must be"),
    (["simulate", "toygame", "--games", "many", "--seed", "1"], "invalid int value"),
    (["simulate", "toygame", "--games", "5"], "--seed"),
])
def test_simulate_bad_arguments_fail_in_one_line(capsys, argv, message):
    code, _, err = run(capsys, *argv)
    assert_one_line_error(code, err)
    assert message in err


def test_rules_lists_options_with_justification_and_rulesets_with_provenance(capsys):
    code, out, _ = run(capsys, "rules", "toygame", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["options"][0] == {"name": "goal", "description": toygame.OPTIONS[0].description,
                                  "default": 10, "justification": "toy.win",
                                  "choices": [6, 10, 20]}
    assert [r["name"] for r in data["rulesets"]] == ["plain", "short", "loaded"]


@pytest.mark.parametrize("name", games_with("odds"))
def test_every_game_prints_odds_whose_distributions_sum_to_one(capsys, name):
    code, out, err = run(capsys, "odds", name, "--json")
    assert code == 0, err
    for table in json.loads(out):
        if table["is_distribution"]:
            assert table["total"] == "1", table["name"]


def test_a_game_without_odds_tables_is_refused_in_one_line_in_the_users_language(
        capsys, monkeypatch, toy):
    """Odds are optional for a game: asking for them is a clear refusal, not a crash."""
    oddless = {**registry.plugins(), "toygame": replace(toy, odds=None)}  # declares no odds
    monkeypatch.setattr(registry, "plugins", lambda: oddless)
    monkeypatch.setenv("LANGUAGE", "fr")
    code, _, err = run(capsys, "odds", "toygame")
    assert_one_line_error(code, err)
    said = translator("fr").gettext("The game %(game)s has no odds tables.") % {"game": "toygame"}
    assert said != "The game toygame has no odds tables." and said in err


@pytest.mark.parametrize("name", GAMES)
def test_every_game_lists_its_rules_record(capsys, name):
    code, out, err = run(capsys, "rules", name, "--json")
    assert code == 0, err
    assert json.loads(out)["rulesets"]


def test_simulate_counts_equal_returns_as_a_draw_and_shares_a_tied_win():
    from jokoak.cli.simulate_cmd import winners
    assert winners([0.0, 0.0, 0.0]) == []
    assert winners([1.0, -1.0, 1.0]) == [0, 2]


def test_replay_numbers_seats_like_the_captions_from_one(capsys):
    from jokoak import ROOT
    path = ROOT / "content" / "peruludo" / "scenarios" / "08_elimination.yaml"
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and "p0" not in out
    assert "P1 palero" in out
    assert "eliminated [setup.goal] actors=P1" in out


def test_replay_names_zohn_ahl_teams_from_one(capsys):
    from jokoak import ROOT
    path = ROOT / "content" / "zohn_ahl" / "scenarios" / "03_hit.yaml"
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and "hit [capture.hit] actors=T1,T1,T2" in out
