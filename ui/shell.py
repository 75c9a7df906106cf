"""The app shell: page config, translated navigation, the language switch, document lang.

``app.py`` calls :func:`run`. The language switch sits at the top of every page and is bound
to ``?lang=`` (kept in the URL on every rerun, so deep links and page changes keep it).
"""

from __future__ import annotations

import logging

import streamlit as st

from jokoak.i18n import LANGUAGES, language_name

from .common import LANG_KEY, _, lang, set_lang
from .kiosk import apply_kiosk_chrome, attract_screen, is_kiosk, settings_warnings

log = logging.getLogger("jokoak")

SWITCH_KEY = "jokoak_lang_switch"

#: Page-wide styles: less empty space above, captions dark enough for WCAG AA contrast.
BOOKLET_CSS = """<style>
[data-testid='stMainBlockContainer']{padding-top:2.2rem}
[data-testid='stCaptionContainer'], [data-testid='stCaptionContainer'] p{color:#4a4d57}
</style>"""


def _on_switch() -> None:
    chosen = st.session_state.get(SWITCH_KEY)
    if chosen in LANGUAGES:
        set_lang(chosen)
    else:  # a segmented control can be un-selected: keep the current language
        st.session_state[SWITCH_KEY] = st.session_state[LANG_KEY]


def language_switch() -> None:
    """Each language by its own name; never empty, never a keyboard step."""
    current = lang()
    if st.session_state.get(SWITCH_KEY) != current:
        st.session_state[SWITCH_KEY] = current
    st.segmented_control(_("Language"), options=list(LANGUAGES), format_func=language_name,
                         key=SWITCH_KEY, on_change=_on_switch, label_visibility="collapsed",
                         required=True)


def set_document_language(code: str) -> None:
    """``<html lang>`` follows the visitor (``code`` comes from a fixed whitelist)."""
    assert code in LANGUAGES
    st.html(f"<script>document.documentElement.lang = '{code}';</script>",
            unsafe_allow_javascript=True)


def pages() -> list:
    return [
        st.Page("pages/home.py", title=_("Home"), icon=":material/home:", url_path="home",
                default=True),
        st.Page("pages/zaldi_zuria.py", title="zaldi zuria", icon=":material/casino:",
                url_path="zaldi_zuria"),
        st.Page("pages/peruludo.py", title="peruludo", icon=":material/emoji_objects:",
                url_path="peruludo"),
        st.Page("pages/zohn_ahl.py", title="zohn ahl", icon=":material/crop_square:",
                url_path="zohn_ahl"),
        st.Page("pages/translators.py", title=_("Translators"), icon=":material/translate:",
                url_path="translators"),
        st.Page("pages/sources.py", title=_("Sources & credits"), icon=":material/menu_book:",
                url_path="sources"),
    ]


def run() -> None:
    st.set_page_config(page_title="Jokoak", page_icon=":material/casino:", layout="wide")
    code = lang()
    if st.query_params.get("lang") != code:
        st.query_params["lang"] = code
    kiosk = is_kiosk()
    if kiosk:
        st.query_params["kiosk"] = "1"
        apply_kiosk_chrome()
        if attract_screen():
            set_document_language(lang())
            return
    nav = st.navigation(pages(), position="top")
    language_switch()
    code = lang()  # the switch may have changed it in its callback
    set_document_language(code)
    st.html(BOOKLET_CSS)
    try:
        nav.run()
    except Exception:  # never a traceback for a visitor
        log.exception("page failed")
        st.error(_("Sorry, something went wrong on this page. Please choose another page or "
                   "language; the booklet itself is fine."))
    settings_warnings()
