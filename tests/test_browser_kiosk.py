"""Kiosk idle reset in a real browser: countdown, continue, then back to the attract screen.

The booklet's own settings (jokoak.toml: 120 s idle, a 30 s countdown, Basque after a reset)
on the session's shared server; Playwright's clock moves the page's time on, so nobody waits
for the idle timer.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlsplit

import pytest

from browser_support import Server, wait_for_app
from games_support import GAMES
from jokoak.service.settings import load_settings

pytestmark = pytest.mark.browser


@pytest.fixture
def kiosk_page(chromium_browser):
    context = chromium_browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.clock.install()
    yield page
    context.close()


def start_visit(page, server, language: str, code: str):
    """A kiosk visitor: the attract screen, then a touch on ``language``."""
    page.goto(f"{server.url}/?kiosk=1&lang=eu")
    wait_for_app(page)
    page.get_by_role("button", name=language).click()
    page.wait_for_function(f"() => document.documentElement.lang === '{code}'", timeout=15000)
    wait_for_app(page)
    return page


def test_idle_countdown_offers_continue_then_resets_to_the_attract_screen(server, kiosk_page):
    kiosk = load_settings().kiosk
    page = start_visit(kiosk_page, server, "Français", "fr")
    dialog = page.locator("#jk-idle")
    # the page's clock also runs on by itself: margins of 15 s cover a slow machine
    page.clock.run_for((kiosk.idle_seconds - 15) * 1000)
    page.wait_for_timeout(300)
    assert dialog.count() == 0                  # not idle yet
    page.clock.run_for(16000)
    dialog.wait_for(timeout=15000)
    count = int(page.locator("#jk-idle .jk-count").inner_text())
    assert kiosk.countdown_seconds - 15 <= count <= kiosk.countdown_seconds
    # the dialog covers the whole screen, the navigation bar included: no page can be
    # changed behind it while the countdown runs
    assert page.evaluate("() => document.elementFromPoint(60, 30).closest('#jk-idle') "
                         "!== null")
    sentence = page.locator("#jk-idle p").inner_text()   # one translated sentence
    assert re.fullmatch(r"Le livret va recommencer pour le prochain visiteur dans \d+ "
                        r"secondes\.", sentence), sentence
    box = page.locator("#jk-idle-continue").bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    page.locator("#jk-idle-continue").click()
    assert dialog.count() == 0
    page.clock.run_for((kiosk.idle_seconds + 1) * 1000)
    dialog.wait_for(timeout=15000)              # idle again
    page.clock.run_for((kiosk.countdown_seconds + 1) * 1000)
    page.wait_for_url(f"**kiosk=1&lang={kiosk.language}**", timeout=40000)
    wait_for_app(page)
    page.get_by_role("button", name="Euskara").wait_for(timeout=15000)
    page.wait_for_function(f"() => document.documentElement.lang === '{kiosk.language}'",
                           timeout=15000)


def test_kiosk_keeps_the_page_navigation_on_screen_with_large_targets(server, kiosk_page):
    """The kiosk chrome hides Streamlit's menu, never the booklet's own navigation."""
    page = start_visit(kiosk_page, server, "Español", "es")
    links = page.locator('a[data-testid="stTopNavLink"]')
    links.first.wait_for(timeout=15000)
    # Home, each game and Sources; no Translators page (and no operator page) on a kiosk
    assert links.count() == len(GAMES) + 2
    assert "/translators" not in " ".join(links.evaluate_all("ls => ls.map(l => l.href)"))
    for i in range(links.count()):
        box = links.nth(i).bounding_box()
        assert box is not None and box["height"] >= 44, i
    links.filter(has_text="peruludo").first.click()
    page.wait_for_url("**/peruludo**", timeout=15000)
    assert "lang=es" in page.url


def show_idle_overlay(page):
    page.clock.run_for((load_settings().kiosk.idle_seconds + 1) * 1000)
    page.locator("#jk-idle").wait_for(timeout=15000)


def test_a_tap_anywhere_on_the_idle_overlay_continues(server, kiosk_page):
    page = start_visit(kiosk_page, server, "Español", "es")
    show_idle_overlay(page)
    page.mouse.click(15, 450)          # the dark background, far from the dialog's box
    page.locator("#jk-idle").wait_for(state="detached", timeout=5000)
    assert "kiosk=1" in page.url and page.evaluate("() => document.documentElement.lang") == "es"


@pytest.mark.xfail(strict=False, reason="2026-12-07: the language switch is no longer where this "
                   "test taps after the idle wait (at 1280x900 the point lies outside the page once "
                   "the overlay shows); the overlay's own swallowing of a second tap is unchanged. "
                   "Open: find what moves the page during the idle wait.")
def test_a_fast_double_tap_on_the_overlay_never_reaches_the_page_beneath(server, kiosk_page):
    page = start_visit(kiosk_page, server, "Español", "es")
    english = page.locator("button").filter(has_text=re.compile("^English$")).first \
        .bounding_box()                # the language switch
    show_idle_overlay(page)
    x, y = english["x"] + english["width"] / 2, english["y"] + english["height"] / 2
    page.mouse.click(x, y)             # a child's double tap, on the language beneath:
    page.clock.run_for(150)            # the second tap 150 ms after the first
    page.mouse.click(x, y)
    page.clock.run_for(1000)
    page.locator("#jk-idle").wait_for(state="detached", timeout=5000)
    wait_for_app(page)
    assert page.evaluate("() => document.documentElement.lang") == "es"


@pytest.fixture(scope="module")
def public_kiosk(tmp_path_factory):
    """A server whose settings give the booklet a public address (for the phone code)."""
    conf = tmp_path_factory.mktemp("kiosk") / "jokoak.toml"
    conf.write_text('[kiosk]\npublic_url = "https://jokoak.example.org/museum/"\n',
                    encoding="utf-8")
    srv = Server(env={"JOKOAK_SETTINGS": str(conf)})
    try:
        srv.wait()
        yield srv
    finally:
        srv.stop()


def test_the_phone_code_carries_the_visitors_place_without_the_kiosk(public_kiosk, kiosk_page):
    page = start_visit(kiosk_page, public_kiosk, "Français", "fr")
    page.locator('a[data-testid="stTopNavLink"]').filter(has_text="peruludo").first.click()
    page.wait_for_url("**/peruludo**", timeout=15000)
    wait_for_app(page)
    page.get_by_role("button", name="Continuer sur votre téléphone").click()
    code = page.locator(".jk-phone svg")
    code.wait_for(timeout=10000)
    box = code.bounding_box()
    assert box["width"] >= 200 and box["height"] >= 200      # a camera reads it from afar
    target = urlsplit(page.locator(".jk-phone").get_attribute("data-url"))
    here = urlsplit(page.url)
    assert target.scheme == "https" and target.netloc == "jokoak.example.org"
    assert target.path == "/museum/peruludo"
    assert dict(parse_qsl(target.query)) == {k: v for k, v in parse_qsl(here.query)
                                             if k != "kiosk"}
    assert dict(parse_qsl(target.query))["lang"] == "fr"
    assert code.get_attribute("aria-label") == "Code QR de l’adresse de cette page"


def test_a_kiosk_has_no_file_uploader_even_at_the_translators_address(server, kiosk_page):
    page = kiosk_page
    for query in ("kiosk=1&lang=en", "kiosk=1&lang=en&view=read"):   # fresh, mid-visit
        page.goto(f"{server.url}/translators?{query}")
        wait_for_app(page)
        assert page.locator('[data-testid="stFileUploader"], input[type="file"]').count() == 0
        assert page.get_by_role("heading", name="Translators").count() == 0


def test_a_kiosks_charts_have_no_menu(server, kiosk_page):
    page = kiosk_page
    page.goto(f"{server.url}/zaldi_zuria?kiosk=1&lang=en&view=odds")
    wait_for_app(page)
    chart = page.locator('[data-testid="stVegaLiteChart"]').first
    chart.wait_for(timeout=30000)
    chart.hover()
    page.wait_for_timeout(500)
    assert page.locator('[data-testid="stElementToolbar"]:visible').count() == 0
    assert page.get_by_text("Copy Vega-Lite spec").count() == 0
    assert page.locator(".vega-embed details, .vega-actions").count() == 0   # vega-embed's own


# ---- the attract screen moves; a game's picture opens its first lesson (issue 25) ---------
def attract(page_at, size, **options):
    page = page_at("/?kiosk=1&lang=eu", viewport=size, has_touch=True, **options)
    page.locator('[class*="st-key-jokoak_attract_game_peruludo"] svg').wait_for(timeout=15000)
    return page


def animations(page) -> list[str]:
    return page.evaluate("() => [...document.querySelectorAll('.jk-attract .jk-anim')]"
                         ".map(e => getComputedStyle(e).animationName)")


def test_the_attract_screens_pictures_move(page_at):
    names = set(animations(attract(page_at, (1920, 1080))))
    assert {"jk-roll", "jk-lift", "jk-fall"} <= names


def test_the_attract_screen_is_still_under_reduced_motion(page_at):
    page = attract(page_at, (1080, 1920), reduced_motion="reduce")
    assert animations(page) and set(animations(page)) == {"none"}
    assert page.evaluate("() => getComputedStyle(document.querySelector('.jk-pulse'))"
                         ".animationName") == "none"


@pytest.mark.parametrize("size", [(1920, 1080), (390, 844)])
def test_tapping_a_games_picture_twice_opens_its_first_lesson(page_at, size):
    page = attract(page_at, size)
    picture = page.locator('[class*="st-key-jokoak_attract_game_peruludo"] svg')
    picture.scroll_into_view_if_needed()
    box = picture.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    # the picture itself takes the tap: it is the card's button that lies there
    assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest("
                         "'[class*=st-key-jokoak_learn_peruludo] button') !== null", [x, y])
    page.mouse.click(x, y)
    page.wait_for_timeout(150)
    page.mouse.click(x, y)            # a child's second tap
    page.wait_for_url("**/peruludo?**view=learn**", timeout=20000)
    wait_for_app(page)
    query = dict(parse_qsl(urlsplit(page.url).query))
    assert query["lstep"] == "1" and query["lang"] == "eu" and query["lesson"]


def test_the_navigation_shows_each_games_own_drawing(server, kiosk_page):
    page = start_visit(kiosk_page, server, "Español", "es")
    for game in GAMES:
        icon = page.locator(f'a[data-testid="stTopNavLink"][href$="/{game}"] '
                            '[data-testid="stIconMaterial"]')
        style = icon.evaluate("e => [getComputedStyle(e).backgroundImage, getComputedStyle(e).color]")
        assert style[0].startswith('url("data:image/svg+xml') and style[1] == "rgba(0, 0, 0, 0)"
        box = icon.bounding_box()
        assert box["width"] >= 16 and box["height"] >= 16


def test_an_idle_reset_in_the_middle_of_a_lesson_counts_that_step_as_given_up(server,
                                                                            kiosk_page):
    """The reset address names the lesson step left (``&left=``); the new visit counts it
    once in the curators' counts and drops it from its address."""
    import time

    from jokoak.service.counters import Key, SqliteCounters
    from jokoak.service.room_stores import default_sqlite_path
    key = Key("zaldi_zuria", "gave_up", "01_first_throws", 2).name()
    store = SqliteCounters(default_sqlite_path())
    before = store.read().get(key, 0)
    kiosk = load_settings().kiosk
    page = kiosk_page
    page.goto(f"{server.url}/zaldi_zuria?kiosk=1&lang=eu&view=learn&lesson=01_first_throws"
              "&lstep=2")
    page.wait_for_selector('[data-lesson-step="2"]', timeout=30000)
    left = []
    page.on("framenavigated", lambda frame: left.append(frame.url) if "left=" in frame.url
            else None)
    page.clock.run_for((kiosk.idle_seconds + kiosk.countdown_seconds + 2) * 1000)
    # the lesson's own address matches the reset's pattern too: wait for the reset itself
    waited = time.monotonic() + 40
    while not left and time.monotonic() < waited:
        page.wait_for_timeout(100)
    assert left and "left=zaldi_zuria.01_first_throws.2" in left[0]
    page.wait_for_load_state()
    wait_for_app(page)
    deadline = time.monotonic() + 20
    while store.read().get(key, 0) == before and time.monotonic() < deadline:
        time.sleep(0.3)
    assert store.read().get(key, 0) == before + 1
    assert "left=" not in page.url
