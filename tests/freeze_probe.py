"""Does one visitor's upload review slow another visitor's click? Measured in a real browser.

Shared by tests/test_browser_hostile.py (asserts the ratio) and bench/freeze_bench.py (prints
the figures, also against an older tree). Visitor B steps through a watched game; visitor A
uploads a worst-case catalog to the translators' page; B's "Next" is timed before (its normal
time) and while A's review runs.
"""

from __future__ import annotations

import io
import statistics
import time
from dataclasses import dataclass

from babel.messages.pofile import read_po, write_po

SETTLED = ("() => { const a = document.querySelector('[data-testid=stApp]');"
           " return a && a.getAttribute('data-test-script-state') === 'notRunning'; }")
STEP = "() => location.search.match(/step=(\\d+)/)?.[1]"
#: The step-through's "Next": a plain button in the step's one element (ui/step_controls.py).
NEXT = '.jk-steps button[data-fid="next"]'
#: A control whose target changed takes taps only 0.6 s after it is drawn (ui/step_controls.py,
#: ARM_MS: the second tap of a double tap lands on nothing); a click waits this long first.
ARMED_MS = 650
GAME, LANG = "zaldi_zuria", "en"


def catalog_with(entry_text, seed: int = 0, entries: int | None = None) -> bytes:
    """The shipped catalog with its translations (the first ``entries``, or all) replaced by
    ``entry_text(seed)``."""
    from jokoak.review.exports import catalog_po
    catalog = read_po(io.BytesIO(catalog_po(GAME, LANG)))
    replaced = 0
    for msg in catalog:
        if msg.id and msg.context and (entries is None or replaced < entries):
            msg.string = entry_text(seed)
            replaced += 1
    buf = io.BytesIO()
    write_po(buf, catalog, width=100)
    return buf.getvalue()


def at_the_cap(seed: int) -> str:
    """The longest entry the page checks, of the shape that costs the checks the most."""
    from jokoak.review.uploads import MAX_ENTRY_CHARS
    return (f"Word{seed} " * MAX_ENTRY_CHARS)[:MAX_ENTRY_CHARS - 1] + "."


def the_probe(seed: int) -> str:
    """Issue 16's probe: 12,000 words in one entry (a 76 KB file with ``entries=1``)."""
    return " ".join([f"word{seed}"] * 12_000) + "."


@dataclass
class FreezeFigures:
    normal: list[float]       # seconds per "Next" click, nobody uploading
    during: list[float]       # seconds per "Next" click while the upload was being reviewed
    review: float             # seconds from choosing the file until A's page settled
    shown: str                # the text of A's page afterwards

    @property
    def ratio(self) -> float:
        return statistics.median(self.during) / statistics.median(self.normal)


def _settle(page, timeout: float = 300000) -> None:
    page.wait_for_function(SETTLED, timeout=timeout)


def _next(page) -> float:
    """Seconds from a click on "Next" until the next step is on screen and the page settled
    (the wait until "Next" takes taps again is a reader's reading, not counted)."""
    page.wait_for_timeout(ARMED_MS)
    before = page.evaluate(STEP)
    start = time.perf_counter()
    page.locator(NEXT).first.click()
    page.wait_for_function(f"(b) => ({STEP})() !== b", arg=before, timeout=300000)
    _settle(page)
    return time.perf_counter() - start


def measure(browser, url: str, data: bytes, clicks: int = 7) -> FreezeFigures:
    """B's click times without and during A's review of ``data`` (a PO file)."""
    stepper, uploader = browser.new_page(), browser.new_page()
    stepper.goto(f"{url}/{GAME}?lang={LANG}&view=step&scenario=__watch__")
    stepper.wait_for_selector(NEXT, timeout=120000)
    _settle(stepper)
    uploader.goto(f"{url}/translators?lang={LANG}")
    uploader.get_by_role("tab", name="Upload for review").click()
    uploader.wait_for_selector('input[type="file"]', state="attached", timeout=120000)
    _settle(uploader)
    _next(stepper)                                   # warm: the first click builds caches
    normal = [_next(stepper) for _ in range(clicks)]
    start = time.perf_counter()
    uploader.locator('input[type="file"]').set_input_files(
        files=[{"name": f"{GAME}.{LANG}.po", "mimeType": "text/x-gettext-translation",
                "buffer": data}])
    # The review has started once A's script runs; B clicks while it is still running.
    try:
        uploader.wait_for_function("() => document.querySelector('[data-testid=stApp]')"
                                   ".getAttribute('data-test-script-state') === 'running'",
                                   timeout=10000, polling=20)
    except Exception:  # noqa: BLE001 - a refusal can be over before the first poll
        pass
    during = []
    while len(during) < clicks:
        running = uploader.evaluate(f"() => !({SETTLED})()")
        if not running and during:
            break
        during.append(_next(stepper))
    _settle(uploader)
    review = time.perf_counter() - start
    shown = uploader.locator('[data-testid="stMainBlockContainer"]').inner_text()
    stepper.close()
    uploader.close()
    return FreezeFigures(normal, during, review, shown)
