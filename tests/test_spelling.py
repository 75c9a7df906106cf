"""Spelling with Hunspell (issue 15): misspellings are found, the project's words and names
are accepted, placeholders and numbers are not words, a PO flag silences one entry, and every
shipped translation and note is spelt right. CI installs the dictionaries (``.ci/run``); on a
machine without them these tests are skipped, except under CI where they must run."""

import os

import pytest

from jokoak.review.spelling import (DICTIONARIES, clean, hunspell_available, spelling_flags,
                             stop_hunspell, unknown_words)


@pytest.fixture(scope="module", autouse=True)
def one_hunspell_per_language():
    """The module's checks share one Hunspell per language (the Basque dictionary takes
    seconds to load), so they run in one worker; stopped after the last."""
    yield
    stop_hunspell()


def need(lang):
    if not hunspell_available(lang):
        if os.environ.get("CI"):
            pytest.fail(f"hunspell dictionary {DICTIONARIES[lang]} missing under CI")
        pytest.skip(f"hunspell dictionary {DICTIONARIES[lang]} not installed")


# Once more before it counts: under a full suite's load a hunspell process can stop
# answering while the same test passes alone. A word the dictionary does not know fails both
# runs.
@pytest.mark.flaky(reruns=1, reruns_delay=2)
@pytest.mark.parametrize("lang,text,wrong", [
    ("eu", "Jokalariek fitxa bat ordaintzzen diote ostalariari.", "ordaintzzen"),
    ("es", "La banca paga al dueño del cavallo blanco.", "cavallo"),
    ("fr", "Le propriétaire paie l’aubergistte.", "l’aubergistte"),
    ("en", "The owner pays the innkeper.", "innkeper"),
])
def test_a_misspelt_word_is_unknown_and_the_rest_of_the_sentence_is_not(lang, text, wrong):
    need(lang)
    assert unknown_words([text], lang) == {wrong}


def test_english_is_checked_with_british_spelling():
    need("en")
    assert unknown_words(["The colour of the stick is red."], "en") == set()


def test_names_and_inflected_kept_terms_from_the_word_list_are_accepted():
    need("eu")
    assert unknown_words(["Ludiiren kodeak eta Piererren artikuluak."], "eu") == set()


def test_french_elision_before_a_kept_term_is_accepted():
    need("fr")
    assert unknown_words(["Le joueur annonce l’arrastatze."], "fr") == set()


def test_placeholders_with_case_endings_numbers_and_addresses_are_not_words():
    assert clean("%(player)sren 6koak perudo.com U+00A0").split() == []


def test_an_ignore_spelling_flag_silences_that_entry_only():
    need("es")
    entries = [("a", "Un cavallo.", frozenset({"ignore-spelling"})), ("b", "Un cavallo.", frozenset())]
    assert [f.segment_id for f in spelling_flags(entries, "es")] == ["b"]


@pytest.mark.parametrize("lang", list(DICTIONARIES))
def test_every_shipped_translation_and_note_is_spelt_right(lang):
    need(lang)
    from jokoak.review.spelling import check_spelling
    assert [str(f) for f in check_spelling([lang])] == []
