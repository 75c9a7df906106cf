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


def play_area_text(page) -> str:
    return page.locator('[data-testid="stMain"]').inner_text()


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
    button = page.get_by_role("button", name="PO").first
    button.wait_for(timeout=15000)
    for _ in range(4):   # round robin alternates: at least two would hit the other replica
        with page.expect_download(timeout=30000) as download:
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


def test_killing_the_replica_serving_a_game_reconnects_through_nginx_to_the_same_page(
        replicas, page):
    page.goto(f"{replicas.url}/zohn_ahl?lang=en&view=play")
    wait_for_app(page)
    page.get_by_role("button", name="Start a new game").click()
    wait_for_app(page)
    for _ in range(3):   # a few throws (the previous run's button may linger, disabled)
        page.locator('button:enabled:has-text("Throw the sticks")').first.click(timeout=30000)
        wait_for_app(page)
    address = page.url
    first = wait_serving(replicas)
    first.proc.kill()
    first.proc.wait(timeout=10)
    second = wait_serving(replicas, timeout=60)
    assert second is not first
    wait_for_app(page, timeout=60000)
    assert page.url == address
    assert page.get_by_role("heading", name="zohn ahl").count() >= 1
    assert page.evaluate("() => document.documentElement.lang") == "en"
    assert "Throw the sticks" in play_area_text(page) or "New game" in play_area_text(page)
