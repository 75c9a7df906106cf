"""The translators' review as HTML: aligned rows, QA flags explained, stale-source diffs.

Pure: takes review rows (:mod:`jokoak.review.rows`) and a gettext function, returns markup in
which every text (Basque, translations, anything from an uploaded file) is escaped and carries
its ``lang``. Pages only display it; :func:`report_html` is a printable standalone page.
"""

from __future__ import annotations

from html import escape
from typing import Callable, Iterable, Sequence

from ..review.source_checks import CHECKS, ERROR, Flag
from ..i18n.source_translations import FUZZY, TRANSLATED, UNTRANSLATED
from ..review.rows import Cell, Row, word_diff
from . import plural_of
from .source import TERM_CSS, highlight_terms
from ..i18n.msgids import N_, Nn_

Gettext = Callable[[str], str]


STATUS_LABELS = {TRANSLATED: N_("translated"), FUZZY: N_("fuzzy"),
                 UNTRANSLATED: N_("untranslated")}
STATUS_COLOURS = {TRANSLATED: "#1b6e2a", FUZZY: "#8a5a00", UNTRANSLATED: "#a11d1d"}
#: The review ledger's states (:mod:`jokoak.review.ledger`), as a translator reads them.
REVIEW_LABELS = {"reviewed": N_("reviewed"), "flawed": N_("reviewed: flawed"),
                 "changed": N_("changed since its review"), "never": N_("never reviewed")}
REVIEW_COLOURS = {"reviewed": "#1b6e2a", "flawed": "#a11d1d", "changed": "#8a5a00",
                  "never": "#4a4d57"}
CHANGE_LABELS = {"same": N_("unchanged"), "changed": N_("changed"),
                 "added": N_("newly translated"), "emptied": N_("translation removed")}

CSS = """<style>
.jk-review{border-collapse:collapse;width:100%;font-size:.9rem;line-height:1.4}
.jk-review th,.jk-review td{border:1px solid #ccc;padding:.25rem .45rem;vertical-align:top;text-align:left}
.jk-review th{background:#f1f1f1}
.jk-review .jk-status{font-size:.8rem;font-weight:700}
.jk-review .jk-reviewed{font-size:.8rem}
.jk-review .jk-change{font-size:.8rem;font-style:italic;color:#2a4f8a}
.jk-review code{font-size:.8rem}
.jk-review th:first-child{width:8.5rem}
.jk-review ul.jk-flags{margin:.2rem 0 0 1rem;padding:0;font-size:.82rem}
.jk-review .jk-error{color:#a11d1d}
.jk-review .jk-warning{color:#7a5a00}
.jk-review .jk-terms{font-size:.82rem;margin-top:.3rem;color:#333}
.jk-review .jk-note{font-size:.82rem;margin-top:.3rem}
.jk-review .jk-diff{font-size:.85rem;margin-top:.3rem;padding:.2rem;background:#f7f7f7}
.jk-review del{background:#ffd7d5;color:#6b0000}
.jk-review ins{background:#d4f5d4;color:#0b4d0b;text-decoration:none}
.jk-legend dt{font-weight:700}.jk-legend dd{margin:0 0 .4rem 1rem}
.jk-review a.jk-play{display:inline-flex;align-items:center;min-height:44px;min-width:44px;padding:0 .2rem}
.jk-review-scroll{overflow-x:auto;max-width:100%}
@media (max-width:640px){.jk-review th:first-child{width:auto}
 .jk-review .jk-gloss{position:static;display:block;width:auto;max-width:none}}
@media print{.jk-review{font-size:9pt}.jk-review a{color:inherit}
 .jk-review-scroll{overflow:visible}}
</style>"""


