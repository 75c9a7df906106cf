"""A live booklet server and Debian's Chromium for real-browser tests.

The server starts on a free port and is awaited on ``/_stcore/health``, as Streamlit's own
end-to-end suite does. Browser tests skip, with the reason, only where Chromium is missing
and ``CI`` is unset; under CI a missing browser is a failure.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from games_support import GAMES

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path(os.environ.get("JOKOAK_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def require_chromium() -> None:
    if CHROMIUM.exists():
        return
    if os.environ.get("CI"):
        pytest.fail(f"CI is set but Chromium is missing at {CHROMIUM} (apt-get install chromium)")
    pytest.skip(f"Chromium not found at {CHROMIUM} and CI is unset: browser tests skipped")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """One ``streamlit run`` of ``script`` with ``env`` added, on ``port`` (a free one by default).

    Started at once; ``wait()`` until healthy. Use it as a context manager, or through the
    session fixtures of tests/conftest.py (``server``, ``app_server``, ``fresh_server``). With
    ``log``, the server's output goes to that file (a bench's long run: a pipe nobody reads
    would fill up and stall the server); else its errors are kept for the message if it exits.
    The benches use it too (bench/class_bench.py reads its CPU seconds).
    """

    def __init__(self, script: str = "app.py", env: dict[str, str] | None = None,
                 port: int | None = None, log: Path | None = None) -> None:
        self.script = script
        self.env = dict(env or {})
        self.port = port or free_port()   # a port again: the same address after a restart
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        self.start()

    def start(self) -> None:
        output = open(self.log, "ab") if self.log is not None else None
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", self.script, "--server.port",
             str(self.port), "--server.address", "127.0.0.1", "--server.headless", "true",
             "--browser.gatherUsageStats", "false"],
            cwd=ROOT, stdout=output or subprocess.DEVNULL,
            stderr=subprocess.STDOUT if output else subprocess.PIPE,
            env={**os.environ, **self.env})
        if output is not None:
            output.close()      # the server holds its own copy of the file

    def _last_words(self) -> str:
        if self.log is not None:
            return self.log.read_bytes().decode(errors="replace")[-2000:]
        return self.proc.stderr.read().decode()[-2000:]

    def cpu_seconds(self) -> float:
        """The CPU time the server has used so far (user + system, from /proc)."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def wait(self, timeout: float = 60) -> "Server":
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("streamlit exited: " + self._last_words())
            try:
                with urllib.request.urlopen(f"{self.url}/_stcore/health", timeout=2) as resp:
                    if resp.status == 200:
                        return self
            except OSError:
                time.sleep(0.1)
        raise TimeoutError("the booklet did not become healthy in time")

    def stop(self) -> None:
        if self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    def restart(self) -> "Server":
        """Stop, then start again on the same port (its sessions are gone), and wait."""
        self.stop()
        self.start()
        return self.wait()

    def __enter__(self) -> "Server":
        return self.wait()

    def __exit__(self, *exc: object) -> None:
        self.stop()


#: The features Playwright turns off (its chromiumSwitches, Playwright 1.65): a
#: ``--disable-features`` of ours replaces its list (Chromium takes the last one), so the
#: list is repeated in :data:`TEST_CHROMIUM_ARGS`.
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
    "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin", "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled",
    "PreconnectToSearch")
