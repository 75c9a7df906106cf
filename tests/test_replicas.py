"""Two replicas behind nginx with plain round robin: no visitor depends on one process.

Each test starts its own two booklet servers and Debian's nginx (deploy/nginx.conf) on free
loopback ports, and drives Chromium through nginx only.
"""

from __future__ import annotations

import re
import time
from urllib.parse import urlsplit

import pytest

from browser_support import require_chromium, wait_for_app
from replicas_support import Replicas

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def replicas():
    require_chromium()
    with Replicas(2) as running:
        yield running


@pytest.fixture
def page(chromium_browser):
    context = chromium_browser.new_context(viewport={"width": 1366, "height": 900},
                                           accept_downloads=True)
    yield context.new_page()
    context.close()


def wait_serving(replicas: Replicas, timeout: float = 30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        serving = replicas.serving()
        if len(serving) == 1:
            return serving[0]
        time.sleep(0.2)
    raise AssertionError(f"expected one replica serving the page, got {replicas.serving()}")


#: Records every change of the app's script state from now on (Streamlit marks it on the app).
STATE_WATCH = """() => { window.__jkStates = [];
  const app = document.querySelector('[data-testid="stApp"]');
  new MutationObserver(() => window.__jkStates.push(app.getAttribute('data-test-script-state')))
    .observe(app, {attributes: true, attributeFilter: ['data-test-script-state']}); }"""


def test_the_booklet_asks_no_replica_for_a_media_file(replicas, page):
    """Pictures, charts, icons and the favicon come inline: any replica can answer."""
    asked: list[str] = []
    # Streamlit's media files live under /media/ (its own bundle's fonts under /static/)
    page.on("request", lambda r: asked.append(r.url)
            if urlsplit(r.url).path.startswith("/media/") else None)
    for path in ("/?lang=fr", "/zohn_ahl?lang=fr&view=read", "/zohn_ahl?lang=fr&view=odds",
                 "/peruludo?lang=fr&view=step", "/zaldi_zuria?lang=fr&view=play",
                 "/sources?lang=fr"):
        page.goto(replicas.url + path)
        wait_for_app(page)
    assert asked == []


def test_a_translators_export_downloads_through_round_robin_every_time(replicas, page):
    """The export's bytes sit in one replica; nginx tries the next replica on a 404."""
    page.goto(f"{replicas.url}/translators?lang=en")
    wait_for_app(page)
    page.get_by_role("tab", name="Export").click()
    button = page.get_by_role("button", name="PO", exact=True)
    button.wait_for(timeout=15000)
    for _ in range(4):   # round robin alternates: at least two would hit the other replica
        with page.expect_download(timeout=90000) as download:   # a busy shared machine
            button.click()
        path = download.value.path()
        assert download.value.failure() is None
        assert b"msgid" in path.read_bytes()


def test_a_game_pages_handout_downloads_through_round_robin(replicas, page):
    page.goto(f"{replicas.url}/peruludo?lang=fr&view=read")
    wait_for_app(page)
    button = page.get_by_role("button", name=re.compile("PDF"))
    button.first.wait_for(timeout=30000)
    for _ in range(3):
        with page.expect_download(timeout=60000) as download:
            button.first.click()
        assert download.value.failure() is None
        assert download.value.path().read_bytes().startswith(b"%PDF")


def test_killing_the_replica_serving_a_game_resumes_it_through_nginx_at_the_same_place(
        replicas, page):
    page.goto(f"{replicas.url}/zohn_ahl?lang=en&view=play")
    wait_for_app(page)
    page.get_by_role("button", name="Start a new game").click()
    wait_for_app(page)
    mine = page.locator('button:enabled:has-text("Throw the sticks")')
    for _ in range(3):   # a few throws (the previous run's button may linger, disabled)
        mine.first.click(timeout=60000)
        wait_for_app(page)
    mine.first.wait_for(timeout=60000)    # the visitor's turn: the computer waits for them
    wait_for_app(page)
    board = page.locator(".jokoak-board")
    moves, drawing, address = board.get_attribute("data-moves"), board.inner_html(), page.url
    assert "game=" in address and int(moves) >= 3
    first = wait_serving(replicas)
    first.proc.kill()
    first.proc.wait(timeout=10)
    # the page still shows the old drawing until a run on the replica it reconnects to has
    # replaced it: wait for that run (the page was idle, waiting for the visitor, before)
    page.evaluate(STATE_WATCH)
    second = wait_serving(replicas, timeout=60)
    assert second is not first
    page.wait_for_function("() => window.__jkStates.length > 0", timeout=60000)
    wait_for_app(page, timeout=60000)
    page.wait_for_function(
        "(m) => document.querySelector('.jokoak-board')?.dataset.moves === m", arg=moves,
        timeout=30000)
    assert urlsplit(page.url).path == urlsplit(address).path == "/zohn_ahl"
    assert "game=" in page.url and "view=play" in page.url
    assert board.inner_html() == drawing
    assert page.evaluate("() => document.documentElement.lang") == "en"
    mine.first.wait_for(timeout=30000)    # and the visitor can go on playing there
