"""Peruludo's scenarios replay, cite what they claim, and together cover every rule; the
interpretation notes are well formed."""

import yaml

from jokoak import ROOT
from jokoak.games.peruludo.engine import GAME
from jokoak.content.notes import notes
from jokoak.content.scenarios import game_coverage_problems, scenarios
from jokoak.content.segments import segments

NOTE_KEYS = {"id", "clauses", "title", "body", "option"}
#: Optional: ``reading: text`` where the default is what the text says (jokoak/content/notes.py).
OPTIONAL_NOTE_KEYS = {"reading"}


def events_of(scenario):
    _, steps = scenario.replay()
    return [ev for step in steps for ev in step.events], steps


def test_every_scenario_loads_and_replays():
    found = scenarios("peruludo")
    assert len(found) >= 10
    for sc in found:
        _, steps = sc.replay()
        assert len(steps) == len(sc.record.actions)


def test_each_scenario_cites_the_clauses_it_claims():
    for sc in scenarios("peruludo"):
        cited = {c for ev in events_of(sc)[0] for c in ev.clauses}
        assert set(sc.clauses) <= cited, sc.name


def test_scenarios_cite_every_rule_and_list_item():
    assert game_coverage_problems("peruludo") == []
    exempt = yaml.safe_load((ROOT / "content/peruludo/coverage.yaml").read_text())["exempt"]
    rules = {s.id for s in segments("peruludo") if s.kind in ("rule", "list_item")}
    assert not rules & set(exempt)  # every rule is really cited, none merely exempted


def test_scenario_palero_partial_reveal_keeps_two_cups_closed():
    sc = next(s for s in scenarios("peruludo") if s.name == "02_palero_challenger_loses")
    events, steps = events_of(sc)
    closed = next(e for e in events if e.kind == "cups_stay_closed")
    assert closed.actors == (1, 0)
    assert steps[-1].after.observation(2)["cups"][1] is None


def test_scenario_win_ends_the_game():
    sc = next(s for s in scenarios("peruludo") if s.name == "09_win")
    _, steps = sc.replay()
    assert steps[-1].after.is_terminal() and steps[-1].after.winner == 0


def test_scenarios_conserve_the_dice():
    for sc in scenarios("peruludo"):
        initial, steps = sc.replay()
        assert all(s.after.totals() == initial.totals() for s in steps), sc.name


def test_notes_one_per_option_and_only_title_and_body_hold_prose():
    raw = yaml.safe_load((ROOT / "content/peruludo/notes.yaml").read_text(encoding="utf-8"))
    assert all(NOTE_KEYS <= set(item) <= NOTE_KEYS | OPTIONAL_NOTE_KEYS for item in raw)
    loaded = notes("peruludo")
    assert len({n.id for n in loaded}) == len(loaded)
    options = {o.name for o in GAME.options}
    named = {n.option for n in loaded if n.option}
    assert named == options  # every option is explained, and only real options are named
