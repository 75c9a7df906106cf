"""Read-aloud in a real Chromium: a lesson's speaker button, tapped, plays the instruction
(the sound inline in the page, no request for it), and a double tap plays it once more
rather than twice at once."""

from __future__ import annotations

import pytest

import browser_support
from jokoak.service import speech

pytestmark = pytest.mark.browser

PLAYING = """() => [...document.querySelectorAll('audio')].map(a => ({
    src: a.src.slice(0, 30), duration: a.duration, time: a.currentTime,
    paused: a.paused, ended: a.ended, error: a.error && a.error.code}))"""


def test_the_speaker_button_of_a_lesson_instruction_plays_it(server, chromium_browser):
    if not speech.engine_status(speech.AHOTTS).ok:
        pytest.skip(speech.engine_status(speech.AHOTTS).reason)
    page = chromium_browser.new_page(viewport={"width": 1366, "height": 768})
    asked = []
    page.on("request", lambda r: asked.append(r.url) if "audio" in r.url or ".ogg" in r.url
            else None)
    page.goto(f"{server.url}/zaldi_zuria?lang=eu&view=learn&lesson=01_first_throws&lstep=1")
    page.wait_for_selector('[data-lesson-step="1"][data-done="0"]', timeout=30000)
    browser_support.settled(page, 250)
    button = page.locator('[class*="st-key-jokoak_speak_lesson_zaldi_zuria_instruction"] button')
    assert button.is_visible()
    button.dblclick()
    page.wait_for_selector(".jokoak-speech audio", state="attached", timeout=60000)
    page.wait_for_function("() => { const a = document.querySelector('.jokoak-speech audio');"
                           " return a && (a.currentTime > 0.3 || a.ended); }", timeout=30000)
    played = page.evaluate(PLAYING)
    assert len(played) == 1, played
    assert played[0]["src"].startswith("data:audio/ogg;base64,") and played[0]["error"] is None
    assert played[0]["duration"] > 0.5
    assert asked == []   # inline: nothing fetched for the sound
    assert page.locator('[data-testid="stException"]').count() == 0
    page.close()


def test_the_step_throughs_listen_buttons_read_the_step_and_its_clauses(server, chromium_browser):
    """The step's "Listen" (its words) and the clauses' (Basque, then the translation) are
    buttons of the step's one element; a tap asks the server, which sends the sound inline."""
    if not speech.engine_status(speech.ESPEAK).ok:
        pytest.skip(speech.engine_status(speech.ESPEAK).reason)
    page = chromium_browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(f"{server.url}/zohn_ahl?lang=en&view=step&scenario=__watch__&step=3")
    page.wait_for_selector('.jk-steps button[data-fid="listen"]', timeout=60000)
    browser_support.settled(page, 250)
    page.wait_for_timeout(700)          # a control drawn anew takes taps 0.6 s later
    for listen, key in (("listen", "step"), ("listen-clauses", "clauses")):
        page.locator(f'.jk-steps button[data-fid="{listen}"]').click()
        page.wait_for_selector(f'.jokoak-speech[data-speech="jokoak_speak_{key}_zohn_ahl"] audio',
                               state="attached", timeout=60000)
        played = page.evaluate(PLAYING)
        assert len(played) == 1 and played[0]["src"].startswith("data:audio/ogg;base64,"), played
    assert page.locator('[data-testid="stException"]').count() == 0
    assert "step=3" in page.url                       # listening moves nothing
    page.close()
