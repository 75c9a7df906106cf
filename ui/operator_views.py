"""The operator page's own parts: printable handouts and the status of the settings."""

from __future__ import annotations

from functools import partial

import streamlit as st

from jokoak import registry
from jokoak.i18n import LANGUAGES, language_name
from jokoak.service.room_stores import default_sqlite_path
from jokoak.service.settings import settings_path

from .common import _, esc, html, lang
from . import kiosk_mode


def _handout(game: str, code: str, with_ids: bool) -> bytes:
    from jokoak.render.handout import handout_pdf
    return handout_pdf(game, code, with_ids)


#: The operator's choice of sheet: the pupils' (rules in words) or the teachers' (with the
#: clause ids under every line, to check each line against the Basque text).
HANDOUT_IDS_KEY = "jokoak_operator_handout_ids"


def handouts() -> None:
    """One printable page per game and language, each built when its button is pressed:
    the pupil's sheet, or the teacher's "with clause ids".

    A deferred download: its bytes land in the media storage of the process that built
    them, and deploy/nginx.conf tries the next replica when another one answers 404.
    """
    st.write(_("A one-page handout per game to print for a class or a visit."))
    with_ids = st.toggle(_("With clause ids (the teacher's sheet)"), key=HANDOUT_IDS_KEY,
                         help=_("Under every line, the ids of the clauses of the Basque text "
                                "it summarises. The pupil's sheet says the rules in words "
                                "only."))
    variant = "-ids" if with_ids else ""
    for entry in registry.plugins().values():
        html(f'<h3 lang="eu" style="margin:.6rem 0 .2rem">{esc(entry.name)}</h3>')
        row = st.container(horizontal=True)
        for code in LANGUAGES:
            row.download_button(language_name(code),
                                data=partial(_handout, entry.key, code, with_ids),
                                file_name=f"{entry.key}-{code}{variant}.pdf",
                                mime="application/pdf", on_click="ignore",
                                icon=":material/print:",
                                key=f"jokoak_operator_handout_{entry.key}_{code}{variant.replace('-', '_')}")


def settings_status() -> None:
    """Every setting with the value in use, and what was wrong with the file, if anything."""
    conf = kiosk_mode.settings()
    st.write(_("Settings file: %(name)s") % {"name": settings_path().name})
    rows = [("kiosk.enabled", conf.kiosk.enabled), ("kiosk.idle_seconds", conf.kiosk.idle_seconds),
            ("kiosk.countdown_seconds", conf.kiosk.countdown_seconds),
            ("kiosk.language", conf.kiosk.language),
            ("kiosk.public_url", conf.kiosk.public_url or "—"),
            ("operator.enabled", conf.operator.enabled),
            ("booklet.translators_page", conf.booklet.translators_page),
            ("booklet.clause_ids", conf.booklet.clause_ids),
            # the default store named by where it is: the data folder (JOKOAK_DATA, ...)
            ("rooms.store", conf.rooms.store or f"sqlite:{default_sqlite_path()}"),
            ("rooms.max_rooms", conf.rooms.max_rooms),
            ("rooms.unknown_codes_per_minute", conf.rooms.unknown_codes_per_minute),
            ("rooms.rooms_per_client_hour", conf.rooms.rooms_per_client_hour),
            ("rooms.class_tables_per_client_hour", conf.rooms.class_tables_per_client_hour),
            ("rooms.trusted_proxies", ", ".join(conf.rooms.trusted_proxies) or "—")]
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
