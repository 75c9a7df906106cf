"""The Translators page in a real browser (issue 25): the uploader in the visitor's language,
the review's first row on the first screen of a laptop."""

from __future__ import annotations

import pytest

from browser_support import wait_for_app
from jokoak.i18n import translator
from jokoak.review.exports import catalog_po

pytestmark = pytest.mark.browser

UPLOADER = '[data-testid="stFileUploader"]'


def upload_tab(page, lang: str):
    page.get_by_role("tab", name=translator(lang).gettext("Upload for review")).click()
    wait_for_app(page)
    return page.locator(UPLOADER)


def names_and_texts(uploader) -> str:
    """Everything a visitor sees or hears of the uploader: its text and accessible names."""
    return uploader.evaluate(
        "e => e.innerText + ' ' + [...e.querySelectorAll('[aria-label],[title]')]"
        ".map(x => (x.getAttribute('aria-label') || '') + ' ' + (x.getAttribute('title') || ''))"
        ".join(' ')")


ENGLISH_OF_STREAMLIT = ("Upload", "file upload", "Drag and drop", "Browse files", "per file",
                        "Remove", "Add files", "not allowed", "Error")


@pytest.mark.parametrize("lang", ["eu", "es"])
def test_the_uploaders_texts_are_in_the_visitors_language(page_at, lang):
    _ = translator(lang).gettext
    page = page_at("/translators", lang=lang)
    uploader = upload_tab(page, lang)
    uploader.get_by_role("button", name=_("Choose a file")).wait_for(timeout=10000)
    page.locator('input[type="file"]').set_input_files(
        files=[{"name": "notes.txt", "mimeType": "text/plain", "buffer": b"hello"}])
    refusal = _("Only PO (.po) and XLIFF 1.2 (.xlf, .xliff) files can be reviewed.")
    shown = uploader.locator('[role="alert"]')
    shown.wait_for(timeout=10000)
    page.wait_for_function("([sel, text]) => document.querySelector(sel).innerText"
                           ".includes(text)", arg=[UPLOADER, refusal], timeout=10000)
    assert shown.is_visible() and shown.bounding_box()["width"] > 100   # on the page
    assert uploader.get_by_role("button", name=_("Remove %(name)s") % {"name": "notes.txt"}) \
        .count() == 1
    said = names_and_texts(uploader)
    assert [w for w in ENGLISH_OF_STREAMLIT if w in said] == []
    uploader.locator('[data-testid="stFileChip"]').hover()          # the error's tooltip too
    tip = page.locator('[data-testid="stTooltipErrorContent"]')
    tip.wait_for(timeout=10000)
    page.wait_for_function("t => [...document.querySelectorAll("
                           "'[data-testid=stTooltipErrorContent]')].every(e => e.innerText === t)",
                           arg=refusal, timeout=10000)


def test_an_upload_is_checked_as_the_game_the_file_says_not_the_one_selected(page_at):
    page = page_at("/translators", lang="en")     # zaldi zuria is selected
    upload_tab(page, "en")
    page.locator('input[type="file"]').set_input_files(
        files=[{"name": "catalogue.po", "mimeType": "text/x-gettext-translation",
                "buffer": catalog_po("peruludo", "fr")}])
    page.locator('tr[data-segment="palero.bag"]').last.wait_for(timeout=30000)
    assert page.get_by_text("Checked as a peruludo file in French, as the file says.") \
        .count() == 1
    assert page.get_by_text("not in zaldi").count() == 0


@pytest.mark.parametrize("lang", ["eu", "es"])
def test_the_reviews_first_row_is_on_a_laptops_first_screen(page_at, lang):
    # A server's first review of a game checks every clause (a few seconds, once per
    # process; longer on a loaded machine): the page is waited for longer than most.
    page = page_at("/translators", lang=lang, viewport=(1366, 768), wait=False)
    wait_for_app(page, timeout=120000)
    row = page.locator('table.jk-review tr[data-segment]').first
    row.wait_for(timeout=30000)
    page.evaluate("document.fonts.ready")
    box = steady_box(page, row)
    # its clause id and first line without scrolling (a row is as tall as its clause's
    # glossary terms make it; the review must start on the first screen, not end on it)
    assert box["y"] + FIRST_LINE <= 768, f"row {box}; above it:\n" + "\n".join(
        f"  top {top}, {height} px: {words!r}" for top, height, words in blocks_above(page))


#: A review row's clause id and the first line of its Basque, in px.
FIRST_LINE = 40


def steady_box(page, locator, still_ms: int = 600) -> dict:
    """The element's box once it has not moved for ``still_ms`` (a late redraw above it
    would otherwise be measured half done)."""
    last = locator.bounding_box()
    for _ in range(40):
        page.wait_for_timeout(still_ms)
        now = locator.bounding_box()
        if now == last:
            return now
        last = now
    return last


def blocks_above(page) -> list:
    """Each element of the page's main block: top, height and its first words (what pushed
    the row down, said in a failure's message)."""
    return page.evaluate(
        "() => [...document.querySelectorAll('[data-testid=stMainBlockContainer] "
        "[data-testid=stElementContainer]')].map(e => { const r = e.getBoundingClientRect();"
        " return [Math.round(r.top), Math.round(r.height), (e.innerText || '').slice(0, 40)]; })"
        ".filter(b => b[1] > 0 && b[0] < 800)")
