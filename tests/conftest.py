"""Shared test set-up: run from the project folder, so app paths resolve."""

import ast
import functools
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.chdir(ROOT)
# Charts are checked against the Vega-Lite schema by the chart tests alone
# (tests/test_chart_schema.py): validating every chart of every test was slow.
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
# The booklet's data folder (the default rooms' file and the curators' counts, which every
# lesson tap adds to) is a temporary one of this run's, never the developer's or CI's own.
if "JOKOAK_DATA" not in os.environ:
    import tempfile
    os.environ["JOKOAK_DATA"] = tempfile.mkdtemp(prefix="jokoak-test-data-")
# The lessons' sentences are not made ahead in the test processes and the servers they start
# (each would make the same 436 sounds in the background): tests/test_speech.py makes some.
os.environ.setdefault("JOKOAK_PREWARM", "0")
# The libraries the pages import late (ui.heap.LIBRARIES) are imported here, in each worker's
# main thread, before any test. Otherwise the heap's background import, started by the first
# AppTest run of app.py in a worker, can meet a test's own import half-way: pandas and pyarrow
# import each other, Python breaks the two threads' wait for each other by handing one of them
# a partially initialized module, and a chart test fails ("partially initialized module
# 'pandas'"; seen in full runs only, never in a file run alone).
import importlib  # noqa: E402

for _library in ("numpy", "pyarrow", "pandas", "altair"):
    importlib.import_module(_library)


# Shared by the real-browser tests (tests/test_browser*.py and the others marked `browser`),
# so that a new one costs a page, not a server start (seconds) or a Chromium launch:
#   server          the booklet with its own settings, one for the whole session;
#   app_server      app_server(env={...}, script=...): one server per distinct configuration,
#                   started on first use and shared by every module that asks for the same;
#   fresh_server    fresh_server(env=...): a server of the test's own, stopped after it (a
#                   first request to a new server, restarts with .restart());
#   chromium_browser  one Chromium for the session;
#   page_at         page_at(path, lang=, viewport=, ...): a new visitor (its own browser
#                   context) at a page of the booklet, the app drawn; closed after the test.
# All skip, with the reason, where Chromium is missing outside CI (fail under CI).
import pytest  # noqa: E402

# The rooms' tests run each store test against SQLite and Redis (`either_store`, `redis_url`).
from redis_support import either_store, redis_url  # noqa: E402,F401

#: The play views' beats at 0.6 of their pace: the computers' play does not make tests wait,
#: and peruludo's doia offer (the game goes on without an answer) stays up 1 s: at 0.3 it was
#: gone before a tap on a busy machine reached the server.
PACED = {"JOKOAK_PACE_SCALE": "0.6"}


class _ClockFromAMinutesStart:
    """``time`` as the rooms' store reads it, but with a wall clock that started at the
    beginning of the current minute (and runs on at the real pace): every other name is the
    real module's."""

    def __init__(self) -> None:
        self._began = time.monotonic()
        self._start = time.time() // 60 * 60 + 1

    def __getattr__(self, name: str):
        return getattr(time, name)

    def time(self) -> float:
        return self._start + (time.monotonic() - self._began)


@pytest.fixture
def one_tally_window(monkeypatch):
    """The rooms' tallies count per minute and per hour of the wall clock. A test that types
    codes or opens rooms and expects them counted together must not straddle a minute's end,
    which a slow run can (its codes then fall in two windows). The store's clock starts at the
    top of the current minute."""
    from jokoak.service import room_stores
    monkeypatch.setattr(room_stores, "time", _ClockFromAMinutesStart())


@pytest.fixture(scope="session", autouse=True)
def _components_scanned_once():
    """AppTest's scan for installed Streamlit components, done once per process
    (``view_support.scan_components_once``), in a process whose tests use AppTest."""
    if "streamlit.testing.v1" in sys.modules:
        from view_support import scan_components_once
        scan_components_once()


@pytest.fixture
def no_waiting(monkeypatch):
    """AppTest-driven views: the beats come at once and there is no double-tap window, so
    each click is a deliberate tap. A module takes it for every test with
    ``pytestmark = pytest.mark.usefixtures("no_waiting")``."""
    import ui.play
    monkeypatch.setattr(ui.play.pace, "PACE_SCALE", 0.0)
    monkeypatch.setattr(ui.play.pace, "DEBOUNCE_SECONDS", 0.0)


@pytest.fixture(scope="session")
def app_server():
    """``app_server(env=None, script="app.py")``: the session's server for that configuration."""
    from browser_support import Server, require_chromium
    require_chromium()
    running: dict[tuple, Server] = {}

    def get(env: dict[str, str] | None = None, script: str = "app.py") -> Server:
        key = (script, tuple(sorted((env or {}).items())))
        if key not in running:
            srv = Server(script, env=env)
            running[key] = srv
            srv.wait()
        return running[key]

    try:
        yield get
    finally:
        for srv in running.values():
            srv.stop()


