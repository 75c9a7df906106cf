"""The translators' workbench on the Translators page (Streamlit wiring only).

The logic is in :mod:`jokoak.review.rows`, :mod:`jokoak.review.uploads` and
:mod:`jokoak.review.exports`, :mod:`jokoak.review.source_checks` (checks) and
:mod:`jokoak.render.review` (escaped HTML). An uploaded file is parsed, checked and shown
escaped, never written to disk; its review and the review's markup are kept in the server's
memory by the file's content digest (a few, the oldest dropped), so a rerun neither checks
nor draws it again.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from functools import lru_cache, partial
from typing import Sequence, TypedDict

import streamlit as st

from jokoak import registry
from jokoak.content.glossary import export_csv, export_tbx
from jokoak.i18n import TARGET_LANGUAGES, language_name, language_name_in, po_path, translator
from jokoak.render.glossary_table import glossary_table_html
from jokoak.render.review import (REVIEW_LABELS, checks_legend_html, report_html,
                                  review_row_html, review_table_of, statistics_html)
from jokoak.i18n.source_translations import FUZZY, TRANSLATED, UNTRANSLATED
from jokoak.review.exports import catalog_po, catalog_tmx, catalog_xliff, report_csv
from jokoak.review.rows import Row, UploadReview, filter_rows, play_link, review_rows, review_upload, statistics_of
from jokoak.review.uploads import MAX_UPLOAD_BYTES, game_name

from jokoak.i18n.msgids import Nn_

from .common import _, error, fmt_num, html, lang, in_this_language, ngettext
from .assets import script, style
from .streamlit_adapter import DeltaGenerator

ALL = "all"
#: A filter's "any" choice (a status, a review state).
ANY = "any"
#: Said over an upload's review when the file lacks some of its game's clauses: a file cut
#: short at an entry's end reads as a whole, shorter file (a cut inside an entry is refused).
CLAUSES_NOT_IN_FILE = Nn_(
    "%(missing)s of the %(total)s clauses of %(game)s is not in the file: it is shown as not "
    "translated. Was the file cut short?",
    "%(missing)s of the %(total)s clauses of %(game)s are not in the file: they are shown as not "
    "translated. Was the file cut short?")
STATUS_LABELS = {TRANSLATED: "translated", FUZZY: "fuzzy", UNTRANSLATED: "untranslated"}
_MARKDOWN = re.compile(r"([\\`*_{}\[\]()#+\-.!<>|~:$])")
#: Streamlit's own line under the uploader ("1MB per file • PO, XLF, XLIFF") is English and
#: states the server's limit, not the page's: hidden, and said below in the visitor's language.
#: Its refusal of a file is shown only in a tooltip (and to screen readers): shown here on
#: the page, beside the file's name.
UPLOADER_CSS = style("uploader.css")

#: Streamlit's uploader speaks English only: its button ("Upload"), the names a screen reader
#: hears ("file upload", "Remove x.po", "Add files") and its refusal of a file ("Error:
#: text/plain files are not allowed."). This script puts the visitor's words in their place,
#: again whenever Streamlit draws the uploader anew. It changes the text of the nodes
#: Streamlit drew (never adds or removes one, which React would trip over) and attributes.
#: Installed once per tab; each run hands it the texts in the visitor's language. No
#: less-than sign in it: Streamlit drops a script that has one.
UPLOADER_JS = "uploader_words.js"


def uploader_script() -> str:
    """:data:`UPLOADER_JS` with the texts in the visitor's language (as JSON, no ``<``)."""
    texts = {"choose": _("Choose a file"), "input": _("Catalog file (.po, .xlf, .xliff)"),
             "remove": _("Remove %(name)s"), "another": _("Choose another file"),
             "type": _("Only PO (.po) and XLIFF 1.2 (.xlf, .xliff) files can be reviewed."),
             "limit": upload_limit_text()}
    return script(UPLOADER_JS, data=texts)


def _md_safe(text: str) -> str:
    """A parameter for a markdown message (st.warning): every markdown sign escaped."""
    return _MARKDOWN.sub(r"\\\1", text)


SHIPPED = "shipped"


# A rerun only draws: the markup below depends on the rows and the visitor's language alone
# (the shipped catalogs, segments and glossary are read once per process, as everywhere in
# jokoak), so it is built once per (game, languages, visitor's language, rows) and shared
# read-only by every session; drawing it on each rerun was most of this page's time. The
# gettext is the visitor's own translator, passed by value: no process-global language.
# Plain module caches, not st.cache_resource: its lookup (hashing the arguments) took a third
# to a half of a millisecond a call, as long as drawing the statistics.

