"""Each quality check with a failing and a passing example; the ``qa`` command."""

import argparse

import pytest

from jokoak.cli import qa_cmd
from jokoak.qa import CHECKS, ERROR, Entry, check_entry, expected_numbers, number_problems
from jokoak.translations import FUZZY, TRANSLATED, UNTRANSLATED

DICE = "Jaurtitzeko, ahl izeneko lau zotz daude, 25,4 cm × 1,59 cm neurrikoak."


def flags(source, target, lang="es", game="zohn_ahl", sid="sticks.dice", status=TRANSLATED,
          norm=None):
    entry = Entry(sid, source, target, status)
    return {f.check: f for f in check_entry(entry, lang, game, norm=norm)}


# numbers ---------------------------------------------------------------------------------------

def test_numbers_decimal_comma_becomes_a_point_in_english():
    assert expected_numbers(DICE, "en") == {"25.4": 1, "1.59": 1}
    assert expected_numbers(DICE, "fr") == {"25,4": 1, "1,59": 1}


def test_numbers_a_basque_decimal_written_the_english_way_in_spanish_fails():
    found = flags(DICE, "Para lanzar hay cuatro tablillas llamadas ahl, de 25.4 cm × 1.59 cm.")
    assert "numbers" in found and "25,4" in found["numbers"].message()


def test_numbers_locale_correct_decimals_pass():
    assert "numbers" not in flags(
        DICE, "Para lanzar hay cuatro tablillas llamadas ahl, de 25,4 cm × 1,59 cm.")
    assert "numbers" not in flags(
        DICE, "For throwing there are four throw sticks called ahl, 25.4 cm × 1.59 cm.", "en")


def test_numbers_a_digit_spelt_out_in_the_translation_fails():
    assert number_problems("Jokalariek 36na fitxa jasoko dituzte.",
                           "Each player receives thirty-six chips.", "en") == (["36"], [])


def test_numbers_a_number_the_basque_spells_as_a_word_stays_a_word():
    assert number_problems("Lau fitxa kokatuko ditu bankuan.",
                           "Places 4 chips in the bank.", "en") == ([], ["4"])
    assert number_problems("Lau fitxa kokatuko ditu bankuan.",
                           "Places four chips in the bank.", "en") == ([], [])


def test_numbers_list_commas_are_not_decimal_commas():
    assert number_problems("emaitza 1, 2, 3 eta bi zuri", "result 1, 2, 3 and two whites",
                           "en") == ([], [])


# glossary and Basque-term policy ---------------------------------------------------------------

STAKES = "Lau fitxa kokatuko ditu bankuan eta beste jokalariei gauza bera egiteko eskatuko die."


def test_glossary_a_term_rendered_otherwise_fails_naming_the_term_and_the_rendering():
    found = flags(STAKES, "Pondrá cuatro monedas en la banca y pedirá lo mismo a los demás.",
                  game="zaldi_zuria", sid="start.stakes")
    assert "glossary" in found
    assert "fitxa" in found["glossary"].message() and "ficha" in found["glossary"].message()


def test_glossary_the_rendering_or_a_listed_variant_passes():
    assert "glossary" not in flags(
        STAKES, "Pondrá cuatro fichas en la banca y pedirá lo mismo a los demás.",
        game="zaldi_zuria", sid="start.stakes")


def test_glossary_a_kept_term_must_stay_in_basque():
    source = "b) aurreko jokalaria desafiatzea palero deituz."
    assert "glossary" in flags(source, "b) desafiar al jugador anterior diciendo «mentiroso».",
                               game="peruludo", sid="palero.option")
    assert "glossary" not in flags(source, "b) desafiar al jugador anterior diciendo palero.",
                                   game="peruludo", sid="palero.option")


def test_basque_term_left_in_a_translation_fails():
    found = flags("Poltsa bat jarriko da mahai erdian.", "Se pondrá una poltsa en la mesa.",
                  game="peruludo", sid="setup.bag")
    assert "basque_term" in found
    assert "basque_term" not in flags("Poltsa bat jarriko da mahai erdian.",
                                      "Se pondrá una bolsa en la mesa.", game="peruludo",
                                      sid="setup.bag")


