"""The source view as HTML: each Basque segment beside its translation.

Pure: takes the segments, translations and a gettext function, returns markup in which every
text is escaped and every passage carries its ``lang``. Pages only display it.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Callable, Iterable

from ..content.glossary import Term
from ..content.segments import Segment, blocks
from ..i18n.source_translations import SegmentTranslation, translation_map
from ..i18n.msgids import N_

Gettext = Callable[[str], str]

ARTIFACT_EXPLANATIONS = {
    "image_caption": N_("Scraping leftover: the end of an image link in the web page the text "
                        "was taken from. Shown as it is; not translated."),
    "list_marker": N_("Layout leftover: a list bullet that lost its line. Shown as it is; not "
                      "translated."),
    "caption_fragment": N_("Scraping leftover: a stray image caption (\u201cthey are awls\u201d). "
                           "Shown as it is; not translated."),
}

#: A glossary term inline in a Basque clause, its gloss opening under it: in the read view
#: (``.jk-source``) and in the translators' review table (``.jk-review``), which draws the same
#: terms (:func:`highlight_terms`) and must keep them in the line.
TERM_CSS = """<style>
.jk-source details.jk-term,.jk-review details.jk-term{display:inline;position:relative}
.jk-source details.jk-term>summary,.jk-review details.jk-term>summary{display:inline;
  list-style:none;cursor:pointer;text-decoration:underline dotted #5a5a5a;
  text-underline-offset:.15em;padding:.1em 0}
.jk-source details.jk-term::details-content,.jk-review details.jk-term::details-content{
  display:inline}
