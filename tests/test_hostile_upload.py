"""Hostile uploads on the translators' page: bounded, checked once, never a frozen server.

Issue 16: one 76 KB PO with a 12,000-word msgstr froze the server for every visitor (the
sentence-count check grows with the square of an entry's length and ran on every rerun).
"""

from __future__ import annotations

import csv
import io
import tomllib

import pytest
from streamlit.testing.v1 import AppTest

from jokoak import ROOT
from jokoak.i18n import translator
from jokoak.review import rows as review_rows_module
from jokoak.review.exports import catalog_po, report_csv
from jokoak.review.rows import review_rows, review_upload
from jokoak.review.uploads import MAX_ENTRY_CHARS, MAX_UPLOAD_BYTES, UploadError, parse_upload
from view_support import ChosenFile, replace_translation

GAME, LANG = "peruludo", "fr"


def with_translation(context: str, text: str) -> bytes:
    return replace_translation(catalog_po(GAME, LANG), context, text)


def worst_case_po() -> bytes:
    """One msgstr of 12,000 words, as in the probe that froze the server."""
    return with_translation("setup.bag", " ".join(["hitz"] * 12_000) + ".")


@pytest.fixture
def counted_checks(monkeypatch):
    """How many entries the workbench hands to the checks."""
    calls: list[str] = []
    real = review_rows_module.check_entries

    def counting(entries, lang, game):
        entries = list(entries)
        calls.extend(e.segment_id for e in entries)
        return real(entries, lang, game)
    monkeypatch.setattr(review_rows_module, "check_entries", counting)
    monkeypatch.setattr(review_rows_module, "_REVIEWS", type(review_rows_module._REVIEWS)())
    return calls


def test_an_entry_longer_than_the_cap_is_refused_before_any_check_runs(counted_checks):
    with pytest.raises(UploadError) as info:
        parse_upload(worst_case_po(), "x.po", GAME, LANG)
    assert info.value.params["limit"] == str(MAX_ENTRY_CHARS)
    assert info.value.params["ids"] == "setup.bag"
    assert review_upload(worst_case_po(), "x.po", GAME, LANG).error is not None
    assert counted_checks == []


def test_an_entry_at_the_cap_is_still_checked():
    text = ("Un mot. " * MAX_ENTRY_CHARS)[:MAX_ENTRY_CHARS]
    upload = parse_upload(with_translation("setup.bag", text), "x.po", GAME, LANG)
    assert upload.entries["setup.bag"].target == text


def test_the_same_upload_is_checked_once_however_often_it_is_reviewed(counted_checks):
    data = with_translation("setup.bag", "Un sac est posé au centre.")
    first = review_upload(data, "x.po", GAME, LANG)
    checked = len(counted_checks)
    assert checked > 0 and first.error is None
    assert review_upload(data, "x.po", GAME, LANG) is first
    assert len(counted_checks) == checked


def test_a_different_upload_is_checked_afresh(counted_checks):
    review_upload(with_translation("setup.bag", "Un sac."), "x.po", GAME, LANG)
    checked = len(counted_checks)
    review_upload(with_translation("setup.bag", "Un autre sac."), "x.po", GAME, LANG)
    assert len(counted_checks) == 2 * checked


def _upload_tab_with_a_file():
    import streamlit as st
    from ui.common import LANG_KEY
    from ui.translators_views import upload_tab
    st.session_state[LANG_KEY] = "en"
    st.session_state["runs"] = st.session_state.get("runs", 0) + 1
    upload_tab("peruludo", ("fr",))


def test_a_rerun_of_the_page_does_not_check_the_upload_again(counted_checks, monkeypatch):
    import streamlit
    # AppTest cannot drive the uploader: it answers as if a file had been chosen.
    monkeypatch.setattr(streamlit, "file_uploader", lambda *args, **kwargs: ChosenFile())
    at = AppTest.from_function(_upload_tab_with_a_file, default_timeout=60)
    at.session_state["data"] = with_translation("setup.bag", "Un sac posé.")
    at.run()
    checked = len(counted_checks)
    at.text_input(key="jokoak_upload_search").input("sac").run()
    at.toggle(key="jokoak_upload_problems").set_value(True).run()
    assert not at.exception and at.session_state["runs"] == 3
    assert checked > 0 and len(counted_checks) == checked


def test_the_checks_stop_once_their_time_budget_is_spent():
    upload = parse_upload(catalog_po(GAME, LANG), "x.po", GAME, LANG)
    with pytest.raises(UploadError) as info:
        review_rows(GAME, (LANG,), upload, budget=0.0)
    assert "too long" in info.value.msgid and info.value.params == {"seconds": "0"}


def test_a_po_file_with_a_utf8_byte_order_mark_is_read():
    upload = parse_upload(b"\xef\xbb\xbf" + catalog_po(GAME, LANG), "x.po", GAME, LANG)
    assert upload.entries["setup.bag"].target


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_a_formula_in_an_uploaded_translation_is_text_in_the_review_csv(start):
    formula = start + 'HYPERLINK("http://example.invalid","x")'
    data = with_translation("setup.bag", formula)
    rows = review_rows(GAME, (LANG,), parse_upload(data, "x.po", GAME, LANG))
    cells = [c for line in csv.reader(io.StringIO(report_csv(GAME, rows))) for c in line]
    assert "'" + formula in cells
    assert not any(c.startswith(("=", "+", "-", "@", "\t", "\r")) for c in cells)


def streamlit_config() -> dict:
    return tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))


def test_the_server_refuses_uploads_over_one_megabyte():
    """Streamlit counts in MB: 1 MB is the smallest limit above the page's own 512 kB."""
    limit_mb = streamlit_config()["server"]["maxUploadSize"]
    assert limit_mb == 1 and MAX_UPLOAD_BYTES <= limit_mb * 1024 * 1024


def test_error_boxes_carry_no_details_and_no_links_to_search_engines():
    client = streamlit_config()["client"]
    assert client["showErrorDetails"] == "none" and client["showErrorLinks"] is False


def test_the_server_listens_on_loopback_only():
    assert streamlit_config()["server"]["address"] == "127.0.0.1"


def _upload_tab():
    import streamlit as st
    from ui.common import LANG_KEY
    from ui.translators_views import upload_tab
    st.session_state[LANG_KEY] = st.session_state["wanted"]
    upload_tab("peruludo", ("fr",))


@pytest.mark.parametrize("lang", ["eu", "es", "fr", "en"])
def test_the_uploader_states_the_pages_limit_in_the_visitors_language(lang):
    at = AppTest.from_function(_upload_tab, default_timeout=60)
    at.session_state["wanted"] = lang
    at.run()
    assert not at.exception
    expected = translator(lang).gettext("PO or XLIFF 1.2, at most %(size)s kB per file.")
    assert lang == "en" or expected != "PO or XLIFF 1.2, at most %(size)s kB per file."
    assert [c.value for c in at.caption if "512" in c.value] == [expected % {"size": "512"}]
