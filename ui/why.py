"""What a child reads after a tap: the rule in one sentence, the clause behind "Why?".

Lessons, play views and the kiosk say the rule in words. The clauses of the Basque text it
rests on, lit in the Basque and in the visitor's translation, open on a tap of "Why?": a
``<details>`` that opens in the browser, with no rerun, and is read aloud as a button.

Clause ids (``phase2.throw1``) show only where readers want them: the read view, the
translators' page and the step-through's clause panel always; these views only when the
operator turns on ``[booklet] clause_ids`` in ``jokoak.toml`` (staff checking which clause
each sentence rests on).
"""

from __future__ import annotations

from typing import Iterable

from jokoak.i18n import TARGET_LANGUAGES
from jokoak.i18n.msgids import N_
from jokoak.render.source import CSS as SOURCE_CSS, clause_excerpt_html

from . import kiosk_mode
from .common import _, esc, lang

WHY_LABEL = N_("Why?")

#: "Why?" as a tappable chip at least 44 px high (WCAG 2.5.5), the clauses under it. Its
#: summary has a class of its own: the page rule for unnamed summaries sets no side padding.
WHY_CSS = """<style>
details.jokoak-why{margin:.15rem 0 .2rem}
details.jokoak-why>summary{display:inline-flex;align-items:center;gap:.35rem;min-height:44px;
 min-width:44px;padding:0 .8rem;border:1px solid #9aa7bd;border-radius:1.4rem;
 cursor:pointer;list-style:none;font-weight:600;color:#174ea6;background:#fff}
details.jokoak-why>summary::-webkit-details-marker{display:none}
details.jokoak-why>summary::after{content:"\\25BE";font-size:.9em}
details.jokoak-why[open]>summary::after{content:"\\25B4"}
details.jokoak-why>summary:focus-visible{outline:3px solid #1a5fb4;outline-offset:2px}
details.jokoak-why>p{margin:.4rem 0}
details.jokoak-why .jk-source{margin-top:.4rem}
.jokoak-refused,.jokoak-rule-note,.jokoak-lesson-why,.jokoak-lesson-hint{container-type:inline-size}
@container (max-width:34rem){details.jokoak-why .jk-source{grid-template-columns:1fr !important}}
.jokoak-log details.jokoak-why{display:inline-block;margin:0 0 0 .3rem;vertical-align:middle}
.jokoak-log details.jokoak-why[open]{display:block;margin:.2rem 0 .4rem}
.jokoak-log details.jokoak-why>summary{min-height:44px;padding:0 .6rem;font-size:.9rem}
</style>"""


def clause_ids_shown() -> bool:
    """Whether the operator asked for clause ids in the children's views too."""
    return kiosk_mode.settings().booklet.clause_ids


def clauses_html(game: str, clauses: Iterable[str], *, css: bool = True) -> str:
    """The clauses lit in the Basque and (for a visitor of another language) beside their
    translation; ids only when the operator turned them on."""
    cited = tuple(dict.fromkeys(clauses))
    if not cited:
        return ""
    target = lang() if lang() in TARGET_LANGUAGES else None   # Basque: the clause alone
    return clause_excerpt_html(game, cited, target, _, ui_lang=lang(),
                               show_ids=clause_ids_shown(), css=css)


def why_html(game: str, clauses: Iterable[str], more: str = "", *, css: bool = True) -> str:
    """"Why?": closed, it is one chip; open, ``more`` (a longer explanation, plain text)
    and the clauses. Empty when there is nothing to show behind it."""
    body = clauses_html(game, clauses, css=False)
    if not body and not more:
        return ""
    text = f"<p>{esc(more)}</p>" if more else ""
    style = (WHY_CSS + SOURCE_CSS) if css else ""
    return (f'{style}<details class="jokoak-why" lang="{lang()}">'
            f'<summary class="jokoak-why-chip">{esc(_(WHY_LABEL))}</summary>{text}{body}'
            "</details>")


def ids_html(clauses: Iterable[str]) -> str:
    """A log line's clause ids, for staff only (``[booklet] clause_ids``)."""
    cited = tuple(dict.fromkeys(clauses))
    if not cited or not clause_ids_shown():
        return ""
    return (f' <small class="jk-clause-ids" lang="zxx" translate="no" style="color:#555">'
            f'({esc(", ".join(cited))})</small>')


def sentence_html(kind: str, sentence: str, game: str, clauses: Iterable[str],
                  more: str = "", after: str = "") -> str:
    """A tap's answer: one sentence, in words, then "Why?" (``more`` and the clauses).
    ``kind`` is the box's class (``jokoak-refused``, ``jokoak-lesson-why`` ...); ``after``
    is markup between the two (a lesson step's booklet's-choice mark)."""
    return (f'<div role="status" lang="{lang()}" class="{kind}">'
            f'<p class="jokoak-said"><strong>{esc(sentence)}</strong></p>'
            f"{after}{why_html(game, clauses, more)}</div>")
