"""Does one visitor's upload review freeze the others? Prints the figures; never asserts.

    python bench/freeze_bench.py [cap|probe] [TREE]

``cap``: every entry of the upload at the page's length cap (the worst case it checks);
``probe``: issue 16's probe, one entry of 12,000 words (refused at once since the cap).
TREE (default: this one) is the project tree whose server is measured, e.g. an older
checkout, to compare. Needs Debian's Chromium and Playwright for Python.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import browser_support  # noqa: E402
from browser_support import Server, launch_browser  # noqa: E402
from freeze_probe import at_the_cap, catalog_with, measure, the_probe  # noqa: E402


def main(argv: list[str]) -> None:
    from playwright.sync_api import sync_playwright
    shape = argv[0] if argv else "cap"
    if len(argv) > 1:
        browser_support.ROOT = Path(argv[1]).resolve()
    data = (catalog_with(at_the_cap) if shape == "cap"
            else catalog_with(the_probe, entries=1))
    server = Server()
    try:
        server.wait()
        with sync_playwright() as pw:
            browser = launch_browser(pw)
            figures = measure(browser, server.url, data)
            browser.close()
    finally:
        server.stop()
    print(f"upload: {shape}, {len(data):,} bytes; tree: {browser_support.ROOT}")
    print(f"B's Next, nobody uploading: median {statistics.median(figures.normal):.3f} s "
          f"({', '.join(f'{t:.2f}' for t in figures.normal)})")
    print(f"B's Next during A's review:  median {statistics.median(figures.during):.3f} s "
          f"({', '.join(f'{t:.2f}' for t in figures.during)})")
    print(f"ratio {figures.ratio:.2f}; A's upload until its page settled: {figures.review:.2f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
