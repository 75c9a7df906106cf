"""Browser and server benchmarks of the booklet, each against a bare Streamlit app measured in
the same run (bench/bare_app.py). Prints a table; never asserts.

    python bench/web_bench.py steps [N] # the step-through's Next, Back and a jump, N each
                                        # (15), from the tap to the page settled
    python bench/web_bench.py phases [N]  # where a Next's time goes: the server's first and
                                        # last message, React's last change, the element's draw
    python bench/web_bench.py load      # page load until the first chart is visible
    python bench/web_bench.py sliders [N]  # odds sliders and rule changes until settled
                                        # (from the input event to the last redraw)
    python bench/web_bench.py memory    # server memory with 30 concurrent sessions
    python bench/web_bench.py growth [N]   # memory growth over N sessions opened and closed
    python bench/web_bench.py all

Needs Debian's Chromium (/usr/bin/chromium) and Playwright for Python.
"""

from __future__ import annotations

import statistics
import sys
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from browser_support import Server, launch_browser  # noqa: E402

SETTLED = ("() => { const a = document.querySelector('[data-testid=stApp]');"
           " return a && a.getAttribute('data-test-script-state') === 'notRunning'; }")
GAMES = ["zaldi_zuria", "peruludo", "zohn_ahl"]


def rss_kib(pid: int) -> int:
    """Resident memory of the server process, from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def settle(page, timeout: float = 60000) -> None:
    page.wait_for_function(SETTLED, timeout=timeout)


#: The bare app's one button.
PRIMARY = '[data-testid="stBaseButton-primary"]'
#: The step-through's "Next" (in its one controls element, ui/step_controls.py).
NEXT_STEP = '.jk-steps button[data-fid="next"]'


def clicks(page, url: str, until_changed: str, n: int, button: str = PRIMARY) -> list[float]:
    """Seconds from each click on ``button`` until the rerun has finished."""
    page.goto(url)
    page.wait_for_selector(button, timeout=60000)
    settle(page)
    times = []
    for _ in range(n):
        before = page.evaluate(until_changed)
        start = time.perf_counter()
        page.locator(button).first.click()
        page.wait_for_function(f"(b) => ({until_changed})() !== b", arg=before, timeout=60000)
        settle(page)
        times.append(time.perf_counter() - start)
    return times


@contextmanager
def bare_and_booklet(pw):
    """A browser, the bare app's server and the booklet's, stopped whatever happens."""
    browser = launch_browser(pw)
    bare, booklet = Server(str(ROOT / "bench" / "bare_app.py")), Server()
    try:
        bare.wait()
        booklet.wait()
        yield browser, bare, booklet
    finally:
        bare.stop()
        booklet.stop()
        browser.close()


def step_control(name: str) -> str:
    """The step-through's control ``name`` (first, back, next, last) in its controls element."""
    return f'.jk-steps button[data-act="go"][data-fid="{name}"]'


def step_taps(url: str, control: str, prepare=None, fresh=None):
    """A tap on the step-through's ``control``, as soon as it takes taps: a control that leads
    elsewhere after a step takes taps 0.6 s after it is drawn (ui/step_controls.py, the second
    tap of a double tap lands on nothing), so this waits that long before it taps, and the
    wait is no time a finger spends on a rerun (a reader reads the step first).

    Before each tap, untimed (``ready(watched)``): ``prepare(page)`` (True when it found the
    control); where the control is spent (Next at the watched game's end, Back at its start,
    no moment of any kind left to jump to) the page opens ``url`` afresh, then ``fresh(page)``
    (Back: End first), so N taps work whatever the length of the game the booklet dealt."""
    def ready(watched: Watched) -> None:
        page = watched.page
        for _ in range(2):
            found = prepare(page) if prepare is not None else True
            button = page.locator(control)
            if found and button.count() and button.first.is_enabled():
                return
            watched.reopen(url, NEXT_STEP)
            if fresh is not None:
                fresh(page)
        raise RuntimeError(f"{control} takes no tap on a fresh page either")

    def action(page, i):
        page.wait_for_timeout(650)
        page.locator(control).first.click()
    return url, action, ready


def to_the_end(page) -> None:
    """Tap End and wait until Back takes taps (untimed: a place to step back from)."""
    page.wait_for_timeout(650)
    page.locator(step_control("last")).first.click()
    page.wait_for_function("(s) => { const b = document.querySelector(s); return b && !b.disabled; }",
                           arg=step_control("back"), timeout=60000)
    settle(page, 60000)


