"""The review ledger (issue 40): every rendering's review state, the reader's export and the
recording of their results."""

import json
from dataclasses import replace

import pytest

from jokoak.__main__ import main
from jokoak.review import ledger as ledger_module
from jokoak.review.backread import export_rows, export_text, record
from jokoak.review.ledger import (CHANGED, FLAWED, NEVER, REVIEWED, Review, gate_problems,
                                  read_ledger, state_of, statuses, write_ledger)
from jokoak.review.renderings import (RULE_KINDS, clause_id, renderings, rendering_map,
                                      text_hash, ui_id)


def a_rendering(lang="fr", kind="card-line"):
    return next(r for r in renderings(lang) if r.kind == kind)


def review_of(rendering, verdict="ok", severity="", **kw):
    return Review(id=rendering.id, hash=rendering.hash, verdict=verdict,
                  checks=("back-translation", "grammar"), reviewer="reader", date="2026-12-07",
                  severity=severity, **kw)


def results_line(rendering, **kw):
    data = {"id": rendering.id, "lang": rendering.lang, "hash": rendering.hash,
            "checks": "back-translation, grammar", "verdict": "ok", "reviewer": "reader",
            "date": "2026-12-07"}
    data.update(kw)
    return json.dumps(data, ensure_ascii=False)


# --- what a rendering is -----------------------------------------------------------------

def test_every_language_has_interface_entries_and_three_have_clause_translations():
    for lang in ("eu", "es", "fr", "en"):
        ids = {r.id.split(":")[0] for r in renderings(lang)}
        assert ids == ({"ui"} if lang == "eu" else {"ui", "clause"})


def test_a_translations_hash_covers_its_source_too():
    r = next(r for r in renderings("es") if r.kind == "clause")
    assert r.hash == text_hash(r.source, r.text)
    assert text_hash(r.source + " ", r.text) != r.hash


def test_an_interface_id_is_the_msgids_and_a_clause_id_names_game_and_segment():
    assert ui_id("Again") == ui_id("Again") != ui_id("Again!")
    assert clause_id("peruludo", "round.throw") == "clause:peruludo:round.throw"


def test_card_lines_lesson_texts_refusals_and_events_are_rule_statements():
    kinds = {r.kind for r in renderings("en")}
    assert RULE_KINDS <= kinds
    card = next(r for r in renderings("en") if r.kind == "card-line")
    assert card.game and card.clauses


# --- states ------------------------------------------------------------------------------

def test_a_rendering_read_as_it_is_now_and_found_ok_is_reviewed():
    r = a_rendering()
    assert state_of(r, review_of(r)) == REVIEWED


def test_a_flawed_reading_is_not_an_approval():
    r = a_rendering()
    assert state_of(r, review_of(r, "flawed", "meaning")) == FLAWED


def test_a_changed_text_is_unreviewed_again():
    r = a_rendering()
    old = review_of(r)
    changed = replace(r, text=r.text + " !", hash=text_hash(r.source, r.text + " !"))
    assert state_of(changed, old) == CHANGED


def test_a_rendering_nobody_read_is_never_reviewed():
    assert state_of(a_rendering(), None) == NEVER


def test_the_ledger_file_gives_each_rendering_its_state(tmp_path):
    r = a_rendering()
    write_ledger("fr", [review_of(r)], tmp_path)
    found, problems = statuses("fr", tmp_path)
    states = {s.rendering.id: s.state for s in found}
    assert problems == [] and states[r.id] == REVIEWED
    assert sum(1 for s in states.values() if s == NEVER) == len(states) - 1


# --- bad input to the ledger -------------------------------------------------------------

def test_a_malformed_ledger_line_names_file_and_line(tmp_path):
    r = a_rendering()
    (tmp_path / "fr.jsonl").write_text(review_of(r).line() + "\n{not json\n", encoding="utf-8")
    problems = read_ledger("fr", tmp_path).problems
    assert [(p.path.endswith("fr.jsonl"), p.line) for p in problems] == [(True, 2)]
    assert "not JSON" in problems[0].reason


