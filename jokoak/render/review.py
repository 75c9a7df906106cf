"""The translators' review table as HTML: id, Basque, every translation and its status."""

from __future__ import annotations

from html import escape
from typing import Callable

from ..i18n import TARGET_LANGUAGES
from ..segments import segments
from ..translations import FUZZY, TRANSLATED, UNTRANSLATED, translation_map

Gettext = Callable[[str], str]


def N_(message: str) -> str:
    return message


STATUS_LABELS = {TRANSLATED: N_("translated"), FUZZY: N_("fuzzy"),
                 UNTRANSLATED: N_("untranslated")}
STATUS_COLOURS = {TRANSLATED: "#1b6e2a", FUZZY: "#8a5a00", UNTRANSLATED: "#a11d1d"}

CSS = """<style>
.jk-review{border-collapse:collapse;width:100%;font-size:.95rem}
.jk-review th,.jk-review td{border:1px solid #ccc;padding:.3rem .45rem;vertical-align:top;text-align:left}
.jk-review th{background:#f1f1f1}
.jk-review .jk-status{font-size:.8rem;font-weight:700}
.jk-review code{font-size:.8rem}
</style>"""


def review_table_html(game: str, _: Gettext, ui_lang: str,
                      langs: tuple[str, ...] = TARGET_LANGUAGES) -> str:
    maps = {lg: translation_map(game, lg) for lg in langs}
    head = f"<th>{escape(_('Clause id'))}</th><th>{escape(_('Basque'))}</th>"
    head += "".join(f'<th lang="{lg}">{escape(lg)}</th>' for lg in langs)
    rows = []
    for seg in segments(game):
        if not seg.translatable:
            continue
        cells = [f'<td><code lang="zxx" translate="no">{escape(seg.id)}</code></td>',
                 f'<td lang="eu">{escape(seg.text)}</td>']
        for lg in langs:
            t = maps[lg][seg.id]
            status = (f'<div class="jk-status" lang="{ui_lang}" style="color:'
                      f'{STATUS_COLOURS[t.status]}">{escape(_(STATUS_LABELS[t.status]))}</div>')
            cells.append(f'<td><div lang="{lg}">{escape(t.text)}</div>{status}</td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return (CSS + f'<table class="jk-review" lang="{ui_lang}"><thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>")
