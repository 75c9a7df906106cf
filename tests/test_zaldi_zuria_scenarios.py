"""Zaldi zuria's scenarios replay, and together cite every rule of the Basque text."""

import pytest
import yaml

from jokoak import ROOT
from jokoak.engine.core import make_rules
from games_support import engine_of
from jokoak.content.notes import notes
from jokoak.content.scenarios import ScenarioError, cited_clauses, parse_scenario, scenarios
from jokoak.content.segments import segment_map, segments

GAME = engine_of("zaldi_zuria")
COVERAGE = yaml.safe_load((ROOT / "content" / "zaldi_zuria" / "coverage.yaml")
                          .read_text(encoding="utf-8"))


def test_every_scenario_loads_and_replays_to_its_end():
    found = scenarios("zaldi_zuria")
    assert len(found) >= 10
    for sc in found:
        _, steps = sc.replay()
        assert steps, sc.name


@pytest.mark.parametrize("sc", scenarios("zaldi_zuria"), ids=lambda s: s.name)
def test_each_scenario_demonstrates_the_clauses_it_lists(sc):
    _, steps = sc.replay()
    shown = {c for step in steps for e in step.events for c in e.clauses}
    assert set(sc.clauses) <= shown


@pytest.mark.parametrize("sc", scenarios("zaldi_zuria"), ids=lambda s: s.name)
def test_each_scenario_conserves_chips(sc):
    initial, steps = sc.replay()
    assert all(s.after.totals() == initial.totals() for s in steps)


def test_every_rule_clause_is_cited_by_some_scenario_event():
    exempt = set(COVERAGE["exempt"])
    needed = {s.id for s in segments("zaldi_zuria")
              if s.kind in ("rule", "list_item") and s.id not in exempt}
    assert needed - cited_clauses("zaldi_zuria") == set()


def test_coverage_exemptions_name_real_segments_with_a_reason():
    known = segment_map("zaldi_zuria")
    for seg_id, reason in COVERAGE["exempt"].items():
        assert seg_id in known and reason.strip()


def test_scenarios_cover_both_endings_elimination_and_a_player_who_cannot_pay():
    kinds = {}
    for sc in scenarios("zaldi_zuria"):
        _, steps = sc.replay()
        for step in steps:
            for e in step.events:
                kinds.setdefault(e.kind, []).append(e)
    assert {e.get("ending") for e in kinds["game_end"]} == {"exact_hit", "straight"}
    assert kinds["eliminated"] and kinds["inn_opens"] and kinds["card_sold"]
    assert any(e.get("short") for e in kinds["payment"])


def test_a_bad_scenario_setup_is_reported_with_the_field():
    text = ("title: x\ncaption: y\nclauses: [ending]\nsetup: {players: 4}\nsteps: []\n")
    with pytest.raises(ScenarioError, match="setup"):
        parse_scenario("zaldi_zuria", "bad", text)


def test_every_option_has_an_interpretation_note():
    options = {o.name for o in GAME.options}
    assert options <= {n.option for n in notes("zaldi_zuria")}


def test_notes_have_a_title_a_body_and_known_clauses():
    known = segment_map("zaldi_zuria")
    items = notes("zaldi_zuria")
    assert len({n.id for n in items}) == len(items)
    for n in items:
        assert n.title.strip() and n.body.strip() and n.clauses
        assert all(c in known for c in n.clauses)


def test_the_basque_text_is_the_first_ruleset_and_every_ruleset_builds():
    assert GAME.rulesets[0].name == "basque_text"
    for r in GAME.rulesets:
        assert make_rules(GAME, r.name).ruleset == r.name
    for o in GAME.options:
        assert o.justification and o.description and o.default in o.choices
