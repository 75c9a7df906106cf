"""The app shell: page config, translated navigation, the language switch, document lang.

``app.py`` calls :func:`run`. The language switch sits at the top of every page and is bound
to ``?lang=`` (kept in the URL on every rerun, so deep links and page changes keep it).
"""

from __future__ import annotations

import logging

import streamlit as st

from jokoak import ROOT
from jokoak.i18n import LANGUAGES, language_name
from jokoak.msgids import N_

from .common import LANG_KEY, _, lang, pin_run_language, set_lang
from .kiosk import apply_kiosk_chrome, attract_screen, is_kiosk, settings_warnings
from .params import drop_unknown

log = logging.getLogger("jokoak")

SWITCH_KEY = "jokoak_lang_switch"
FAVICON = ROOT / "assets" / "favicon.png"

#: Page-wide styles: less empty space above, captions dark enough for WCAG AA contrast.
BOOKLET_CSS = """<style>
[data-testid='stMainBlockContainer']{padding-top:4.2rem}
[data-testid='stCaptionContainer'], [data-testid='stCaptionContainer'] p{color:#4a4d57 !important;opacity:1 !important}
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


#: (script, title msgid — or a game name kept in Basque —, icon, url path, translate title?)
PAGE_SPECS: list[tuple[str, str, str, str, bool]] = [
    ("app_pages/home.py", N_("Home"), ":material/home:", "home", True),
    ("app_pages/zaldi_zuria.py", "zaldi zuria", ":material/casino:", "zaldi_zuria", False),
    ("app_pages/peruludo.py", "peruludo", ":material/emoji_objects:", "peruludo", False),
    ("app_pages/zohn_ahl.py", "zohn ahl", ":material/crop_square:", "zohn_ahl", False),
    ("app_pages/translators.py", N_("Translators"), ":material/translate:", "translators", True),
    ("app_pages/sources.py", N_("Sources & credits"), ":material/menu_book:", "sources", True),
]


def page_titles(gettext) -> list[str]:
    """Navigation titles in the visitor's language (game names stay in Basque)."""
    return [gettext(title) if translate else title for _s, title, _i, _u, translate in PAGE_SPECS]


def pages() -> list:
    titles = page_titles(_)
    return [st.Page(script, title=title, icon=icon, url_path=url, default=(url == "home"))
            for (script, _t, icon, url, _tr), title in zip(PAGE_SPECS, titles)]


def run() -> None:
    pin_run_language(None)
    # A local favicon: a material-symbol icon would be fetched from Google's font servers.
    st.set_page_config(page_title="Jokoak", page_icon=str(FAVICON), layout="wide")
    drop_unknown()
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
    pin_run_language(code)
    set_document_language(code)
    st.html(BOOKLET_CSS)
    try:
        nav.run()
    except Exception:  # never a traceback for a visitor
        log.exception("page failed")
        st.error(_("Sorry, something went wrong on this page. Please choose another page or "
                   "language; the booklet itself is fine."))
    settings_warnings()