@lru_cache(maxsize=16)
def _shipped_rows(game: str, langs: tuple[str, ...]) -> tuple[Row, ...]:
    return tuple(review_rows(game, langs))


_ROW_MARKUP: "OrderedDict[tuple[str, tuple[str, ...], str, str], dict[str, str]]" = OrderedDict()
_ROW_MARKUP_LOCK = threading.Lock()
ROW_MARKUP_CACHE_SIZE = 64


def _row_markup(game: str, langs: tuple[str, ...], ui: str, source: str,
                rows: Sequence[Row]) -> dict[str, str]:
    """Clause id -> its review row (:func:`review_row_html`) in ``ui``; ``source`` names
    the rows (``SHIPPED``, or an upload's content digest and name)."""
    key = (game, langs, ui, source)
    with _ROW_MARKUP_LOCK:
        hit = _ROW_MARKUP.get(key)
        if hit is not None:
            _ROW_MARKUP.move_to_end(key)
            return hit
    gettext = translator(ui).gettext
    markup = {row.segment.id: review_row_html(game, row, langs, gettext, ui,
                                              link=partial(play_link, game, ui_lang=ui))
              for row in rows}
    with _ROW_MARKUP_LOCK:
        _ROW_MARKUP[key] = markup
        while len(_ROW_MARKUP) > ROW_MARKUP_CACHE_SIZE:
            _ROW_MARKUP.popitem(last=False)
    return markup


@lru_cache(maxsize=64)
def _glossary_markup(game: str, langs: tuple[str, ...], ui: str) -> str:
    return glossary_table_html(game, langs, translator(ui).gettext, ui)


@lru_cache(maxsize=8)
def _checks_markup(ui: str) -> str:
    return checks_legend_html(translator(ui).gettext, ui)


def _choose() -> tuple[str, tuple[str, ...]]:
    cols = st.columns([2, 3])
    game = cols[0].selectbox(_("Game"), list(registry.plugins()),
                             format_func=in_this_language(lambda g: registry.plugin(g).name),
                             key="jokoak_translators_game")
    visitor = lang()
    key = "jokoak_translators_lang"
    if st.session_state.get(key) not in (ALL, *TARGET_LANGUAGES):
        st.session_state[key] = visitor if visitor in TARGET_LANGUAGES else ALL
    with cols[1]:
        st.segmented_control(_("Translation"), options=[ALL, *TARGET_LANGUAGES], key=key,
                             required=True, format_func=in_this_language(lambda c: _("All three") if c == ALL
                             else language_name(c)))
    choice = st.session_state[key]
    return game, (TARGET_LANGUAGES if choice == ALL else (choice,))


def _statistics(rows: Sequence[Row], langs: tuple[str, ...]) -> None:
    """Translated / all per language, with the errors counted beside it."""
    html(statistics_html(statistics_of(rows), langs, _, lang(), language_name))


class Filters(TypedDict):
    """What a translator asked to see, as :func:`jokoak.review.rows.filter_rows` takes it."""

    only_problems: bool
    status: str | None
    search: str
    changed_only: bool
    review: str | None


def _filters(prefix: str, with_changes: bool = False) -> tuple[Filters, DeltaGenerator]:
    """The filters, and the place at their end for the count of rows shown. One row on the
    review; an upload's two toggles get a row of their own above the rest (five columns cut
    their French labels at 1366 px). The review state's select is the widest ("cualquier
    estado de revisión"); the count may wrap to two lines, no taller than a select."""
    if with_changes:
        toggles = st.container(horizontal=True, gap="large")
        only_problems = toggles.toggle(_("Only problems"), key=f"{prefix}_problems")
        changed = toggles.toggle(_("Only what changed"), key=f"{prefix}_changed")
        cols = st.columns([2, 3, 2.6, 2], vertical_alignment="bottom")
        selects = cols
    else:
        cols = st.columns([2.4, 2, 3, 2.6, 2], vertical_alignment="bottom")
        only_problems = cols[0].toggle(_("Only problems"), key=f"{prefix}_problems")
        changed = False
        selects = cols[1:]
    # "any" is an option of its own, not None: a select whose state came back as None (an
    # upload replaced by another) showed Streamlit's English "Choose an option" instead
    status = selects[0].selectbox(_("Status"), [ANY, TRANSLATED, FUZZY, UNTRANSLATED],
                                  key=f"{prefix}_status",
                                  format_func=in_this_language(lambda s: _("any status")
                                                               if s == ANY
                                                               else _(STATUS_LABELS[s])))
    review = selects[1].selectbox(_("Review state"), [ANY, *REVIEW_LABELS],
                                  key=f"{prefix}_review",
                                  format_func=in_this_language(lambda s: _("any review state")
                                                               if s == ANY
                                                               else _(REVIEW_LABELS[s])))
    search = selects[2].text_input(_("Search in the Basque or the translation"),
                                   key=f"{prefix}_search", max_chars=200)
    return (Filters(only_problems=only_problems,
                    status=None if status in (ANY, None) else status, search=search or "",
                    changed_only=changed, review=None if review in (ANY, None) else review),
            cols[-1])


