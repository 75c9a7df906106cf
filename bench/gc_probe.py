"""Python's full collections in the server while a visitor steps through a game, with and
without ui/heap.py's freeze, each on a server of its own (bench/gc_app.py).

    python bench/gc_probe.py [N] [GAME]   # N taps of "Next" (30), peruludo's watched game

Each server is warmed (the page loaded, 3 s for the heap thread), then N taps of the
step-through's "Next", 0.7 s apart; prints the full collections (generation 2) that came
during the taps: how many, their median and longest pause, and how many objects a full
collection scans (the tracked ones outside the frozen generation). Never asserts.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from browser_support import Server, launch_browser  # noqa: E402
from web_bench import NEXT_STEP, settle, step_control  # noqa: E402


def pauses(n: int, game: str, freeze: bool, browser) -> list[tuple[float, int]]:
    """(milliseconds, objects left to scan) of each full collection during ``n`` taps."""
    log = Path(tempfile.mkstemp(prefix="jokoak-gc-", suffix=".log")[1])
    server = Server(str(ROOT / "bench" / "gc_app.py"),
                    env={"JOKOAK_GC_LOG": str(log), "JOKOAK_GC_NO_FREEZE": "0" if freeze else "1"})
    try:
        server.wait()
        page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
        page.goto(f"{server.url}/{game}?lang=en&view=step&scenario=__watch__")
        page.wait_for_selector(NEXT_STEP, timeout=120000)
        settle(page, 120000)
        page.wait_for_timeout(3000)             # the heap thread, where it runs
        since = time.time()
        for _ in range(n):
            page.wait_for_timeout(700)
            next_step = page.locator(NEXT_STEP).first
            if next_step.is_disabled():         # the end of the dealt game: from the start
                page.locator(step_control("first")).first.click()
                page.wait_for_timeout(700)
            next_step.click()
        page.wait_for_timeout(700)
        page.context.close()
    finally:
        server.stop()
    rows = [json.loads(line) for line in log.read_text().splitlines() if line]
    log.unlink()
    return [(ms, objects) for start, ms, objects in rows if start >= since]


def main(argv: list[str]) -> None:
    from playwright.sync_api import sync_playwright
    n = int(argv[0]) if argv else 30
    game = argv[1] if len(argv) > 1 else "peruludo"
    with sync_playwright() as pw:
        browser = launch_browser(pw)
        try:
            print(f"Full collections during {n} taps of Next ({game}'s watched game)")
            for freeze in (False, True):
                found = pauses(n, game, freeze, browser)
                what = "heap frozen (ui/heap.py)" if freeze else "no freeze"
                if found:
                    ms = [m for m, _ in found]
                    print(f"  {what:28} {len(found):3d} collections, median "
                          f"{statistics.median(ms):6.1f} ms, longest {max(ms):6.1f} ms, "
                          f"{max(o for _, o in found):,} objects scanned")
                else:
                    print(f"  {what:28}   0 collections")
        finally:
            browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
