"""Home: the three games and the three ways in (read, step through, play)."""

import streamlit as st

from jokoak import GAMES
from jokoak.booklet import GAME_INFO
from jokoak.render.icons import ICONS
from ui.common import _, esc, html, lang
from ui.game_page import VIEW_LABELS, available_views

st.title(_("Jokoak — a living booklet of three traditional games"))
html(f'<p lang="{lang()}" style="font-size:1.15rem">'
     + esc(_("Three games, each from a short Basque text. Read each rule beside its "
             "translation, step through real play clause by clause, see the exact odds, and "
             "play against the computer."))
     + "</p>")

for column, game in zip(st.columns(3), GAMES):
    info = GAME_INFO[game]
    with column.container(border=True):
        html(ICONS[game](_(info.tagline), lang()))
        html(f'<h2 lang="eu" style="margin:.2rem 0">{esc(info.name)}</h2>'
             f'<p lang="{lang()}">{esc(_(info.tagline))}</p>'
             f'<p lang="{lang()}" style="color:#555">{esc(_(info.origin))} · '
             f'{esc(_(info.players))}</p>')
        for view in available_views(game):
            if st.button(_(VIEW_LABELS[view]), key=f"home_{game}_{view}", width="stretch"):
                st.session_state[f"jokoak_view_{game}"] = view
                st.switch_page(f"app_pages/{game}.py", query_params={"lang": lang(), "view": view})