def _show_rows(game: str, rows: Sequence[Row], langs: tuple[str, ...], prefix: str,
               source: str, with_changes: bool = False) -> None:
    chosen, count_place = _filters(prefix, with_changes)
    shown = filter_rows(rows, **chosen)
    # A label and two numbers, no noun agreeing with either: which number a plural follows
    # differs by language ("1 clause affichée sur 49", "1 de 49 cláusulas").
    count_place.caption(_("Clauses shown: %(shown)s of %(total)s") % {"shown": len(shown),
                                                                      "total": len(rows)})
    ui = lang()
    markup = _row_markup(game, langs, ui, source, rows)
    html(review_table_of([markup[row.segment.id] for row in shown], langs, _, ui))


def review_tab(game: str, langs: tuple[str, ...]) -> None:
    rows = _shipped_rows(game, langs)
    _statistics(rows, langs)
    _show_rows(game, rows, langs, "jokoak_review", SHIPPED)


def upload_tab(game: str, langs: tuple[str, ...]) -> None:
    """An uploaded file is checked as the game and language it is (read from the file), not
    as the ones chosen above; a line says which."""
    st.write(_("Upload a PO or XLIFF 1.2 file for one game and language: it is checked and "
               "compared with the shipped translation. Nothing is stored on the server."))
    st.html(UPLOADER_CSS)
    st.html(uploader_script(), unsafe_allow_javascript=True)
    file = st.file_uploader(_("Catalog file (.po, .xlf, .xliff)"), key="jokoak_upload_file",
                            type=["po", "xlf", "xliff"], accept_multiple_files=False)
    st.caption(upload_limit_text())
    if file is None:
        return
    data = file.getvalue()
    review = check_upload(data, file.name, game, langs[0])
    if review is None:
        return
    game, target = review.game, review.lang
    st.info(_("Checked as a %(game)s file in %(language)s, as the file says.") % {
        "game": game_name(game), "language": language_name_in(target, lang())},
        icon=":material/search:")
    rows = list(review.rows)
    if review.missing:
        st.warning(ngettext(*CLAUSES_NOT_IN_FILE, review.missing) % {
            "missing": fmt_num(review.missing), "total": fmt_num(len(rows)),
            "game": game_name(game)},
            icon=":material/content_cut:")
    _statistics(rows, (target,))
    _show_rows(game, rows, (target,), "jokoak_upload",
               f"upload:{hashlib.sha256(data).hexdigest()}:{file.name}", with_changes=True)
    st.download_button(_("Review report (CSV)"), partial(report_csv, game, rows),
                       file_name=f"{game}.{target}.upload-review.csv", mime="text/csv",
                       key="jokoak_upload_report", on_click="ignore")


