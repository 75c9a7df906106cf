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
from .assets import style

WHY_LABEL = N_("Why?")

#: "Why?" as a tappable chip at least 44 px high (WCAG 2.5.5), the clauses under it. Its
#: summary has a class of its own: the page rule for unnamed summaries sets no side padding.
WHY_CSS = style("why.css")


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
