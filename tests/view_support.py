"""Opening one game view alone in AppTest, in a chosen language, and switching an app-level
AppTest to a page of the router (shared by the view tests, the monkey and the rerun bench);
the play views' keys; the translators' uploads (a catalog with one translation changed, a
chosen file)."""

from __future__ import annotations

import re
from pathlib import Path

from streamlit.testing.v1 import AppTest

from ui.common import LANG_KEY
from ui.games.peruludo import play as peruludo_play
from ui.games.zaldi_zuria import play as zaldi_play
from ui.games.zohn_ahl import play as zohn_play

TIMEOUT = 120


def scan_components_once() -> None:
    """Every new AppTest scans the installed packages' metadata for Streamlit components
    (a tenth of a second of CPU, for each of the suite's hundreds of apps); the packages do
    not change while tests run, so the first scan's answer serves the whole process."""
    import functools

    from streamlit.components.v2 import manifest_scanner
    if not hasattr(manifest_scanner.scan_component_manifests, "cache_info"):
        scan = functools.cache(manifest_scanner.scan_component_manifests)
        manifest_scanner.scan_component_manifests = scan  # type: ignore[assignment]


def open_view(module: str, view: str, lang: str = "en") -> AppTest:
    """Run ``ui.<module>.<view>()`` once; English by default, as the tests read msgids."""
    at = AppTest.from_string(f"from ui.{module} import {view}\n{view}()\n",
                             default_timeout=TIMEOUT)
    at.session_state[LANG_KEY] = lang
    return at.run()


def router_pages() -> list[str]:
    """Every page a visitor can open, as :func:`switch_to` takes them: the router's pages
    (:func:`ui.shell.page_specs`, a default visit's), a script of ``app_pages/`` by its path
    and each registered game by its URL path (its page is built from the registry, not a
    file)."""
    from jokoak import ROOT
    from ui.shell import page_specs
    return [spec.target.relative_to(ROOT).as_posix() if isinstance(spec.target, Path)
            else spec.url for spec in page_specs()]


def switch_to(at: AppTest, page: str) -> AppTest:
    """Switch ``at`` (an AppTest of ``app.py``, run once) to ``page``: a script of
    ``app_pages/`` (``AppTest.switch_page``) or a game's URL path (``"zaldi_zuria"``).

    A game's page is a function the router builds from the registry; Streamlit names such a
    page by the hash of its URL path, which ``switch_page`` (files only) cannot reach, so the
    page is chosen by that hash, as a visitor's ``/zaldi_zuria`` chooses it."""
    if page.endswith(".py"):
        return at.switch_page(page)
    from streamlit.util import calc_hash
    at._page_hash = calc_hash(page)
    return at


# ---- the play views (tests/test_play_views.py, tests/test_play_tables.py) --------------------
#: The session keys of each game's play view (the view's own ``KEY``).
PERULUDO, ZALDI, ZOHN = peruludo_play.KEY, zaldi_play.KEY, zohn_play.KEY


def keys(at: AppTest) -> set[str]:
    """Enabled buttons' keys, without the position a game control carries (``_t12``)."""
    return {re.sub(r"_t\d+$", "", b.key) for b in at.button if not b.disabled}


# ---- the translators' uploads (tests/test_translators_page.py, tests/test_hostile_upload.py) ----
def replace_translation(data: bytes, context: str, text: str) -> bytes:
    """A PO catalog (``data``) with the translation of the entry ``context`` made ``text``."""
    import io

    from babel.messages.pofile import read_po, write_po
    catalog = read_po(io.BytesIO(data))
    for msg in catalog:
        if msg.context == context:
            msg.string = text
    buf = io.BytesIO()
    write_po(buf, catalog, width=100)
    return buf.getvalue()


class ChosenFile:
    """What ``st.file_uploader`` returns once a visitor chose a file called ``name``: its
    bytes are the app's ``st.session_state["data"]`` (the test puts them there)."""

    def __init__(self, name: str = "x.po") -> None:
        self.name = name

    def getvalue(self) -> bytes:
        import streamlit as st
        return st.session_state["data"]


def step_element(at: AppTest, game: str = ""):
    """The step-through's one element (ui/step_controls.py) on screen, of ``game`` if given."""
    return next(e for e in at.get("bidi_component")
                if f"jokoak_step_controls_{game}" in str(e.proto.id))


def step_data(at: AppTest, game: str = "") -> dict:
    """What the step-through's element shows: its data, as the browser gets it."""
    import json
    return json.loads(step_element(at, game).proto.json)


def send_to_step_element(at: AppTest, event: str, value, game: str = "") -> AppTest:
    """A tap on the step-through's element, sent as the browser sends it: the event and its
    value as the element's trigger, with every other widget's state."""
    import json

    from streamlit.components.v2.bidi_component.main import _make_trigger_id
    states = at._tree.get_widget_states()
    trigger = states.widgets.add()
    trigger.id = _make_trigger_id(step_element(at, game).proto.id, "events")
    trigger.json_trigger_value = json.dumps([{"event": event, "value": value}])
    return at._run(states)
