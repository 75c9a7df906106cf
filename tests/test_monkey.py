"""A seeded monkey: thousands of random touches on every widget of every page, in every
language, through the router; the visitor never meets an exception or the error box."""

import os
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

import pytest

from jokoak.i18n import LANGUAGES
from monkey import PAGES, run_job

#: 10,000 interactions in all by default; JOKOAK_MONKEY changes the total.
TOTAL = int(os.environ.get("JOKOAK_MONKEY", "10000"))
PER_RUN = max(1, -(-TOTAL // (len(PAGES) * len(LANGUAGES))))
#: The runs are independent sessions, so they share the machine's cores.
WORKERS = max(1, min(4, os.cpu_count() or 1))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_random_interactions_never_show_an_exception(lang):
    jobs = [(page, lang, PER_RUN, PAGES.index(page) * 10 + LANGUAGES.index(lang))
            for page in PAGES]
    with ProcessPoolExecutor(max_workers=WORKERS, mp_context=get_context("spawn")) as pool:
        results = list(pool.map(run_job, jobs))
    failures = [f for _p, _l, _n, found in results for f in found]
    assert not failures, failures[:5]
    for page, _lang, done, _found in results:
        assert done >= PER_RUN * 0.9, (page, done)