#: The "later" button of "Jump to…" (the next step with an event of the kind looked for).
JUMP_ON = ".jk-steps button.jk-jump-on"


def open_jumps(page) -> bool:
    """Open "Jump to…" if it is closed (its rows are drawn only while it is open; opening it
    and choosing a kind are the browser's alone), and if the kind of moment it looks for has
    none later, choose the next kind that has; False if no kind has one."""
    jump = page.locator(JUMP_ON)
    chips = page.locator(".jk-steps .jk-chip")
    if not chips.count():
        page.locator(".jk-steps .jk-toggle").first.click()
        chips.first.wait_for(timeout=60000)
    for i in range(chips.count()):
        if jump.count():
            return True
        chips.nth(i).click()
    return jump.count() > 0


def bench_steps(pw, n: int = 15) -> list[tuple[str, float, float]]:
    """Next, Back and a jump in each game's step-through against the bare app's button, each
    timed in the page from the visitor's pointerdown to the page's last change after the
    rerun it started (:func:`keyed`). Not Playwright's whole ``click()``: that includes its
    wait for the new step's controls to take taps (0.6 s after they are drawn, plus
    Playwright's own back-off between its checks), about 0.9 s that no finger spends, which
    would read as a page busy for a second after each step."""
    rows = []
    with bare_and_booklet(pw) as (browser, bare, booklet):
        cases = [("bare app: one button", bare_clicks(bare.url) + (None,))]
        for game in GAMES:
            url = f"{booklet.url}/{game}?lang=en&view=step&scenario=__watch__"
            cases += [(f"{game}: next step", step_taps(url, step_control("next"))),
                      (f"{game}: back", step_taps(f"{url}&step={n + 5}",
                                                  step_control("back"), fresh=to_the_end)),
                      (f"{game}: jump to the next of a kind",
                       step_taps(url, JUMP_ON, open_jumps))]
        base = None
        for label, (url, action, prepare) in cases:
            watched = Watched(browser, url, ready=PRIMARY if base is None else NEXT_STEP)
            messages: list[int] = []
            try:
                seen, _wall = keyed(watched, action, n, prepare, messages)
            finally:
                watched.close()
            t = statistics.median(seen)
            base = base or t
            rows.append((f"{label} ({statistics.median(messages):.0f} msgs)", t, t / base))
    return rows


#: In the page: each server message's time, and each DOM change's time and whether it was
#: inside the step-through's element (its own script's drawing) or elsewhere (React's).
PHASES = """(() => {
  const w = window.__jkPhases = {input: null, msgs: [], muts: []};
  const Socket = window.WebSocket;
  window.WebSocket = function (...args) { const ws = new Socket(...args);
    ws.addEventListener('message', () => { w.msgs.push(performance.now()); }); return ws; };
  window.WebSocket.prototype = Socket.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  addEventListener('pointerdown', () => { if (w.input === null) { w.input = performance.now(); } }, true);
  const observe = () => new MutationObserver((ms) => { const t = performance.now();
    for (const m of ms) { const e = m.target.nodeType === 1 ? m.target : m.target.parentElement;
      w.muts.push([t, !!(e && e.closest('.jk-steps'))]); } }).observe(document.documentElement,
    {subtree: true, childList: true, attributes: true, characterData: true});
  if (document.documentElement) { observe(); } else { addEventListener('DOMContentLoaded', observe); }
})();"""


def bench_phases(pw, n: int = 9) -> list[tuple[str, float, float]]:
    """Where a step-through Next's time goes, median ms from the tap (1366x768, step 14 of
    each game's watched game): the server's first and last message, React's last change of
    the page (elements marked stale and not), the element's own drawing (its script runs in
    an effect after the browser paints)."""
    rows = []
    browser = launch_browser(pw)
    booklet = Server()
    try:
        booklet.wait()
        for game in GAMES:
            page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
            page.add_init_script(PHASES)
            page.goto(f"{booklet.url}/{game}?lang=en&view=step&scenario=__watch__&step=14")
            page.wait_for_selector(NEXT_STEP, timeout=120000)
            settle(page, 120000)
            found: list[tuple[float, float, float, float]] = []
            for _ in range(n):
                page.wait_for_timeout(800)      # read the step; the controls take taps again
                page.evaluate("() => { const w = window.__jkPhases; w.input = null;"
                              " w.msgs = []; w.muts = []; }")
                page.locator(NEXT_STEP).first.click()
                page.wait_for_timeout(700)
                w = page.evaluate("() => window.__jkPhases")
                t0 = w["input"]
                react = [t - t0 for t, mine in w["muts"] if not mine] or [0.0]
                own = [t - t0 for t, mine in w["muts"] if mine] or [0.0]
                found.append((w["msgs"][0] - t0, w["msgs"][-1] - t0, max(react), max(own)))
            page.context.close()
            for i, what in enumerate(("server's first message", "server's last message",
                                      "React's last change", "the element drawn")):
                ms = statistics.median(f[i] for f in found)
                rows.append((f"{game}: {what} (ms)", ms, ms / statistics.median(f[3] for f in found)))
    finally:
        booklet.stop()
        browser.close()
    return rows