# untranslated, fuzzy, same as source -----------------------------------------------------------

def test_untranslated_entry_fails():
    assert set(flags(STAKES, "", status=UNTRANSLATED)) == {"untranslated"}


def test_fuzzy_entry_fails_even_when_the_text_is_fine():
    assert "fuzzy" in flags("Arauak", "Reglas", status=FUZZY, sid="rules.heading")
    assert "fuzzy" not in flags("Arauak", "Reglas", sid="rules.heading")


def test_same_as_source_fails_for_ordinary_text():
    assert "same_as_source" in flags("Arauak", "Arauak", sid="rules.heading")


def test_same_as_source_is_allowed_for_kept_game_names_and_kept_terms():
    assert "same_as_source" not in flags("zohn ahl", "zohn ahl", sid="title")
    assert "same_as_source" not in flags("Doia", "Doia", game="peruludo", sid="doia.heading")


# translate-toolkit pofilter checks ---------------------------------------------------------------

def test_sentencecount_a_merged_sentence_fails():
    source = "Zortzi dado daude. Zortziek bosna aurpegi zuri dituzte."
    assert "sentencecount" in flags(source, "Hay ocho dados con cinco caras blancas.",
                                    game="zaldi_zuria", sid="setup.dice")
    assert "sentencecount" not in flags(source, "Hay ocho dados. Tienen cinco caras blancas.",
                                        game="zaldi_zuria", sid="setup.dice")


def test_brackets_a_lost_bracket_fails():
    source = "Lau arku daude (izkinetan)."
    assert "brackets" in flags(source, "Hay cuatro arcos (en las esquinas.", sid="x")
    assert "brackets" not in flags(source, "Hay cuatro arcos (en las esquinas).", sid="x")


def test_doublewords_a_repeated_word_fails():
    source = "Taula angeluzuzena da."
    assert "doublewords" in flags(source, "El tablero es es rectangular.", sid="x")
    assert "doublewords" not in flags(source, "El tablero es rectangular.", sid="x")


def test_endpunc_a_lost_full_stop_is_a_warning():
    found = flags("Taula angeluzuzena da.", "El tablero es rectangular", sid="x")
    assert found["endpunc"].severity != ERROR
    assert "endpunc" not in flags("Taula angeluzuzena da.", "El tablero es rectangular.",
                                  sid="x")


def test_puncspacing_a_missing_space_after_a_comma_is_a_warning():
    found = flags("Taula, angeluzuzena da.", "El tablero,rectangular.", sid="x")
    assert found["puncspacing"].severity != ERROR
    assert "puncspacing" not in flags("Taula, angeluzuzena da.", "El tablero, rectangular.",
                                      sid="x")


# our own: quotes and length --------------------------------------------------------------------

def test_quotes_an_unclosed_guillemet_fails():
    source = "jokaldiari zaldi zuri deritzo"
    assert "quotes" in flags(source, "le coup s’appelle « cheval blanc", "fr",
                             game="zaldi_zuria", sid="phase2.throw1")
    assert "quotes" not in flags(source, "le coup s’appelle « cheval blanc »", "fr",
                                 game="zaldi_zuria", sid="phase2.throw1")


def test_french_spacing_an_ordinary_space_before_a_semicolon_is_a_warning():
    source = "Ez da ezer; dena da."
    found = flags(source, "Rien ; tout.", "fr", sid="x")
    assert found["typography"].severity != ERROR
    assert "typography" not in flags(source, "Rien\u202f; tout.", "fr", sid="x")
    assert "typography" not in flags(source, "Nada; todo.", "es", sid="x")


def test_length_a_translation_far_shorter_than_usual_is_a_warning():
    source = "Jokoan aritzeko gutxienez sei jokalari behar dira."
    found = flags(source, "Seis.", norm=1.0, sid="x")
    assert found["length"].severity != ERROR
    assert "length" not in flags(source, "Para jugar se necesitan al menos seis jugadores.",
                                 norm=1.0, sid="x")


def test_every_check_is_explained_and_has_a_reason_template():
    for info in CHECKS.values():
        assert info.title and info.explanation and info.detail and info.severity


# the qa command --------------------------------------------------------------------------------

