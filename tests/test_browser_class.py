"""A class in a real Chromium: a teacher's class screen opens two peruludo tables (a double tap
opens one class) and sits at none; three pupils' devices take seats, by the table's link and
by its code typed; a reloaded device is back in its seat with no secret in its address; the
same address opened on another device offers only watching (a full table), and the spectator
sees no hidden dice; the teacher restarts a table (a double tap restarts it once) and closes
another, whose devices are told so and offered the class's other table. And the class sheet:
one tap, a PDF in the screen's language."""

from __future__ import annotations

import re
import time

import pytest

import browser_support
from browser_support import double_tap, require_chromium, wait_for_app
from jokoak.games.peruludo.engine import GAME
from jokoak.service.room_stores import SqliteRoomStore
from jokoak.service.rooms import read_room
from test_handout import flat, read_back

pytestmark = pytest.mark.browser

KEY = "jokoak_peruludo_play"
GAMES = {GAME.name: GAME}


@pytest.fixture(scope="module")
def served(chromium_browser, tmp_path_factory):
    require_chromium()
    folder = tmp_path_factory.mktemp("class")
    settings = folder / "jokoak.toml"
    settings.write_text(f'[rooms]\nstore = "sqlite:{folder / "rooms.sqlite3"}"\n')
    server = browser_support.Server(env={"JOKOAK_PACE_SCALE": "0.5",
                                         "JOKOAK_SETTINGS": str(settings)})
    try:
        server.wait()
        yield server, chromium_browser, SqliteRoomStore(folder / "rooms.sqlite3")
    finally:
        server.stop()


def settled(page):
    browser_support.settled(page, 300, twice=False)


def phone(chromium, url, locale):
    context = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                   has_touch=True, locale=locale)
    page = context.new_page()
    page.goto(url)
    wait_for_app(page)
    return context, page


def wait_until(check, seconds=20.0, page=None):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        (page.wait_for_timeout(250) if page is not None else time.sleep(0.25))
    return check()


def cards(page):
    found = page.locator(".jk-class-table")
    return [{name: found.nth(i).get_attribute(f"data-{name}")
             for name in ("code", "url", "joined", "places", "state", "version")}
            for i in range(found.count())]


def open_class(chromium, server, lang="es"):
    """The teacher's screen at 1366x768: peruludo, tables of three (two people and the
    computer), two tables, opened with a double tap."""
    context = chromium.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.goto(f"{server.url}/class?lang={lang}")
    wait_for_app(page)
    page.locator(".st-key-jokoak_class_pick_game button", has_text="peruludo").click()
    settled(page)
    page.locator(".st-key-jokoak_class_seats_peruludo button", has_text="3").click()
    settled(page)
    page.locator(".st-key-jokoak_class_people_3 button", has_text="2").click()
    settled(page)
    page.locator(".st-key-jokoak_class_tables button").nth(1).click()
    settled(page)
    assert double_tap(page, page.locator("[class*='st-key-jokoak_class_open_'] button"), 120)
    page.wait_for_selector(".jk-class-table", state="attached", timeout=30000)
    settled(page)
    return context, page


def join_at_top(page):
    page.locator(f".st-key-{KEY}_invite_join button").click()
    page.wait_for_selector(".jokoak-room", timeout=20000)


def seat(page):
    return page.locator(".jokoak-room").get_attribute("data-seat")


