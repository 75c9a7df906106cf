"""The translators' workbench (issue 8): review rows, uploads, exports and the page itself."""

import io
import re

import pytest
from babel.messages.pofile import read_po
from streamlit.testing.v1 import AppTest

from jokoak import ROOT
from jokoak.i18n import LANGUAGES, translator
from jokoak.review.source_checks import Entry
from jokoak.render.review import aligned_review_html, report_html
from jokoak.i18n.source_translations import FUZZY, TRANSLATED
from jokoak.review.exports import catalog_po, catalog_tmx, catalog_xliff
from jokoak.review.rows import ADDED, CHANGED, Cell, Row, SAME, change_of, clause_steps, filter_rows, play_link, review_rows, word_diff
from jokoak.review.uploads import MAX_UPLOAD_BYTES, UploadError, parse_upload
from jokoak.review.rows import review_upload
from ui.translators_views import CLAUSES_NOT_IN_FILE
from ui.common import LANG_KEY
from view_support import ChosenFile, replace_translation

GAME, LANG = "peruludo", "fr"
HOSTILE = ('<script>alert(1)</script><img src=x onerror="alert(2)">'
           '[click](javascript:alert(3))')


def shipped_po() -> bytes:
    return catalog_po(GAME, LANG)




def upload_error(data: bytes, name: str = "peruludo.fr.po") -> UploadError:
    with pytest.raises(UploadError) as info:
        parse_upload(data, name, GAME, LANG)
    return info.value


# uploads -------------------------------------------------------------------------------------

def test_the_shipped_catalog_uploads_cleanly_and_nothing_changed():
    upload = parse_upload(shipped_po(), "peruludo.fr.po", GAME, LANG)
    rows = review_rows(GAME, (LANG,), upload)
    assert rows and all(c.change == SAME for r in rows for c in r.cells)


def test_upload_too_large_is_refused():
    assert "too large" in upload_error(b"#" * (MAX_UPLOAD_BYTES + 1)).msgid


def test_upload_of_another_file_type_is_refused():
    assert "Only PO" in upload_error(b"hello", "notes.txt").msgid


def test_upload_with_broken_po_syntax_names_the_line():
    err = upload_error(b'msgid "a"\nmsgstr "b\nnonsense here\n')
    assert "broken" in err.msgid and err.params["line"] == "2"


def test_a_po_file_cut_inside_a_string_is_refused_as_cut_short():
    whole = shipped_po()
    cut = whole[:whole.index(b'msgstr "', 2000) + 20]          # inside a translation
    err = upload_error(cut)
    assert "cut short" in err.msgid and err.params["line"] == str(cut.count(b"\n") + 1)


def test_a_po_file_cut_between_its_msgid_and_msgstr_is_refused_as_cut_short():
    whole = shipped_po()
    cut = whole[:whole.index(b'\nmsgstr "', 2000) + 1]          # the msgid whole, no msgstr
    assert "cut short" in upload_error(cut).msgid


def test_a_po_file_cut_inside_a_character_is_refused_as_cut_short_not_as_not_utf8():
    whole = shipped_po()
    accent = whole.index("é".encode(), 2000)
    assert "cut short" in upload_error(whole[:accent + 1]).msgid


def test_a_string_left_open_inside_a_po_file_names_its_line():
    err = upload_error(b'msgid "a"\nmsgstr "b\n\nmsgid "c"\nmsgstr "d"\n')
    assert "broken" in err.msgid and err.params["line"] == "2"


def test_a_po_file_cut_at_an_entrys_end_is_read_and_its_missing_clauses_counted():
    from jokoak.review.rows import review_upload
    whole = shipped_po()
    cut = whole[:whole.index(b"\n\n", 2500) + 2]
    review = review_upload(cut, "peruludo.fr.po", GAME, LANG)
    assert review.error is None
    assert 0 < review.missing < len(review.rows)
    assert review_upload(whole, "peruludo.fr.po", GAME, LANG).missing == 0


def test_upload_that_is_not_utf8_is_refused():
    assert "UTF-8" in upload_error(b'msgid "\xff"\nmsgstr ""\n').msgid