ERRORS = Nn_("%(count)s error", "%(count)s errors")
NO_ERRORS = N_("no errors")
#: After "47/47": the count of all translatable clauses picks the form.
CLAUSES_TRANSLATED = Nn_("clause translated", "clauses translated")
STATS_DETAIL = N_("fuzzy: %(fuzzy)s · untranslated: %(untranslated)s · warnings: %(warnings)s")
STATS_CSS = """<style>
.jk-stats{display:grid;grid-template-columns:repeat(auto-fit,minmax(16rem,1fr));gap:.5rem 1rem;margin:.2rem 0 .4rem}
.jk-stat{display:flex;flex-wrap:wrap;align-items:baseline;gap:0 .5rem;padding:.2rem .7rem;max-width:30rem;
  border:1px solid #d0d3da;border-radius:.5rem;background:#fafbfc}
.jk-stat .jk-stat-lang{font-weight:700}
.jk-stat .jk-stat-count{font-size:1.3rem;font-weight:700}
.jk-stat .jk-stat-errors{font-weight:700;padding:0 .45rem;border-radius:.3rem;color:#1b6e2a;background:#e3f4e6}
.jk-stat.jk-stat-bad{border-color:#a11d1d}
.jk-stat.jk-stat-bad .jk-stat-errors{color:#fff;background:#a11d1d}
.jk-stat .jk-stat-more{font-size:.8rem;color:#4a4d57}
.jk-stats > .jk-stat:only-child{max-width:none;justify-self:start}
</style>"""


def statistics_html(stats: dict[str, dict[str, int]], langs: Sequence[str], _: Gettext,
                    ui_lang: str, names: Callable[[str], str]) -> str:
    """One box per language: translated / all, and beside it the errors (red when there
    are any: "47/47" must not read all clear while the checks found errors), then the
    fuzzy, untranslated and warning counts when any is not nought. ``names`` gives a
    language's own name."""
    ngettext = plural_of(_)
    boxes = []
    for code in langs:
        got = stats.get(code, {})
        total = got.get(TRANSLATED, 0) + got.get(FUZZY, 0) + got.get(UNTRANSLATED, 0)
        errors = got.get("errors", 0)
        said = (ngettext(*ERRORS, errors) % {"count": errors}) if errors else _(NO_ERRORS)
        # the fuzzy, untranslated and warning counts only when one is not nought: "49/49, no
        # errors" says all is clear in one line (the review's first row then fits a laptop's
        # first screen)
        counted = any(got.get(k, 0) for k in (FUZZY, UNTRANSLATED, "warnings"))
        detail = _(STATS_DETAIL) % {"fuzzy": got.get(FUZZY, 0),
                                    "untranslated": got.get(UNTRANSLATED, 0),
                                    "warnings": got.get("warnings", 0)}
        boxes.append(
            f'<div class="jk-stat{" jk-stat-bad" if errors else ""}" data-lang="{escape(code)}">'
            f'<span class="jk-stat-lang" lang="{escape(code)}">{escape(names(code))}</span>'
            f'<span class="jk-stat-count">{got.get(TRANSLATED, 0)}/{total}</span>'
            f'<span>{escape(ngettext(*CLAUSES_TRANSLATED, total))}</span>'
            f'<span class="jk-stat-errors" data-errors="{errors}">{escape(said)}</span>'
            + (f'<span class="jk-stat-more">{escape(detail)}</span>' if counted else "")
            + "</div>")
    return f'{STATS_CSS}<div class="jk-stats" lang="{escape(ui_lang)}">{"".join(boxes)}</div>'


def diff_html(pieces: Iterable[tuple[str, str]]) -> str:
    """A word diff as escaped text with ``<del>`` / ``<ins>``."""
    out = []
    for op, text in pieces:
        if op == "delete":
            out.append(f"<del>{escape(text)}</del>")
        elif op == "insert":
            out.append(f"<ins>{escape(text)}</ins>")
        else:
            out.append(escape(text))
    return "".join(out)


def flag_html(flag: Flag, _: Gettext) -> str:
    info = flag.info
    cls = "jk-error" if flag.severity == ERROR else "jk-warning"
    return (f'<li class="{cls}" title="{escape(_(info.explanation), quote=True)}">'
            f"<strong>{escape(_(info.title))}</strong>: {escape(flag.message(_))}</li>")


