"""The shipped translations pass every error-level check (issue 7.5).

One test per game, language and check; a failure lists each clause id with its reason, e.g.
``sticks.dice [en] numbers: missing: 25.4; not in the Basque: 25,4``.
"""

from functools import lru_cache

import pytest

from games_support import GAMES
from jokoak.i18n import TARGET_LANGUAGES
from jokoak.review.source_checks import ERROR_CHECKS, check_catalog, shipped_entries
from jokoak.i18n.source_translations import FUZZY, TRANSLATED, UNTRANSLATED

CASES = [(g, lg) for g in GAMES for lg in TARGET_LANGUAGES]


@lru_cache(maxsize=None)
def flags_of(game, lang):
    return tuple(check_catalog(game, lang))


@pytest.mark.parametrize("check", ERROR_CHECKS)
@pytest.mark.parametrize("game,lang", CASES)
def test_shipped_translation_passes(game, lang, check):
    failures = [str(f) for f in flags_of(game, lang) if f.check == check]
    assert not failures, f"{game} ({lang}):\n" + "\n".join(failures)


@pytest.mark.parametrize("game,lang", CASES)
def test_every_translatable_clause_is_in_the_catalog_and_up_to_date(game, lang):
    entries = shipped_entries(game, lang)
    assert entries
    stale = [e.segment_id for e in entries if e.status in (FUZZY, UNTRANSLATED)]
    assert not stale and all(e.status == TRANSLATED for e in entries), stale