def test_a_class_of_three_devices_at_two_tables(served):
    server, chromium, store = served
    contexts = []
    try:
        teacher_context, teacher = open_class(chromium, server)
        contexts.append(teacher_context)
        assert re.search(r"[?&]class=[A-Z2-9]{10}", teacher.url)
        tables = cards(teacher)
        assert len(tables) == 2  # the double tap opened one class of two tables
        assert store.count() == 3  # two tables and the class: nothing opened twice
        assert all(t["joined"] == "0" and t["places"] == "2" for t in tables)
        assert teacher.locator(".jokoak-room, .jokoak-dice").count() == 0  # seated nowhere
        first, second = (t["code"] for t in tables)
        assert "seat=" not in tables[0]["url"] and f"room={first}" in tables[0]["url"]

        a_context, a = phone(chromium, tables[0]["url"], "eu-ES")  # by the link (the QR code)
        contexts.append(a_context)
        join_at_top(a)
        assert seat(a) == "0"
        b_context, b = phone(chromium, f"{server.url}/peruludo?view=play", "fr-FR")
        contexts.append(b_context)
        b.locator("[data-testid='stExpander']").filter(
            has=b.locator(f".st-key-{KEY}_room_join")).locator("summary").click()
        settled(b)
        b.locator(f".st-key-{KEY}_room_code input").fill(first.lower())  # by the code typed
        b.locator(f".st-key-{KEY}_room_code input").press("Enter")
        settled(b)
        b.locator(f".st-key-{KEY}_room_join button").click()
        b.wait_for_selector(".jokoak-room", timeout=20000)
        assert seat(b) == "1"
        c_context, c = phone(chromium, tables[1]["url"], "es-ES")
        contexts.append(c_context)
        join_at_top(c)
        assert seat(c) == "0"
        assert wait_until(lambda: [t["joined"] for t in cards(teacher)] == ["2", "1"],
                          page=teacher)

        # a reload: back in the seat, the secret in the cookie, never in the address
        a.reload()
        wait_for_app(a)
        a.wait_for_selector(".jokoak-room", timeout=20000)
        assert seat(a) == "0" and "seat=" not in a.url and f"room={first}" in a.url
        assert read_room(store, first, GAMES).seats.keys() == {0, 1}

        # A's address opened on another device: the table is full, it may only watch
        d_context, d = phone(chromium, a.url, "en-GB")
        contexts.append(d_context)
        assert d.locator(".jokoak-room").count() == 0
        assert d.locator(f".st-key-{KEY}_invite_join button").count() == 0
        d.locator(f".st-key-{KEY}_invite_watch button").click()
        d.wait_for_selector(".jokoak-room", timeout=20000)
        assert seat(d) == "watch" and "watch=1" in d.url
        assert d.locator(".jokoak-dice").count() == 0  # no die of anyone's own
        assert read_room(store, first, GAMES).seats.keys() == {0, 1}  # nobody's seat taken

        # the teacher restarts the second table, with a double tap: one new game
        before = read_room(store, second, GAMES)
        restart = teacher.locator(f"[class*='st-key-jokoak_class_restart_{second}_'] button")
        assert double_tap(teacher, restart, 120)
        seeds = set()  # every game the table held meanwhile (the devices play on in each)
        deadline = time.monotonic() + 4.0
        while time.monotonic() < deadline:
            seeds.add(read_room(store, second, GAMES).record.seed)
            time.sleep(0.05)
        after = read_room(store, second, GAMES)
        assert seeds - {before.record.seed} == {after.record.seed}  # restarted once
        assert after.seats == before.seats
        assert wait_until(lambda: c.locator(".jokoak-room").count() == 1 and seat(c) == "0",
                          page=c)

        # ... and closes the first: its devices are told, and offered the other table
        close = teacher.locator(f"[class*='st-key-jokoak_class_close_{first}_'] button")
        assert double_tap(teacher, close, 120)
        assert wait_until(lambda: read_room(store, first, GAMES).closed, page=teacher)
        for device in (a, b, d):
            assert wait_until(lambda p=device: p.locator(".jokoak-room").count() == 0
                              and second in p.locator("[data-testid='stAlert']").all_inner_texts().__str__(),
                              page=device), device.url
        assert wait_until(lambda: cards(teacher)[0]["state"] == "closed", page=teacher)
        for page in (teacher, a, b, c, d):
            assert page.locator('[data-testid="stException"]').count() == 0
    finally:
        for context in contexts:
            context.close()


def test_the_class_sheet_is_one_tap_a_pdf_in_the_screens_language(served):
    server, chromium, store = served
    context, teacher = open_class(chromium, server, lang="fr")
    try:
        codes = [t["code"] for t in cards(teacher)]
        with teacher.expect_download(timeout=60000) as download:
            teacher.locator("[class*='st-key-jokoak_class_sheet_'] button").click()
        pdf = open(download.value.path(), "rb").read()
        text = flat(read_back(pdf, "pdftotext", "-enc", "UTF-8"))
        assert "peruludo\u00a0: les tables de la classe" in text or \
            "peruludo : les tables de la classe" in text
        assert all(code in text for code in codes)
        assert "doia.call" in text  # the teacher's handout, with its clause ids
    finally:
        context.close()
