"""Shared test set-up: run from the project folder, so app paths resolve."""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.chdir(ROOT)
# Charts are checked against the Vega-Lite schema by the chart tests alone
# (tests/test_chart_schema.py): validating every chart of every test was slow.
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


# Shared by the real-browser tests (tests/test_browser*.py): one live booklet and one
# Chromium for the whole test session (a server start costs seconds). Both skip, with the
# reason, where Chromium is missing outside CI. Tests that need another server (a fresh one,
# another app) start their own.
import pytest  # noqa: E402


@pytest.fixture(scope="session")
def server():
    from browser_support import Server, require_chromium
    require_chromium()
    srv = Server()
    try:
        srv.wait()
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="session")
def chromium_browser(server):
    from playwright.sync_api import sync_playwright

    from browser_support import launch_browser
    with sync_playwright() as pw:
        browser = launch_browser(pw)
        yield browser
        browser.close()
