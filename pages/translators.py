"""Translators: each segment's Basque beside its es, fr and en rendering, with status."""

import streamlit as st

from jokoak import GAMES
from jokoak.booklet import GAME_INFO
from jokoak.i18n import TARGET_LANGUAGES, language_name
from jokoak.render.review import review_table_html
from jokoak.translations import statistics
from ui.common import _, html, lang

st.title(_("Translators"))
st.write(_("Every clause of the Basque source with its Spanish, French and English rendering "
           "and the state of each translation."))
game = st.selectbox(_("Game"), GAMES, format_func=lambda g: GAME_INFO[g].name,
                    key="jokoak_translators_game")
cols = st.columns(len(TARGET_LANGUAGES))
for col, code in zip(cols, TARGET_LANGUAGES):
    counts = statistics(game, code)
    col.metric(language_name(code), f"{counts['translated']}/{sum(counts.values())}",
               help=_("Translated / all translatable clauses"))
html(review_table_html(game, _, lang()))
