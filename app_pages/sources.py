"""Sources & credits: where each text comes from and the older sources it departs from."""

from pathlib import Path

import streamlit as st

from jokoak import registry
from jokoak.content.credits import CREDITS, PROVENANCE
from ui.common import _, esc, html, lang

st.title(_("Sources & credits"))
html(f'<p lang="{lang()}">{esc(_(PROVENANCE))}</p>')
for entry in registry.plugins().values():
    # the seed as the repository names it (a test's own game: just the file's name)
    seed = Path(entry.seed).name if Path(entry.seed).is_absolute() else entry.seed
    html(f'<h2 lang="eu">{esc(entry.name)}</h2>'
         f'<p lang="{lang()}"><code lang="zxx">{esc(seed)}</code></p>'
         f'<ul lang="{lang()}">' + "".join(f"<li>{esc(_(s))}</li>" for s in entry.sources)
         + "</ul>")
st.subheader(_("Credits"))
html(f'<p lang="{lang()}">{esc(_(CREDITS))}</p>')
