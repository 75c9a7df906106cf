"""Every page renders in every language with no exception and translated titles (AppTest)."""

import pytest
from streamlit.testing.v1 import AppTest

from jokoak import ROOT
from games_support import GAMES
from jokoak.i18n import LANGUAGES, translator
from ui.common import LANG_KEY

PAGES = ["app_pages/home.py", "app_pages/translators.py", "app_pages/sources.py"]
TIMEOUT = 60


def run_page(path: str, lang: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / path), default_timeout=TIMEOUT)
    at.session_state[LANG_KEY] = lang
    return at.run()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", PAGES)
def test_page_renders_without_exception(path, lang):
    at = run_page(path, lang)
    assert not at.exception, [e.value for e in at.exception]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_game_page_renders_without_exception(game, lang):
    at = AppTest.from_string(f"from ui.game_page import render\nrender({game!r})\n",
                             default_timeout=TIMEOUT)
    at.session_state[LANG_KEY] = lang
    at.run()
    assert not at.exception, [e.value for e in at.exception]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_title_is_in_the_visitors_language(lang):
    at = run_page("app_pages/home.py", lang)
    msgid = "Jokoak — a living booklet of traditional games"
    assert at.title[0].value == translator(lang).gettext(msgid)
    if lang != "en":
        assert at.title[0].value != msgid


@pytest.mark.parametrize("lang", LANGUAGES)
def test_app_router_renders_home_in_the_language_of_the_link(lang):
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    at.query_params["lang"] = lang
    at.run()
    assert not at.exception
    assert at.session_state[LANG_KEY] == lang
    assert at.query_params["lang"] == lang


@pytest.mark.parametrize("junk", ["xx", "", "<script>alert(1)</script>", "../../etc/passwd",
                                  "fr" * 3000])
def test_unknown_lang_parameter_falls_back_quietly_to_basque(junk):
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    at.query_params["lang"] = junk
    at.run()
    assert not at.exception and not at.warning and not at.error
    assert at.session_state[LANG_KEY] == "eu"


@pytest.mark.parametrize("lang", ["eu", "es", "fr"])
def test_navigation_titles_are_translated(lang):
    from ui.shell import page_titles
    _ = translator(lang).gettext
    titles = page_titles(_)
    assert titles[0] == _("Home") != "Home"
    assert _("Translators") in titles and _("Sources & credits") in titles
    assert "zaldi zuria" in titles and "Translators" not in titles


def test_two_visitors_in_one_process_keep_their_own_language():
    french = run_page("app_pages/sources.py", "fr")
    spanish = run_page("app_pages/sources.py", "es")
    french.run()
    assert french.title[0].value == translator("fr").gettext("Sources & credits")
    assert spanish.title[0].value == translator("es").gettext("Sources & credits")


def test_language_switch_changes_the_page_language():
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    at.query_params["lang"] = "eu"
    at.run()
    switch = at.button_group[0]
    switch.set_value("fr").run()
    assert at.session_state[LANG_KEY] == "fr"
    assert at.query_params["lang"] == "fr"