def first_chart(page, url: str) -> float:
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_selector('[data-testid="stVegaLiteChart"] canvas, '
                           '[data-testid="stVegaLiteChart"] svg', timeout=120000)
    return time.perf_counter() - start


def bench_load(pw, n: int = 5) -> list[tuple[str, float, float]]:
    rows = []
    with bare_and_booklet(pw) as (browser, bare, booklet):
        warm = browser.new_page()
        for game in GAMES:
            first_chart(warm, f"{booklet.url}/{game}?lang=en&view=odds")  # caches warm
        base = statistics.median(first_chart(browser.new_context().new_page(), bare.url)
                                 for _ in range(n))
        rows.append(("bare app: first chart", base, 1.0))
        for game in GAMES:
            t = statistics.median(
                first_chart(browser.new_context().new_page(), f"{booklet.url}/{game}?lang=en&view=odds")
                for _ in range(n))
            rows.append((f"{game}: odds page, first chart", t, t / base))
    return rows


#: In the page, from before its first script: when the visitor's input arrived (the first
#: pointerdown or keydown after a reset), how many messages the server's WebSocket has
#: delivered, and when the page last changed (the app's DOM: Streamlit's elements, Vega's SVG)
#: or last got a message.
WATCH = """(() => {
  const w = window.__jkBench = {input: null, msgs: 0, last: 0};
  const Socket = window.WebSocket;
  window.WebSocket = function (...args) {
    const ws = new Socket(...args);
    ws.addEventListener('message', () => { w.msgs += 1; w.last = performance.now(); });
    return ws;
  };
  window.WebSocket.prototype = Socket.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  for (const kind of ['pointerdown', 'keydown']) {
    addEventListener(kind, () => { if (w.input === null) { w.input = performance.now(); } }, true);
  }
  const observe = () => new MutationObserver(() => { w.last = performance.now(); }).observe(
      document.documentElement, {subtree: true, childList: true, attributes: true,
                                 characterData: true});
  if (document.documentElement) { observe(); } else { addEventListener('DOMContentLoaded', observe); }
})();"""
RESET = "() => { window.__jkBench.input = null; }"
#: The page has been handed every message up to the run's end, Streamlit says its script is
#: not running, and nothing has changed for QUIET_MS (Vega's redraw comes after the run).
QUIET_MS = 300
SETTLED_AFTER = ("(n) => { const w = window.__jkBench, a = document.querySelector("
                 "'[data-testid=stApp]'); return w.msgs >= n && a.getAttribute("
                 "'data-test-script-state') === 'notRunning' && performance.now() - w.last > "
                 f"{QUIET_MS}; }}")
SPENT = "() => { const w = window.__jkBench; return [w.input, Math.max(w.last, w.input)]; }"


