"""A game page: read the source, step through scenarios, odds, play.

Views appear only when the game has them (no empty placeholders). The chosen view is kept
in ``?view=`` so a link can open, say, the step-through at a given scenario step.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

import streamlit as st

from jokoak.booklet import GAME_INFO
from jokoak.i18n import TARGET_LANGUAGES, language_name
from jokoak.render.source import source_html
from jokoak.msgids import N_

from .common import _, esc, html, in_this_language, lang, remember, remembered_widget_key
from .params import query_choice


VIEW_LABELS = {"read": N_("Read the rules"), "step": N_("Step through"), "odds": N_("Odds"),
               "play": N_("Play")}


def _views_module(game: str) -> ModuleType | None:
    try:
        return import_module(f"ui.{game}_views")
    except ModuleNotFoundError as exc:
        if exc.name == f"ui.{game}_views":
            return None
        raise


def available_views(game: str) -> list[str]:
    views = ["read"]
    from .stepper import has_step_through
    if has_step_through(game):
        views.append("step")
    module = _views_module(game)
    if module is not None and hasattr(module, "odds_view"):
        views.append("odds")
    if module is not None and hasattr(module, "play_view"):
        views.append("play")
    return views


def _choose_view(game: str, views: list[str]) -> str:
    """The view: from ``?view=`` on arrival (deep links), then from the switch."""
    key = f"jokoak_view_{game}"
    if st.session_state.get(key) not in views:
        st.session_state[key] = query_choice("view", views) or "read"
    if len(views) > 1:
        # Translated labels: one widget per language, initialised from the remembered view.
        widget_key = remembered_widget_key(key)
        st.segmented_control(_("View"), options=views, key=widget_key, required=True,
                             on_change=remember, args=(widget_key, key),
                             format_func=in_this_language(lambda v: _(VIEW_LABELS[v])),
                             label_visibility="collapsed")
    view = st.session_state[key]
    if st.query_params.get("view") != view:
        st.query_params["view"] = view
    return view


def render(game: str) -> None:
    info = GAME_INFO[game]
    html(f'<h1 lang="eu" style="margin-bottom:0">{esc(info.name)}</h1>'
         f'<p lang="{lang()}" style="font-size:1.15rem">{esc(_(info.tagline))}</p>')
    views = available_views(game)
    view = _choose_view(game, views)
    if view == "read":
        read_view(game)
    elif view == "step":
        from .stepper import step_through_view
        step_through_view(game)
    else:
        getattr(_views_module(game), f"{view}_view")()


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
    return st.session_state[key]


def read_view(game: str, highlight: tuple[str, ...] = ()) -> None:
    target = translation_language_picker(game)
    show_ids = st.toggle(_("Show clause ids (for translators and citations)"),
                         key=f"jokoak_ids_{game}")
    html(source_html(game, target, _, show_ids=show_ids, highlight=highlight, ui_lang=lang()))
