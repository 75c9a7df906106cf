"""A seeded monkey: random touches on every widget of every page, in every language, through
the router; the visitor never meets an exception or the error box.

The default run (1,200 interactions, 50 a page and language) is sized for CI's ten minutes;
the full 10,000 run before an issue is resolved: ``JOKOAK_MONKEY=10000 python -m pytest
tests/test_monkey.py``. ``JOKOAK_MONKEY_SEED`` shifts every run's seed, to look for new
failures; the default seeds replay the same touches on every machine.
"""

import os
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

import pytest

from jokoak.i18n import LANGUAGES
from monkey import PAGES, run_job

#: Interactions in all (1,200 by default, sized for CI); JOKOAK_MONKEY=10000 is the full run.
TOTAL = int(os.environ.get("JOKOAK_MONKEY", "1200"))
#: Added to every run's seed; 0 replays the same touches everywhere.
SEED = int(os.environ.get("JOKOAK_MONKEY_SEED", "0"))
PER_RUN = max(1, -(-TOTAL // (len(PAGES) * len(LANGUAGES))))
#: The runs are independent sessions, so they share the machine's cores, unless CI's sized
#: run is one of the suite's workers (pytest-xdist sets PYTEST_XDIST_WORKER_COUNT): then one
#: process per language, as a pool of two beside three other workers overloaded the 2-core
#: machine at the end of a run. The full run (10,000) is most of its suite's work, so it keeps
#: its pool.
WORKERS = (1 if int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")) > 1 and TOTAL <= 2000
           else max(1, min(4, os.cpu_count() or 1)))


def monkey_results(lang: str) -> list[tuple[str, str, int, list[str]]]:
    """Every page's run in ``lang``, in a fresh process (the monkey's sessions leave nothing
    behind in the test worker). One test per language, not one fixture for the module: under
    pytest-xdist the four languages are four units of work that go to whichever workers are
    free, instead of one worker running all 24 runs one after another at the end of CI."""
    jobs = [(page, lang, PER_RUN, SEED + PAGES.index(page) * 10 + LANGUAGES.index(lang))
            for page in PAGES]
    with ProcessPoolExecutor(max_workers=min(WORKERS, len(jobs)),
                             mp_context=get_context("spawn")) as pool:
        return list(pool.map(run_job, jobs))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_random_interactions_never_show_an_exception(lang):
    results = monkey_results(lang)
    assert len(results) == len(PAGES)
    failures = [f for _p, _l, _n, found in results for f in found]
    assert not failures, failures[:5]
    for page, _lang, done, _found in results:
        assert done >= PER_RUN * 0.9, (page, done)