@pytest.fixture(scope="session")
def server(app_server):
    """The booklet with its own settings (jokoak.toml), shared by the whole session."""
    return app_server()


@pytest.fixture(scope="session")
def paced_server(app_server):
    """The booklet with the play views' beats at 0.6 of their pace (``PACED``)."""
    return app_server(PACED)


@pytest.fixture
def fresh_server():
    """``fresh_server(env=None, script="app.py")``: a new server for this test alone."""
    from browser_support import Server, require_chromium
    require_chromium()
    started: list[Server] = []

    def start(env: dict[str, str] | None = None, script: str = "app.py") -> Server:
        srv = Server(script, env=env)
        started.append(srv)
        return srv.wait()

    try:
        yield start
    finally:
        for srv in started:
            srv.stop()


class SharedContextPages:
    """The worker's Chromium, whose ``new_page()`` and ``new_page(viewport=…)`` open the page
    in one browser context that the worker's tests share; everything else is the Browser's.

    A page in a new context loads Streamlit's scripts cold (about 1.3–1.5 s of Chromium's CPU
    a page load); one in a context that has loaded the booklet before takes them from its
    cache (0.7–1.0 s), and the suite is bound by the two cores, most of it Chromium's. A page
    opened with other options (a locale, touch), and every ``new_context()``, is the Browser's
    own: those are the tests that need a context of their own (a clock, offline, routes). Each
    page is still a new visitor: a Streamlit session is its WebSocket, not its context."""

    def __init__(self, browser) -> None:
        self._browser = browser
        self._context = None

    def new_page(self, **options):
        if set(options) - {"viewport"}:
            return self._browser.new_page(**options)
        if self._context is None:
            self._context = self._browser.new_context()
        page = self._context.new_page()
        if options.get("viewport"):
            page.set_viewport_size(options["viewport"])
        return page

    def __getattr__(self, name: str):
        return getattr(self._browser, name)


@pytest.fixture(scope="session")
def chromium_browser():
    from playwright.sync_api import sync_playwright

    from browser_support import TEST_CHROMIUM_ARGS, launch_browser, require_chromium
    require_chromium()
    with sync_playwright() as pw:
        browser = launch_browser(pw, TEST_CHROMIUM_ARGS)
        yield SharedContextPages(browser)
        browser.close()


@pytest.fixture
def page_at(request, chromium_browser):
    """``page_at(path="/", lang=None, viewport=(1366, 900), server=None, clock=False,
    wait=True, **context_options)``: a new visitor's page at ``path`` on ``server`` (the
    session's by default), with ``lang=`` added to the query, drawn (``wait_for_app``).

    ``clock=True`` installs Playwright's clock before the first load (move time with
    ``page.clock.run_for``); ``path=None`` opens a blank page; other keywords go to
    ``new_context`` (``locale="es-ES"``, ``accept_downloads=True``...).
    """
    from browser_support import wait_for_app
    contexts = []

    def open_page(path: str | None = "/", *, lang: str | None = None,
                  viewport: tuple[int, int] = (1366, 900), server=None, clock: bool = False,
                  wait: bool = True, **context_options):
        context = chromium_browser.new_context(
            viewport={"width": viewport[0], "height": viewport[1]}, **context_options)
        contexts.append(context)
        page = context.new_page()
        if clock:
            page.clock.install()
        if path is not None:
            if lang is not None:
                path += ("&" if "?" in path else "?") + f"lang={lang}"
            base = (server or request.getfixturevalue("server")).url
            page.goto(base + path)
            if wait:
                wait_for_app(page)
        return page

    try:
        yield open_page
    finally:
        for context in contexts:
            context.close()


# Worker processes (pytest-xdist: `-n 4` in pyproject.toml; `-n 0` runs everything in one
# process) share the tests out. Which tests must stay in one worker is read from the test
# modules' source (the controller process collects nothing): a module with a module- or
# class-scoped fixture stays whole (the monkey's runs, the replicas, a browser module's own
# server), so that work is done once; every other test, each parameter of a browser test
# too, goes to whichever worker of its lane is free (each worker starts the session's servers
# and its Chromium once, at its first browser test, so a browser test's parameters cost no
# more spread over two workers than in one; kept whole, the twelve screens of one play test
# or the four languages of one lesson walk made one worker's long tail while the other
# waited). The largest units start first, the longest modules before the other units of their
# size, so none is left alone at the end.
LONGEST_FIRST = ("tests/test_conformance.py", "tests/test_monkey.py")
#: The browser units that take longest (every page under axe, every chart at every size, the
#: play views' double taps and screens), started first in their lane so none is left at the end.
LONGEST_BROWSER_FIRST = ("tests/test_browser_a11y.py", "tests/test_browser_charts.py",
                         "tests/test_browser_play.py")


