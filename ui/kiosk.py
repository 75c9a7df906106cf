"""Kiosk mode: large type and touch targets, an attract screen, and an idle reset.

The attract screen moves (:mod:`jokoak.render.attract`): a tap on a game's picture opens its
first lesson.

On after ``?kiosk=1`` or ``[kiosk] enabled = true`` in ``jokoak.toml``. After ``idle_seconds``
without a touch, a countdown of at least 20 s (WCAG 2.2.1) offers one "continue" button
(a tap anywhere on the overlay continues too); when it runs out the browser reloads the
attract screen in the kiosk's language, which starts a fresh session (nothing of the previous
visitor's state survives). The kiosk profile leaves out the operator's tools (the Translators
page and its file uploader, see :mod:`ui.shell`) and offers a QR code to continue the visit
on a phone (:func:`continue_on_phone`).
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from urllib.parse import urlsplit

import streamlit as st

from jokoak import registry
from jokoak.plugin import GamePlugin
from jokoak.i18n import LANGUAGES, language_name, translator
from jokoak.i18n.msgids import N_
from jokoak.service.phone_link import QR_SIDE_PX, phone_url, qr_svg
from jokoak.render.attract import ATTRACT_CSS, rocking

from . import kiosk_mode
from .common import _, esc, html, lang, ngettext, set_lang
from .lesson import LEARN_LABEL, _start_from_attract as start_from_attract, has_lessons
from .assets import script, style

STARTED_KEY = "jokoak_kiosk_started"


KIOSK_CSS = style("kiosk.css")


def idle_script(seconds: int, countdown: int, reset_url: str, left_key: str = "") -> str:
    """The idle watcher; texts go in as JSON (:func:`ui.assets.script`) and out as textContent.
    Its reset names the lesson step left unfinished, if any (``&left=``, counted as "gave
    up" by :func:`ui.counters.note_left`, only with this session's ``left_key``)."""
    cfg = {
        "idle": seconds, "countdown": countdown, "url": reset_url,
        "title": _("Are you still there?"),
        # one sentence per plural form, the live count put where the translation puts it
        "one": ngettext("The booklet will start again for the next visitor in %(seconds)s "
                        "second.", "The booklet will start again for the next visitor in "
                        "%(seconds)s seconds.", 1),
        "other": ngettext("The booklet will start again for the next visitor in %(seconds)s "
                          "second.", "The booklet will start again for the next visitor in "
                          "%(seconds)s seconds.", 2),
        "button": _("Continue"),
        "leftkey": left_key,
    }
    return script("idle_watch.js", "left_at.js", data=cfg)


def apply_kiosk_chrome() -> None:
    conf = kiosk_mode.settings().kiosk
    st.html(KIOSK_CSS)
    reset = f"./?kiosk=1&lang={conf.language}"
    from .counters import left_token
    st.html(idle_script(conf.idle_seconds, conf.countdown_seconds, reset, left_token()),
            unsafe_allow_javascript=True)


def opened_mid_visit(known_pages: AbstractSet[str]) -> bool:
    """True when a fresh session opens on an address that is not the kiosk's reset address.

    A reload, a replica that went away or a kiosk that slept opens a new session on the
    visitor's address (a game page, a view, a game in progress): the visit
    goes on there instead of falling back to the attract screen.
    """
    if any(k not in ("kiosk", "lang") for k in st.query_params):
        return True
    try:
        path = urlsplit(st.context.url or "").path
    except ValueError:
        return False
    return path.rstrip("/").rsplit("/", 1)[-1] in known_pages


#: The one line a child is shown big on the attract screen, in the kiosk's language (the
#: other three beneath it, smaller).
TOUCH_TO_PLAY = N_("Touch to play")

#: The attract screen's layout: the games' cards side by side, wrapping (two a row on a
#: phone); each card's button reaches over the whole card (its ``::after``), so a tap on
#: the moving picture starts the game's first lesson as a tap on the button does.
ATTRACT_LAYOUT_CSS = style("attract_layout.css")


def _game_card(entry: GamePlugin) -> None:
    """A game's moving picture; with lessons, a button over the whole card that starts the
    first one (in the kiosk's language)."""
    with st.container(key=f"jokoak_attract_game_{entry.key}", width="content"):
        picture = (entry.attract_svg(entry.name, "eu")
                   or rocking(entry.icon_svg(entry.name, "eu")))
        if not has_lessons(entry.key):
            html(f'<div class="jk-attract">{picture}<div lang="eu" class="jk-attract-name">'
                 f"{esc(entry.name)}</div></div>")
            return
        html(f'<div class="jk-attract">{picture}</div>')
        st.button(f"{entry.name}: {_(LEARN_LABEL)}", key=f"jokoak_learn_{entry.key}",
                  on_click=start_from_attract, args=(STARTED_KEY, entry.key), type="primary",
                  icon=":material/play_arrow:", width="stretch")


def attract_screen(known_pages: AbstractSet[str] = frozenset()) -> bool:
    """The attract screen until a visitor touches a game or a language; True while shown.

    Moving pictures of the games (still under ``prefers-reduced-motion``) under one line
    in big type, "Touch to play": a tap on a game's picture opens its first lesson in the
    kiosk's language; the four languages below start the booklet in that language.
    """
    if st.session_state.get(STARTED_KEY):
        return False
    if opened_mid_visit(known_pages):
        st.session_state[STARTED_KEY] = True
        return False
    code = lang()
    st.html(ATTRACT_CSS + ATTRACT_LAYOUT_CSS)
    others = "".join(f'<span lang="{c}">{esc(translator(c).gettext(TOUCH_TO_PLAY))}</span>'
                     for c in LANGUAGES if c != code)
    html('<div class="jk-attract jk-attract-head"><h1 lang="eu">Jokoak</h1>'
         f'<p class="jk-touch jk-pulse" lang="{code}">{esc(_(TOUCH_TO_PLAY))}</p>'
         f'<p class="jk-touch-others">{others}</p></div>')
    # every registered game, wrapping onto more lines when they do not fit one
    with st.container(horizontal=True, horizontal_alignment="center", gap="medium",
                      key="jokoak_attract_games"):
        for entry in registry.plugins().values():
            _game_card(entry)
    greetings = {c: translator(c).gettext("Touch your language to begin") for c in LANGUAGES}
    html('<p class="jk-attract-greetings">'
         + "".join(f'<span lang="{c}">{esc(g)}</span>' for c, g in greetings.items()) + "</p>")
    for column, language in zip(st.columns(len(LANGUAGES)), LANGUAGES):
        if column.button(language_name(language), key=f"jokoak_attract_{language}",
                         width="stretch"):
            set_lang(language)
            st.session_state[STARTED_KEY] = True
            st.rerun()
    return True


def settings_warnings() -> None:
    for problem in kiosk_mode.settings().problems:
        text = _(problem.msgid)
        st.caption("⚠️ " + (text % problem.params if problem.params else text))


PHONE_KEY = "jokoak_phone"
#: The "continue on your phone" button stays in the bottom corner of the screen, whatever
#: the page and however far it is scrolled; its popover holds the code.
PHONE_CSS = style("continue_on_phone.css")


#: The popover's open state (``st.session_state``): the code is drawn only while it is open.
PHONE_CODE_KEY = "jokoak_phone_code"


def continue_on_phone(page: str) -> None:
    """The QR code of the visitor's current place on ``page``, to go on with on a phone.

    The code is made only while its popover is open: the address changes at every tap of a
    game (``?game=``, ``?step=``), so a code made at each rerun would be made anew each time
    (tens of milliseconds for a game's address) for a popover hardly anyone opens. Opening
    it reruns the page, so the code carries the position the page has just put into the
    URL (it is drawn after the page has run). Nothing without ``[kiosk] public_url`` (a
    phone cannot reach the kiosk's loopback).
    """
    base = kiosk_mode.settings().kiosk.public_url
    if not base:
        return
    st.html(PHONE_CSS)
    with st.container(key=PHONE_KEY):
        popover = st.popover(_("Continue on your phone"), icon=":material/smartphone:",
                             key=PHONE_CODE_KEY, on_change="rerun")
    if not popover.open:
        return
    url, whole = phone_url(base, page, st.query_params.to_dict())
    caption = (_("Point your phone's camera at this code to continue there from this point.")
               if whole else
               _("Point your phone's camera at this code to open this page there. This game is "
                 "too long to fit in a code: start a new one on the phone."))
    with popover:
        html(f'<div class="jk-phone" lang="{lang()}" data-url="{esc(url)}">'
             + qr_svg(url, _("QR code of this page's address"), QR_SIDE_PX)
             + f"<p>{esc(caption)}</p></div>")
