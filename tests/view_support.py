"""Opening one game view alone in AppTest, in a chosen language (shared by the view tests)."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from ui.common import LANG_KEY

TIMEOUT = 120


def open_view(module: str, view: str, lang: str = "en") -> AppTest:
    """Run ``ui.<module>.<view>()`` once; English by default, as the tests read msgids."""
    at = AppTest.from_string(f"from ui.{module} import {view}\n{view}()\n",
                             default_timeout=TIMEOUT)
    at.session_state[LANG_KEY] = lang
    return at.run()
