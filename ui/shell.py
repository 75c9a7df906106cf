"""The app shell: page config, translated navigation, the language switch, document lang.

``app.py`` calls :func:`run`. The language switch sits at the top of every page and is bound
to ``?lang=`` (kept in the URL on every rerun, so deep links and page changes keep it).
"""

from __future__ import annotations

import base64
import json
import logging
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import streamlit as st

from jokoak import ROOT, registry
from jokoak.i18n import LANGUAGES, language_name
from jokoak.i18n.msgids import N_

from .common import LANG_KEY, _, lang, pin_run_language, set_lang
from . import game_page as game_pages
from . import heap, tap_manners
from . import speech
from .kiosk import apply_kiosk_chrome, attract_screen, continue_on_phone, settings_warnings
from .kiosk_mode import is_kiosk, settings
from .lesson import LESSON_GOTO_KEY, WELL_DONE, entry_params
from .sound import mute_button
from .counters import note_left
from .params import drop_unknown
from .assets import script, style
from .streamlit_adapter import StreamlitPage

#: What a lesson page says aloud besides its steps' sentences (made ahead with them).
SPOKEN_BY_LESSONS = (WELL_DONE,)

log = logging.getLogger("jokoak")

SWITCH_KEY = "jokoak_lang_switch"
FAVICON = ROOT / "assets" / "favicon.png"
#: Inline (a data URL): a file path would be served from one process's media storage, which
#: another replica behind a load balancer does not hold.
FAVICON_URL = "data:image/png;base64," + base64.b64encode(FAVICON.read_bytes()).decode("ascii")

#: Page-wide styles: less empty space above, captions dark enough for WCAG AA contrast, and
#: no toolbar on charts (Streamlit's "Download as PNG" / "Fullscreen" are English only).
BOOKLET_CSS = style("booklet.css")


#: Every control at least 44 × 44 px at every size (WCAG 2.2 target size, enhanced): the
#: language switch, the view tabs, the segmented controls and die pickers were 32 px high,
#: the slider's thumb 16 px. The slider's thumb keeps its 16 px dot inside a 44 px box
#: (the padding is transparent). The headings' "link to heading" anchors (16 × 16, shown on
#: hover only, so never on a touch screen) are hidden: the URL already carries the place.
#: tests/test_browser_targets.py measures every control. Tabs keep their words' width (the
#: 44 px minimum let a phone squeeze five tabs' words into each other): the tab list scrolls.
TOUCH_CSS = style("touch_targets.css")


#: A portrait screen (a 1080 × 1920 kiosk, a tablet held upright) draws the table or board
#: across the whole width, its controls under it: beside them the table was about 520 px
#: wide with 9–10 px labels and a third of the screen empty. Phones stack the columns
#: already (Streamlit, under 640 px). The step-through (one grid, ui/stepper.py) keeps its
#: phone order there: "Next" and the step's words, the picture right under them, then the
#: clauses. On a phone a board as tall as it is wide (zohn ahl's) gets 40 % of the screen's
#: height (at 26 % its labels were 4–5 px), and the thrown sticks under it less of the width.
#: A drawing made for both widths (:func:`jokoak.render.for_both_widths`) shows its phone
#: layout under 641 px, at the whole width whatever its height: laid out for the width, its
#: words are 11 px or more there only if it is not shrunk to a height.
BOARD_CSS = style("boards.css")


#: A throw rolls the dice: the drawings give their dice ``jk-die`` in a group of class
#: ``jk-roll-a`` or ``jk-roll-b`` (alternating with each throw, so each new throw starts the
#: roll again and a redraw of the same throw does not), zaldi zuria's white horse badge
#: ``jk-badge`` and zohn ahl's thrown sticks ``jk-stick``. Nothing moves for a visitor who
#: asked for less motion.
ROLL_CSS = style("dice_roll.css")


def nav_drawings_css() -> str:
    """Each game's own small drawing over its symbol in the navigation bar (top bar, the
    phone's menu): Streamlit's navigation takes only a material symbol or an emoji, and none
    shows a dice cup or throw sticks. The symbol stays in place, transparent, for its size."""
    from jokoak.render.attract import data_url
    rules = []
    for entry in registry.plugins().values():
        drawing = entry.nav_svg()
        if drawing:
            rules.append(f'a[href$="/{entry.key}"] [data-testid="stIconMaterial"]'
                         f'{{color:transparent !important;background:{data_url(drawing)} '
                         f'center/contain no-repeat}}')
    return "<style>" + "".join(rules) + "</style>"


#: The phone's navigation opener (Streamlit draws a bare "»"): its word beside it.
MENU = N_("Menu")


def menu_label_css(label: str) -> str:
    """The opener of the navigation on a phone, labelled in words (the generated text is
    read as the button's name too)."""
    quoted = json.dumps(label, ensure_ascii=False).replace("<", "\\3c ")
    return f"<style>:root{{--jk-menu-label:{quoted}}}</style>" + style("menu_label.css")


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


