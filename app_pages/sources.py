"""Sources & credits: where each text comes from and the older sources it departs from."""

import streamlit as st

from jokoak import GAMES
from jokoak.booklet import GAME_INFO
from jokoak.credits import CREDITS, PROVENANCE, SOURCES
from ui.common import _, esc, html, lang

st.title(_("Sources & credits"))
html(f'<p lang="{lang()}">{esc(_(PROVENANCE))}</p>')
for game in GAMES:
    html(f'<h2 lang="eu">{esc(GAME_INFO[game].name)}</h2>'
         f'<p lang="{lang()}"><code lang="zxx">seeds/{esc(game)}.eu.txt</code></p>'
         f'<ul lang="{lang()}">' + "".join(f"<li>{esc(_(s))}</li>" for s in SOURCES[game])
         + "</ul>")
st.subheader(_("Credits"))
html(f'<p lang="{lang()}">{esc(_(CREDITS))}</p>')
