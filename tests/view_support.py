"""Opening one game view alone in AppTest, in a chosen language (shared by the view tests)."""

from __future__ import annotations

import re

from streamlit.testing.v1 import AppTest

from ui.common import LANG_KEY

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


# ---- the play views (tests/test_play_views.py, tests/test_play_tables.py) --------------------
#: The session keys of each game's play view.
PERULUDO = "jokoak_peruludo_play"
ZALDI = "jokoak_zaldi_zuria_play"
ZOHN = "jokoak_zohn_ahl_play"


def keys(at: AppTest) -> set[str]:
    """Enabled buttons' keys, without the position a game control carries (``_t12``)."""
    return {re.sub(r"_t\d+$", "", b.key) for b in at.button if not b.disabled}


class ChosenFile:
    """What ``st.file_uploader`` returns once a visitor chose a file called ``name``: its
    bytes are the app's ``st.session_state["data"]`` (the test puts them there)."""

    def __init__(self, name: str = "x.po") -> None:
        self.name = name

    def getvalue(self) -> bytes:
        import streamlit as st
        return st.session_state["data"]
