"""Hostile query parameters are ignored (or refused with a message); nothing breaks."""

import pytest
from streamlit.testing.v1 import AppTest

from jokoak import ROOT
from ui.common import LANG_KEY
from view_support import router_pages, switch_to

HOSTILE = ["", "xx", "<script>alert(1)</script>", '"><img src=x onerror=alert(1)>',
           "../../../etc/passwd", "%00", "9" * 500, "-1", "[x](javascript:alert(1))",
           "a" * 10000]
PAGES = router_pages()


def visit(page: str, params: dict[str, str]) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    if page != "app_pages/home.py":
        switch_to(at, page)
        at.run()
    return at


def no_failure(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]
    assert not [e for e in at.error], [e.value for e in at.error]


@pytest.mark.parametrize("value", HOSTILE)
@pytest.mark.parametrize("name", ["lang", "view", "scenario", "step", "kiosk", "unknown"])
def test_hostile_parameter_on_a_game_page_is_ignored(name, value):
    at = visit("zaldi_zuria", {name: value, **({} if name == "lang" else {"lang": "fr"})})
    no_failure(at)
    assert at.session_state[LANG_KEY] == ("eu" if name == "lang" else "fr")
    if name == "view":
        assert at.session_state["jokoak_view_zaldi_zuria"] == "read"


@pytest.mark.parametrize("page", PAGES)
def test_every_page_survives_every_hostile_parameter_at_once(page):
    at = visit(page, {"lang": "<b>", "view": "../x", "scenario": "<script>", "step": "-9",
                      "kiosk": "2"})
    no_failure(at)
    assert at.session_state[LANG_KEY] == "eu"


def test_a_step_beyond_the_end_opens_the_start_of_the_scenario():
    at = visit("zaldi_zuria", {"lang": "en", "view": "step", "step": "99999"})
    no_failure(at)
    steps = [at.session_state[k] for k in at.session_state
             if str(k).startswith("jokoak_step_zaldi_zuria")]
    steps = [v for v in steps if isinstance(v, int) and not isinstance(v, bool)]
    assert steps == [0]


def test_a_failing_page_logs_one_line_per_failure_and_no_traceback(monkeypatch, caplog):
    import logging

    import ui.game_page

    def broken(game: str) -> None:
        raise ValueError("the game is over\n(and a second line)")
    monkeypatch.setattr(ui.game_page, "render", broken)
    at = visit("zaldi_zuria", {"lang": "eu"})
    with caplog.at_level(logging.INFO, logger="jokoak"):
        caplog.clear()
        at.run()
        at.run()
    lines = [r for r in caplog.records if r.name == "jokoak"]
    assert len(lines) == 2
    for record in lines:
        text = record.getMessage()
        assert record.exc_info is None and "\n" not in text
        assert text.startswith("page zaldi_zuria failed: ValueError: the game is over")
        assert "tests/test_hostile_input.py:" in text
    assert not at.exception and at.error[0].value != ""