def upload_limit_text() -> str:
    """The page's own limit, in the visitor's language and number format."""
    return _("PO or XLIFF 1.2, at most %(size)s kB per file.") % {
        "size": fmt_num(MAX_UPLOAD_BYTES // 1024)}


def check_upload(data: bytes, filename: str, game: str, target: str) -> UploadReview | None:
    """The upload's review (computed once per file content), or a translated message and None."""
    review = review_upload(data, filename, game, target)
    if review.error is not None:
        exc = review.error
        error(exc.msgid, **{k: _md_safe(v) for k, v in exc.params.items()})
        return None
    return review


def export_tab(game: str, langs: tuple[str, ...]) -> None:
    """Every export is built only when its button is pressed (a callable for
    ``st.download_button``, run on its own thread): building all nine on every rerun was
    most of this page's time. The callables get the visitor's language as a value, as
    they run outside the script run. A download reruns nothing (``on_click="ignore"``): a
    rerun replaced the buttons' deferred files, and a second export pressed while it ran
    was lost without a word (seen on a busy machine through two replicas)."""
    st.write(_("Download the catalogs for your translation tool, the glossary and a review "
               "report."))
    for code in _export_languages(langs):
        st.markdown(f"**{language_name(code)}**")
        row = _button_row()
        if not po_path(code, game).is_file():  # a game just added: no catalog until extracted
            row.caption(_("No catalog yet: “python -m jokoak catalogs” creates it."))
        else:
            row.download_button("PO", partial(catalog_po, game, code),
                                file_name=f"{game}.{code}.po",
                                mime="text/x-gettext-translation", key=f"jokoak_po_{code}",
                                on_click="ignore")
            row.download_button("XLIFF 1.2", partial(catalog_xliff, game, code),
                                file_name=f"{game}.{code}.xlf",
                                mime="application/xliff+xml", key=f"jokoak_xliff_{code}",
                                on_click="ignore")
            row.download_button("TMX", partial(catalog_tmx, game, code),
                                file_name=f"{game}.{code}.tmx",
                                mime="application/x-tmx+xml", key=f"jokoak_tmx_{code}",
                                on_click="ignore")
        row.download_button(_("Glossary (TBX)"), partial(export_tbx, lang=code),
                            file_name=f"jokoak-glossary.{code}.tbx",
                            mime="application/x-tbx+xml", key=f"jokoak_tbx_{code}",
                            on_click="ignore")
    st.markdown(f"**{_('Glossary')}**")
    st.download_button(_("Glossary, every language (CSV)"), export_csv,
                       file_name="jokoak-glossary.csv", mime="text/csv",
                       key="jokoak_glossary_csv", on_click="ignore")
    st.markdown(f"**{_('Review report')}**")
    row = _button_row()
    row.download_button(_("Review report (CSV)"), partial(_report_csv, game, langs),
                        file_name=f"{game}.review.csv", mime="text/csv",
                        key="jokoak_report_csv", on_click="ignore")
    title = _("Translation review: %(game)s") % {"game": registry.plugin(game).name}
    row.download_button(_("Printable review (HTML)"),
                        partial(_report_html, game, langs, lang(), title),
                        file_name=f"{game}.review.html", mime="text/html",
                        key="jokoak_report_html", on_click="ignore")


def _export_languages(langs: tuple[str, ...]) -> tuple[str, ...]:
    """With all three translations on the page, the catalogs of one chosen language (the
    visitor's, at first): a row of four buttons per language was twelve more elements drawn
    on every rerun of the page, whichever tab is open."""
    if len(langs) < 2:
        return langs
    visitor = lang()
    choice = st.segmented_control(_("Language of the file"), langs, format_func=language_name,
                                  default=visitor if visitor in langs else langs[0],
                                  key="jokoak_export_lang", required=True)
    return (choice or langs[0],)


def _button_row() -> DeltaGenerator:
    """Buttons side by side, wrapping onto the next line on a narrow screen: one block,
    where four columns were five (each element is server time on every rerun)."""
    return st.container(horizontal=True, gap="small")


def _report_csv(game: str, langs: tuple[str, ...]) -> bytes | str:
    return report_csv(game, _shipped_rows(game, langs))


def _report_html(game: str, langs: tuple[str, ...], code: str, title: str) -> bytes | str:
    """The printable review in the visitor's language ``code`` (given: no script run here)."""
    return report_html(game, _shipped_rows(game, langs), langs, translator(code).gettext,
                       code, title)


#: A work page, set closer than the booklet's reading pages: half the gap between elements,
#: so the review's first rows are on a laptop's first screen (1366 × 768) under the choices,
#: the tabs, the counts and the filters.
WORKBENCH_CSS = style("workbench.css")


def workbench() -> None:
    st.html(WORKBENCH_CSS)
    game, langs = _choose()
    tabs = st.tabs([_("Review"), _("Upload for review"), _("Export"), _("The checks"),
                    _("Glossary")])
    with tabs[0]:
        review_tab(game, langs)
    with tabs[1]:
        upload_tab(game, langs)
    with tabs[2]:
        export_tab(game, langs)
    with tabs[3]:
        html(_checks_markup(lang()))
    with tabs[4]:
        html(_glossary_markup(game, langs, lang()))
