"""Shared test set-up: run from the project folder, so app paths resolve."""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.chdir(ROOT)
# Every chart drawn in a test is validated against the Vega-Lite schema (ui.common.show_chart).
os.environ.setdefault("JOKOAK_VALIDATE_CHARTS", "1")
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


# Shared by the real-browser tests (tests/test_browser*.py): one live booklet and one
# Chromium per test module. Both skip, with the reason, where Chromium is missing outside CI.
import pytest  # noqa: E402


@pytest.fixture(scope="module")
def server():
    from browser_support import Server, require_chromium
    require_chromium()
    srv = Server()
    try:
        srv.wait()
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def chromium_browser(server):
    from playwright.sync_api import sync_playwright

    from browser_support import launch_browser
    with sync_playwright() as pw:
        browser = launch_browser(pw)
        yield browser
        browser.close()