.jk-source details.jk-term:not([open])::details-content,
.jk-review details.jk-term:not([open])::details-content{display:none}
.jk-source details.jk-term>summary::-webkit-details-marker,
.jk-review details.jk-term>summary::-webkit-details-marker{display:none}
.jk-source details.jk-term[open]>summary,.jk-review details.jk-term[open]>summary{
  background:#e8eef7;border-radius:.2rem}
.jk-source .jk-gloss,.jk-review .jk-gloss{position:absolute;left:0;top:100%;z-index:5;
  width:max-content;max-width:min(22rem,80vw);margin-top:.2rem;padding:.35rem .5rem;
  background:#fff;color:#1d1d1d;border:1px solid #5a5a5a;border-radius:.3rem;
  box-shadow:0 2px 6px rgba(0,0,0,.2);font-size:.9rem;font-style:normal;font-weight:400;
  line-height:1.4;white-space:normal}
.jk-source .jk-gloss-use,.jk-review .jk-gloss-use{display:block;margin-top:.2rem;font-size:.82rem;
  color:#333}
</style>"""

CSS = TERM_CSS + """
<style>
.jk-source{display:grid;grid-template-columns:1fr 1fr;gap:.35rem 1.5rem;font-size:1.05rem;line-height:1.55}
.jk-source .jk-col-head{font-weight:700;border-bottom:2px solid #888;padding-bottom:.2rem}
.jk-source .jk-seg{padding:0 .1rem;border-radius:.25rem}
.jk-source>div{margin-bottom:.3rem}
.jk-source .jk-seg.jk-hl{background:#fff1a8;color:#1d1d1d;box-shadow:0 0 0 2px #fff1a8;-webkit-box-decoration-break:clone;box-decoration-break:clone}
.jk-source .jk-heading{font-weight:700;font-size:1.2rem;margin-top:.7rem}
.jk-source .jk-title{font-weight:800;font-size:1.5rem}
.jk-source .jk-example{font-style:italic}
.jk-source .jk-artifact{color:#6b6b6b;font-family:monospace;background:#eee;padding:0 .3rem}
.jk-source .jk-artifact-note{color:#555;font-size:.85rem}
.jk-source .jk-missing{color:#8a4b00;font-size:.9rem}
.jk-source details.jk-note{display:block;margin:.25rem 0 .4rem;padding:.2rem .5rem;
  border-left:4px solid #174ea6;background:#eef3fb;font-size:.92rem;color:#1d1d1d}
.jk-source details.jk-note summary{cursor:pointer;font-weight:600;min-height:28px}
.jk-source .jk-note-cites{font-size:.8rem;color:#3d4049;margin:.2rem 0 0}
.jk-source .jk-seg:target{background:#fff1a8;color:#1d1d1d;box-shadow:0 0 0 2px #fff1a8;
  scroll-margin-top:5rem}
.jk-source .jk-id{font-family:monospace;font-size:.75rem;color:#444;background:#e8eef7;
  padding:0 .25rem;border-radius:.2rem;margin-right:.3rem}
</style>
"""


def clause_anchor(clause_id: str) -> str:
    """The HTML id of a Basque clause in the read view (the "How to play" card links to it)."""
    return f"clause-{clause_id}"


def _segment_html(seg: Segment, text: str, lang: str, show_ids: bool, highlight: bool,
                  inner_html: str | None = None, anchor: bool = False) -> str:
    classes = ["jk-seg", f"jk-{seg.kind.replace('_', '-')}"] + (["jk-hl"] if highlight else [])
    ident = f'<span class="jk-id" lang="zxx" translate="no">{escape(seg.id)}</span>' if show_ids else ""
    body = inner_html if inner_html is not None else escape(text)
    anchor_id = f' id="{escape(clause_anchor(seg.id))}"' if anchor else ""
    return (f'<span class="{" ".join(classes)}"{anchor_id} lang="{lang}" '
            f'data-segment="{escape(seg.id)}">{ident}{body}</span>')


def term_html(shown: str, term: Term, lang: str, usage: str = "") -> str:
    """One glossary term, tappable: a ``<details>`` whose summary is the Basque word and whose
    body is the gloss (rendering and definition) in ``lang``, then ``usage`` (escaped HTML:
    where the term is used in play, :func:`jokoak.render.glossary_table.usage_html`).

    A tap (or a click, or Enter on the keyboard) opens it with no script, where the old
    ``<abbr title>`` showed nothing on a touch screen; the title stays for mouse users.
    """
    gloss = term.gloss(lang)
    more = f'<br><span class="jk-gloss-use">{usage}</span>' if usage else ""
    return (f'<details class="jk-term" data-term="{escape(term.id)}">'
            f'<summary lang="eu" title="{escape(gloss, quote=True)}">{escape(shown)}</summary>'
            f'<span class="jk-gloss" role="note" lang="{escape(lang)}">{escape(gloss)}{more}'
            f"</span></details>")


def highlight_terms(text: str, lang: str, game: str, segment_id: str | None,
                    _: Gettext | None = None) -> str:
    """The Basque text escaped, each glossary term tappable (:func:`term_html`), gloss in
    ``lang``.

    The gloss is the term's rendering and definition in the visitor's language, so a visitor
    reading Spanish learns that *ostatua* is "posada" without leaving the Basque. Given ``_``
    (the visitor's gettext), the gloss also says where the term is used in play.
    """
    from ..content.glossary import find_terms
    from .glossary_table import usage_html
    out, last = [], 0
    usages: dict[str, str] = {}
    for m in find_terms(text, game, segment_id):
        out.append(escape(text[last:m.start]))
        if _ is not None and m.term.id not in usages:
            usages[m.term.id] = usage_html(m.term, game, _, lang)
        out.append(term_html(m.text, m.term, lang, usages.get(m.term.id, "")))
        last = m.end
    out.append(escape(text[last:]))
    return "".join(out)


def source_html(game: str, target_lang: str | None, _: Gettext, *, show_ids: bool = False,
                highlight: Iterable[str] = (), ui_lang: str = "en", glossary: bool = True,
                with_notes: bool = True, anchor: bool = False) -> str:
    """Two columns, Basque and ``target_lang`` (None: Basque only), paragraph by paragraph.

    With ``glossary``, glossary terms in the Basque carry their gloss in ``ui_lang``; with
    ``anchor``, each Basque clause carries its :func:`clause_anchor` id (once per page)."""
    marked = set(highlight)
    trans = translation_map(game, target_lang) if target_lang else {}
    parts = [CSS, f'<div class="jk-source" lang="{ui_lang}"'
             + (' style="grid-template-columns:1fr"' if not target_lang else "") + ">"]
    parts.append(f'<div class="jk-col-head" lang="{ui_lang}">{escape(_("Basque original"))}</div>')
    if target_lang:
        parts.append(f'<div class="jk-col-head" lang="{ui_lang}">{escape(_("Translation"))}</div>')
    for block in blocks(game):
        left, right = [], []
        for seg in block:
            hl = seg.id in marked
            if seg.kind == "artifact":
                note = escape(_(ARTIFACT_EXPLANATIONS[seg.reason or "image_caption"]))
                art_lang = "eu" if seg.reason == "caption_fragment" else "zxx"
                art = (f'<span class="jk-seg jk-artifact" lang="{art_lang}" data-segment="{escape(seg.id)}">'
                       f"{escape(seg.text)}</span>")
                left.append(art)
                right.append(f'<span class="jk-artifact-note" lang="{ui_lang}">{note}</span>')
                continue
            terms = highlight_terms(seg.text, ui_lang, game, seg.id, _) if glossary else None
            left.append(_segment_html(seg, seg.text, "eu", show_ids, hl, terms, anchor=anchor))
            if target_lang:
                t: SegmentTranslation | None = trans.get(seg.id)
                if t is not None and t.current:
                    right.append(_segment_html(seg, t.current, target_lang, show_ids, hl))
                else:
                    right.append(f'<span class="jk-missing" lang="{ui_lang}">'
                                 f'{escape(_("(not translated yet)"))}</span>')
        notes = notes_html(game, [seg.id for seg in block], _, ui_lang) if with_notes else ""
        (right if target_lang else left).append(notes)
        wrap = "div"
        parts.append(f"<{wrap}>{' '.join(left)}</{wrap}>")
        if target_lang:
            parts.append(f"<{wrap}>{' '.join(right)}</{wrap}>")
    parts.append("</div>")
    return "".join(parts)


def notes_html(game: str, segment_ids: Iterable[str], _: Gettext, ui_lang: str) -> str:
    """The interpretation notes whose first clause is among ``segment_ids``, as disclosures.

    A note about several clauses is shown once, beside the first of them."""
    from ..content.notes import notes
    wanted = set(segment_ids)
    out = []
    for note in notes(game):
        if note.clauses and note.clauses[0] in wanted:
            cited = ", ".join(note.clauses)
            summary = escape(_("Interpretation note: %(title)s") % {"title": _(note.title)})
            out.append(f'<details class="jk-note" lang="{ui_lang}" data-note="{escape(note.id)}">'
                       f"<summary>{summary}</summary><p>{escape(_(note.body))}</p>"
                       f'<p class="jk-note-cites"><span lang="{ui_lang}">'
                       f"{escape(_('Clauses'))}:</span> "
                       f'<span lang="zxx" translate="no">{escape(cited)}</span></p></details>')
    return "".join(out)


def clause_excerpt_html(game: str, clause_ids: Iterable[str], target_lang: str | None,
                        _: Gettext, ui_lang: str = "en", *, show_ids: bool = True,
                        css: bool = True) -> str:
    """Only the cited clauses, lit, Basque beside translation: the step-through panel (ids
    shown) and what a child's "Why?" opens (``show_ids=False``: the clause in words only).
    ``css=False`` leaves out the stylesheet, for a page that has it once already."""
    from ..content.segments import segment_map
    wanted = [c for c in dict.fromkeys(clause_ids)]
    segs = segment_map(game)
    trans = translation_map(game, target_lang) if target_lang else {}
    rows = []
    for cid in wanted:
        seg = segs.get(cid)
        if seg is None:
            continue
        right = ""
        if target_lang:
            t = trans.get(cid)
            right = (_segment_html(seg, t.current, target_lang, False, True) if t and t.current
                     else f'<span class="jk-missing" lang="{ui_lang}">'
                          f'{escape(_("(not translated yet)"))}</span>')
            right = f"<div>{right}</div>"
        ident = (f'<span class="jk-id" lang="zxx" translate="no">{escape(cid)}</span>'
                 if show_ids else "")
        rows.append(f"<div>{ident}{_segment_html(seg, seg.text, 'eu', False, True)}</div>"
                    f"{right}")
    cols = "" if target_lang else ' style="grid-template-columns:1fr"'
    return ((CSS if css else "") + f'<div class="jk-source" lang="{ui_lang}"{cols}>'
            + "".join(rows) + "</div>")


@dataclass(frozen=True)
class ClausePair:
    """One clause of the reading mode: its Basque and its translation, as escaped markup.

    ``translation_html`` is None for a scraping leftover (nothing to reveal); otherwise it is
    the translation, or the "not translated yet" marker."""

    id: str
    kind: str
    basque_html: str
    translation_html: str | None


def clause_pairs(game: str, target_lang: str, _: Gettext, *, ui_lang: str = "en",
                 show_ids: bool = False, highlight: Iterable[str] = (),
                 glossary: bool = True) -> list[ClausePair]:
    """Every clause of ``game`` in order, Basque beside ``target_lang``, one pair each: the
    reading mode ("Test yourself") shows the Basque and reveals each translation on a tap."""
    marked = set(highlight)
    trans = translation_map(game, target_lang)
    pairs = []
    for block in blocks(game):
        for seg in block:
            hl = seg.id in marked
            if seg.kind == "artifact":
                art_lang = "eu" if seg.reason == "caption_fragment" else "zxx"
                pairs.append(ClausePair(seg.id, seg.kind,
                                        f'<span class="jk-seg jk-artifact" lang="{art_lang}" '
                                        f'data-segment="{escape(seg.id)}">{escape(seg.text)}</span>',
                                        None))
                continue
            terms = highlight_terms(seg.text, ui_lang, game, seg.id, _) if glossary else None
            basque = _segment_html(seg, seg.text, "eu", show_ids, hl, terms, anchor=True)
            t: SegmentTranslation | None = trans.get(seg.id)
            if t is not None and t.current:
                shown = _segment_html(seg, t.current, target_lang, False, hl)
            else:
                shown = (f'<span class="jk-missing" lang="{ui_lang}">'
                         f'{escape(_("(not translated yet)"))}</span>')
            pairs.append(ClausePair(seg.id, seg.kind, basque, shown))
    return pairs
