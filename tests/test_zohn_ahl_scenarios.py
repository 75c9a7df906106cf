"""zohn ahl scenarios replay, together cite every rule, and the notes are well formed."""

import yaml

from jokoak import ROOT
from jokoak.games.zohn_ahl.engine import GAME
from jokoak.content.scenarios import cited_clauses, scenarios
from jokoak.content.segments import segment_map, segments


def exemptions():
    path = ROOT / "content" / "zohn_ahl" / "coverage.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8"))["exempt"]


def test_scenarios_load_and_replay():
    loaded = scenarios("zohn_ahl")
    assert len(loaded) >= 12
    for sc in loaded:
        _, steps = sc.replay()
        assert steps or sc.record.actions == ()


def test_each_scenario_cites_the_clauses_it_claims():
    for sc in scenarios("zohn_ahl"):
        _, steps = sc.replay()
        cited = {c for s in steps for e in s.events for c in e.clauses}
        assert set(sc.clauses) <= cited, sc.name


def test_coverage_every_rule_and_list_item_is_cited_or_exempt():
    cited = cited_clauses("zohn_ahl")
    exempt = exemptions()
    missing = [s.id for s in segments("zohn_ahl")
               if s.kind in ("rule", "list_item") and s.id not in cited and s.id not in exempt]
    assert missing == []


def test_coverage_exemptions_name_real_segments_with_reasons():
    ids = segment_map("zohn_ahl")
    for seg_id, reason in exemptions().items():
        assert seg_id in ids and str(reason).strip()


def test_seeded_game_is_played_to_the_end():
    sc = next(s for s in scenarios("zohn_ahl") if s.name.endswith("seeded_game"))
    _, steps = sc.replay()
    assert steps[-1].after.is_terminal() and sc.record.seed is not None


def test_notes_one_per_ambiguity_with_known_clauses_and_options():
    notes = yaml.safe_load((ROOT / "content" / "zohn_ahl" / "notes.yaml").read_text("utf-8"))
    ids = segment_map("zohn_ahl")
    options = {o.name for o in GAME.options}
    for note in notes:
        assert set(note) - {"reading"} == {"id", "clauses", "title", "body", "option"}
        assert note["clauses"] and all(c in ids for c in note["clauses"])
        assert note["option"] is None or note["option"] in options
    covered = {c for n in notes for c in n["clauses"]}
    for clause in ("board.sites", "move.distance", "start.left_edge", "circuit.carry_over",
                   "scoring.count", "variant.some_authors", "artifact.awls",
                   "nebakuthana.gates"):
        assert clause in covered
