"""Every rule of every source is demonstrated: some scenario's events cite it, or
content/<game>/coverage.yaml exempts it with a reason (``exempt: {segment_id: reason}``).
"""

from importlib import import_module

import pytest

from games_support import GAMES
from jokoak.content.scenarios import cited_by, coverage_problems, game_coverage_problems, parse_scenario

import toygame

TOY_SCENARIO = """
title: A short race
caption: Two runners race to the finish.
clauses: [toy.roll, toy.move]
setup: {players: 2, chips: 0, positions: [3, 4]}
ruleset: short
steps: [roll:4, "step:4"]
"""


def toy_cited():
    scenario = parse_scenario("toygame", "race", TOY_SCENARIO, engine=toygame.GAME,
                              clauses=toygame.CLAUSES)
    return cited_by([scenario])


def test_a_scenario_covers_the_clauses_its_events_cite():
    assert toy_cited() == {"toy.roll", "toy.move", "toy.overtake", "toy.overtake.broke",
                           "toy.win"}
    assert coverage_problems(toygame.SEGMENTS, toy_cited(), {"toy.setup": "Setup only"}) == []


def test_an_uncited_rule_fails_naming_its_id():
    assert coverage_problems(toygame.SEGMENTS, toy_cited(), {}) == [
        "no scenario's events cite (and coverage.yaml does not exempt): toy.setup"]


def test_titles_and_notes_need_no_scenario():
    segments = [("toy.title", "title"), ("toy.note", "note")]
    assert coverage_problems(segments, set(), {}) == []


def test_an_exemption_needs_a_reason():
    problems = coverage_problems(toygame.SEGMENTS, toy_cited(), {"toy.setup": " "})
    assert "coverage.yaml exempts without a reason: toy.setup" in problems


def test_exempting_an_unknown_id_fails():
    problems = coverage_problems(toygame.SEGMENTS, toy_cited(),
                                 {"toy.setup": "Setup only", "toy.jump": "No such rule"})
    assert problems == ["coverage.yaml exempts unknown segment id(s): toy.jump"]


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_and_list_item_of_the_source_is_covered(game):
    try:
        import_module(f"jokoak.games.{game}")
    except ModuleNotFoundError as exc:
        if exc.name == f"jokoak.games.{game}":
            pytest.skip(f"{game}: no engine yet")
        raise
    problems = game_coverage_problems(game)
    assert not problems, f"{game}: " + "; ".join(problems)
