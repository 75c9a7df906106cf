"""The checks of the interface catalog and the notes (issue 15): each with a failing and a
passing example, PO-flag suppression, the shipped catalogs, and the review's findings caught
on a copy of the catalogs as they stood before the fixes (commit 734a933)."""

import io
import subprocess

import pytest
from babel.messages.pofile import read_po

from jokoak import ROOT
from jokoak.content.notes import notes
from jokoak.review.source_checks import catalog_entries, check_entries
from jokoak.review.interface_checks import (UiEntry, check_english_msgids, check_note_quotes,
                                 check_ui_catalog, check_ui_entry, shipped_ui_entries,
                                 ui_entries)

ZALDI = ("jokoak/games/zaldi_zuria/render.py",)
PERULUDO = ("content/notes/peruludo.yaml",)


def checks(msgid, target, lang="es", locations=ZALDI, flags=(), plural=None):
    entry = UiEntry(msgid, plural, (target,) if isinstance(target, str) else tuple(target),
                    frozenset(flags), locations)
    return {f.check for f in check_ui_entry(entry, lang)}


def note(game, note_id):
    return next(n for n in notes(game) if n.id == note_id).body.strip()


def basque_notes():
    return {e.msgid: e.targets[0] for e in shipped_ui_entries("eu")}


# sentence count, brackets --------------------------------------------------------------------

def test_a_translation_that_loses_a_sentence_fails_sentencecount():
    found = checks("The bank keeps the card. Nobody pays for it.", "La banca se queda la carta.")
    assert "sentencecount" in found


def test_a_basque_ordinal_or_a_sentence_starting_with_a_digit_is_counted_right():
    assert "sentencecount" not in checks(
        "Player 1 loses a die. Sixes count for every face.",
        "1. jokalariak dado bat galtzen du. 6koek edozein zenbakitarako balio dute.", "eu")


def test_a_bracket_the_english_does_not_have_fails_brackets():
    assert "brackets" in checks("Player 2 wins.", "El jugador 2 gana (al final).")


# placeholders, digits ------------------------------------------------------------------------

def test_a_lost_or_renamed_placeholder_fails():
    assert "placeholders" in checks("%(player)s wins.", "%(jugador)s gana.")
    assert "placeholders" not in checks("%(player)s wins.", "Gana %(player)s.")


def test_a_lost_number_fails_and_a_number_written_for_a_word_passes():
    assert "digits" in checks("Player 1 and Player 2 tie.", "El jugador 1 y el otro empatan.")
    assert "digits" not in checks("Four sixes.", "Cuatro 6.")


def test_every_plural_form_is_checked_for_placeholders():
    assert "placeholders" in checks("%(count)s chip", ["%(count)s ficha", "fichas"],
                                    plural="%(count)s chips")


# glossary in the interface, words to avoid ---------------------------------------------------

def test_a_game_term_rendered_otherwise_in_the_interface_fails():
    # F4: "Next auctioneer" rendered as "next auction"
    assert "interface_glossary" in checks("Next auctioneer: %(player)s",
                                          "Prochaines enchères : %(player)s", "fr")
    assert "interface_glossary" not in checks("Next auctioneer: %(player)s",
                                              "Prochain commissaire-priseur : %(player)s", "fr")


def test_a_basque_rendering_is_found_by_its_stem_in_any_case_ending():
    assert "interface_glossary" not in checks("The bank pays.", "Bankuak ordaintzen du.", "eu")


def test_interface_terms_apply_only_to_the_games_of_the_msgid():
    # "round" is a peruludo term: a zaldi zuria string is not held to "manche"
    assert "interface_glossary" in checks("The round ends.", "Le tour se termine.", "fr",
                                          PERULUDO)
    assert "interface_glossary" not in checks("The round ends.", "Le tour se termine.", "fr",
                                              ("jokoak/games/zaldi_zuria/render.py",))


def test_an_english_msgid_with_a_word_the_glossary_avoids_fails():
    holder = UiEntry("Only the thrower pays the holder.", None, ("x",), frozenset(), ZALDI)
    owner = UiEntry("Only the thrower pays the owner.", None, ("x",), frozenset(), ZALDI)
    assert [f.check for f in check_english_msgids([holder])] == ["drift"]
    assert check_english_msgids([owner]) == []