class Watched:
    """A page whose server messages are counted twice: here, by kind (Playwright sees each
    WebSocket frame and Streamlit's protobuf says what it is), and in the page, in order. The
    frame that ends the rerun an input started (``script_finished``) is known here; the page has
    it once its own count reaches that frame's. Streamlit's ``data-test-script-state`` alone
    cannot tell: a short rerun's start and end may reach React together and never show as
    "running"."""

    def __init__(self, browser, url: str,
                 ready: str = '[data-testid="stVegaLiteChart"]') -> None:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
        self.kinds: list[str] = []

        def frame(payload) -> None:
            msg = ForwardMsg()
            if isinstance(payload, (bytes, bytearray)):
                msg.ParseFromString(bytes(payload))
            self.kinds.append(msg.WhichOneof("type") or "")

        self.page = browser.new_context().new_page()
        self.page.add_init_script(WATCH)
        self.page.on("websocket", lambda ws: ws.on("framereceived", frame))
        self.page.goto(url)
        self.page.wait_for_selector(ready, timeout=120000)
        settle(self.page, 120000)
        self.page.wait_for_timeout(QUIET_MS)

    def reopen(self, url: str, ready: str) -> None:
        """Open ``url`` afresh in the same page: the page's count of messages starts again,
        and so does this one."""
        self.page.wait_for_timeout(QUIET_MS)    # Playwright has handed over every frame
        self.kinds.clear()
        self.page.goto(url)
        self.page.wait_for_selector(ready, timeout=120000)
        settle(self.page, 120000)
        self.page.wait_for_timeout(QUIET_MS)

    def run_end_after(self, count: int, timeout: float = 120) -> int:
        """The number of frames up to the first ``script_finished`` after the first ``count``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if "script_finished" in self.kinds[count:]:
                return self.kinds.index("script_finished", count) + 1
            self.page.wait_for_timeout(10)   # Playwright hands over frames while it waits
        raise TimeoutError("no rerun finished after the action")

    def close(self) -> None:
        self.page.context.close()


def keyed(watched: Watched, action, n: int, prepare=None,
          messages: list[int] | None = None) -> tuple[list[float], list[float]]:
    """Per ``action(page, i)`` (after ``prepare(watched)``, untimed): seconds from the visitor's input (its pointerdown or keydown, as
    the page saw it) until the page last changed after the rerun that input started, and the
    wall time of the same until this script saw it settled (Playwright's own work included).

    Both ends are what a visitor sees: a slider's own label moves at once, in the browser, so
    "the page's text changed" is no sign that the rerun was done (the earlier form of this
    bench stopped there for a slider, and waited for the rerun only for a ruleset); and the
    time Playwright spends before it acts (finding the button, waiting for it to be still and
    scrolling it into view for ``click()``, focusing the slider) is no time a finger spends.
    """
    page = watched.page
    seen, wall = [], []
    for i in range(n):
        if prepare is not None:
            prepare(watched)
        count = len(watched.kinds)
        page.evaluate(RESET)
        start = time.perf_counter()
        action(page, i)
        end = watched.run_end_after(count)
        if messages is not None:
            messages.append(end - count)    # the server's messages for this input
        page.wait_for_function(SETTLED_AFTER, arg=end, timeout=120000, polling=50)
        wall.append(time.perf_counter() - start - QUIET_MS / 1000)
        began, ended = page.evaluate(SPENT)
        if began is None:
            raise RuntimeError("the action reached the page as no pointer or key input")
        seen.append((ended - began) / 1000)
    return seen, wall


def slider_notches(url: str, label: str):
    """One notch of the slider labelled ``label`` (an English msgid) per step, to the right
    and back, by keyboard."""
    def action(page, i):
        thumb = (page.locator('[data-testid="stSlider"]', has_text=label)
                 .locator('input[type="range"]').first)
        thumb.focus()
        thumb.press("ArrowRight" if (i // 3) % 2 == 0 else "ArrowLeft")
    return url, action


def ruleset_changes(url: str):
    """A touch on another ruleset of the page's segmented control, in turn."""
    from jokoak.games.zohn_ahl.engine import GAME
    names = [r.title for r in GAME.rulesets[1:] + GAME.rulesets[:1]]   # English msgids

    def action(page, i):
        page.locator('[data-testid="stButtonGroup"] button',
                     has_text=names[i % len(names)]).first.click()
    return url, action


def bare_clicks(url: str):
    """The bare app's one button: what a click costs where the script costs nothing."""
    def action(page, i):
        page.locator('[data-testid="stBaseButton-primary"]').first.click()
    return url, action


def bench_sliders(pw, n: int = 9) -> tuple[list[tuple[str, float, float]], list[tuple[str, float, float]]]:
    """Zohn ahl's stick slider and rules against zaldi zuria's bank slider, same run, and the
    bare app's button by the same measure; then the same as this script's wall time."""
    rows = []
    with bare_and_booklet(pw) as (browser, bare, booklet):
        cases = [("zaldi zuria: bank slider notch", slider_notches(
                      f"{booklet.url}/zaldi_zuria?lang=en&view=odds", "Chips in the bank")),
                 ("zohn ahl: stick slider notch", slider_notches(
                      f"{booklet.url}/zohn_ahl?lang=en&view=odds",
                      "Chance that a stick lands marked side up")),
                 ("zohn ahl: ruleset change", ruleset_changes(
                      f"{booklet.url}/zohn_ahl?lang=en&view=odds")),
                 ("bare app: one button", bare_clicks(bare.url))]
        base = None
        walls = []
        for label, (url, action) in cases:
            watched = Watched(browser, url)
            try:
                seen, wall = keyed(watched, action, n)
            finally:
                watched.close()
            t = statistics.median(seen)
            base = base or t
            rows.append((label, t, t / base))
            walls.append((label, statistics.median(wall)))
    return rows, [(label, t, t / walls[0][1]) for label, t in walls]


def open_sessions(browser, url: str, count: int) -> list:
    contexts = []
    for _ in range(count):
        ctx = browser.new_context()
        page = ctx.new_page()
        page.goto(url)
        settle(page)
        contexts.append(ctx)
    return contexts


def bench_memory(pw, sessions: int = 30) -> list[tuple[str, float, float]]:
    browser = launch_browser(pw)
    rows = []
    results = {}
    for name, server, path in (("bare app", Server(str(ROOT / "bench" / "bare_app.py")), "/"),
                               ("booklet", Server(), "/zaldi_zuria?lang=eu&view=step")):
        try:
            server.wait()
            contexts = open_sessions(browser, server.url + path, sessions)
            time.sleep(2)
            results[name] = rss_kib(server.proc.pid) / 1024
            for ctx in contexts:
                ctx.close()
        finally:
            server.stop()
    browser.close()
    rows.append((f"bare app, {sessions} sessions (MiB RSS)", results["bare app"], 1.0))
    rows.append((f"booklet, {sessions} sessions (MiB RSS)", results["booklet"],
                 results["booklet"] / results["bare app"]))
    return rows


def bench_growth(pw, total: int = 1000, batch: int = 10) -> list[tuple[str, float, float]]:
    """Open and close ``total`` sessions over every page; RSS after the first batch vs end."""
    browser = launch_browser(pw)
    server = Server()
    paths = ["/?lang=eu", "/zaldi_zuria?lang=es&view=step", "/peruludo?lang=fr&view=odds",
             "/zohn_ahl?lang=en&view=play", "/translators?lang=eu", "/sources?lang=fr"]
    try:
        server.wait()
        opened = 0
        first = None
        while opened < total:
            contexts = []
            for i in range(batch):
                ctx = browser.new_context()
                page = ctx.new_page()
                page.goto(server.url + paths[(opened + i) % len(paths)])
                contexts.append((ctx, page))
            for ctx, page in contexts:
                settle(page)
                ctx.close()
            opened += batch
            if opened % 100 == 0:
                print(f"  {opened} sessions, RSS {rss_kib(server.proc.pid) / 1024:.1f} MiB",
                      file=sys.stderr, flush=True)
            if first is None and opened >= 5 * batch:
                time.sleep(3)
                first = rss_kib(server.proc.pid) / 1024
        time.sleep(5)
        last = rss_kib(server.proc.pid) / 1024
    finally:
        server.stop()
        browser.close()
    return [(f"RSS after {5 * batch} sessions (MiB)", first, 1.0),
            (f"RSS after {total} sessions (MiB)", last, last / first),
            ("growth (MiB)", last - first, 0.0)]


def show(title: str, rows) -> None:
    print(f"\n{title}")
    for label, value, ratio in rows:
        print(f"  {label:<55} {value:9.3f}   x{ratio:5.2f}")


def main(argv: list[str]) -> None:
    from playwright.sync_api import sync_playwright
    what = argv[0] if argv else "all"
    with sync_playwright() as pw:
        if what in ("steps", "all"):
            clicks_each = int(argv[1]) if what == "steps" and len(argv) > 1 else 15
            show(f"The step-through's controls, from the visitor's tap until the page has "
                 f"settled after its rerun (median of {clicks_each}, seconds, ratio to the "
                 "bare app's button)", bench_steps(pw, clicks_each))
        if what == "phases":
            show("Where a step-through Next's time goes (median ms from the tap; ratio to the "
                 "element's drawing)", bench_phases(pw, int(argv[1]) if len(argv) > 1 else 9))
        if what in ("load", "all"):
            show("Page load until the first chart is visible (median seconds)", bench_load(pw))
        if what in ("sliders", "all"):
            notches = int(argv[1]) if what == "sliders" and len(argv) > 1 else 9
            seen, wall = bench_sliders(pw, notches)
            show(f"Odds controls, from the visitor's input until the page has settled after "
                 f"its rerun (median of {notches}, seconds, ratio to zaldi zuria's bank "
                 "slider)", seen)
            show("The same as this script's wall time, Playwright's work before it acts "
                 "included (median seconds, ratio)", wall)
        if what in ("memory", "all"):
            show("Server memory with 30 concurrent sessions", bench_memory(pw))
        if what in ("growth", "all"):
            total = int(argv[1]) if len(argv) > 1 else 1000
            show(f"Memory over {total} sessions opened and closed", bench_growth(pw, total))


if __name__ == "__main__":
    main(sys.argv[1:])
