"""The "How to play" card as HTML: one screen, four sections, each line linked to its clause.

Pure: a :class:`jokoak.content.howto.HowtoCard` and a gettext function in, markup out, every text
escaped and every passage marked with its language (the game's name stays Basque, the clause
ids are marked as no language). Each line links to its first clause in the read view (an
anchor, :func:`clause_anchor`, that :func:`jokoak.render.source.source_html` puts on each
Basque clause), and each shown clause id to its own clause; a line that states the booklet's
default where the text is silent carries a marker explained under the card.
"""

from __future__ import annotations

from html import escape
from typing import Callable

from ..content.howto import HowtoCard, section_title
from ..i18n.msgids import N_
from .source import clause_anchor

Gettext = Callable[[str], str]

#: Marks a line whose content is the booklet's choice (the Basque text is silent or unclear there).
CHOICE_MARK = "\u2731"
CHOICE_LEGEND = N_("The Basque text is silent or unclear here: this is the booklet's choice, "
                   "explained in a note beside the clause.")
CHOICE_LABEL = N_("The booklet's choice")
#: The card's title; the game's name stays in Basque.
TITLE = N_("How to play: %(game)s")


CSS = """
<style>
.jk-howto{border:2px solid #174ea6;border-radius:.6rem;padding:.55rem .8rem .45rem;
  margin:.2rem 0 .8rem;background:#f7f9fd;color:#1d1d1d;line-height:1.35;font-size:.98rem}
.jk-howto h2{font-size:1.25rem;margin:0 0 .3rem;padding:0;line-height:1.3}
.jk-howto-grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,19rem),1fr));
  gap:.15rem 1.2rem}
.jk-howto h3{font-size:1rem;margin:.25rem 0 .1rem;padding:0;color:#174ea6;line-height:1.3}
.jk-howto ul{margin:0;padding:0;list-style:none}
.jk-howto li{margin:0 0 .2rem;padding:0}
.jk-howto a.jk-howto-line{color:inherit;text-decoration:underline dotted #5a5a5a;
  text-underline-offset:.18em;display:inline-block;min-height:44px;vertical-align:top}
.jk-howto a.jk-howto-line:hover,.jk-howto a.jk-howto-line:focus-visible{color:#174ea6}
.jk-howto .jk-howto-ids{font-family:monospace;font-size:.72rem;color:#3d4049;white-space:normal}
.jk-howto .jk-howto-ids a{color:#3d4049;text-decoration:none;background:#e8eef7;
  border-radius:.2rem;padding:0 .2rem;margin-left:.2rem;white-space:nowrap}
.jk-howto .jk-howto-mark{color:#8a4b00;font-weight:700;margin-left:.15rem}
.jk-howto .jk-howto-legend{font-size:.8rem;color:#3d4049;margin:.25rem 0 0}
@media (max-width:640px){.jk-howto{font-size:.9rem;padding:.45rem .6rem .35rem}
  .jk-howto h2{font-size:1.12rem}
  .jk-howto ul li{font-size:1em !important;margin:0}
  .jk-howto-grid{gap:0 1.2rem}
  .jk-howto h3{margin:.15rem 0 0}
  .jk-howto a.jk-howto-line{line-height:1.25}}
@media print{
  [data-testid="stHeader"],[data-testid="stToolbar"],[data-testid="stSidebar"],
  [data-testid="stDecoration"],[data-testid="stBottom"],.stButton,.stDownloadButton,
  [data-testid="stSegmentedControl"],[data-testid="stButtonGroup"],[data-testid="stCheckbox"],
  [data-testid="stElementToolbar"]{display:none !important}
  .jk-howto{break-inside:avoid;border-color:#000;background:#fff;font-size:11pt}
  .jk-howto a{color:#000 !important}
  .jk-source{break-before:page}
}
</style>
"""


#: A lesson step's mark, like a card line's: tapped, it opens the note that explains the choice.
CHOICE_CSS = """<style>
.jk-choice{margin:.2rem 0}
.jk-choice>summary{min-height:44px;display:flex;align-items:center;gap:.35rem;cursor:pointer;
  font-weight:600;color:#8a4b00}
.jk-choice>summary .jk-howto-mark{font-weight:700}
.jk-choice>p{margin:.1rem 0 .3rem}
</style>"""


def choice_note_html(note_id: str, title: str, body: str, _: Gettext, lang: str) -> str:
    """A lesson step's mark of a reading the booklet chose, as the cards mark such a line
    (:data:`CHOICE_MARK`, labelled "The booklet's choice"), with the interpretation note
    (``title`` and ``body`` msgids) one tap away in a ``<details>``."""
    return (f'<details class="jk-choice" lang="{escape(lang)}" data-choice="{escape(note_id)}">'
            f'<summary><span class="jk-howto-mark" aria-hidden="true">{CHOICE_MARK}</span>'
            f"{escape(_(CHOICE_LABEL))}</summary>"
            f"<p><strong>{escape(_(title))}</strong> {escape(_(body))}</p></details>")


def howto_html(card: HowtoCard, _: Gettext, lang: str, *, name: str, show_ids: bool = True,
               link: Callable[[str], str] | None = None) -> str:
    """The card in ``lang`` (``_`` translates into it); ``name`` is the game's Basque name.

    ``link(clause_id)`` gives the address a line links to (default: the clause's anchor in
    the read view, on the same page); with ``show_ids`` each line lists its clause ids."""
    href = link or (lambda cid: "#" + clause_anchor(cid))
    parts = [CSS, f'<section class="jk-howto" lang="{escape(lang)}" data-howto="{escape(card.game)}">',
             "<h2>" + escape(_(TITLE)).replace("%(game)s", f'<span lang="eu">{escape(name)}</span>')
             + "</h2>",
             '<div class="jk-howto-grid">']
    has_choice = False
    for key, lines in card.sections:
        parts.append(f'<div class="jk-howto-sec" data-section="{key}">'
                     f"<h3>{escape(_(section_title(key)))}</h3><ul>")
        for line in lines:
            first = line.clauses[0]
            mark = ""
            if line.choice:
                has_choice = True
                label = escape(_(CHOICE_LABEL), quote=True)
                mark = (f'<span class="jk-howto-mark" role="img" aria-label="{label}" '
                        f'title="{label}" data-choice="{escape(line.choice)}">{CHOICE_MARK}</span>')
            ids = ""
            if show_ids:
                ids = ('<span class="jk-howto-ids" lang="zxx" translate="no">'
                       + "".join(f'<a href="{escape(href(cid), quote=True)}">{escape(cid)}</a>'
                                 for cid in line.clauses) + "</span>")
            parts.append(f'<li data-clauses="{escape(" ".join(line.clauses))}">'
                         f'<a class="jk-howto-line" href="{escape(href(first), quote=True)}">'
                         f"{escape(_(line.msgid))}</a>{mark}{ids}</li>")
        parts.append("</ul></div>")
    parts.append("</div>")
    if has_choice:
        parts.append(f'<p class="jk-howto-legend"><span class="jk-howto-mark" aria-hidden="true">'
                     f"{CHOICE_MARK}</span> {escape(_(CHOICE_LEGEND))}</p>")
    parts.append("</section>")
    return "".join(parts)
