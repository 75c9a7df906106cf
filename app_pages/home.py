"""Home: every game of the registry, and the ways into each (read, step through, odds, play)."""

from math import ceil

import streamlit as st

from jokoak import registry
from ui.common import _, esc, html, lang
from ui.shell import game_page
from ui.views import VIEW_LABELS, available_views
from ui.room import class_screen_button

#: At most this many cards a row; rows are balanced (four games: two rows of two).
MOST_A_ROW = 3

st.title(_("Jokoak — a living booklet of traditional games"))  # no count: games are added
html(f'<p lang="{lang()}" style="font-size:1.15rem">'
     + esc(_("Each game comes from a short Basque text. Read each rule beside its "
             "translation, step through real play clause by clause, see the exact odds, and "
             "play against the computer."))
     + "</p>")

entries = tuple(registry.plugins().values())
rows = ceil(len(entries) / MOST_A_ROW)
a_row = ceil(len(entries) / rows)
for first in range(0, len(entries), a_row):
    # Streamlit stacks the columns of a row on a narrow screen: the cards wrap by themselves.
    for column, entry in zip(st.columns(a_row), entries[first:first + a_row]):
        with column.container(border=True):
            html(entry.icon_svg(_(entry.tagline), lang()))
            html(f'<h2 lang="eu" style="margin:.2rem 0">{esc(entry.name)}</h2>'
                 f'<p lang="{lang()}">{esc(_(entry.tagline))}</p>'
                 f'<p lang="{lang()}" style="color:#555">{esc(_(entry.origin))} · '
                 f'{esc(_(entry.players))}</p>')
            for view in available_views(entry.key):
                if st.button(_(VIEW_LABELS[view]), key=f"home_{entry.key}_{view}",
                             width="stretch", type="primary" if view == "learn" else "secondary",
                             icon=":material/school:" if view == "learn" else None):
                    # The view goes with the session, not into Home's URL (Streamlit would
                    # write it there first: a stale ?view= in Home's history entry).
                    st.session_state[f"jokoak_view_{entry.key}"] = view
                    st.switch_page(game_page(entry.key))

html(f'<h2 lang="{lang()}" style="font-size:1.3rem;margin:1.2rem 0 .2rem">'
     f'{esc(_("With a class"))}</h2>')
class_screen_button(None, "home_class_screen")
