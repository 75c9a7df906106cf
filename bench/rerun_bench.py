"""Server-side rerun time of each page (AppTest), as a ratio to a bare one-button app.

    python bench/rerun_bench.py [runs]

A rerun here is the whole script run of a page, as the server does it after a click. Each
page (each view of a game page, and the translators' page also with all three translations
shown) is opened through the router in English and warmed up (``WARM_UP`` reruns); then
``runs`` reruns of the page (default 40) are interleaved one by one with reruns of the bare
app (bench/bare_app.py, opened once and warmed up at the start), so the two see the same
load of this shared machine: a bare app measured once at the start, five times, was noise
(14 to 21 ms in two quiet runs of one evening). Before each timed rerun the garbage collector
is settled (objects alive after the warm-up are frozen out of its scans, and it collects
what the previous rerun left), so no rerun pays for its neighbour's garbage.

Each line shows the median of the page's reruns and its ratio: the median, over the pairs,
of a page rerun's time over the bare rerun's next to it (the bare app's median beside the page
in brackets; the last line is the bare app over all pages' runs). Other agents' work on the
two cores comes in bursts that slow both reruns of a pair alike; in repeated runs this ratio
moved least, against ratios of medians, of lower quartiles or of minima.
"""

from __future__ import annotations

import gc
import statistics
import sys
import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from view_support import router_pages, switch_to  # noqa: E402  (tests/ is put on the path above)

from jokoak import registry  # noqa: E402
from ui.views import available_views  # noqa: E402

#: The router's pages (Home, each registered game, Translators, Sources).
PAGES = router_pages()
#: The views measured on each game's page, where the game has them.
GAME_VIEWS = ("read", "step", "odds", "play")
VIEWS = {**{key: [v for v in GAME_VIEWS if v in available_views(key)] for key in registry.plugins()},
         "app_pages/translators.py": [None, "all three"]}
#: Views chosen by a control rather than ``?view=``: the session state that chooses them
#: (every translation at once is what a Basque-speaking visitor opens first).
STATE_VIEWS = {("app_pages/translators.py", "all three"): {"jokoak_translators_lang": "all"}}
WARM_UP = 3


def timed_rerun(at: AppTest) -> float:
    """One rerun's wall time, the garbage of earlier runs collected first."""
    gc.collect()
    start = time.perf_counter()
    at.run()
    return time.perf_counter() - start


def open_page(page: str, view: str | None) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["lang"] = "en"
    state = STATE_VIEWS.get((page, view))
    if state:
        for key, value in state.items():
            at.session_state[key] = value
    elif view:
        at.query_params["view"] = view
    at.run()
    if page != "app_pages/home.py":
        switch_to(at, page)
    return at


def warm_up(at: AppTest) -> None:
    for _ in range(WARM_UP):
        at.run()
    gc.collect()
    gc.freeze()     # what the warm-up left alive is not scanned again at each collection


def interleaved(at: AppTest, bare: AppTest, runs: int) -> tuple[list[float], list[float]]:
    """``runs`` reruns of the page and of the bare app, alternately (which goes first
    alternates too)."""
    page_times, bare_times = [], []
    for i in range(runs):
        if i % 2:
            bare_times.append(timed_rerun(bare))
            page_times.append(timed_rerun(at))
        else:
            page_times.append(timed_rerun(at))
            bare_times.append(timed_rerun(bare))
    return page_times, bare_times


def main(runs: int) -> None:
    bare = AppTest.from_file(str(ROOT / "bench" / "bare_app.py"), default_timeout=120)
    bare.run()
    warm_up(bare)
    all_bare: list[float] = []
    for page in PAGES:
        for view in VIEWS.get(page, [None]):
            at = open_page(page, view)
            warm_up(at)
            page_times, bare_times = interleaved(at, bare, runs)
            all_bare += bare_times
            ratio = statistics.median(p / b for p, b in zip(page_times, bare_times))
            t, base = statistics.median(page_times), statistics.median(bare_times)
            label = page.split("/")[-1][:-3] + (f" ({view})" if view else "")
            print(f"{label:<40} {t * 1000:8.1f} ms   x{ratio:5.2f}   "
                  f"(bare beside it {base * 1000:.1f} ms)", flush=True)
    print(f"{'bare app (all runs)':<40} {statistics.median(all_bare) * 1000:8.1f} ms   x 1.00")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