def test_a_ledger_line_for_an_unknown_entry_is_an_error(tmp_path):
    r = replace(a_rendering(), id="ui:000000000000")
    write_ledger("fr", [review_of(r)], tmp_path)
    problems = read_ledger("fr", tmp_path, rendering_map("fr").keys()).problems
    assert len(problems) == 1 and problems[0].line == 1 and "unknown entry" in problems[0].reason


def test_a_flawed_line_without_severity_is_refused(tmp_path):
    r = a_rendering()
    line = json.loads(review_of(r).line())
    line["verdict"] = "flawed"
    (tmp_path / "fr.jsonl").write_text(json.dumps(line) + "\n", encoding="utf-8")
    problem, = read_ledger("fr", tmp_path).problems
    assert problem.line == 1 and "severity" in problem.reason


def test_qa_reports_a_malformed_ledger_line_as_an_error(tmp_path, monkeypatch, capsys):
    (tmp_path / "eu.jsonl").write_text('{"id": "ui:1"}\n', encoding="utf-8")
    monkeypatch.setattr(ledger_module, "LEDGER_DIR", tmp_path)
    assert main(["qa", "--only", "ledger", "--lang", "eu"]) == 1
    out = capsys.readouterr().out
    assert "eu.jsonl:1: missing hash" in out


# --- the gate ----------------------------------------------------------------------------

def test_the_gate_is_an_error_per_rule_statement_not_reviewed(monkeypatch, tmp_path):
    monkeypatch.setattr(ledger_module, "RULE_STATEMENTS_MUST_BE_REVIEWED", True)
    found, _ = statuses("es", tmp_path)          # an empty ledger: nothing reviewed
    problems = gate_problems("es", found)
    rules = [s.rendering for s in found if s.rendering.is_rule]
    assert rules and len(problems) == len(rules)
    assert all(r.id in p.reason for r, p in zip(rules, problems))


def test_with_the_gate_on_a_reviewed_rule_statement_passes(monkeypatch, tmp_path):
    monkeypatch.setattr(ledger_module, "RULE_STATEMENTS_MUST_BE_REVIEWED", True)
    rules = [r for r in renderings("eu") if r.is_rule]
    write_ledger("eu", [review_of(r) for r in rules], tmp_path)
    found, problems = statuses("eu", tmp_path)
    assert problems == [] and gate_problems("eu", found) == []


def test_with_the_gate_off_unreviewed_rule_statements_are_only_counted(monkeypatch, tmp_path):
    monkeypatch.setattr(ledger_module, "RULE_STATEMENTS_MUST_BE_REVIEWED", False)
    found, _ = statuses("fr", tmp_path)
    assert any(s.rendering.is_rule for s in found) and gate_problems("fr", found) == []