#: The parameters that say *where* a visitor is on a game page: a change of one of them is
#: a step a visitor takes back with the browser's Back button; every other parameter (the
#: language, the game in progress, a scenario's step) describes the place and is updated in
#: its history entry.
PLACE_PARAMS = ("view", "lesson")

#: Streamlit pushes a browser history entry for every change of ``st.query_params``, and
#: writes a page's first parameters into the *old* page's address when a page changes (the
#: new address follows): Back then stepped through moves and half-made addresses (the first
#: Back did nothing, the second landed on Home with ``view=odds``). This wrapper, installed
#: once per tab, keeps one entry per place. On the same page: a new place is a new entry; a
#: game page filling in its place (``?view=`` written on arrival) or any other change
#: replaces the entry. A place written into a page that has none, or a place lost, may be
#: the old address of a page change: it replaces the entry only if, a moment later, no other
#: address has been written and the page is still the same.
HISTORY_JS = "history.js"
#: How long an address that may belong to a page change waits (ms): the new page's address
#: follows once the new page's run has started (seen 0.5 s later on a busy machine). No
#: page of the booklet writes such an address for itself, so waiting long costs nothing.
HISTORY_WAIT_MS = 3000


def history_script() -> str:
    return script(HISTORY_JS, data={"place": list(PLACE_PARAMS), "games": list(registry.plugins()),
                                    "wait": HISTORY_WAIT_MS})


def install_history() -> None:
    """One browser history entry per place a visitor goes (see :data:`HISTORY_JS`)."""
    st.html(history_script(), unsafe_allow_javascript=True)


#: Streamlit's page asks the server for a new run after reconnecting only when it runs a
#: self-rerunning fragment (or was mid-run); otherwise a page whose server restarted, or
#: whose session expired while the kiosk slept, kept its old drawing, and the visitor's
#: next tap went to a session that knew nothing of it and was lost. An idle fragment that
#: reruns once an hour makes every reconnect a run, which resumes from the URL.
RECONNECT_RUN_SECONDS = 3600


@st.fragment(run_every=RECONNECT_RUN_SECONDS)
def rerun_on_reconnect() -> None:
    """Draws nothing; its timer alone makes the page rerun when its connection comes back."""


def set_document_language(code: str, menu: str = "") -> None:
    """``<html lang>`` follows the visitor (``code`` comes from a fixed whitelist); so does
    the name a screen reader announces for the phone's navigation opener (``menu``, the
    word :func:`menu_label_css` shows beside it), where Streamlit's own is English ("Expand
    sidebar"). The opener is drawn again by Streamlit at times: a watcher, set once per
    page, names it each time. One script, in the element the page has anyway."""
    st.html(document_language_html(code, menu), unsafe_allow_javascript=True)


def document_language_html(code: str, menu: str) -> str:
    """The script of :func:`set_document_language`."""
    assert code in LANGUAGES
    return script("menu_opener.js", data={"lang": code, "menu": menu})


PAGES = ROOT / "app_pages"


@dataclass(frozen=True)
class PageSpec:
    """One entry of the navigation: what runs, its title, icon and URL path."""

    target: Path | Callable[[], None]   # a script in app_pages/, or a function
    title: str                          # a msgid, or a game's name (kept in Basque)
    icon: str
    url: str
    translate: bool                     # False for game names


def _game_target(key: str) -> Callable[[], None]:
    """Game ``key``'s page: :func:`ui.game_page.render` of it, served at ``/<key>``.

    No game has a page file: the router builds one page per registered game, so a game
    found in ``jokoak/games/`` (or registered by a test) is on the navigation with no page
    written or edited. Streamlit names the page by its URL path, so deep links
    (``/zaldi_zuria?view=step``) and ``st.switch_page`` (:func:`game_page`) find it.
    """
    def game_page() -> None:
        game_pages.render(key)   # looked up at each run, as a page script would import it

    game_page.__name__ = key
    return game_page


@dataclass(frozen=True)
class Profile:
    """Which of the booklet's own pages a visit lists.

    A kiosk visit leaves out the Translators page (its file uploader would open the kiosk
    computer's file chooser); ``[booklet] translators_page = false`` leaves it out for every
    visit. The operator page comes only with ``[operator] enabled`` (a setting, never a
    query parameter) and never in a kiosk visit.
    """

    kiosk: bool = False
    operator: bool = False
    translators: bool = True