def test_upload_for_another_language_is_refused():
    err = upload_error(shipped_po().replace(b"Language: fr", b"Language: de"))
    assert "language" in err.msgid and err.params["found"] == "de"


def test_upload_without_a_language_header_is_refused():
    assert "does not say its language" in upload_error(
        shipped_po().replace(b'"Language: fr\\n"\n', b"")).msgid


def test_upload_with_unknown_segment_ids_is_refused_and_hostile_ids_are_not_echoed():
    err = upload_error(shipped_po().replace(b'msgctxt "title"', b'msgctxt "<script>x"'))
    assert "segment id" in err.msgid and "<script>" not in str(err.params)


def test_upload_whose_basque_does_not_match_the_source_is_refused():
    err = upload_error(shipped_po().replace(b'msgid "peruludo"', b'msgid "perudo"', 1))
    assert "does not match" in err.msgid and err.params["ids"] == "title"


def test_xliff_with_a_doctype_is_refused():
    err = upload_error(b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><xliff/>',
                       "x.xlf")
    assert "DOCTYPE" in err.msgid


def test_xliff_2_is_refused():
    err = upload_error(b'<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0">'
                       b'<file id="f"></file></xliff>', "x.xliff")
    assert "XLIFF 2" in err.msgid


def test_a_changed_translation_is_compared_with_the_shipped_one():
    data = replace_translation(shipped_po(), "setup.bag", "Un sac est posé au centre.")
    rows = review_rows(GAME, (LANG,), parse_upload(data, "x.po", GAME, LANG))
    changed = [r.segment.id for r in filter_rows(rows, changed_only=True)]
    assert changed == ["setup.bag"]
    cell = next(r for r in rows if r.segment.id == "setup.bag").cells[0]
    assert cell.change == CHANGED and cell.shipped.target == "Un sac est placé au milieu de la table."


def test_uploaded_hostile_text_is_escaped_in_the_review():
    data = replace_translation(shipped_po(), "setup.bag", HOSTILE)
    rows = review_rows(GAME, (LANG,), parse_upload(data, "x.po", GAME, LANG))
    out = aligned_review_html(GAME, filter_rows(rows, changed_only=True), (LANG,),
                              lambda s: s, "en")
    assert "<script>" not in out and "<img" not in out and 'href="javascript' not in out
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in out


def test_change_kinds():
    shipped = Entry("a", "x", "old", TRANSLATED)
    assert change_of(Entry("a", "x", "old", TRANSLATED), shipped) == SAME
    assert change_of(Entry("a", "x", "new", TRANSLATED), shipped) == CHANGED
    assert change_of(Entry("a", "x", "new", TRANSLATED), Entry("a", "x", "", "untranslated")) == ADDED


# stale translations ---------------------------------------------------------------------------

def test_word_diff_marks_the_changed_words_only():
    assert word_diff("Lau fitxa bankuan", "Bost fitxa bankuan") == [
        ("delete", "Lau "), ("insert", "Bost "), ("equal", "fitxa bankuan")]


def test_a_fuzzy_entry_shows_the_previous_basque_beside_the_current_one():
    row = review_rows(GAME, (LANG,))[1]          # setup.heading: "Osagaiak eta hasiera"
    stale = Cell(LANG, Entry(row.segment.id, row.segment.text, "Matériel et fin", FUZZY,
                             "Osagaiak eta bukaera"), ())
    out = aligned_review_html(GAME, [Row(row.segment, (stale,), (), (), None)], (LANG,),
                              lambda s: s, "en")
    assert "<del>bukaera</del><ins>hasiera</ins>" in out


# filters and "see it in play" -----------------------------------------------------------------

def test_filters_search_in_source_and_translation():
    rows = review_rows(GAME, ("es", "fr", "en"))
    assert [r.segment.id for r in filter_rows(rows, search="poltsa")] == [
        "setup.bag", "palero.bag"]
    assert [r.segment.id for r in filter_rows(rows, search="cubilete", status=TRANSLATED)][0] \
        == "setup.dice"
    assert filter_rows(rows, only_problems=True, status=FUZZY) == []


