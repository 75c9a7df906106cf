"""The content files' JSON Schemas (content/schemas): every shipped file fits its schema, the
editors' map names every schema, and a fault is one message naming the file, the place and
what was expected, in the reader's language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft7Validator

from jokoak import ROOT
from jokoak.content.schema import KINDS, SCHEMA_DIR, faults, schema, schema_messages
from jokoak.i18n import translator
from jokoak.content.lessons import LessonError, parse_lesson

import toygame


def files_of(kind: str) -> list[Path]:
    return sorted(p for pattern in KINDS[kind] for p in ROOT.glob(pattern))


@pytest.mark.parametrize("kind", KINDS)
def test_each_schema_is_a_valid_draft_07_schema(kind):
    Draft7Validator.check_schema(schema(kind))


def test_every_schema_file_is_a_kind_the_loaders_know():
    assert sorted(p.name for p in SCHEMA_DIR.glob("*.json")) == sorted(
        f"{kind}.schema.json" for kind in KINDS)


@pytest.mark.parametrize("kind", KINDS)
def test_every_shipped_file_of_the_kind_fits_its_schema(kind):
    found = files_of(kind)
    assert found, kind
    for path in found:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert [str(f) for f in faults(kind, data, path.name)] == [], path


def test_every_content_yaml_file_has_a_schema():
    described = {p for kind in KINDS for p in files_of(kind)}
    assert sorted(str(p.relative_to(ROOT)) for p in (ROOT / "content").rglob("*.yaml")
                  if p not in described) == []


def test_the_editors_map_gives_each_schema_the_files_the_loaders_read():
    settings = json.loads((ROOT / ".vscode" / "settings.json").read_text(encoding="utf-8"))
    assert settings["yaml.schemas"] == {f"./content/schemas/{kind}.schema.json": list(globs)
                                        for kind, globs in KINDS.items()}


def test_a_schema_fault_names_the_file_the_place_and_what_was_expected():
    doc = {"title": "T", "caption": "C", "steps": [
        {"instruction": "I", "why": "W", "guess": "q"},
        {"instruction": "I", "why": "W", "play": ["roll:1"], "teaches": ["toy.roll"],
         "choices": [{"label": "A", "events": [{"kind": "roll"}]}, {"label": "", "events": []}]}]}
    assert [str(f) for f in faults("lesson", doc, "toygame/demo")] == [
        "toygame/demo: step 2: choice 2: field 'label' must be a non-empty msgid",
        "toygame/demo: step 2: choice 2: field 'events' must list event patterns, each with "
        "a kind"]


def test_an_item_with_an_id_is_named_by_it_too():
    doc = {"terms": [{"id": "bank", "eu": "banku", "policy": "sell",
                      "rendering": {"es": "banca", "fr": "banque", "en": "bank"}}]}
    assert [str(f) for f in faults("glossary", doc, "glossary.yaml")] == [
        "glossary.yaml: term 1 (bank): field 'policy' must be translate or keep"]


def test_a_data_key_is_named_as_it_is_written():
    doc = {"circuit.carry_over": {"says": "the points left over are dropped"}}
    assert [str(f) for f in faults("rule_switches", doc, "zohn_ahl/rule_switches.yaml")] == [
        "zohn_ahl/rule_switches.yaml: circuit.carry_over: needs 'says' and 'options' or "
        "'setup'"]


def test_a_loaders_fault_is_said_in_the_readers_language():
    text = "title: T\ncaption: C\nseat: -1\nsteps:\n- {instruction: I, why: W, guess: q}\n"
    with pytest.raises(LessonError) as caught:
        parse_lesson("toygame", "demo", text, engine=toygame.GAME, clauses=toygame.CLAUSES,
                     questions=None)
    english = str(caught.value)
    assert english == "toygame/demo: field 'seat' must be a seat number"
    _ = translator("fr").gettext
    assert caught.value.text(_) == ("toygame/demo: " + _("field %(field)s %(expected)s")
                                    % {"field": "'seat'", "expected": _("must be a seat number")})
    assert caught.value.text(_) != english


@pytest.mark.parametrize("lang", ["eu", "es", "fr"])
def test_every_expected_shape_is_translated(lang):
    _ = translator(lang).gettext
    assert [m for m in dict.fromkeys(schema_messages()) if _(m) == m] == []


def test_the_command_line_says_a_scenarios_fault_in_the_environments_language(
        capsys, monkeypatch, tmp_path, toy):
    from jokoak.__main__ import main
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    path = tmp_path / "seeded.yaml"
    path.write_text("title: T\ncaption: C\nclauses: [toy.move]\nseed: x\nsteps: []\n",
                    encoding="utf-8")
    assert main(["replay", str(path), "--game", "toygame"]) == 2
    _ = translator("fr").gettext
    assert capsys.readouterr().err == ("jokoak: toygame/seeded: " + _("field %(field)s %(expected)s")
                                       % {"field": "'seed'", "expected": _("must be an integer")}
                                       + "\n")