def test_the_gate_makes_qa_fail_naming_the_rule_statement(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(ledger_module, "RULE_STATEMENTS_MUST_BE_REVIEWED", True)
    monkeypatch.setattr(ledger_module, "LEDGER_DIR", tmp_path)
    assert main(["qa", "--only", "ledger", "--lang", "fr"]) == 1
    assert "is not reviewed" in capsys.readouterr().out


def test_a_line_for_a_translation_gone_fuzzy_is_not_unknown(monkeypatch, tmp_path):
    """The entry still exists (its msgid is in the template) though no rendering is shown."""
    gone_fuzzy = a_rendering("eu")
    shown = tuple(r for r in renderings("eu") if r.id != gone_fuzzy.id)
    monkeypatch.setattr(ledger_module, "renderings", lambda lang: shown)
    write_ledger("eu", [review_of(gone_fuzzy)], tmp_path)
    found, problems = statuses("eu", tmp_path)
    assert problems == [] and gone_fuzzy.id not in {s.rendering.id for s in found}


def test_prune_drops_only_the_lines_of_entries_that_are_gone(tmp_path):
    from jokoak.review.ledger import prune
    kept = a_rendering()
    gone = replace(kept, id="ui:000000000000")
    write_ledger("fr", [review_of(kept), review_of(gone)], tmp_path)
    assert [r.id for r in prune("fr", tmp_path)] == [gone.id]
    assert list(read_ledger("fr", tmp_path).reviews) == [kept.id]


# --- the reader's export -----------------------------------------------------------------

@pytest.mark.parametrize("lang", ["eu", "es", "fr"])
def test_the_back_reading_export_never_shows_the_english(lang, tmp_path):
    """Only the rendering of ``lang`` and the Basque: no field carries the English msgid."""
    own = rendering_map(lang)
    rows = export_rows(lang, only_unreviewed=True, folder=tmp_path)
    assert rows and all(set(row) == {"id", "lang", "hash", "kind", "state", "text", "basque"}
                        for row in rows)
    assert all(row["text"] == own[row["id"]].text for row in rows)
    english = rendering_map("en")
    differs = [row for row in rows if row["id"] in english
               and english[row["id"]].text not in row["text"]]
    # the state is the ledger's own word ("never" reviewed), which an English msgid may equal
    assert differs and all(english[row["id"]].text not in json.dumps(
        {k: v for k, v in row.items() if k not in ("basque", "state")}, ensure_ascii=False)
        for row in differs)


def test_a_clause_translation_comes_with_its_basque_clause(tmp_path):
    row = next(row for row in export_rows("fr", folder=tmp_path) if row["kind"] == "clause")
    game, segment = row["id"].split(":")[1:]
    assert [b["clause"] for b in row["basque"]] == [f"{game}:{segment}"]


def test_the_english_export_brings_the_basque_clauses_a_card_line_cites(tmp_path):
    row = next(row for row in export_rows("en", folder=tmp_path, kinds=["card-line"]))
    assert row["basque"] and all(b["text"] for b in row["basque"])


def test_only_unreviewed_leaves_out_the_reviewed(tmp_path):
    r = a_rendering()
    write_ledger("fr", [review_of(r)], tmp_path)
    ids = {row["id"] for row in export_rows("fr", True, folder=tmp_path)}
    assert r.id not in ids and ids
    assert r.id in {row["id"] for row in export_rows("fr", False, folder=tmp_path)}


def test_the_tsv_export_keeps_one_line_per_rendering(tmp_path):
    rows = export_rows("fr", kinds=["note"], folder=tmp_path)
    assert len(export_text(rows, "tsv").splitlines()) == len(rows) + 1


# --- recording a reader's results --------------------------------------------------------

def test_recorded_results_enter_the_ledger(tmp_path):
    r, flawed = [r for r in renderings("fr") if r.kind == "card-line"][:2]
    results = tmp_path / "results.jsonl"
    results.write_text(results_line(r) + "\n" + results_line(
        flawed, verdict="flawed", severity="meaning", note="reads 32 per turn") + "\n",
        encoding="utf-8")
    written, problems = record(results, folder=tmp_path / "ledger")
    assert problems == [] and written == {"fr": 2}
    found, _ = statuses("fr", tmp_path / "ledger")
    states = {s.rendering.id: s.state for s in found}
    assert states[r.id] == REVIEWED and states[flawed.id] == FLAWED


def test_a_stale_hash_is_refused_and_nothing_is_written(tmp_path):
    good, other = [r for r in renderings("es") if r.kind == "lesson-why"][:2]
    results = tmp_path / "results.jsonl"
    results.write_text(results_line(good) + "\n" + results_line(other, hash="0" * 16) + "\n",
                       encoding="utf-8")
    written, problems = record(results, folder=tmp_path / "ledger")
    assert written == {} and not (tmp_path / "ledger" / "es.jsonl").exists()
    assert [p.line for p in problems] == [2] and "stale hash" in problems[0].reason
    assert problems[0].path.endswith("results.jsonl")


def test_a_result_for_an_unknown_entry_is_refused(tmp_path):
    r = replace(a_rendering(), id="ui:ffffffffffff")
    results = tmp_path / "results.jsonl"
    results.write_text(results_line(r) + "\n", encoding="utf-8")
    _, problems = record(results, folder=tmp_path)
    assert "unknown entry" in problems[0].reason and problems[0].line == 1


def test_a_tab_separated_results_file_names_its_malformed_line(tmp_path):
    r = a_rendering("eu", "lesson-instruction")
    results = tmp_path / "results.tsv"
    results.write_text("id\tlang\thash\tchecks\tverdict\tseverity\tnote\treviewer\tdate\n"
                       f"{r.id}\teu\t{r.hash}\tgrammar\tok\t\t\treader\t2026-12-07\n"
                       f"{r.id}\teu\t{r.hash}\tgrammar\tmaybe\t\t\treader\t2026-12-07\n",
                       encoding="utf-8")
    _, problems = record(results, folder=tmp_path)
    assert [(p.line, "verdict" in p.reason) for p in problems] == [(3, True)]


def test_qa_record_on_the_command_line_reports_file_and_line(tmp_path, capsys):
    results = tmp_path / "results.jsonl"
    results.write_text("[1, 2]\n", encoding="utf-8")
    assert main(["qa", "record", str(results)]) == 1
    assert "results.jsonl:1: not a JSON object" in capsys.readouterr().out


def test_qa_backread_export_writes_the_template(tmp_path, capsys, ledger_of):
    """On an empty ledger every card line is unreviewed (the shipped ledger's state must not
    decide whether there is anything to export)."""
    (tmp_path / "export").mkdir()
    out, template = tmp_path / "export" / "fr.jsonl", tmp_path / "export" / "fr-results.tsv"
    assert main(["qa", "backread-export", "--lang", "fr", "--only-unreviewed", "--kind",
                 "card-line", "--output", str(out), "--template", str(template)]) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert rows and all(row["kind"] == "card-line" for row in rows)
    assert len(template.read_text(encoding="utf-8").splitlines()) == len(rows) + 1


# --- the translators' page and the exports carry the state --------------------------------

@pytest.fixture
def ledger_of(monkeypatch, tmp_path):
    """A ledger of one's own in place of the shipped one (its caches cleared around, and the
    translators' page's row markup, which a page drawn earlier in this process keeps)."""
    from ui import translators_views
    monkeypatch.setattr(ledger_module, "LEDGER_DIR", tmp_path)
    monkeypatch.setattr(translators_views, "_ROW_MARKUP", type(translators_views._ROW_MARKUP)())
    translators_views._shipped_rows.cache_clear()
    ledger_module.clear_caches()

    def write(lang, reviews):
        write_ledger(lang, reviews, tmp_path)
        ledger_module.clear_caches()
        translators_views._shipped_rows.cache_clear()
        translators_views._ROW_MARKUP.clear()
    yield write
    ledger_module.clear_caches()
    translators_views._shipped_rows.cache_clear()


def clause_renderings_of(game, lang, n=2):
    return [r for r in renderings(lang) if r.id.startswith(f"clause:{game}:")][:n]


def test_the_po_export_flags_each_translation_with_its_review_state(ledger_of):
    import io as _io

    from babel.messages.pofile import read_po

    from jokoak.review.exports import catalog_po
    read, changed = clause_renderings_of("peruludo", "fr")
    ledger_of("fr", [review_of(read), replace(review_of(changed), hash="0" * 16)])
    catalog = read_po(_io.BytesIO(catalog_po("peruludo", "fr")))
    flags = {m.context: m.flags for m in catalog if m.context}
    segment = {r.id.rsplit(":", 1)[1] for r in (read, changed)}
    assert "reviewed" in flags[read.id.rsplit(":", 1)[1]]
    assert "review-changed" in flags[changed.id.rsplit(":", 1)[1]]
    assert all("unreviewed" in f for ctx, f in flags.items() if ctx not in segment
               and "fuzzy" not in f)


def test_the_xliff_export_gives_each_target_its_state(ledger_of):
    from lxml import etree

    from jokoak.review.exports import catalog_xliff
    from jokoak.review.uploads import XLIFF_12
    read, flawed = clause_renderings_of("zohn_ahl", "es")
    ledger_of("es", [review_of(read), review_of(flawed, "flawed", "meaning")])
    root = etree.fromstring(catalog_xliff("zohn_ahl", "es"))
    units = {u.get("id"): u for u in root.iter(f"{{{XLIFF_12}}}trans-unit")}

    def state(rendering):
        unit = units[rendering.id.rsplit(":", 1)[1]]
        return unit.find(f"{{{XLIFF_12}}}target").get("state")
    assert state(read) == "final"
    assert state(flawed) == "needs-review-translation"
    others = [u.find(f"{{{XLIFF_12}}}target").get("state") for k, u in units.items()
              if k not in {read.id.rsplit(":", 1)[1], flawed.id.rsplit(":", 1)[1]}]
    assert others and set(others) <= {"translated", "needs-review-translation"}


def test_the_review_rows_filter_by_review_state(ledger_of):
    from jokoak.review.rows import filter_rows, review_rows
    read, = clause_renderings_of("zaldi_zuria", "en", 1)
    ledger_of("en", [review_of(read)])
    rows = review_rows("zaldi_zuria", ("en",))
    shown = filter_rows(rows, review="reviewed")
    assert [row.segment.id for row in shown] == [read.id.rsplit(":", 1)[1]]
    assert len(filter_rows(rows, review="never")) == len(rows) - 1


def test_an_uploaded_translation_unlike_the_one_read_is_changed_since(ledger_of):
    from jokoak.review.rows import review_rows
    from jokoak.review.uploads import parse_upload
    from view_support import replace_translation

    from jokoak.review.exports import catalog_po
    read, = clause_renderings_of("peruludo", "fr", 1)
    segment = read.id.rsplit(":", 1)[1]
    ledger_of("fr", [review_of(read)])
    data = replace_translation(catalog_po("peruludo", "fr"), segment, read.text + " (bis)")
    upload = parse_upload(data, "peruludo.fr.po", "peruludo", "fr")
    row = next(r for r in review_rows("peruludo", ("fr",), upload) if r.segment.id == segment)
    assert row.cells[0].review == "changed"


def test_the_translators_page_shows_the_state_and_filters_by_it(ledger_of):
    from streamlit.testing.v1 import AppTest

    from jokoak import ROOT
    from jokoak.i18n import translator
    from ui.common import LANG_KEY
    read, = clause_renderings_of("zaldi_zuria", "fr", 1)
    ledger_of("fr", [review_of(read)])
    at = AppTest.from_file(str(ROOT / "app_pages" / "translators.py"), default_timeout=60)
    at.session_state[LANG_KEY] = "fr"
    at.session_state["jokoak_translators_game"] = "zaldi_zuria"
    at.session_state["jokoak_translators_lang"] = "fr"
    at.run()
    assert not at.exception
    markup = " ".join(m.value for m in at.markdown)
    assert 'data-review="reviewed"' in markup and 'data-review="never"' in markup
    assert translator("fr").gettext("never reviewed") in markup
    at.session_state["jokoak_review_review"] = "reviewed"
    at.run()
    markup = " ".join(m.value for m in at.markdown)
    assert markup.count('data-review="') == 1 and 'data-review="reviewed"' in markup


# --- the command line and the seed --------------------------------------------------------

def test_qa_unreviewed_lists_each_rendering_not_reviewed_with_its_state(tmp_path, monkeypatch,
                                                                       capsys):
    monkeypatch.setattr(ledger_module, "LEDGER_DIR", tmp_path)
    r = a_rendering("es", "card-line")
    write_ledger("es", [review_of(r, "flawed", "meaning")], tmp_path)
    assert main(["qa", "unreviewed", "--lang", "es", "--kind", "card-line"]) == 0
    lines = capsys.readouterr().out.splitlines()
    cards = [r.id for r in renderings("es") if r.kind == "card-line"]
    assert len(lines) == len(cards)
    assert f"es\tflawed\tcard-line\t{r.id}\t" in "\n".join(lines)
    assert sum(line.startswith("es\tnever\tcard-line\t") for line in lines) == len(cards) - 1


def test_every_finding_of_the_seed_names_a_review_languages_and_a_severity():
    import yaml

    from jokoak import ROOT
    from jokoak.i18n import LANGUAGES
    from jokoak.review.ledger import SEVERITIES
    findings = yaml.safe_load((ROOT / "review" / "seed_2026_12_findings.yaml").read_text(
        encoding="utf-8"))
    reviews = {"translations-2026-12", "lessons-and-cards-2026-12",
               "lessons-cards-play-2026-12-07"}
    assert findings and all(f["review"] in reviews and f["severity"] in SEVERITIES
                            and set(f["langs"]) <= set(LANGUAGES) and f["note"]
                            for f in findings)
    assert all({"msgid", "exact", "note_id", "clause", "where"} & set(f) for f in findings)