def _cell_html(cell: Cell, row: Row, _: Gettext, ui_lang: str) -> str:
    e = cell.entry
    parts = [f'<div lang="{cell.lang}">{escape(e.target)}</div>']
    # The translation's status and its review state share one line (a row stays short: the
    # review's first row is on a laptop's first screen).
    state = (f'<span class="jk-status" style="color:{STATUS_COLOURS.get(e.status, "#444")}">'
             f'{escape(_(STATUS_LABELS.get(e.status, e.status)))}</span>')
    if cell.review in REVIEW_LABELS:
        state += (f' · <span class="jk-reviewed" data-review="{cell.review}" '
                  f'style="color:{REVIEW_COLOURS[cell.review]}">'
                  f'{escape(_(REVIEW_LABELS[cell.review]))}</span>')
    parts.append(f'<div class="jk-cellstate" lang="{ui_lang}">{state}</div>')
    if cell.change and cell.change != "same":
        parts.append(f'<div class="jk-change" lang="{ui_lang}">'
                     f'{escape(_(CHANGE_LABELS[cell.change]))}</div>')
        if cell.shipped is not None and cell.shipped.target and e.target:
            parts.append(f'<div class="jk-diff" lang="{cell.lang}">'
                         f'{diff_html(word_diff(cell.shipped.target, e.target))}</div>')
    if e.status == FUZZY and e.previous_source:
        parts.append(f'<div class="jk-diff"><span lang="{ui_lang}">'
                     f'{escape(_("The Basque when this was translated, and what changed:"))}'
                     f'</span><br><span lang="eu">'
                     f'{diff_html(word_diff(e.previous_source, row.segment.text))}</span></div>')
    if cell.flags:
        parts.append(f'<ul class="jk-flags" lang="{ui_lang}">'
                     + "".join(flag_html(f, _) for f in cell.flags) + "</ul>")
    return "<td>" + "".join(parts) + "</td>"


def _terms_html(row: Row, langs: tuple[str, ...], _: Gettext, ui_lang: str) -> str:
    if not row.terms:
        return ""
    items = []
    for t in row.terms:
        renders = "; ".join(f'<span lang="{lg}">{escape(" / ".join(t.accepted(lg)))}</span>'
                            for lg in langs)
        policy = (f' <span lang="{ui_lang}">({escape(_("keep in Basque"))})</span>'
                  if t.policy == "keep" else "")
        items.append(f'<li><span lang="eu">{escape(t.eu)}</span> → {renders}{policy}</li>')
    return (f'<div class="jk-terms" lang="{ui_lang}">{escape(_("Glossary terms:"))}'
            f'<ul style="margin:0 0 0 1rem;padding:0">{"".join(items)}</ul></div>')


def _cross_html(row: Row, game: str, _: Gettext, ui_lang: str) -> str:
    """The clause's checks across its translations (numbers, glossary terms), under the Basque."""
    from ..review.source_checks import cross_target_flags
    targets = {c.lang: c.entry.target for c in row.cells
               if c.entry.status == TRANSLATED and c.entry.target}
    flags = cross_target_flags(row.segment.id, row.segment.text, targets, game)
    if not flags:
        return ""
    return (f'<div class="jk-cross" lang="{ui_lang}">{escape(_("Across the translations:"))}'
            f'<ul class="jk-flags">{"".join(flag_html(f, _) for f in flags)}</ul></div>')


