"""Server-side rerun time of each page (AppTest), as a ratio to a bare one-button app.

    python bench/rerun_bench.py [runs]

Each page is opened through the router in English, warmed up, then rerun ``runs`` times;
the median is printed. A rerun here is the whole script run of the page, as the server does
it after a click.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parent.parent
PAGES = ["app_pages/home.py", "app_pages/zaldi_zuria.py", "app_pages/peruludo.py",
         "app_pages/zohn_ahl.py", "app_pages/translators.py", "app_pages/sources.py"]
VIEWS = {"app_pages/zaldi_zuria.py": ["read", "step", "odds", "play"],
         "app_pages/peruludo.py": ["read", "step", "odds", "play"],
         "app_pages/zohn_ahl.py": ["read", "step", "odds", "play"]}


def median_rerun(at: AppTest, runs: int) -> float:
    at.run()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        at.run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(runs: int) -> None:
    bare = AppTest.from_file(str(ROOT / "bench" / "bare_app.py"), default_timeout=120)
    base = median_rerun(bare, runs)
    print(f"{'bare app':<40} {base * 1000:8.1f} ms   x 1.00")
    for page in PAGES:
        for view in VIEWS.get(page, [None]):
            at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
            at.query_params["lang"] = "en"
            if view:
                at.query_params["view"] = view
            at.run()
            if page != "app_pages/home.py":
                at.switch_page(page)
            t = median_rerun(at, runs)
            label = page.split("/")[-1][:-3] + (f" ({view})" if view else "")
            print(f"{label:<40} {t * 1000:8.1f} ms   x{t / base:5.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
