"""The operator page's own parts: printable handouts and the status of the settings."""

from __future__ import annotations

from importlib.util import find_spec

import streamlit as st

from jokoak import registry
from jokoak.i18n import LANGUAGES, language_name
from jokoak.settings import settings_path

from .common import _, esc, html, lang
from .downloads import inline_download
from .kiosk import settings


@st.cache_data(show_spinner=False, max_entries=64)
def _handout(game: str, code: str) -> bytes:
    from jokoak.handout import handout_pdf
    return handout_pdf(game, code)


def handouts() -> None:
    """One printable page per game and language, sent inline (any replica serves it)."""
    st.write(_("A one-page handout per game to print for a class or a visit."))
    if find_spec("jokoak.handout") is None:   # until the handouts land (issue 18.5)
        return
    entries = registry.games()
    cols = st.columns(2)
    game = cols[0].selectbox(_("Game"), [e.key for e in entries],
                             format_func=lambda k: registry.entry(k).name,
                             key="jokoak_operator_game")
    code = cols[1].selectbox(_("Language of the handout"), list(LANGUAGES),
                             format_func=language_name, index=list(LANGUAGES).index(lang()),
                             key="jokoak_operator_lang")
    name = registry.entry(game).name
    inline_download(_("Download the handout of %(game)s (PDF)") % {"game": name},
                    _handout(game, code), f"jokoak-{game}.{code}.pdf", "application/pdf")


def settings_status() -> None:
    """Every setting with the value in use, and what was wrong with the file, if anything."""
    conf = settings()
    st.write(_("Settings file: %(name)s") % {"name": settings_path().name})
    rows = [("kiosk.enabled", conf.kiosk.enabled), ("kiosk.idle_seconds", conf.kiosk.idle_seconds),
            ("kiosk.countdown_seconds", conf.kiosk.countdown_seconds),
            ("kiosk.language", conf.kiosk.language),
            ("kiosk.public_url", conf.kiosk.public_url or "—"),
            ("operator.enabled", conf.operator.enabled),
            ("booklet.translators_page", conf.booklet.translators_page)]
    html(f'<table lang="{lang()}"><thead><tr><th>{esc(_("Setting"))}</th>'
         f'<th>{esc(_("Value in use"))}</th></tr></thead><tbody>'
         + "".join(f'<tr><td><code lang="zxx">{esc(k)}</code></td>'
                   f'<td lang="zxx" style="overflow-wrap:anywhere">{esc(str(v).lower() if isinstance(v, bool) else v)}</td></tr>'
                   for k, v in rows)
         + "</tbody></table>")
    if not conf.problems:
        st.success(_("Every setting is valid."))
    for problem in conf.problems:
        text = _(problem.msgid)
        st.warning(text % problem.params if problem.params else text)