def page_specs(profile: Profile = Profile()) -> list[PageSpec]:
    """Home, every registered game in registry order, the translators' page, the sources."""
    specs = ([PageSpec(PAGES / "home.py", N_("Home"), ":material/home:", "home", True)]
             + [PageSpec(_game_target(e.key), e.name, e.nav_icon, e.key, False)
                for e in registry.plugins().values()])
    if profile.translators and not profile.kiosk:
        specs.append(PageSpec(PAGES / "translators.py", N_("Translators"),
                              ":material/translate:", "translators", True))
    specs.append(PageSpec(PAGES / "sources.py", N_("Sources & credits"),
                          ":material/menu_book:", "sources", True))
    if not profile.kiosk:
        specs.append(CLASS_SCREEN)
    if profile.operator and not profile.kiosk:
        specs.append(PageSpec(PAGES / "operator.py", N_("Operator"),
                              ":material/admin_panel_settings:", "operator", True))
    return specs


def visit_profile(kiosk: bool) -> Profile:
    conf = settings()
    return Profile(kiosk=kiosk, operator=conf.operator.enabled,
                   translators=conf.booklet.translators_page)


def page_titles(gettext: Callable[[str], str], profile: Profile = Profile()) -> list[str]:
    """Navigation titles in the visitor's language (game names stay in Basque)."""
    return [gettext(spec.title) if spec.translate else spec.title
            for spec in page_specs(profile)]


def _page(spec: PageSpec, title: str) -> StreamlitPage:
    return st.Page(spec.target, title=title, icon=spec.icon, url_path=spec.url,
                   default=(spec.url == "home"))


def pages(profile: Profile = Profile()) -> list[StreamlitPage]:
    return [_page(spec, title)
            for spec, title in zip(page_specs(profile), page_titles(_, profile))]


#: The class screen (ui/class_screen.py): never in a kiosk visit.
CLASS_SCREEN = PageSpec(PAGES / "class_screen.py", N_("Class screen"), ":material/co_present:",
                        "class", True)


def game_page(key: str) -> StreamlitPage:
    """The router's page of game ``key``, for ``st.switch_page`` (same URL path, same page)."""
    spec = next(s for s in page_specs() if s.url == key)
    return _page(spec, spec.title)


def failure_line(page: str, exc: BaseException) -> str:
    """One log line for a failed page: the exception and where it was raised.

    A broken page fails again on every rerun of every visitor; a full traceback each time
    buried the server's log (about 3 kB a rerun). The innermost frame says where to look.
    """
    frames = traceback.extract_tb(exc.__traceback__)
    where = ""
    if frames:
        path = Path(frames[-1].filename)
        shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
        where = f" at {shown}:{frames[-1].lineno}"
    message = " ".join(str(exc).split())[:200]
    return f"page {page} failed: {exc.__class__.__name__}: {message}{where}"


def follow_lesson_entry() -> None:
    """After "Learn it in 2 minutes" on the kiosk's attract screen: open that game's lesson."""
    goto = st.session_state.pop(LESSON_GOTO_KEY, None)
    if goto in [e.key for e in registry.plugins().values()]:
        st.session_state[f"jokoak_view_{goto}"] = "learn"
        st.switch_page(game_page(goto), query_params=entry_params(goto))


def run() -> None:
    pin_run_language(None)
    # A local favicon: a material-symbol icon would be fetched from Google's font servers.
    st.set_page_config(page_title="Jokoak", page_icon=FAVICON_URL, layout="wide")
    install_history()  # before any parameter is written in this run
    tap_manners.install_script()   # a child's taps in lessons and kiosk play
    note_left()        # a kiosk's reset names the lesson step left unfinished: counted, dropped
    drop_unknown()
    code = lang()
    if st.query_params.get("lang") != code:
        st.query_params["lang"] = code
    kiosk = is_kiosk()
    speech.prewarm_lessons(SPOKEN_BY_LESSONS)   # once per process: made ahead
    if kiosk:
        st.query_params["kiosk"] = "1"
        apply_kiosk_chrome()
        st.html(TOUCH_CSS)      # the attract screen's controls too
        if attract_screen({spec.url for spec in page_specs(visit_profile(kiosk))}):
            set_document_language(lang(), _(MENU))
            heap.settle_once()
            return
    nav = st.navigation(pages(visit_profile(kiosk)), position="top")
    follow_lesson_entry()
    language_switch()
    code = lang()  # the switch may have changed it in its callback
    pin_run_language(code)
    set_document_language(code, _(MENU))
    st.html(BOOKLET_CSS + nav_drawings_css() + ("" if kiosk else TOUCH_CSS) + BOARD_CSS
            + ROLL_CSS + menu_label_css(_(MENU)))
    try:
        nav.run()
    except Exception as exc:  # never a traceback for a visitor, nor a log of one per rerun
        log.error("%s", failure_line(nav.url_path or "home", exc))
        st.error(_("Sorry, something went wrong on this page. Please choose another page or "
                   "language; the booklet itself is fine."))
    if kiosk:   # after the page: the code carries the position it has just put in the URL
        continue_on_phone(nav.url_path or "")
        mute_button()   # at a kiosk that reads aloud: "Sound off" in the corner
    settings_warnings()
    rerun_on_reconnect()
    heap.settle_once()     # once per process: the long-lived heap out of full collections
