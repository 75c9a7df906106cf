"""The command line under absurd input: one translated line and a non-zero exit, at once.

Issue 16: ``odds zohn_ahl --option scoring_sticks=10000`` used 5.6 GB, ``replay /dev/zero``
10.6 GB, ``--option stick_probability=-1`` printed negative "probabilities", and a record
whose ``game`` was a list ended in "internal error".
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jokoak.__main__ import main
from jokoak.cli import replay_cmd, simulate_cmd
from jokoak.i18n import translator



@pytest.fixture(autouse=True)
def toy_registered(toy, monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


def refused(capsys, *argv: str) -> str:
    """The one line a refused command prints (and it printed nothing else)."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 2, (code, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "internal error" not in err and "Traceback" not in err, err
    assert out == ""
    return lines[0]


@pytest.mark.parametrize("value", ["-1", "3/2", "0", "1", "-1/2", "101/100"])
def test_a_stick_probability_outside_its_bounds_is_refused(capsys, value):
    line = refused(capsys, "odds", "zohn_ahl", "--option", f"stick_probability={value}")
    assert "stick_probability" in line and "1/100" in line and "99/100" in line


@pytest.mark.parametrize("count", ["0", "11", "10000"])
def test_scoring_sticks_beyond_the_sources_are_refused(capsys, count):
    line = refused(capsys, "odds", "zohn_ahl", "--param", "game=true", "--option",
                   f"scoring_sticks={count}")
    assert "scoring_sticks" in line and count in line


@pytest.mark.parametrize("param", ["up_to=1000000", "up_to=0", "max_turns=100000",
                                   "up_to=true", "game=yes", "nonsense=1"])
def test_a_zohn_ahl_table_parameter_out_of_bounds_is_refused(capsys, param):
    assert param.split("=")[0] in refused(capsys, "odds", "zohn_ahl", "--param", param)


def test_peruludo_odds_with_more_own_dice_than_a_table_holds_are_refused(capsys):
    own = ",".join(["2"] * 5000)
    assert "5000" in refused(capsys, "odds", "peruludo", "--param", f"own={own}",
                             "--param", "unknown=0")


def test_peruludo_odds_with_more_dice_on_the_table_than_it_holds_are_refused(capsys):
    refused(capsys, "odds", "peruludo", "--param", "own=2,3", "--param", "unknown=99")


def test_simulate_refuses_more_games_than_its_bound(capsys):
    line = refused(capsys, "simulate", "toygame", "--games", "1000000", "--seed", "1")
    assert str(simulate_cmd.MAX_GAMES) in line


def test_a_long_simulation_prints_progress_on_stderr(capsys, monkeypatch):
    monkeypatch.setattr(simulate_cmd, "PROGRESS_SECONDS", 0.0)
    code = main(["simulate", "toygame", "--games", "3", "--seed", "1", "--json"])
    out, err = capsys.readouterr()
    assert code == 0 and json.loads(out)["games"] == 3
    assert "simulate: 2 of 3 games played" in err.splitlines()


def test_replay_of_an_endless_file_is_refused_after_reading_its_limit(capsys):
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    assert str(replay_cmd.MAX_FILE_BYTES) in refused(capsys, "replay", "/dev/zero")


def test_replay_of_a_file_over_the_size_limit_is_refused(capsys, tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (replay_cmd.MAX_FILE_BYTES + 1))
    assert "larger than" in refused(capsys, "replay", str(path))


def record(**fields) -> str:
    base = {"game": "toygame", "rules": {"ruleset": "short", "options": {}}, "setup": {},
            "seed": 1, "actions": []}
    return json.dumps({**base, **fields})


@pytest.mark.parametrize("fields, named", [
    ({"game": ["toygame"]}, "'game'"),
    ({"game": {"a": 1}}, "'game'"),
    ({"rules": {"ruleset": ["short"], "options": {}}}, "'rules'"),
    ({"rules": {"ruleset": {"x": 1}, "options": {}}}, "'rules'"),
])
def test_a_record_field_of_the_wrong_shape_gets_a_field_error(capsys, tmp_path, fields, named):
    path = tmp_path / "game.json"
    path.write_text(record(**fields), encoding="utf-8")
    assert named in refused(capsys, "replay", str(path))


@pytest.mark.parametrize("suffix, depth", [(".json", 100_000), (".json", 33), (".yaml", 100_000)])
def test_a_file_nested_too_deeply_is_refused(capsys, tmp_path, suffix, depth):
    path = tmp_path / f"deep{suffix}"
    path.write_text('{"game": "toygame", "rules": ' + "[" * depth + "]" * depth + "}",
                    encoding="utf-8")
    line = refused(capsys, "replay", str(path), "--game", "toygame")
    assert str(replay_cmd.MAX_NESTING) in line


def test_nesting_is_counted_outside_quoted_text():
    assert replay_cmd.nesting_depth('{"a": "[[[[", "b": [1, {"c": \'{{\'}]}') == 3


def test_a_refusal_is_in_the_language_of_the_environment(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    line = refused(capsys, "simulate", "toygame", "--games", "0", "--seed", "1")
    expected = translator("fr").gettext("--games must be between %(minimum)s and %(maximum)s.")
    assert line == "jokoak: " + expected % {"minimum": 1, "maximum": simulate_cmd.MAX_GAMES}
    assert expected != "--games must be between %(minimum)s and %(maximum)s."


def test_every_shipped_scenario_is_within_the_nesting_bound():
    from jokoak import ROOT
    files = sorted((ROOT / "content").glob("*/scenarios/*.yaml"))
    assert files
    deepest = max(replay_cmd.nesting_depth(f.read_text(encoding="utf-8")) for f in files)
    assert deepest <= replay_cmd.MAX_NESTING


def test_an_apostrophe_inside_a_word_opens_no_quote():
    assert replay_cmd.nesting_depth("caption: the runner's [move]\nclauses: [[a]]") == 2


def test_steps_over_a_broken_scenario_file_says_its_fault_in_one_line(capsys, monkeypatch,
                                                                       tmp_path):
    """``steps`` reads the game's own scenario folder: an author's broken file there is a
    content fault, told in one line (status 2), not an "internal error"."""
    from jokoak.content import scenarios
    (tmp_path / "broken.yaml").write_text("title: A\ncaption: B\nclauses: []\nsteps: []\n"
                                          "colour: white\n", encoding="utf-8")
    monkeypatch.setattr(scenarios, "scenario_dir", lambda game: tmp_path)
    scenarios.scenarios.cache_clear()   # another test in this worker may have read the real folder
    try:
        code = main(["steps", "zaldi_zuria"])
    finally:
        scenarios.scenarios.cache_clear()
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1, (code, err)
    assert "internal error" not in err and "broken" in err and "colour" in err, err