def test_a_placeholder_name_is_not_a_word_to_avoid():
    entry = UiEntry("It now belongs to %(holder)s.", None, ("x",), frozenset(), ZALDI)
    assert check_english_msgids([entry]) == []


# quotations of the text in a note ------------------------------------------------------------

def test_a_note_quoting_another_languages_rendering_fails():
    # S2: the Spanish note quoted the English «6s included»
    body = note("peruludo", "sixes-wild")
    shipped = {e.msgid: e.targets[0] for e in shipped_ui_entries("es")}[body]
    wrong = shipped.replace("«incluidos los 6»", "«6s included»")
    assert [f.check for f in check_note_quotes("es", {body: wrong}, basque_notes())] \
        == ["note_quote"]
    assert check_note_quotes("es", {body: shipped}, basque_notes()) == []


def test_an_english_note_must_quote_the_english_rendering_shown():
    body = note("zohn_ahl", "nebakuthana-sticks")
    old = body.replace("using three throw sticks as dice", "using three stick dice")
    basque = basque_notes()[body]
    assert check_note_quotes("en", {}, {body: basque}, {body: "zohn_ahl"}) == []
    assert [f.check for f in check_note_quotes("en", {}, {old: basque}, {old: "zohn_ahl"})] \
        == ["note_quote"]


# suppression by PO flag ----------------------------------------------------------------------

def test_an_ignore_flag_silences_that_check_on_that_entry_only():
    found = checks("The bank keeps the card. Nobody pays for it.", "La banca (sola) se la queda.",
                   flags=("ignore-sentencecount",))
    assert "sentencecount" not in found and "brackets" in found


# the shipped catalogs ------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["eu", "es", "fr"])
def test_the_shipped_interface_catalog_and_notes_pass(lang):
    assert [str(f) for f in check_ui_catalog(lang)] == []


def test_the_english_msgids_pass():
    from jokoak.review.interface_checks import check_english_catalog
    assert [str(f) for f in check_english_catalog()] == []


# the review's findings, caught on the catalogs as they were ----------------------------------

OLD = "734a933"


def old_file(path):
    try:
        return subprocess.run(["git", "show", f"{OLD}:{path}"], cwd=ROOT, check=True,
                              capture_output=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip(f"commit {OLD} is not in this clone")


def old_ui(lang):
    data = old_file(f"locales/{lang}/LC_MESSAGES/messages.po")
    return ui_entries(read_po(io.BytesIO(data), locale=lang))


def flagged(flags, check, start):
    return any(f.check == check and f.segment_id.startswith(start) for f in flags)


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_the_old_note_that_lost_its_last_sentence_fails(lang):
    flags = check_ui_catalog(lang, old_ui(lang))
    assert flagged(flags, "sentencecount", "The text does not say what happens to a card nobody")


def test_the_old_spanish_note_quoting_english_fails():
    assert flagged(check_ui_catalog("es", old_ui("es")), "note_quote", "In common Perudo")


def test_the_old_french_spaces_before_a_colon_fail():
    flags = check_ui_catalog("fr", old_ui("fr"))
    assert flagged(flags, "typography", "Proven from the rules")
    assert flagged(flags, "interface_glossary", "Next auctioneer")


def test_the_old_basque_site_count_that_dropped_its_number_fails():
    assert flagged(check_ui_catalog("eu", old_ui("eu")), "digits", "1 site past")


def test_the_old_english_msgids_with_holder_fail():
    assert flagged(check_english_msgids(old_ui("eu")), "drift", "Only the bell shows")


@pytest.mark.parametrize("game,lang,check,segment", [
    ("zaldi_zuria", "es", "glossary", "phase1.auction"),      # S11: oferta / puja
    ("zaldi_zuria", "en", "glossary", "ending"),              # two whites / blanks
    ("peruludo", "fr", "glossary", "round.starter"),          # F8: tour / manche
    ("zohn_ahl", "en", "glossary", "board.sites"),            # places / sites
])
def test_the_old_source_drift_fails_the_glossary(game, lang, check, segment):
    data = old_file(f"locales/{lang}/LC_MESSAGES/{game}.po")
    entries = catalog_entries(read_po(io.BytesIO(data), locale=lang), game)
    flags = check_entries(entries, lang, game)
    assert any(f.check == check and f.segment_id == segment for f in flags)
