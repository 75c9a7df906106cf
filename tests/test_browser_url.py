"""The visitor's place lives in the URL, in a real Chromium: a reload, a server restart and
three minutes offline each resume the game at the same position; Back and Forward move
between views.

One server for the module, with ``server.disconnectedSessionTTL`` at 2 s: a browser that
goes away loses its session after 2 s instead of 120 s, as it would after three minutes
offline with the default. The board says whether the session resumed its game from the URL
(``data-resumed``), so each test shows that the old session really was gone.
"""

from __future__ import annotations

import time

import pytest

from browser_support import Server, require_chromium, wait_for_app

pytestmark = pytest.mark.browser

ENV = {"JOKOAK_PACE_SCALE": "0.3", "STREAMLIT_SERVER_DISCONNECTED_SESSION_TTL": "2"}
DECIDE = {"zohn_ahl": '[class*="st-key-jokoak_zohn_ahl_play_throw_t"]',
          "peruludo": '[class*="st-key-jokoak_peruludo_play_quick"]',
          "zaldi_zuria": '[class*="st-key-jokoak_zaldi_zuria_play_nobid_t"], '
                         '[class*="st-key-jokoak_zaldi_zuria_play_throw_t"]'}


@pytest.fixture(scope="module")
def site(chromium_browser):
    """``{"server": …}``: the module's server (a test may restart it on the same port)."""
    require_chromium()
    holder = {"server": Server(env=ENV)}
    try:
        holder["server"].wait()
        yield holder, chromium_browser
    finally:
        holder["server"].stop()


def enabled(game: str) -> str:
    return ", ".join(f"{css} button:not([disabled]):visible" for css in DECIDE[game].split(", "))


def at_decision(page, game: str) -> None:
    """Until the others have played and the visitor's control is offered (a still position)."""
    page.wait_for_selector(enabled(game), timeout=60000)
    wait_for_app(page)


def resumed(page, game: str) -> None:
    """Until the page shows a game this session resumed from the URL, at a decision."""
    page.wait_for_selector('.jokoak-board[data-resumed="1"]', timeout=90000)
    at_decision(page, game)


def decide(page, game: str, made: int) -> None:
    """Tap the visitor's control until the board counts ``made`` decisions (a tap on a
    drawing that has just moved on changes nothing, as for a visitor)."""
    for _ in range(5):
        at_decision(page, game)
        page.locator(enabled(game)).first.click()
        try:
            page.wait_for_selector(f'.jokoak-board[data-decisions="{made}"]', timeout=8000)
            return
        except Exception:
            continue
    raise AssertionError(f"decision {made} was never counted")


def board(page) -> tuple[str | None, str | None, str | None]:
    b = page.locator(".jokoak-board").first
    return (b.get_attribute("data-moves"), b.get_attribute("data-decisions"),
            b.get_attribute("data-resumed"))


def game_under_way(page, url: str, game: str, taps: int = 2) -> tuple[str | None, str | None]:
    """Open ``game``'s play view, start a game, decide ``taps`` times; its (moves, decisions)."""
    page.goto(f"{url}/{game}?lang={page.lang}&view=play")
    wait_for_app(page)
    page.locator(f".st-key-jokoak_{game}_play_new button").click()
    for made in range(1, taps + 1):
        decide(page, game, made)
    at_decision(page, game)
    moves, decisions, resumed = board(page)
    assert resumed is None and int(decisions) == taps
    return moves, decisions


def new_page(browser, lang: str, size=(1366, 768)):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.lang = lang
    return context, page


def test_a_reload_mid_game_resumes_the_same_position(site):
    holder, browser = site
    context, page = new_page(browser, "eu", (390, 844))
    before = game_under_way(page, holder["server"].url, "zohn_ahl")
    address = page.url
    page.reload()
    resumed(page, "zohn_ahl")
    assert board(page) == (*before, "1")
    assert page.url == address
    page.locator(enabled("zohn_ahl")).first.dblclick()  # a child's first tap after it
    page.wait_for_selector(f'.jokoak-board[data-decisions="{int(before[1]) + 1}"]')
    page.wait_for_timeout(1500)
    assert board(page)[1] == str(int(before[1]) + 1)   # one decision, not two
    context.close()


