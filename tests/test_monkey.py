"""A seeded monkey: thousands of random touches on every widget of every page, in every
language, through the router; the visitor never meets an exception or the error box."""

import os

import pytest

from jokoak.i18n import LANGUAGES
from monkey import PAGES, run_monkey

#: 10,000 interactions in all by default; JOKOAK_MONKEY changes the total.
TOTAL = int(os.environ.get("JOKOAK_MONKEY", "10000"))
PER_RUN = max(1, TOTAL // (len(PAGES) * len(LANGUAGES)))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_random_interactions_never_show_an_exception(page, lang):
    seed = PAGES.index(page) * 10 + LANGUAGES.index(lang)
    report = run_monkey(page, lang, PER_RUN, seed)
    assert not report.failures, report.failures[:5]
    assert report.interactions >= PER_RUN * 0.9
