"""Room play in a real Chromium: two browser contexts (two devices) on one server join one
peruludo table by its code; each page holds only its own seat's dice, a move on one device
reaches the other by its poll, a double tap makes one move, and a device that reloads its
page is back at its seat and plays its turn; through an outage of the store (Redis stopped and
started again) both devices keep their table under "Reconnecting…" and play on after it."""

from __future__ import annotations

import pytest

import browser_support
from browser_support import Server, double_tap, require_chromium, wait_for_app
from jokoak.engine.record import replay
from jokoak.games.peruludo.engine import GAME
from jokoak.i18n import translator
from jokoak.service.rooms import RedisRoomStore, SqliteRoomStore, read_room
from redis_support import RedisServer

pytestmark = pytest.mark.browser

KEY = "jokoak_peruludo_play"
ROOM_KEY = "jokoak_room_peruludo"
QUICK = f"[class*='st-key-{ROOM_KEY}_quick'] button:not([disabled]):visible"


@pytest.fixture(scope="module")
def served(chromium_browser, tmp_path_factory):
    require_chromium()
    folder = tmp_path_factory.mktemp("rooms")
    settings = folder / "jokoak.toml"
    settings.write_text(f'[rooms]\nstore = "sqlite:{folder / "rooms.sqlite3"}"\n')
    server = Server(env={"JOKOAK_PACE_SCALE": "0.5", "JOKOAK_SETTINGS": str(settings)})
    try:
        server.wait()
        yield server, chromium_browser, SqliteRoomStore(folder / "rooms.sqlite3")
    finally:
        server.stop()


def device(chromium, server, lang):
    context = chromium.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page.goto(f"{server.url}/peruludo?lang={lang}&view=play")
    wait_for_app(page)
    return context, page


def settled(page):
    browser_support.settled(page, 300, twice=False)


def room_panel(page):
    """Unfold "Play together on several devices" (the expander holding the room buttons)."""
    expander = page.locator("[data-testid='stExpander']").filter(
        has=page.locator(f".st-key-{KEY}_room_join"))
    if not page.locator(f".st-key-{KEY}_room_join button").is_visible():
        expander.locator("summary").click()
        settled(page)


def spots_drawn(page) -> int:
    return page.locator(".jokoak-board svg circle:visible").count()


def seat_two(first, second) -> str:
    """The first device opens a room of three (Player 2 a person), the second joins it by
    its code typed in lower case: the room's code."""
    first.locator(f".st-key-{KEY}_players button").nth(0).click()  # three players
    settled(first)
    first.locator(f".st-key-{KEY}_people button").nth(1).click()  # Player 2 a person
    settled(first)
    room_panel(first)
    first.locator(f".st-key-{KEY}_room_open button").click()
    first.wait_for_selector(".jokoak-room", timeout=20000)
    code = first.locator(".jokoak-room").get_attribute("data-room")
    assert first.locator(".jokoak-room").get_attribute("data-seat") == "0"

    room_panel(second)
    second.locator(f".st-key-{KEY}_room_code input").fill(code.lower())
    second.locator(f".st-key-{KEY}_room_code input").press("Enter")
    settled(second)
    second.locator(f".st-key-{KEY}_room_join button").click()
    second.wait_for_selector(".jokoak-room", timeout=20000)
    assert second.locator(".jokoak-room").get_attribute("data-seat") == "1"
    return code


def test_two_devices_share_one_table_each_seeing_only_its_own_dice(served):
    server, chromium, store = served
    first_context, first = device(chromium, server, "eu")
    second_context, second = device(chromium, server, "fr")
    try:
        code = seat_two(first, second)
        pages = {0: first, 1: second}
        moved, checked = False, 0
        for _ in range(60):
            room = read_room(store, code, {GAME.name: GAME})
            state = replay(GAME, room.record)[1][-1].after if room.record.actions else None
            if state is not None and not state.stale and not state.revealed:
                for seat, page in pages.items():
                    settled(page)
                    fresh = read_room(store, code, {GAME.name: GAME})
                    if fresh.version != room.version:
                        break  # the table moved while looking: look again
                    # die spots drawn = the spots of this seat's own dice, nobody else's
                    assert spots_drawn(page) == sum(state.cups[seat]), seat
                    checked += 1
            for seat, page in pages.items():
                if page.locator(QUICK).count():
                    before = read_room(store, code, {GAME.name: GAME})
                    bids = sum(1 for s in replay(GAME, before.record)[1]
                               if s.actor == seat and s.action.startswith("bid:"))
                    double_tap(page, page.locator(QUICK).first, 80)
                    settled(page)
                    after = read_room(store, code, {GAME.name: GAME})
                    steps = replay(GAME, after.record)[1]
                    assert sum(1 for s in steps if s.actor == seat
                               and s.action.startswith("bid:")) == bids + 1
                    other = pages[1 - seat]
                    other.wait_for_function(
                        "n => +document.querySelector('.jokoak-board').dataset.moves >= n",
                        arg=len(before.record.actions) + 1, timeout=10000)
                    moved = True
                    break
            if moved:
                break
            first.wait_for_timeout(700)
        assert moved, "no person's turn came"
        assert checked > 0
        for page in pages.values():
            assert page.locator('[data-testid="stException"]').count() == 0
    finally:
        first_context.close()
        second_context.close()


