"""A game page: read the source, step through scenarios, odds, play.

Views appear only when the game has them (no empty placeholders; ``ui/views.py`` says which).
The chosen view is kept in ``?view=`` so a link can open, say, the step-through at a given
scenario step.
"""

from __future__ import annotations

from functools import lru_cache

import streamlit as st

from jokoak import registry
from jokoak.i18n import TARGET_LANGUAGES, language_name, translator
from jokoak.render.source import source_html

from .common import _, esc, html, in_this_language, lang, remember, remembered_widget_key
from .params import ECHO_SECONDS, drop, echo_of_old, query_choice, write
from .lesson import lesson_view
from . import speech
from .reading import howto_card, self_test_toggle, self_test_view
from .stepper import step_through_view
from .views import VIEW_LABELS, available_views, view_function


def _view_chosen(widget_key: str, key: str) -> None:
    """The switch's callback: the new view goes into the URL before the page is drawn, so
    the URL (which Back and Forward restore) and the session always agree."""
    remember(widget_key, key)
    write("view", st.session_state[key], scope=key)


def _choose_view(game: str, views: list[str]) -> str:
    """The view: ``?view=`` when it names one (a deep link, or Back and Forward restoring
    an address), else the one remembered, else the rules; the switch writes the URL."""
    key = f"jokoak_view_{game}"
    echoed = echo_of_old("view", within=ECHO_SECONDS, scope=key)
    if echoed is not None and echoed in views:
        st.query_params["view"] = echoed   # a double tap's second tap carried the old view
    asked = query_choice("view", views)
    if asked is not None:
        st.session_state[key] = asked
    elif st.session_state.get(key) not in views:
        st.session_state[key] = "read"
    if len(views) > 1:
        # Translated labels: one widget per language, initialised from the remembered view.
        widget_key = remembered_widget_key(key)
        st.segmented_control(_("View"), options=views, key=widget_key, required=True,
                             on_change=_view_chosen, args=(widget_key, key),
                             format_func=in_this_language(lambda v: _(VIEW_LABELS[v])),
                             label_visibility="collapsed")
    view: str = st.session_state[key]
    if st.query_params.get("view") != view:
        st.query_params["view"] = view
    return view


def render(game: str) -> None:
    """The page of game ``game`` (any registered game: the router makes one per entry)."""
    entry = registry.plugin(game)
    html(f'<h1 lang="eu" style="margin-bottom:0">{esc(entry.name)}</h1>'
         f'<p lang="{lang()}" style="font-size:1.15rem">{esc(_(entry.tagline))}</p>')
    views = available_views(game)
    view = _choose_view(game, views)
    if view != "learn":   # a lesson's place is no part of another view's address
        drop("lesson")
        drop("lstep")
    if view == "read":
        read_view(game)
    elif view == "step":
        step_through_view(game)
    elif view == "learn":
        lesson_view(game)
    else:
        draw = view_function(game, view)
        assert draw is not None  # available_views offers only views that exist
        draw()


def translation_language_picker(game: str) -> str | None:
    """The translation beside the Basque: the visitor's language, or their pick if Basque."""
    visitor = lang()
    if visitor in TARGET_LANGUAGES:
        return visitor
    key = "jokoak_translation_lang"
    if st.session_state.get(key) not in TARGET_LANGUAGES:
        st.session_state[key] = "es"
    st.segmented_control(_("Translation shown beside the Basque"), options=list(TARGET_LANGUAGES),
                         format_func=language_name, key=key, required=True)
    chosen: str = st.session_state[key]
    return chosen


def read_view(game: str, highlight: tuple[str, ...] = ()) -> None:
    """The "How to play" card, then the Basque beside its translation; in the reading mode
    ("Test yourself", :mod:`ui.reading`) each translation is hidden until tapped."""
    howto_card(game)
    target = translation_language_picker(game)
    speech.clause_reader(game, target)   # every clause read aloud: Basque, then translation
    show_ids = st.toggle(_("Show clause ids (for translators and citations)"),
                         key=f"jokoak_ids_{game}")
    testing = self_test_toggle(game) if target else False
    if testing and target:
        self_test_view(game, target, show_ids, highlight)
    else:
        html(_source_markup(game, target, show_ids, tuple(highlight), lang()))


@lru_cache(maxsize=64)
def _source_markup(game: str, target: str | None, show_ids: bool, highlight: tuple[str, ...],
                   ui: str) -> str:
    """The rules as read, built once per choice and visitor's language and shared read-only
    by every session (the shipped texts are read once per process): the glossary's glosses
    for every term made building it most of the read view's rerun. The gettext is the
    visitor's own translator, by value, never a process-global language."""
    return source_html(game, target, translator(ui).gettext, show_ids=show_ids,
                       highlight=highlight, ui_lang=ui, anchor=True)