def _is_browser_mark(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Attribute) and n.attr == "browser" for n in ast.walk(node))


@functools.cache
def _module_facts(path: str) -> tuple[bool, frozenset[str], bool]:
    """(every test is a browser test, the names of browser tests, shares module work)."""
    try:
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return False, frozenset(), False
    whole = any(isinstance(n, ast.Assign) and _is_browser_mark(n.value)
                and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in n.targets)
                for n in tree.body)
    browser = frozenset(n.name for n in ast.walk(tree)
                        if isinstance(n, (ast.FunctionDef, ast.ClassDef))
                        and any(_is_browser_mark(d) for d in n.decorator_list))
    shared = any(isinstance(k, ast.keyword) and k.arg == "scope"
                 and isinstance(k.value, ast.Constant)
                 and k.value.value in ("module", "class", "package")
                 for n in ast.walk(tree) if isinstance(n, ast.Call) for k in n.keywords)
    return whole, browser, shared


def work_unit(nodeid: str) -> str:
    """The unit of work ``nodeid`` belongs to: its module (when the module shares work), or
    itself; a unit with a browser test in it is named ``browser:…``."""
    path, _, rest = nodeid.partition("::")
    whole, browser, shared = _module_facts(path)
    name = rest.split("::")[0].split("[")[0]
    if shared:
        return f"browser:{path}" if whole or browser else path
    if whole or name in browser:
        return f"browser:{nodeid}"
    return nodeid


#: Niceness of the workers that run the tests without a browser: the computing tests (the
#: engines' playouts, the monkey) take the cores only when the browser tests leave them, so a
#: live server and its Chromium are never starved into a time-out.
COMPUTING_NICENESS = 10


def browser_lane(worker_index: int, workers: int) -> bool:
    """With two or more workers, the first half (rounded up) run the browser tests and the
    others the computing tests (each lane takes the other's work once its own is done); one
    worker runs all. Rounded up: a browser test mostly waits for its server and Chromium (a
    quarter of a core), a computing test takes a whole core, so three workers on two cores
    are two browser workers and one computing worker."""
    return workers < 2 or worker_index < workers - workers // 2


def pytest_configure(config):
    """A worker of the computing lane lowers its own priority (and its children's)."""
    workerinput = getattr(config, "workerinput", None)
    if workerinput is None:
        return
    index = int(str(workerinput.get("workerid", "gw0")).removeprefix("gw") or 0)
    if not browser_lane(index, int(workerinput.get("workercount", 1))):
        try:
            os.nice(COMPUTING_NICENESS)
        except OSError:
            pass


#: A real-browser test that fails is run once more before it counts: on the shared 2-core
#: machine a burst of other work can starve one run of a live server and a Chromium into a
#: time-out. A rule that is broken fails both runs; the retry is reported (``-ra``: R).
BROWSER_RERUNS = 1


def pytest_collection_modifyitems(config, items):
    """Browser tests get their one retry. In a worker, the longest modules first (the
    controller keeps the workers' order among units of one size, after putting the largest
    units first)."""
    if config.pluginmanager.hasplugin("rerunfailures"):
        for item in items:
            if item.get_closest_marker("browser") is not None:
                item.add_marker(pytest.mark.flaky(reruns=BROWSER_RERUNS, reruns_delay=2))
    if hasattr(config, "workerinput"):
        items.sort(key=lambda item: not item.nodeid.startswith(LONGEST_FIRST))


@pytest.hookimpl(optionalhook=True, tryfirst=True)
def pytest_xdist_make_scheduler(config, log):
    from xdist.scheduler import LoadScopeScheduling

    class SuiteScheduling(LoadScopeScheduling):
        """Units of work from :func:`work_unit`, largest first, each to a worker of its lane
        (:func:`browser_lane`) while that lane has work left."""

        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

        def _assign_work_unit(self, node) -> None:
            index = int(str(node.gateway.id).removeprefix("gw") or 0)
            wants_browser = browser_lane(index, self.numnodes)
            mine = [s for s in self.workqueue if s.startswith("browser:") == wants_browser]
            longest = LONGEST_BROWSER_FIRST if wants_browser else LONGEST_FIRST
            scope = next((s for s in mine if s.removeprefix("browser:").startswith(longest)),
                         mine[0] if mine else None)
            if scope is not None:
                self.workqueue.move_to_end(scope, last=False)
            super()._assign_work_unit(node)

    return SuiteScheduling(config, log)


# --- the toy game, a plug-in for the length of one test ---------------------------------
@pytest.fixture
def toy(tmp_path):
    """The toy game's plug-in, found by the registry as a shipped game's folder is, for this
    test alone (:func:`games_support.toy_on_path`)."""
    from games_support import toy_on_path
    with toy_on_path(tmp_path) as found:
        yield found
