"""A child's finger on a lesson's controls in a real Chromium (issue 37, point 2; the script
and styles of ui/tap_manners.py): a held tap shows the control pressed (sunk and darkened)
and is taken when the finger lifts; a tap on a control that has only just appeared (in its
arming time) is shown pressed at once and then taken: the step moves on, once, never a tap
silently dropped.
"""

from __future__ import annotations

import pytest

import browser_support

pytestmark = pytest.mark.browser

LESSON = "/zohn_ahl?lang=es&view=learn&lesson=01_first_throws&kiosk=1"
THROW = '[class*="st-key-jokoak_lesson_zohn_ahl_throw_t"] button'
#: A child reads before tapping: a tap in a new screen's first moments is a double tap's.
READ_MS = 900

#: The control's look as the page draws it now: its transform and filter.
LOOK_JS = "(b) => { const s = getComputedStyle(b); return [s.transform, s.filter]; }"

#: Taps the element ``css`` names the moment it is drawn (a finger as quick as the screen),
#: and resolves ``window.__jkArrived`` to whether it then showed pressed and whether the
#: step was still not done (so the tap was held back, not taken yet).
TAP_ON_ARRIVAL = """(css) => { window.__jkArrived = new Promise((resolve) => {
  const obs = new MutationObserver(() => { const b = document.querySelector(css);
    if (!b) { return; } obs.disconnect(); const r = b.getBoundingClientRect();
    b.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window,
      clientX: r.left + r.width / 2, clientY: r.top + r.height / 2}));
    const step = document.querySelector('[data-lesson-step]');
    resolve([b.classList.contains('jk-pressed'), step ? step.dataset.done : null]); });
  obs.observe(document.body, {childList: true, subtree: true}); }); }"""


def _open(chromium_browser, server, lstep: int, size=(1080, 1920)):
    context = chromium_browser.new_context(viewport={"width": size[0], "height": size[1]},
                                           has_touch=True)
    page = context.new_page()
    page.goto(f"{server.url}{LESSON}&lstep={lstep}")
    page.wait_for_selector(f'[data-lesson-step="{lstep}"][data-done="0"]', timeout=30000)
    browser_support.settled(page, 300)
    return context, page


class Finger:
    """A finger held on the screen: a mouse button, or a touch (Chromium's DevTools input,
    which holds a touch down as long as the test wants)."""

    def __init__(self, page, kind: str) -> None:
        self.page, self.kind = page, kind
        self.cdp = page.context.new_cdp_session(page) if kind == "touch" else None

    def down(self, x: float, y: float) -> None:
        if self.cdp is None:
            self.page.mouse.move(x, y)
            self.page.mouse.down()
        else:
            self.cdp.send("Input.dispatchTouchEvent",
                          {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})

    def up(self) -> None:
        if self.cdp is None:
            self.page.mouse.up()
        else:
            self.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


@pytest.mark.parametrize("kind", ["mouse", "touch"])
def test_a_held_tap_shows_the_control_pressed_and_is_taken_when_the_finger_lifts(
        server, chromium_browser, kind):
    context, page = _open(chromium_browser, server, 1)
    try:
        page.wait_for_timeout(READ_MS)
        throw = page.locator(THROW).locator("visible=true").first
        assert throw.evaluate(LOOK_JS) == ["none", "none"]          # at rest
        box = throw.bounding_box()
        assert box is not None
        finger = Finger(page, kind)
        finger.down(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_timeout(250)                                   # held
        transform, filtered = throw.evaluate(LOOK_JS)
        assert transform.startswith("matrix(0.96, 0, 0, 0.96"), transform   # sunk
        assert "brightness(0.85)" in filtered                        # darkened
        assert page.locator('[data-lesson-step="1"][data-done="0"]').count() == 1  # not yet
        browser_support.mark_tap(page)
        finger.up()                                                  # lifted: taken
        page.wait_for_selector('[data-lesson-step="1"][data-done="1"]', timeout=30000)
    finally:
        context.close()


def test_a_tap_while_the_control_is_arming_is_shown_pressed_then_taken_once(
        server, chromium_browser):
    context, page = _open(chromium_browser, server, 2)   # a question, then a throw
    try:
        page.wait_for_timeout(READ_MS)
        page.locator('[class*="st-key-jokoak_lesson_choice_zohn_ahl_1_1_t"] button').first.click()
        page.wait_for_selector('[data-lesson-step="2"][data-done="1"]', timeout=30000)
        browser_support.settled(page, 300)
        page.wait_for_timeout(READ_MS)
        page.evaluate(TAP_ON_ARRIVAL, THROW)                 # step 3's Throw, as it arrives
        page.locator(".st-key-jokoak_lesson_next_zohn_ahl_1 button").first.click()
        pressed, done = page.evaluate("() => window.__jkArrived")
        assert pressed, "the tap on the arming Throw did not show pressed"
        assert done == "0"                                   # held back while arming ...
        page.wait_for_selector('[data-lesson-step="3"][data-done="1"]', timeout=30000)  # ... taken
        browser_support.settled(page, 300)
        assert page.locator('[data-lesson-step="4"]').count() == 0
        assert page.locator(THROW).count() == 0              # one throw, the step's
    finally:
        context.close()