def test_a_server_restart_mid_game_resumes_the_same_position(site):
    holder, browser = site
    context, page = new_page(browser, "fr")
    before = game_under_way(page, holder["server"].url, "zaldi_zuria", taps=1)
    port = holder["server"].port
    holder["server"].stop()
    page.wait_for_timeout(1500)   # the page notices the server is gone
    holder["server"] = Server(env=ENV, port=port)
    holder["server"].wait()
    resumed(page, "zaldi_zuria")  # the page reconnects by itself, to a new process
    assert board(page) == (*before, "1")
    assert page.evaluate("document.documentElement.lang") == "fr"
    context.close()


def test_three_minutes_offline_then_back_resumes_the_same_position(site):
    """Offline: no request leaves the page, and the open WebSocket is cut (Chromium's offline
    mode leaves open WebSockets alone; a real network loss does not). The page's clock runs
    three minutes on; the server's short TTL drops the session, as 120 s would."""
    holder, browser = site
    context, page = new_page(browser, "es", (1080, 1920))
    network = {"up": True, "open": []}

    def route(ws) -> None:
        if not network["up"]:
            ws.close()
            return
        network["open"] += [ws, ws.connect_to_server()]

    page.route_web_socket("**/_stcore/stream", route)
    page.clock.install()
    before = game_under_way(page, holder["server"].url, "zohn_ahl")
    context.set_offline(True)
    network["up"] = False
    for ws in network["open"]:
        ws.close()
    network["open"].clear()
    page.clock.fast_forward("03:00")
    time.sleep(3)  # real seconds for the server's 2 s TTL to drop the session
    context.set_offline(False)
    network["up"] = True
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and board(page)[2] != "1":
        page.clock.run_for(2000)  # the page's reconnection timers
        page.wait_for_timeout(300)
    resumed(page, "zohn_ahl")
    assert board(page) == (*before, "1")
    context.close()


def view_of(page) -> str | None:
    return page.evaluate("new URL(location.href).searchParams.get('view')")


def path_of(page) -> str:
    return page.evaluate("location.pathname")


def settle(page) -> None:
    page.wait_for_timeout(600)
    wait_for_app(page)


def test_back_and_forward_move_between_views_one_press_each(site):
    holder, browser = site
    context, page = new_page(browser, "en")
    page.goto(f"{holder['server'].url}/?lang=en")
    wait_for_app(page)
    page.locator(".st-key-home_zohn_ahl_odds button").click()   # Home → odds
    settle(page)
    page.locator("[class*='st-key-jokoak_view_zohn_ahl'] button", has_text="Play").click()
    settle(page)
    before = game_under_way_here(page, "zohn_ahl")
    page.locator("[data-testid='stTopNavLink']", has_text="Sources").click()  # → Sources
    settle(page)
    assert path_of(page) == "/sources"

    page.go_back()
    settle(page)
    assert (path_of(page), view_of(page)) == ("/zohn_ahl", "play")
    at_decision(page, "zohn_ahl")
    assert board(page)[:2] == before   # the game is still there
    page.go_back()
    settle(page)
    assert (path_of(page), view_of(page)) == ("/zohn_ahl", "odds")
    page.go_back()
    settle(page)
    assert (path_of(page), view_of(page)) == ("/", None)   # Home, with no stale view
    page.go_forward()
    settle(page)
    assert (path_of(page), view_of(page)) == ("/zohn_ahl", "odds")
    assert page.locator("[class*='st-key-jokoak_view_zohn_ahl'] [aria-checked='true'], "
                        "[class*='st-key-jokoak_view_zohn_ahl'] "
                        "[data-testid='stBaseButton-segmented_controlActive']").first \
        .inner_text().strip() == "Odds"
    context.close()


def game_under_way_here(page, game: str) -> tuple[str | None, str | None]:
    """Start a game in the play view already open, and throw once."""
    page.locator(f".st-key-jokoak_{game}_play_new button").click()
    decide(page, game, 1)
    at_decision(page, game)
    return board(page)[:2]