def review_row_html(game: str, row: Row, langs: tuple[str, ...], _: Gettext, ui_lang: str, *,
                    link: Callable[[str, int], str] | None = None) -> str:
    """One clause's ``<tr>``: id (with its play link and notes), Basque with glossary terms
    and cross checks, each translation with its flags. Depends on nothing but its arguments,
    so a page may draw each row once per language and keep it (the glossary glosses and the
    checks are most of a rerun's time otherwise)."""
    seg = row.segment
    # a long id ("phase3.throw3.a.both") breaks after a dot on a phone, not inside a word
    first = [f'<code lang="zxx" translate="no">{escape(seg.id).replace(".", ".<wbr>")}</code>']
    if row.play and link is not None:
        scenario, step = row.play
        first.append(f'<div><a href="{escape(link(scenario, step), quote=True)}" '
                     f'class="jk-play" target="_self" lang="{ui_lang}">'
                     f'{escape(_("See it in play"))}</a></div>')
    for note in row.notes:
        first.append(f'<div class="jk-note" lang="{ui_lang}" '
                     f'title="{escape(_(note.body), quote=True)}">'
                     f'{escape(_("Interpretation note: %(title)s") % {"title": _(note.title)})}'
                     f"</div>")
    basque = (f'<td><div lang="eu">{highlight_terms(seg.text, ui_lang, game, seg.id, _)}</div>'
              f"{_terms_html(row, langs, _, ui_lang)}{_cross_html(row, game, _, ui_lang)}"
              f"</td>")
    cells = "".join(_cell_html(c, row, _, ui_lang) for c in row.cells)
    return (f'<tr data-segment="{escape(seg.id)}"><td>{"".join(first)}</td>'
            f"{basque}{cells}</tr>")


def review_table_of(row_markup: Sequence[str], langs: tuple[str, ...], _: Gettext,
                    ui_lang: str) -> str:
    """The aligned table around rows drawn by :func:`review_row_html` (or a line saying
    that no clause matches)."""
    if not row_markup:
        return (f'<p lang="{ui_lang}">{escape(_("No clause matches these filters."))}</p>')
    head = (f"<th>{escape(_('Clause id'))}</th><th>{escape(_('Basque'))}</th>"
            + "".join(f'<th lang="{lg}">{escape(lg)}</th>' for lg in langs))
    # the table scrolls sideways in its own box where it is wider than the screen (a phone,
    # all three translations), never the whole page
    return (CSS + "\n" + TERM_CSS + f'<div class="jk-review-scroll"><table class="jk-review" '
            f'lang="{ui_lang}"><thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(row_markup)}</tbody></table></div>")


def aligned_review_html(game: str, rows: Sequence[Row], langs: tuple[str, ...], _: Gettext,
                        ui_lang: str, *, link: Callable[[str, int], str] | None = None) -> str:
    """One row per clause: id, Basque with glossary terms, each translation with its flags.

    ``link(scenario, step)`` gives the "see it in play" address (None: no links, e.g. print).
    """
    return review_table_of([review_row_html(game, row, langs, _, ui_lang, link=link)
                            for row in rows], langs, _, ui_lang)


def checks_legend_html(_: Gettext, ui_lang: str) -> str:
    """Every check with its explanation in the visitor's language."""
    items = []
    for info in CHECKS.values():
        kind = _("error") if info.severity == ERROR else _("warning")
        origin = _("translate-toolkit pofilter") if info.origin == "pofilter" else _("Jokoak")
        items.append(f"<dt>{escape(_(info.title))} <small>({escape(kind)}, "
                     f"{escape(origin)})</small></dt><dd>{escape(_(info.explanation))}</dd>")
    return CSS + f'<dl class="jk-legend" lang="{ui_lang}">{"".join(items)}</dl>'


def report_html(game: str, rows: Sequence[Row], langs: tuple[str, ...], _: Gettext, ui_lang: str,
                title: str) -> str:
    """A printable standalone review report: the aligned table and the checks' legend."""
    return (f'<!DOCTYPE html><html lang="{ui_lang}"><head><meta charset="utf-8">'
            f"<title>{escape(title)}</title></head><body><h1>{escape(title)}</h1>"
            + aligned_review_html(game, rows, langs, _, ui_lang)
            + f"<h2>{escape(_('The checks'))}</h2>" + checks_legend_html(_, ui_lang)
            + "</body></html>")