def test_play_links_open_the_step_through_at_a_step_citing_the_clause():
    steps = clause_steps("zaldi_zuria")
    if not steps:
        pytest.skip("zaldi zuria has no replayable scenarios in this checkout")
    scenario, step = steps["phase2.throw1.owner"]
    assert play_link("zaldi_zuria", scenario, step, "es") == (
        f"/zaldi_zuria?view=step&scenario={scenario}&step={step}&lang=es")


# exports ---------------------------------------------------------------------------------------

def test_xliff_export_is_xliff_1_2_read_back_by_translate_toolkit():
    from translate.storage.xliff import xlifffile
    data = catalog_xliff(GAME, LANG)
    assert b'version="1.2"' in data and b"document:1.2" in data and b"document:1.1" not in data
    store = xlifffile.parsestring(data)
    assert store.gettargetlanguage() == LANG
    assert ("setup.bag", "Un sac est placé au milieu de la table.") in [
        (u.xmlelement.get("id"), u.target) for u in store.units]


def test_xliff_export_uploads_back_cleanly():
    upload = parse_upload(catalog_xliff(GAME, LANG), "x.xlf", GAME, LANG)
    assert upload.entries["setup.bag"].target == "Un sac est placé au milieu de la table."


def test_xliff_from_po2xliff_without_clause_ids_is_matched_by_its_basque_text():
    from translate.convert import po2xliff
    from translate.storage import po
    converted = po2xliff.po2xliff().convertstore(po.pofile.parsestring(catalog_po(GAME, LANG)))
    data = converted.encode() if isinstance(converted, str) else bytes(converted)
    upload = parse_upload(data, "x.xliff", GAME, LANG)
    assert upload.entries["setup.bag"].target == "Un sac est placé au milieu de la table."
    assert len(upload.entries) == len(review_rows(GAME, (LANG,)))


def test_tmx_export_is_read_back_by_translate_toolkit():
    from translate.storage.tmx import tmxfile
    store = tmxfile.parsestring(catalog_tmx(GAME, LANG))
    assert ("Poltsa bat jarriko da mahai erdian.", "Un sac est placé au milieu de la table.") in [
        (u.source, u.target) for u in store.units]


def test_po_export_is_read_back_by_babel():
    catalog = read_po(io.BytesIO(catalog_po(GAME, LANG)))
    assert catalog.get("Poltsa bat jarriko da mahai erdian.", context="setup.bag").string


def test_printable_report_is_a_whole_page_with_the_checks_explained():
    out = report_html(GAME, review_rows(GAME, (LANG,)), (LANG,), lambda s: s, "en", "Review")
    assert out.startswith("<!DOCTYPE html>") and "Glossary consistency" in out


# the page ---------------------------------------------------------------------------------------