def test_a_device_waiting_on_a_thinking_person_polls_and_draws_nothing(served):
    """While nobody moves, a seated device only asks the room's version: its polls run and
    finish, and not one element of the table is sent again (ui/room/polls.py, :func:`watch_polls`)."""
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    server, chromium, store = served
    frames: list[bytes] = []
    first_context, first = device(chromium, server, "en")
    second_context = chromium.new_context(viewport={"width": 1366, "height": 900})
    second = second_context.new_page()
    second.on("websocket", lambda ws: ws.on(
        "framereceived", lambda payload: frames.append(payload) if isinstance(
            payload, bytes) else None))
    second.goto(f"{server.url}/peruludo?lang=en&view=play")
    wait_for_app(second)
    try:
        code = seat_two(first, second)
        for _ in range(40):  # until a person must bid: no computer beat changes the table
            version = store.version(code)
            second.wait_for_timeout(2500)
            if store.version(code) == version and (first.locator(QUICK).count()
                                                   or second.locator(QUICK).count()):
                frames.clear()
                second.wait_for_timeout(7000)
                if store.version(code) == version:
                    break
        else:
            raise AssertionError("the table never waited on a person")
        kinds = []
        for raw in frames:
            message = ForwardMsg()
            message.ParseFromString(raw)
            kind = message.WhichOneof("type")
            kinds.append(message.delta.WhichOneof("type") if kind == "delta" else kind)
        assert kinds.count("script_finished") >= 2  # the polls ran
        assert "new_element" not in kinds  # and drew nothing
    finally:
        first_context.close()
        second_context.close()


def bids_of(store, code, seat) -> int:
    room = read_room(store, code, {GAME.name: GAME})
    return sum(1 for s in replay(GAME, room.record)[1]
               if s.actor == seat and s.action.startswith("bid:"))


def test_a_device_that_reloads_its_page_is_back_at_its_seat_and_plays_its_turn(served):
    server, chromium, store = served
    first_context, first = device(chromium, server, "eu")
    second_context, second = device(chromium, server, "es")
    try:
        code = seat_two(first, second)
        second.wait_for_url(f"**room={code}*", timeout=10000)
        assert "seat=" not in second.url  # the seat's secret is the browser's cookie
        second.reload()  # a new session: only the address and the cookie are left
        wait_for_app(second)
        second.wait_for_selector(".jokoak-room", timeout=20000)
        assert second.locator(".jokoak-room").get_attribute("data-seat") == "1"
        assert second.locator(".jokoak-room").get_attribute("data-room") == code
        assert read_room(store, code, {GAME.name: GAME}).seats.keys() == {0, 1}
        for _ in range(60):
            if second.locator(QUICK).count():
                before = bids_of(store, code, 1)
                second.locator(QUICK).first.click()
                settled(second)
                assert bids_of(store, code, 1) == before + 1
                break
            if first.locator(QUICK).count():  # the opener's turn: bid, and the game goes on
                first.locator(QUICK).first.click()
                settled(first)
            second.wait_for_timeout(700)
        else:
            raise AssertionError("the reloaded device's turn did not come")
        for page in (first, second):
            assert page.locator('[data-testid="stException"]').count() == 0
    finally:
        first_context.close()
        second_context.close()


@pytest.fixture(scope="module")
def served_by_redis(chromium_browser, tmp_path_factory):
    """The booklet with its rooms in Redis (append-only, as deploy/compose.yaml runs it)."""
    require_chromium()
    folder = tmp_path_factory.mktemp("redis_rooms")
    redis = RedisServer(folder)
    redis.start()
    settings = folder / "jokoak.toml"
    settings.write_text(f'[rooms]\nstore = "{redis.url}"\n')
    server = Server(env={"JOKOAK_PACE_SCALE": "0.5", "JOKOAK_SETTINGS": str(settings)})
    try:
        server.wait()
        yield server, chromium_browser, redis
    finally:
        server.stop()
        redis.stop()


def says(page, text: str) -> bool:
    return page.get_by_text(text, exact=False).count() > 0


def test_through_a_store_outage_each_device_keeps_its_table_and_plays_on_after(served_by_redis):
    server, chromium, redis = served_by_redis
    first_context, first = device(chromium, server, "eu")
    second_context, second = device(chromium, server, "es")
    pages = {"eu": first, "es": second}
    try:
        code = seat_two(first, second)
        store = RedisRoomStore(redis.url)
        for page in pages.values():
            page.wait_for_selector(".jokoak-board", timeout=20000)
        moves = len(read_room(store, code, {GAME.name: GAME}).record.actions)
        redis.stop()  # the store goes away mid-game
        for lang, page in pages.items():
            reconnecting = translator(lang).gettext("Reconnecting…")
            assert reconnecting != "Reconnecting…"  # translated
            page.get_by_text(reconnecting).wait_for(timeout=15000)
            assert page.locator(".jokoak-board").is_visible()  # the table stays on screen
            assert page.locator(".jokoak-room").get_attribute("data-room") == code
            assert not says(page, translator(lang).gettext("This room is not there any more."))
            page.wait_for_timeout(1500)  # more polls fail: the table is still there
            assert page.locator(".jokoak-board").is_visible()
        redis.start()  # back, with its append-only file
        for lang, page in pages.items():
            page.get_by_text(translator(lang).gettext("Reconnecting…")).wait_for(
                state="detached", timeout=15000)
            assert page.locator(".jokoak-room").get_attribute("data-room") == code
        assert len(read_room(store, code, {GAME.name: GAME}).record.actions) >= moves
        for _ in range(60):  # and the game goes on: a person's bid lands
            for seat, page in enumerate((first, second)):
                if page.locator(QUICK).count():
                    before = bids_of(store, code, seat)
                    page.locator(QUICK).first.click()
                    settled(page)
                    assert bids_of(store, code, seat) == before + 1
                    break
            else:
                first.wait_for_timeout(700)
                continue
            break
        else:
            raise AssertionError("no person's turn came after the outage")
        for page in pages.values():
            assert page.locator('[data-testid="stException"]').count() == 0
    finally:
        first_context.close()
        second_context.close()
