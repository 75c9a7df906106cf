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
PERULUDO = ("content/peruludo/notes.yaml",)


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


# quantifiers of the cited clauses (issue 40) ---------------------------------------------------

TO_WILD = ("peruludo", ("p/01 step 2 feedback",
                        "Sixes need at least half as many dice: half of five, rounded up, is three.",
                        ("raise.to_wild",)))
FROM_WILD = ("peruludo", ("p/02 step 2 feedback",
                          "After sixes: more sixes, or another number with at least twice as many dice.",
                          ("raise.from_wild", "raise.from_wild.more", "raise.from_wild.switch")))


def _quantifier_checks(lang, sentence, text):
    from jokoak.review.interface_checks import quantifier_flags
    game, (where, msgid, clauses) = sentence
    said = [(game, (where, text if lang == "en" else msgid, clauses))]
    return quantifier_flags(lang, {msgid: text}, said)


def test_quantifiers_the_english_feedback_that_drops_at_least_fails():
    found = _quantifier_checks("en", TO_WILD, "A bid on sixes needs half the last quantity, "
                               "rounded up: three.")
    assert [(f.check, f.lang) for f in found] == [("quantifiers", "en")]
    assert "gutxienez" in found[0].message() and "raise.to_wild" in found[0].message()
    assert _quantifier_checks("en", TO_WILD, TO_WILD[1][1]) == []


@pytest.mark.parametrize("lang, old, new", [
    ("fr", "Un pari sur les 6 demande la moitié de la quantité précédente, arrondie au-dessus\u00a0: "
           "trois.",
     "Sur les 6, il faut au moins la moitié des dés\u00a0: la moitié de cinq, arrondie à l’unité "
     "supérieure, fait trois."),
    ("es", "Una apuesta a los 6 necesita la mitad de la cantidad anterior: tres.",
     "Los 6 necesitan al menos la mitad de dados: la mitad de cinco, redondeando hacia arriba, es tres."),
    ("eu", "6koen aldeko apustuak aurreko kopuruaren erdia behar du: hiru.",
     "6koek gutxienez erdia adina dado behar dituzte: bosten erdia, goitik biribilduta, hiru da."),
])
def test_quantifiers_a_translation_that_drops_at_least_fails(lang, old, new):
    assert [f.check for f in _quantifier_checks(lang, TO_WILD, old)] == ["quantifiers"]
    assert _quantifier_checks(lang, TO_WILD, new) == []


@pytest.mark.parametrize("lang, old, new", [
    ("en", "After sixes: more sixes, or another number with twice as many dice.",
     "After sixes: more sixes, or another number with at least twice as many dice."),
    ("es", "Tras los 6: más 6, u otro número con el doble de dados.",
     "Tras los 6: más 6, u otro número con al menos el doble de dados."),
    ("eu", "6koen ondoren: 6ko gehiago, edo beste zenbaki bat dado-kopuru bikoitzarekin.",
     "6koen ondoren: 6ko gehiago, edo beste zenbaki bat gutxienez dado-kopuru bikoitzarekin."),
])
def test_quantifiers_twice_as_many_without_at_least_fails(lang, old, new):
    assert [f.check for f in _quantifier_checks(lang, FROM_WILD, old)] == ["quantifiers"]
    assert _quantifier_checks(lang, FROM_WILD, new) == []


def test_quantifiers_french_ne_que_renders_only_and_nobody_opens_does_not():
    # notes.six_opening: «Txanda bat arrastatze egoeran soilik has daiteke 6koen alde …»
    line = ("peruludo", ("card", "…; only in arrastatze may a round open on 6s.",
                         ("notes.six_opening",)))
    assert _quantifier_checks("fr", line, "…\u202f; une manche ne peut s’ouvrir sur les 6 "
                              "qu’en arrastatze.") == []
    assert [f.check for f in _quantifier_checks("fr", line, "…\u202f; personne n’ouvre sur "
                                                "les 6.")] == ["quantifiers"]
    assert [f.check for f in _quantifier_checks("en", line, "…; nobody opens on 6s.")] == [
        "quantifiers"]


def test_quantifiers_gutxienez_punturen_bat_is_some_pips_not_a_bound():
    from jokoak.content.glossary import clause_quantifiers
    from jokoak.content.segments import segment_map
    text = segment_map("zaldi_zuria")["phase2.throw3"].text
    assert "gutxienez punturen bat" in text and clause_quantifiers(text) == []
    assert [q.id for q, _w in clause_quantifiers(segment_map("zaldi_zuria")["setup.players"].text)] == [
        "at_least"]
