"""Kiosk mode: the attract screen, then the booklet in the language touched."""

from streamlit.testing.v1 import AppTest

from jokoak import ROOT
from ui.common import LANG_KEY
from ui.kiosk import STARTED_KEY, idle_script


def kiosk_app() -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["kiosk"] = "1"
    return at


def test_kiosk_opens_on_the_attract_screen_with_one_button_per_language():
    at = kiosk_app().run()
    assert not at.exception
    labels = [b.label for b in at.button if b.key.startswith("jokoak_attract_")]
    assert labels == ["Euskara", "Español", "Français", "English"]


def test_touching_a_language_starts_the_booklet_in_that_language():
    at = kiosk_app().run()
    at.button(key="jokoak_attract_fr").click().run()
    assert not at.exception
    assert at.session_state[LANG_KEY] == "fr" and at.session_state[STARTED_KEY]
    assert "jokoak_attract_fr" not in [b.key for b in at.button]


def test_without_kiosk_there_is_no_attract_screen():
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    assert "jokoak_attract_eu" not in [b.key for b in at.button]


def test_idle_script_cannot_be_broken_out_of_by_a_translation():
    script = idle_script(60, 30, "./?kiosk=1&lang=eu")
    assert script.count("</script>") == 1 and script.endswith("</script>")