def run_page(lang: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app_pages" / "translators.py"), default_timeout=60)
    at.session_state[LANG_KEY] = lang
    return at.run()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_page_renders_the_workbench_in_the_visitors_language(lang):
    at = run_page(lang)
    assert not at.exception, [e.value for e in at.exception]
    _ = translator(lang).gettext
    assert at.title[0].value == _("Translators")
    labels = [t.label for t in at.tabs]
    assert labels == [_("Review"), _("Upload for review"), _("Export"), _("The checks"),
                      _("Glossary")]


def test_the_glossary_tab_shows_the_glossary_table_in_the_visitors_language():
    at = run_page("es")
    assert not at.exception
    markup = " ".join(m.value for m in at.markdown)
    assert 'class="jk-glossary" lang="es"' in markup and "Definición" in markup


def test_page_can_show_all_three_languages_and_filter_problems():
    at = run_page("en")
    at.session_state["jokoak_translators_lang"] = "all"
    at.session_state["jokoak_review_problems"] = True
    at.run()
    assert not at.exception
    assert any("Clauses shown:" in c.value for c in at.caption)


def test_with_all_three_translations_the_exports_are_those_of_the_language_chosen():
    def catalogs(at):
        return {b.proto.id.rsplit("-", 1)[-1] for b in at.get("download_button")
                if b.proto.id.rsplit("-", 1)[-1].startswith("jokoak_po_")}
    at = run_page("eu")                      # a Basque visitor sees all three at first
    assert catalogs(at) == {"jokoak_po_es"}
    at.session_state["jokoak_export_lang"] = "fr"
    at.run()
    assert catalogs(at) == {"jokoak_po_fr"}


def _upload_bad_file():
    import streamlit as st
    from ui.common import LANG_KEY as KEY
    from ui.translators_views import check_upload
    st.session_state[KEY] = st.session_state.get("wanted", "en")
    check_upload(b"not a catalog", "x.txt", "peruludo", "fr")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_bad_upload_shows_a_clear_translated_message(lang):
    at = AppTest.from_function(_upload_bad_file, default_timeout=60)
    at.session_state["wanted"] = lang
    at.run()
    assert not at.exception
    msgid = "Only PO (.po) and XLIFF 1.2 (.xlf, .xliff) files can be reviewed."
    assert at.warning[0].value == translator(lang).gettext(msgid)


# a real browser: hostile text in an uploaded file stays text ----------------------------------

@pytest.mark.browser
def test_hostile_strings_in_an_upload_are_shown_as_text_in_a_real_browser(server,
                                                                          chromium_browser):
    from browser_support import settle, wait_for_app
    data = replace_translation(catalog_po("zaldi_zuria", "en"), "setup.heading", HOSTILE)
    context = chromium_browser.new_context(locale="en-GB",
                                           viewport={"width": 1366, "height": 900})
    try:
        page = context.new_page()
        dialogs = []
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        page.goto(f"{server.url}/translators?lang=en")
        wait_for_app(page)
        page.get_by_role("tab", name="Upload for review").click()
        page.locator('input[type="file"]').set_input_files(
            files=[{"name": "zaldi_zuria.en.po", "mimeType": "text/x-gettext-translation",
                    "buffer": data}])
        row = page.locator('tr[data-segment="setup.heading"]').last
        row.wait_for(timeout=30000)
        assert "<script>alert(1)</script>" in row.inner_text()
        assert page.locator('img[onerror], a[href^="javascript"]').count() == 0
        assert page.evaluate("[...document.scripts].some(s => s.text.includes('alert(1)'))") \
            is False
        settle(page, quiet_ms=200)     # any script the row carried has had its chance
        assert dialogs == []
    finally:
        context.close()


# exports are built when downloaded, not on every rerun ----------------------------------------

def test_no_export_is_built_when_the_page_is_shown(monkeypatch):
    import ui.translators_views as views
    built = []
    for name in ("catalog_po", "catalog_xliff", "catalog_tmx", "export_tbx", "export_csv",
                 "report_csv", "report_html"):
        monkeypatch.setattr(views, name, lambda *a, _n=name, **k: built.append(_n) or "")
    at = AppTest.from_string("from ui.translators_views import workbench\nworkbench()\n",
                             default_timeout=120)
    at.session_state["jokoak_lang"] = "eu"
    at.run()
    assert not at.exception
    assert built == []


def test_the_printable_review_is_built_in_the_visitors_language_outside_a_script_run():
    from ui.translators_views import _report_html
    page = _report_html("zaldi_zuria", ("es",), "eu", "Itzulpenaren berrikuspena")
    assert page.startswith("<!DOCTYPE html>") and 'lang="eu"' in page


def test_no_download_reruns_the_page():
    """A download keeps the page as it is (``on_click="ignore"``): a rerun replaced the
    buttons' deferred files, and an export pressed while it ran was lost without a word."""
    import ast
    from pathlib import Path

    calls = [(path.name, node.lineno, {k.arg: getattr(k.value, "value", None) for k in node.keywords})
             for path in sorted((Path(__file__).parent.parent / "ui").glob("*.py"))
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "download_button"]
    assert len(calls) >= 10
    assert [(name, line) for name, line, kw in calls if kw.get("on_click") != "ignore"] == []


# a rerun only draws -------------------------------------------------------------------------

def test_a_rerun_of_the_page_draws_the_review_rows_from_memory(monkeypatch):
    from collections import OrderedDict
    import ui.translators_views as views
    drawn = []
    real = views.review_row_html
    monkeypatch.setattr(views, "_ROW_MARKUP", OrderedDict())
    monkeypatch.setattr(views, "review_row_html", lambda *a, **k: drawn.append(1) or real(*a, **k))
    at = run_page("fr")
    first = len(drawn)
    at.session_state["jokoak_review_search"] = "a"
    at.run()
    assert not at.exception
    assert first > 0 and len(drawn) == first


@pytest.mark.parametrize("lang", ["es", "eu"])
def test_review_rows_kept_in_memory_are_in_each_visitors_own_language(lang):
    run_page("fr")      # another visitor drew the same rows first
    at = run_page(lang)
    assert not at.exception
    table = next(m.value for m in at.markdown if 'class="jk-review"' in m.value)
    see_it = translator(lang).gettext("See it in play")
    assert see_it != "See it in play" and f'lang="{lang}">{see_it}</a>' in table


# the file says its game and language (issue 25) -------------------------------------------------

def test_a_peruludo_file_uploaded_while_zaldi_zuria_is_selected_is_checked_as_peruludo():
    from jokoak.review.rows import review_upload
    review = review_upload(catalog_po("peruludo", "fr"), "catalogue.po", "zaldi_zuria", "fr")
    assert review.error is None and (review.game, review.lang) == ("peruludo", "fr")
    assert {r.segment.game for r in review.rows} == {"peruludo"}
    assert all(c.change == SAME for r in review.rows for c in r.cells)


def test_a_numbered_xliff_file_is_recognised_by_its_basque_text():
    from translate.convert import po2xliff
    from translate.storage import po
    from jokoak.review.rows import review_upload
    converted = po2xliff.po2xliff().convertstore(
        po.pofile.parsestring(catalog_po("zohn_ahl", "en")))
    data = converted.encode() if isinstance(converted, str) else bytes(converted)
    review = review_upload(data, "x.xliff", "peruludo", "es")
    assert review.error is None and (review.game, review.lang) == ("zohn_ahl", "en")


def test_an_uploaded_files_language_is_read_from_the_file():
    from jokoak.review.rows import review_upload
    review = review_upload(catalog_po(GAME, "es"), "x.po", GAME, "fr")
    assert review.error is None and review.lang == "es"


def test_a_file_in_a_language_the_booklet_is_not_translated_into_is_refused():
    from jokoak.review.rows import review_upload
    review = review_upload(shipped_po().replace(b"Language: fr", b"Language: de"), "x.po",
                           GAME, LANG)
    assert review.error is not None and review.error.params == {
        "found": "de", "languages": "Español, Français, English"}


def test_messages_name_a_game_by_its_name_not_its_key():
    err = upload_error(shipped_po().replace(b'msgctxt "title"', b'msgctxt "x.unknown"'))
    assert err.params["game"] == "peruludo"
    with pytest.raises(UploadError) as info:
        parse_upload(catalog_po("peruludo", "fr"), "x.po", "zaldi_zuria", "fr")
    assert info.value.params["game"] == "zaldi zuria"


def _upload_tab_on_zaldi_zuria():
    import streamlit as st
    from ui.common import LANG_KEY as KEY
    from ui.translators_views import upload_tab
    st.session_state[KEY] = "es"
    upload_tab("zaldi_zuria", ("fr", "es", "en"))


def upload_page(monkeypatch, data: bytes) -> AppTest:
    import streamlit
    # AppTest cannot drive the uploader: it answers as if a file had been chosen.
    monkeypatch.setattr(streamlit, "file_uploader", lambda *args, **kwargs: ChosenFile("catalogue.po"))
    at = AppTest.from_function(_upload_tab_on_zaldi_zuria, default_timeout=60)
    at.session_state["data"] = data
    return at.run()


def test_the_upload_tab_reviews_the_game_and_language_the_file_says(monkeypatch):
    at = upload_page(monkeypatch, catalog_po("peruludo", "en"))
    assert not at.exception and not at.warning
    _ = translator("es").gettext
    assert at.info[0].value == _("Checked as a %(game)s file in %(language)s, as the file "
                                 "says.") % {"game": "peruludo", "language": "inglés"}
    table = next(m.value for m in at.markdown if 'class="jk-review"' in m.value)
    assert 'data-segment="palero.bag"' in table and 'data-segment="phase1.auction"' not in table


def test_the_errors_are_counted_where_the_translated_count_stands(monkeypatch):
    from jokoak.review.rows import statistics_of
    basque = "Poltsa bat jarriko da mahai erdian."           # setup.bag left in Basque
    data = replace_translation(catalog_po("peruludo", "fr"), "setup.bag", basque)
    at = upload_page(monkeypatch, data)
    assert not at.exception
    errors = statistics_of(review_rows("peruludo", ("fr",), parse_upload(
        data, "x.po", "peruludo", "fr")))["fr"]["errors"]
    assert errors >= 1
    boxes = next(m.value for m in at.markdown if 'class="jk-stats"' in m.value)
    box = re.search(r'<div class="jk-stat jk-stat-bad" data-lang="fr">.*?</div>', boxes).group(0)
    words = translator("es").ngettext("%(count)s error", "%(count)s errors", errors)
    assert re.search(r'class="jk-stat-count">\d+/\d+</span>', box)
    assert f'data-errors="{errors}">{words % {"count": errors}}</span>' in box


def test_a_translation_without_errors_says_so_beside_its_count():
    from jokoak.render.review import statistics_html
    from jokoak.review.rows import statistics_of
    out = statistics_html(statistics_of(review_rows(GAME, (LANG,))), (LANG,),
                          translator("fr").gettext, "fr", lambda c: "Français")
    assert 'class="jk-stat jk-stat-bad"' not in out and 'data-errors="0">aucune erreur</span>' in out


def test_a_clear_translations_box_is_one_line_without_its_nought_counts():
    from jokoak.render.review import statistics_html
    stats = {"fr": {TRANSLATED: 47, "errors": 0, "warnings": 0}}
    out = statistics_html(stats, ("fr",), translator("en").gettext, "en", lambda c: "Français")
    assert '<span class="jk-stat-more">' not in out and "warnings:" not in out


def test_a_box_says_its_fuzzy_untranslated_and_warning_counts_when_one_is_not_nought():
    from jokoak.render.review import statistics_html
    stats = {"fr": {TRANSLATED: 45, FUZZY: 2, "errors": 0, "warnings": 0}}
    out = statistics_html(stats, ("fr",), translator("en").gettext, "en", lambda c: "Français")
    assert '<span class="jk-stat-more">fuzzy: 2 · untranslated: 0 · warnings: 0</span>' in out


def test_an_upload_lacking_some_clauses_says_how_many_over_its_review(monkeypatch):
    whole = catalog_po("peruludo", "en")
    cut = whole[:whole.index(b"\n\n", 2500) + 2]            # cut short at an entry's end
    at = upload_page(monkeypatch, cut)
    assert not at.exception
    review = review_upload(cut, "catalogue.po", "zaldi_zuria", "es")
    said = at.warning[0].value
    assert said == translator("es").ngettext(*CLAUSES_NOT_IN_FILE, review.missing) % {
        "missing": review.missing, "total": len(review.rows), "game": "peruludo"}
    assert said != CLAUSES_NOT_IN_FILE[1] % {"missing": review.missing,
                                              "total": len(review.rows), "game": "peruludo"}


def test_an_exported_po_files_header_has_no_babel_placeholder():
    header = shipped_po().split(b'\n\n')[0].decode()
    assert [p for p in ("VERSION", "EMAIL@ADDRESS", "FIRST AUTHOR", "ORGANIZATION",
                        "FULL NAME") if p in header] == []
    assert '"Language: fr\\n"' in header and "Project-Id-Version: Jokoak peruludo" in header
