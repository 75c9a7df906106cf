"""Where each glossary term is used, and the glossary as a table for the translators' page.

A term is *used* in the clauses whose Basque contains it (found as the source view finds it,
:func:`jokoak.content.glossary.find_terms`) and *in play* wherever the engine emits an event citing
one of those clauses: the game's scenarios (``content/<game>/scenarios``) are replayed once
and the kinds of event that cite each clause collected, labelled by the game's renderer
(``event_kinds()``: "Payment", "Throw"...). Pure: escaped HTML, every passage lang-marked.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import Callable

from babel.lists import format_list

from ..content.glossary import Term, find_terms, glossary

Gettext = Callable[[str], str]


@lru_cache(maxsize=None)
def term_clauses(game: str) -> dict[str, tuple[str, ...]]:
    """Term id -> the ids of the clauses of ``game`` whose Basque contains the term."""
    from ..content.segments import segments
    out: dict[str, list[str]] = {}
    for seg in segments(game):
        if seg.kind == "artifact":
            continue
        for m in find_terms(seg.text, game, seg.id):
            ids = out.setdefault(m.term.id, [])
            if seg.id not in ids:
                ids.append(seg.id)
    return {tid: tuple(ids) for tid, ids in out.items()}


def event_labels(game: str) -> dict[str, str]:
    """Event kind -> its msgid label, from the game's renderer (empty if it has none)."""
    from .. import registry
    try:
        renderer = registry.plugin(game).table_renderer()
    except (KeyError, ImportError):
        return {}
    return dict(renderer.event_kinds()) if renderer is not None else {}


@lru_cache(maxsize=None)
def clause_event_kinds(game: str) -> dict[str, tuple[str, ...]]:
    """Clause id -> the kinds of event that cite it in the game's replayed scenarios.

    A scenario that no longer replays (or a game without scenarios) adds nothing: the glossary
    still shows the clauses."""
    try:
        from ..content.scenarios import scenarios
        items = scenarios(game)
    except Exception:
        return {}
    out: dict[str, set[str]] = {}
    for sc in items:
        try:
            _, steps = sc.replay()
        except Exception:
            continue
        for step in steps:
            for ev in step.events:
                for clause in ev.clauses:
                    out.setdefault(clause, set()).add(ev.kind)
    order = list(event_labels(game))
    return {c: tuple(sorted(kinds, key=lambda k: order.index(k) if k in order else len(order)))
            for c, kinds in out.items()}


def term_event_kinds(game: str, term_id: str) -> tuple[str, ...]:
    """The kinds of event (in the renderer's order) that cite a clause using the term."""
    by_clause = clause_event_kinds(game)
    labels = event_labels(game)
    found = {k for c in term_clauses(game).get(term_id, ()) for k in by_clause.get(c, ())}
    return tuple(k for k in labels if k in found)


def _listed(items: list[str], ui_lang: str) -> str:
    try:
        return format_list(items, locale=ui_lang)
    except Exception:       # a locale Babel lacks: a plain comma list
        return ", ".join(items)


def usage_html(term: Term, game: str, _: Gettext, ui_lang: str) -> str:
    """"In play: Payment, Throw" and "Clauses: phase2.throw3.pay, ..." for one term (escaped;
    empty parts left out)."""
    parts = []
    labels = event_labels(game)
    kinds = term_event_kinds(game, term.id)
    if kinds:
        shown = _listed([_(labels[k]) for k in kinds], ui_lang)
        parts.append(f'<span class="jk-use" lang="{escape(ui_lang)}">'
                     f'{escape(_("In play: %(events)s") % {"events": shown})}</span>')
    clauses = term_clauses(game).get(term.id, ())
    if clauses:
        parts.append(f'<span class="jk-use"><span lang="{escape(ui_lang)}">'
                     f'{escape(_("Clauses"))}:</span> <span lang="zxx" translate="no">'
                     f'{escape(", ".join(clauses))}</span></span>')
    return "<br>".join(parts)


CSS = """<style>
.jk-glossary{border-collapse:collapse;width:100%;font-size:.92rem}
.jk-glossary th,.jk-glossary td{border:1px solid #ccc;padding:.3rem .45rem;vertical-align:top;text-align:left}
.jk-glossary th{background:#f1f1f1}
.jk-glossary .jk-policy{font-size:.8rem;font-style:italic;color:#444}
.jk-glossary .jk-use{display:block;font-size:.82rem}
.jk-glossary code{font-size:.8rem}
</style>"""


def glossary_table_html(game: str, langs: tuple[str, ...], _: Gettext, ui_lang: str) -> str:
    """One row per glossary term of ``game``: the Basque, its rendering (and listed variants) in
    each of ``langs``, the definition in the visitor's language and where the term is used."""
    head = (f"<th>{escape(_('Basque'))}</th>"
            + "".join(f'<th lang="zxx">{escape(lg)}</th>' for lg in langs)
            + f"<th>{escape(_('Definition'))}</th><th>{escape(_('Where it is used'))}</th>")
    rows = []
    for term in glossary():
        if not term.applies(game, None):
            continue
        policy = (f'<div class="jk-policy" lang="{escape(ui_lang)}">'
                  f'{escape(_("keep in Basque"))}</div>' if term.policy == "keep" else "")
        renders = "".join(f'<td><span lang="{escape(lg)}">'
                          f'{escape(" / ".join(term.accepted(lg)))}</span></td>' for lg in langs)
        def_lang = ui_lang if term.definition.get(ui_lang) else "en"
        definition = term.definition.get(def_lang, "")
        rows.append(f'<tr data-term="{escape(term.id)}"><td><span lang="eu">{escape(term.eu)}'
                    f"</span>{policy}</td>{renders}"
                    f'<td lang="{escape(def_lang)}">{escape(definition)}</td>'
                    f"<td>{usage_html(term, game, _, ui_lang)}</td></tr>")
    return (CSS + f'<table class="jk-glossary" lang="{escape(ui_lang)}"><thead><tr>{head}'
            f"</tr></thead><tbody>{''.join(rows)}</tbody></table>")
