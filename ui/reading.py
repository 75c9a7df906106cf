"""The parts of "Read the rules" for learners: the "How to play" card, its handout, and the
reading mode that hides the translation and reveals it clause by clause ("Test yourself").

The revealed clauses live in the session (one set per game), so a rerun, another view or a
language switch keeps them. Revealing is idempotent and only reveals: a child's double tap
on a clause shows it once and never hides it again (only "Hide all" hides), and a revealed
translation keeps the height of the button it replaces, so the next clause's button never
slides under a finger that taps twice.
"""

from __future__ import annotations

from functools import lru_cache

import streamlit as st

from jokoak import registry
from jokoak.content.howto import card, has_card
from jokoak.render.howto import howto_html
from jokoak.render.source import CSS as SOURCE_CSS, ClausePair, clause_pairs

from . import kiosk_mode
from .common import _, esc, html, lang, remember, remembered_widget_key
from .assets import script, style

SELF_TEST_CSS = style("self_test.css")


def revealed_key(game: str) -> str:
    return f"jokoak_revealed_{game}"


def revealed(game: str) -> set[str]:
    """The clauses of ``game`` whose translation the visitor has revealed."""
    key = revealed_key(game)
    if not isinstance(st.session_state.get(key), set):
        st.session_state[key] = set()
    shown: set[str] = st.session_state[key]
    return shown


def reveal(game: str, clause_ids: list[str]) -> None:  # an on_click callback
    """Show these clauses' translations (a repeated tap changes nothing)."""
    revealed(game).update(clause_ids)
    st.session_state[f"jokoak_revealed_last_{game}"] = clause_ids[-1] if len(clause_ids) == 1 else ""


def reveal_button_key(game: str, clause_id: str) -> str:
    """The widget key of a clause's reveal button (a CSS-safe class name: no dots)."""
    return f"jk_reveal_{game}_{clause_id.replace('.', '-')}"


def hide_all(game: str) -> None:
    revealed(game).clear()
    st.session_state[f"jokoak_revealed_last_{game}"] = ""


def howto_card(game: str) -> None:
    """The game's one-screen card (if it has one), and the printable handout beside it."""
    if not has_card(game):
        return
    show_ids = bool(st.session_state.get(f"jokoak_ids_{game}"))
    html(howto_html(card(game), _, lang(), name=registry.plugin(game).name, show_ids=show_ids))
    if kiosk_mode.is_kiosk():
        return  # a kiosk's downloads would land on the kiosk computer: the operator page has them
    code = lang()

    def build() -> bytes:
        from jokoak.render.handout import handout_pdf
        return handout_pdf(game, code)

    st.download_button(_("Handout to print (PDF, one page)"), data=build,
                       file_name=f"{game}-{code}.pdf", mime="application/pdf",
                       on_click="ignore", icon=":material/print:",
                       key=f"jokoak_handout_{game}_{code}")


@lru_cache(maxsize=64)
def _pairs(game: str, target: str, ui_lang: str, show_ids: bool,
           highlight: tuple[str, ...]) -> tuple[ClausePair, ...]:
    """The clause pairs, built once per game, languages and marks (a tap reruns the list)."""
    from jokoak.i18n import translator
    _ui = translator(ui_lang)
    return tuple(clause_pairs(game, target, _ui.gettext, ui_lang=ui_lang, show_ids=show_ids,
                              highlight=highlight))


def self_test_key(game: str) -> str:
    return f"jokoak_selftest_{game}"


def self_test_toggle(game: str) -> bool:
    """The "Test yourself" switch. Its value is kept outside the widget, so it survives a
    visit to another view (Streamlit forgets a widget that was not drawn) and a language
    switch (a new label is a new widget)."""
    key = self_test_key(game)
    if not isinstance(st.session_state.get(key), bool):
        st.session_state[key] = False
    widget_key = remembered_widget_key(key)
    st.toggle(_("Test yourself: hide the translation, reveal it clause by clause"),
              key=widget_key, on_change=remember, args=(widget_key, key))
    on: bool = st.session_state[key]
    return on


@st.fragment
def _pair_row(game: str, pair: ClausePair, order: tuple[str, ...]) -> None:
    """One clause: the Basque, and its translation or the button that reveals it.

    A fragment of its own: a tap reruns this row alone, not the fifty others."""
    heading = " jk-heading-pair" if pair.kind in ("heading", "title") else ""
    left, right = st.columns(2)
    with left:
        html(f'<div class="jk-source jk-pair{heading}" lang="{lang()}">{pair.basque_html}</div>')
    with right:
        if pair.translation_html is None:
            return
        if pair.id in revealed(game):
            html(f'<div class="jk-source jk-pair{heading}" lang="{lang()}" '
                 f'data-revealed="{esc(pair.id)}">{pair.translation_html}</div>')
            _focus_next(game, pair.id, order)
        else:
            st.button(_("Show the translation"), key=reveal_button_key(game, pair.id),
                      on_click=reveal, args=(game, [pair.id]), width="stretch")


def _focus_next(game: str, clause_id: str, order: tuple[str, ...]) -> None:
    """Right after ``clause_id`` was revealed by its button, keyboard focus moves to the next
    clause still hidden (without scrolling), so Enter, Enter, Enter walks through the text."""
    last_key = f"jokoak_revealed_last_{game}"
    if st.session_state.get(last_key) != clause_id:
        return
    del st.session_state[last_key]
    shown = revealed(game)
    after = order[order.index(clause_id) + 1:] if clause_id in order else ()
    target = next((cid for cid in after if cid not in shown), None)
    if target is None:
        return
    selector = f".st-key-{reveal_button_key(game, target)} button"
    st.html(script("focus_next.js", data={"selector": selector}), unsafe_allow_javascript=True)


@st.fragment
def self_test_view(game: str, target: str, show_ids: bool,
                   highlight: tuple[str, ...] = ()) -> None:
    """The Basque clause by clause; each translation hidden until tapped."""
    pairs = _pairs(game, target, lang(), show_ids, tuple(highlight))
    revealable = tuple(p.id for p in pairs if p.translation_html is not None)
    html(SOURCE_CSS + SELF_TEST_CSS)
    left, right = st.columns(2)
    with left:
        st.button(_("Reveal all"), key=f"jk_revealall_{game}", on_click=reveal,
                  args=(game, list(revealable)), icon=":material/visibility:",
                  width="stretch")
    with right:
        st.button(_("Hide all"), key=f"jk_hide_all_{game}", on_click=hide_all, args=(game,),
                  icon=":material/visibility_off:", width="stretch")
    with st.container(key="jk-selftest"):
        html(f'<div class="jk-source" style="display:grid;grid-template-columns:1fr 1fr;'
             f'gap:0 1.2rem" lang="{lang()}"><div class="jk-col-head">'
             f'{esc(_("Basque original"))}</div><div class="jk-col-head">'
             f'{esc(_("Translation"))}</div></div>')
        for pair in pairs:
            _pair_row(game, pair, revealable)