#: The tests' Chromium: also without the address bar's pop-ups drawn as web pages
#: (chrome://omnibox-popup.top-chrome), which a headless window preloads, in a renderer of
#: their own, for every new visitor (browser context): about a third of what a page load
#: cost the page's own renderer, for a bar no test can see.
TEST_CHROMIUM_ARGS = [*CHROMIUM_ARGS, "--disable-features=" + ",".join(
    (*PLAYWRIGHT_DISABLED_FEATURES, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"))]


def launch_browser(playwright, args: list[str] | None = None):
    """Debian's Chromium with :data:`CHROMIUM_ARGS` (the benches), or ``args``."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM),
                                      args=CHROMIUM_ARGS if args is None else args)


def wait_for_app(page, timeout: float = 30000, quiet_ms: int = 300) -> None:
    """Until Streamlit has finished its script run and drawn the page's content, and the
    page has been still for ``quiet_ms`` (:func:`settle`; 0: not waited for).

    ``stApp`` carries the script state; "notRunning" after a run, with elements in the
    main block (before the first run the state is "initial" and the block is a skeleton).
    """
    page.wait_for_selector('[data-testid="stApp"]', timeout=timeout)
    page.wait_for_function(
        "() => { const app = document.querySelector('[data-testid=\"stApp\"]');"
        " return app && app.getAttribute('data-test-script-state') === 'notRunning'"
        " && document.querySelectorAll('[data-testid=\"stMainBlockContainer\"]"
        " [data-testid=\"stElementContainer\"]').length > 0; }",
        timeout=timeout)
    if quiet_ms:
        settle(page, quiet_ms=quiet_ms)   # 300 by default: the fixed wait this used to be


#: The page's DOM changes so far (an observer on the document, from the first call on), and
#: whether a finite animation or transition still runs (a fade-in after a rerun).
_MOTION = """() => {
  if (window.__jkChanges === undefined) {
    window.__jkChanges = 0;
    window.__jkRunsEnded = 0;
    new MutationObserver((m) => {
      window.__jkChanges += m.length;
      for (const r of m)
        if (r.attributeName === 'data-test-script-state' && r.oldValue === 'running')
          window.__jkRunsEnded += 1;
    }).observe(document.documentElement,
      {subtree: true, childList: true, attributes: true, characterData: true,
       attributeOldValue: true});
  }
  const moving = document.getAnimations().some((a) => a.playState === 'running'
      && a.effect && a.effect.getComputedTiming().endTime !== Infinity);
  return [window.__jkChanges, moving];
}"""


#: How often :func:`settle` looks at the page while it waits for stillness.
SETTLE_LOOK_MS = 100


def settle(page, quiet_ms: int = 100, at_most_ms: int = 3000) -> None:
    """Until the page's DOM has not changed for ``quiet_ms`` and no fade or transition runs
    (at most ``at_most_ms``): the tail of a redraw after Streamlit reports its run finished
    (React commits, Vega's layout pass, stale elements fading back in).

    Timed by Playwright's driver, not by the page, so Playwright's clock in the page cannot
    stop it; a page that keeps moving (a countdown) is let go after ``at_most_ms``. The page
    is looked at every :data:`SETTLE_LOOK_MS`, and still means no change between a look and
    one at least ``quiet_ms`` later (the driver's clock, from the end of the first look to
    the start of the second), as when it was looked at once per ``quiet_ms``: a change early
    in that time no longer costs a whole ``quiet_ms`` more of waiting after it.
    """
    deadline = time.monotonic() + max(at_most_ms, quiet_ms) / 1000
    before, _ = page.evaluate(_MOTION)
    still_since = time.monotonic()
    while True:
        left_ms = quiet_ms - (time.monotonic() - still_since) * 1000
        page.wait_for_timeout(min(left_ms, SETTLE_LOOK_MS) if left_ms > 0 else SETTLE_LOOK_MS)
        looked_at = time.monotonic()
        now, moving = page.evaluate(_MOTION)
        if now != before:
            before, still_since = now, time.monotonic()
        elif (looked_at - still_since) * 1000 >= quiet_ms and not moving:
            return
        if time.monotonic() >= deadline:
            return


def settled(page, pause_ms: int = 400, twice: bool = True) -> None:
    """After a tap: the run it started finished, ``pause_ms`` more (a second tap's rerun,
    had one been played, has begun by then) and, with ``twice``, finished and drawn again
    (the page still). Each module keeps the pause its tests were timed with. The page need
    not be still before the pause: the pause is what matters there, and waiting for
    stillness while the others play cost about a second a tap."""
    tapped = page.evaluate("() => window.__jkRunsAtTap")
    if tapped is not None:
        # the run the tap started has ended (not merely: no run is going on, which is also
        # true before the server has taken the tap, on a busy machine)
        page.evaluate("() => { window.__jkRunsAtTap = undefined; }")
        try:
            page.wait_for_function(_RUN_ENDED, arg=tapped, timeout=10000)
        except PlaywrightTimeout:
            pass   # a tap that started no run (a disabled control): the waits below hold
    wait_for_app(page, quiet_ms=0 if twice else 300)
    page.wait_for_timeout(pause_ms)
    if twice:
        wait_for_app(page)


#: A script run has ended since ``window.__jkRunsEnded`` was ``arg``, and none is going on.
_RUN_ENDED = """(before) => {
  const app = document.querySelector('[data-testid="stApp"]');
  return window.__jkRunsEnded > before && app
      && app.getAttribute('data-test-script-state') === 'notRunning';
}"""


def mark_tap(page) -> None:
    """Before a tap: note the runs ended so far, so that :func:`settled` waits for the run
    this tap starts."""
    page.evaluate(_MOTION)          # the observer is in place
    page.evaluate("() => { window.__jkRunsAtTap = window.__jkRunsEnded; }")


def decisions(page) -> int:
    """The visitor's decisions so far, as the table drawing says (``ui.play.board``)."""
    return int(page.locator(".jokoak-board").first.get_attribute("data-decisions"))


def double_tap(page, locator, delay_ms: int) -> bool:
    """Two clicks ``delay_ms`` apart in the middle of ``locator``: the same finger, the same
    place (the caller waits for what follows). False, and no click, if the control has gone
    from the page (the screen moved on between finding it and the tap)."""
    box = locator.bounding_box()
    if box is None:
        return False
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    mark_tap(page)
    page.mouse.click(x, y)
    page.wait_for_timeout(delay_ms)
    page.mouse.click(x, y)
    return True


AXE_CANDIDATES = [ROOT / ".ci" / "node" / "node_modules" / "axe-core" / "axe.min.js",
                  ROOT / "node_modules" / "axe-core" / "axe.min.js"]


def axe_source() -> str:
    """axe-core from the npm registry (installed by .ci/run), or skip/fail as for Chromium."""
    override = os.environ.get("JOKOAK_AXE")
    for path in ([Path(override)] if override else []) + AXE_CANDIDATES:
        if path.exists():
            return path.read_text(encoding="utf-8")
    if os.environ.get("CI"):
        pytest.fail("CI is set but axe-core is missing (npm install --prefix .ci/node axe-core)")
    pytest.skip("axe-core not installed (npm install --prefix .ci/node axe-core): skipped")


PAGES = ["/", *(f"/{game}" for game in GAMES), "/translators", "/sources"]
GAME_VIEWS = ["read", "step", "odds", "play"]


def every_url(lang: str) -> list[str]:
    """Every page, and every view of each game page, in ``lang``."""
    urls = []
    for path in PAGES:
        if path.strip("/") in GAMES:
            urls += [f"{path}?lang={lang}&view={view}" for view in GAME_VIEWS]
        else:
            urls.append(f"{path}?lang={lang}")
    return urls