def run_qa(*argv):
    parser = argparse.ArgumentParser()
    qa_cmd.register(parser.add_subparsers())
    args = parser.parse_args(["qa", *argv])
    return args.run(args)


def test_qa_command_prints_counts_and_passes_on_the_shipped_catalogs(capsys):
    assert run_qa("--game", "peruludo", "--lang", "fr") == 0
    out = capsys.readouterr().out
    assert "peruludo" in out and "0 error(s)" in out


def test_qa_command_exits_non_zero_on_an_error(monkeypatch, capsys):
    from jokoak import qa
    from jokoak.qa import Flag
    monkeypatch.setattr(qa, "check_catalog",
                        lambda game, lang: [Flag("untranslated", "title", lang)])
    assert run_qa("--game", "peruludo", "--lang", "es") == 1
    assert "error: peruludo:title [es] untranslated" in capsys.readouterr().out


def test_qa_command_refuses_an_unknown_language():
    from jokoak.cli import CliError
    with pytest.raises(CliError):
        run_qa("--lang", "de")


# messages in the translator's language ---------------------------------------------------------

def test_only_translate_toolkits_own_checks_are_credited_to_pofilter():
    from jokoak.qa import POFILTER_CHECKS
    assert {c for c, info in CHECKS.items() if info.origin == "pofilter"} == set(POFILTER_CHECKS)


@pytest.mark.parametrize("lang", ["eu", "es", "fr"])
def test_a_pofilter_reason_is_shown_in_the_translators_language(lang):
    from jokoak.i18n import translator
    _ = translator(lang).gettext
    found = flags("Bat. Bi.", "Uno dos.")
    message = found["sentencecount"].message(_)
    assert message != found["sentencecount"].message()
    assert "2" in message and "1" in message and "Different" not in message


# across the three targets ----------------------------------------------------------------------

def test_across_targets_a_number_one_translation_lost_is_flagged():
    from jokoak.qa import cross_target_flags
    source = "Jokalariek 36na fitxa jasoko dituzte."
    flags_ = cross_target_flags("setup.chips", source, {
        "es": "Cada jugador recibe 36 fichas.", "fr": "Chaque joueur reçoit 36 jetons.",
        "en": "Each player receives thirty-six chips."}, "zaldi_zuria")
    assert [f.check for f in flags_] == ["cross_numbers"]


def test_across_targets_decimals_in_each_languages_form_agree():
    from jokoak.qa import cross_target_flags
    assert cross_target_flags("sticks.dice", DICE, {
        "es": "de 25,4 cm × 1,59 cm", "fr": "de 25,4 cm × 1,59 cm", "en": "25.4 cm × 1.59 cm"},
        "zohn_ahl") == []


def test_across_targets_a_term_rendered_in_only_some_translations_is_flagged():
    from jokoak.qa import cross_target_flags
    found = cross_target_flags("start.stakes", STAKES, {
        "es": "Pondrá cuatro fichas en la banca.", "fr": "Il place quatre pions dans la banque.",
        "en": "Places four chips in the bank."}, "zaldi_zuria")
    assert [(f.check, dict(f.params)["missing"]) for f in found] == [("cross_glossary", "fr")]


def test_the_shipped_translations_agree_across_targets():
    from jokoak import GAMES
    from jokoak.qa import shipped_cross_target_flags
    assert [str(f) for g in GAMES for f in shipped_cross_target_flags(g)] == []


def test_the_translators_page_shows_the_cross_target_checks_beside_the_clause():
    from types import SimpleNamespace

    from jokoak.render.review import _cross_html
    from jokoak.segments import segment_map
    seg = segment_map("zaldi_zuria")["start.stakes"]
    cells = [SimpleNamespace(lang=lg, entry=Entry(seg.id, seg.text, text, TRANSLATED))
             for lg, text in (("es", "Pondrá cuatro fichas en la banca."),
                              ("fr", "Il place quatre pions dans la banque."),
                              ("en", "Places four chips in the bank."))]
    out = _cross_html(SimpleNamespace(segment=seg, cells=cells), "zaldi_zuria",
                      lambda s: s, "en")
    assert 'class="jk-cross"' in out and "fitxa" in out and "not in fr" in out
