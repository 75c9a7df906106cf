"""Each quality check with a failing and a passing example; the ``qa`` command."""

import argparse

import pytest

from jokoak.cli import qa_cmd
from jokoak.review.source_checks import CHECKS, ERROR, Entry, check_entry, expected_numbers, number_problems
from jokoak.i18n.source_translations import FUZZY, TRANSLATED, UNTRANSLATED

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
    from jokoak.review import source_checks as qa
    from jokoak.review.source_checks import Flag
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
    from jokoak.review.source_checks import POFILTER_CHECKS
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
    from jokoak.review.source_checks import cross_target_flags
    source = "Jokalariek 36na fitxa jasoko dituzte."
    flags_ = cross_target_flags("setup.chips", source, {
        "es": "Cada jugador recibe 36 fichas.", "fr": "Chaque joueur reçoit 36 jetons.",
        "en": "Each player receives thirty-six chips."}, "zaldi_zuria")
    assert [f.check for f in flags_] == ["cross_numbers"]


def test_across_targets_decimals_in_each_languages_form_agree():
    from jokoak.review.source_checks import cross_target_flags
    assert cross_target_flags("sticks.dice", DICE, {
        "es": "de 25,4 cm × 1,59 cm", "fr": "de 25,4 cm × 1,59 cm", "en": "25.4 cm × 1.59 cm"},
        "zohn_ahl") == []


def test_across_targets_a_term_rendered_in_only_some_translations_is_flagged():
    from jokoak.review.source_checks import cross_target_flags
    found = cross_target_flags("start.stakes", STAKES, {
        "es": "Pondrá cuatro fichas en la banca.", "fr": "Il place quatre pions dans la banque.",
        "en": "Places four chips in the bank."}, "zaldi_zuria")
    assert [(f.check, dict(f.params)["missing"]) for f in found] == [("cross_glossary", "fr")]


def test_the_shipped_translations_agree_across_targets():
    from games_support import GAMES
    from jokoak.review.source_checks import shipped_cross_target_flags
    assert [str(f) for g in GAMES for f in shipped_cross_target_flags(g)] == []


def test_the_translators_page_shows_the_cross_target_checks_beside_the_clause():
    from types import SimpleNamespace

    from jokoak.render.review import _cross_html
    from jokoak.content.segments import segment_map
    seg = segment_map("zaldi_zuria")["start.stakes"]
    cells = [SimpleNamespace(lang=lg, entry=Entry(seg.id, seg.text, text, TRANSLATED))
             for lg, text in (("es", "Pondrá cuatro fichas en la banca."),
                              ("fr", "Il place quatre pions dans la banque."),
                              ("en", "Places four chips in the bank."))]
    out = _cross_html(SimpleNamespace(segment=seg, cells=cells), "zaldi_zuria",
                      lambda s: s, "en")
    assert 'class="jk-cross"' in out and "fitxa" in out and "not in fr" in out


# checks that would have caught the lessons-and-cards review (issue 27) -----------------------

def _ui_entry(msgid, locations=("ui/guess.py",)):
    from jokoak.review.interface_checks import UiEntry
    return UiEntry(msgid, None, ("",), frozenset(), tuple(locations))


def _ui_checks(msgid, target, lang, locations=("ui/guess.py",)):
    from jokoak.review.interface_checks import UiEntry, check_ui_entry
    entry = UiEntry(msgid, None, (target,), frozenset(), tuple(locations))
    return {f.check: f for f in check_ui_entry(entry, lang)}


def test_avoid_list_basque_aukera_for_a_chance_fails_and_probabilitate_passes():
    found = _ui_checks("The exact chance", "Aukera zehatza", "eu")
    assert "drift" in found and "aukera" in found["drift"].message()
    assert "drift" not in _ui_checks("The exact chance", "Probabilitate zehatza", "eu")


def test_avoid_list_a_word_is_avoided_only_for_its_concept():
    # aukera is the booklet's word for a choice; "Aukeratu" is the verb to choose
    assert "drift" not in _ui_checks("The booklet's choice", "Liburuxkaren aukera", "eu")
    assert "drift" not in _ui_checks("Choose the rules and the chance that a stick lands marked "
                                     "side up.", "Aukeratu arauak eta zotz baten "
                                     "probabilitatea.", "eu")


def test_avoid_list_a_stem_finds_the_inflected_basque_verb():
    msgid = "Be the last player left with dice: every lost challenge costs a die."
    where = ("content/peruludo/howto.yaml",)
    assert "drift" in _ui_checks(msgid, "Galdutako desafio bakoitzak dado bat kostatzen du.",
                                 "eu", where)
    assert "drift" not in _ui_checks(msgid, "Galdutako desafio bakoitzean dado bat galtzen da.",
                                     "eu", where)


def test_avoid_list_terms_drifting_between_card_and_lessons_fail_in_spanish_and_french():
    where = ("content/peruludo/howto.yaml",)
    msgid = "Off your turn, call doia: exactly the bid on the table wins you a die."
    assert "drift" in _ui_checks(msgid, "Fuera de tu turno, canta doia: …", "es", where)
    assert "drift" not in _ui_checks(msgid, "Fuera de tu turno, di doia: …", "es", where)
    assert "drift" in _ui_checks("Raise with more dice of the same face.",
                                 "Relancez avec plus de dés de la même face.", "fr", where)


def test_a_translation_clause_keeps_its_own_wording_dire_doia():
    # the avoid lists are the interface's: the source clause "doia esan" may say "dire doia"
    source = "Edozein jokalarik, bere txanda ez denean, doia esan dezake edozein momentutan."
    assert "drift" not in flags(source, "N’importe quel joueur peut dire doia à tout moment, "
                                "quand ce n’est pas son tour.", "fr", "peruludo", "doia.call")


def test_clause_terms_the_card_line_that_drops_the_auctioneer_fails_in_each_language():
    from jokoak.content.howto import card
    from jokoak.review.interface_checks import clause_term_flags
    line = next(x for x in card("zaldi_zuria").lines if "phase3.throw4.b.next" in x.clauses)
    wrong = {line.msgid: "…jaurtitzaileak bankua eramaten du eta hurrengo partida enkantean "
                         "jartzen du."}
    right = {line.msgid: "…jaurtitzaileak bankua eramaten du, eta hurrengo partidaren "
                         "enkante-burua izango da."}
    found = clause_term_flags("eu", wrong)
    assert [f.check for f in found if f.segment_id == line.msgid] == ["clause_terms"]
    assert "phase3.throw4.b.next" in found[0].message()
    assert not [f for f in clause_term_flags("eu", right) if f.segment_id == line.msgid]


def test_clause_terms_the_parties_are_found_in_the_cited_clause():
    from jokoak.content.lesson_checks import cited_roles
    assert [t.id for t in cited_roles("zaldi_zuria", ["phase3.throw4.b.next"])] == [
        "enkante_burua"]


def test_clause_terms_the_shipped_english_cards_and_lessons_name_every_party():
    from jokoak.review.interface_checks import clause_term_flags
    assert clause_term_flags("en") == []


def test_list_placeholder_found_in_the_code_and_a_verb_agreeing_with_it_fails():
    from jokoak.review.interface_checks import list_placeholder_problems, list_placeholders
    msgid = "Waiting for %(players)s to join with the code %(code)s."
    assert list_placeholders()[msgid] == {"%(players)s"}
    entry = _ui_entry(msgid, ("ui/room/area.py",))
    assert list_placeholder_problems(entry, "Esperando a que %(players)s entren con el código "
                                            "%(code)s.") == ["%(players)s"]
    assert list_placeholder_problems(entry, "Aún sin entrar con el código %(code)s: "
                                            "%(players)s.") == []


def test_list_placeholder_a_msgid_that_is_only_the_list_is_not_checked():
    from jokoak.review.interface_checks import list_placeholder_problems
    assert list_placeholder_problems(_ui_entry("%(names)s and %(last)s"),
                                     "%(names)s eta %(last)s") == []


def _lesson_file(game, name):
    import yaml
    from jokoak.content.lessons import lesson_dir
    return yaml.safe_load((lesson_dir(game) / f"{name}.yaml").read_text(encoding="utf-8"))


def test_rule_shown_an_arrastatze_round_with_no_six_cannot_show_that_sixes_are_not_wild():
    from jokoak.content.lesson_checks import rule_shown_problems
    data = _lesson_file("peruludo", "03_arrastatze_and_the_win")
    assert rule_shown_problems("peruludo", [("03", data)]) == []
    data["steps"][0]["play"] = ["roll:3", "roll:5"]      # Player 2 rolls a 5, not a six
    found = rule_shown_problems("peruludo", [("03", data)])
    assert [(p.check, p.where) for p in found] == [("rule_shown", "peruludo/03 step 2")]
    assert "arrastatze.no_wilds" in found[0].text


def test_choice_mark_a_step_that_hangs_on_the_booklets_reading_must_mark_it():
    from jokoak.content.lesson_checks import choice_mark_problems
    data = _lesson_file("zaldi_zuria", "02_auction_and_endings")
    assert choice_mark_problems("zaldi_zuria", [("02", data)]) == []
    del data["steps"][6]["choice"]                          # the exact hit before the inn opens
    found = choice_mark_problems("zaldi_zuria", [("02", data)])
    assert [(p.where, "exact-hit-phase2" in p.text) for p in found] == [
        ("zaldi_zuria/02 step 7", True)]


def test_choice_mark_a_note_whose_default_is_the_text_asks_for_no_mark():
    from jokoak.content.notes import notes
    from jokoak.content.lesson_checks import choice_mark_problems
    assert not next(n for n in notes("zaldi_zuria") if n.id == "all-blank").is_choice
    data = _lesson_file("zaldi_zuria", "01_first_throws")   # all blank: the text's own rule
    assert choice_mark_problems("zaldi_zuria", [("01", data)]) == []


def test_premise_a_guess_about_five_dice_asked_when_the_visitor_has_four_fails():
    import yaml
    from jokoak.content.lesson_checks import premise_problems
    from jokoak.content.lessons import lesson_dir, parse_lesson
    text = (lesson_dir("peruludo") / "02_opening_and_calls.yaml").read_text(encoding="utf-8")
    assert premise_problems("peruludo", [parse_lesson("peruludo", "02", text)]) == []
    data = yaml.safe_load(text)
    guess = next(s for s in data["steps"] if "guess" in s)
    data["steps"].remove(guess)
    data["steps"].append(guess)                # after the wrong doia: four dice left
    late = parse_lesson("peruludo", "02", yaml.safe_dump(data))
    found = premise_problems("peruludo", [late])
    assert [p.check for p in found] == ["premise"] and "4 dice" in found[0].text


def test_the_shipped_lessons_show_their_rules_mark_their_choices_and_keep_their_premises():
    from jokoak.content.lesson_checks import lesson_problems
    assert [str(p) for p in lesson_problems()] == []


# checks that would have caught the lessons-cards-play review (issue 40) ----------------------

def test_choice_mark_a_note_citing_a_sibling_clause_still_asks_for_the_mark():
    # zaldi zuria lesson 2 step 6 ("4 chips each") teaches phase2.throw3.both; the note
    # symbol-sum was about phase2.throw3.pay only, so the check never looked at the step
    from jokoak.content.lesson_checks import choice_mark_problems
    data = _lesson_file("zaldi_zuria", "02_auction_and_endings")
    assert choice_mark_problems("zaldi_zuria", [("02", data)]) == []
    del data["steps"][5]["choice"]                          # the step as the review read it
    found = choice_mark_problems("zaldi_zuria", [("02", data)])
    assert [(p.where, "symbol-sum" in p.text) for p in found] == [("zaldi_zuria/02 step 6", True)]


def test_choice_mark_a_note_covers_the_parts_of_its_rule_but_not_the_next_rule():
    from jokoak.content.lesson_checks import note_covers
    from jokoak.content.notes import Note
    symbol_sum = Note("zaldi_zuria", "symbol-sum", ("phase2.throw3.pay",), "t", "b", "symbol_payout")
    assert note_covers(symbol_sum, "phase2.throw3.both")
    assert note_covers(symbol_sum, "phase2.throw3")
    assert not note_covers(symbol_sum, "phase2.throw4.a")
    who_starts = Note("zohn_ahl", "who-starts", ("start.left_edge", "move.west_east"), "t", "b", "first_team")
    assert not note_covers(who_starts, "move.distance")   # a section, not one numbered rule


def test_choice_mark_a_step_marked_with_a_note_that_cites_none_of_its_clauses_fails(monkeypatch):
    from jokoak.content import lesson_checks
    from jokoak.content.notes import Note
    data = _lesson_file("zaldi_zuria", "02_auction_and_endings")
    narrow = [Note("zaldi_zuria", "symbol-sum", ("phase2.throw3.pay",), "t", "b", "symbol_payout")]
    monkeypatch.setattr(lesson_checks, "notes", lambda game: narrow)  # the note before the fix
    found = lesson_checks.choice_mark_problems("zaldi_zuria", [("02", data)])
    assert [p.where for p in found] == ["zaldi_zuria/02 step 6"]
    assert "add one to the note's clauses" in found[0].text


def test_rule_shown_wild_sixes_taught_at_the_first_raise_of_the_first_round_fails():
    from jokoak.content.lesson_checks import rule_shown_problems
    data = _lesson_file("peruludo", "01_first_round")
    assert rule_shown_problems("peruludo", [("01", data)]) == []
    for step in data["steps"]:                               # the lesson as the review read it
        step["teaches"] = [c for c in step["teaches"] if "wild" not in c]
    data["steps"][0]["teaches"] += ["setup.wild", "round.facts.wild"]
    found = rule_shown_problems("peruludo", [("01", data)])
    assert sorted((p.where, p.text.split(",")[0]) for p in found) == [
        ("peruludo/01 step 1", "teaches round.facts.wild"),
        ("peruludo/01 step 1", "teaches setup.wild")]


def test_rule_shown_the_doia_of_the_first_round_counts_player_2s_six():
    # the step that now teaches wild sixes: with sixes not wild the same doia is wrong
    from jokoak.content.lesson_checks import rule_switches
    from jokoak.engine.core import make_rules
    from games_support import engine_of
    data = _lesson_file("peruludo", "01_first_round")
    engine = engine_of("peruludo")
    setup = {"players": 3, "dice": [5, 5, 4], "ages": [30, 40, 12], "bag": 1, "starter": 2}
    actions = [*data["steps"][3]["play"], data["steps"][3]["expect"], *data["steps"][3]["then"],
               *data["steps"][4]["play"], data["steps"][4]["expect"]]
    kinds = {}
    for name, options in (("text", {}), ("switched", rule_switches("peruludo")["setup.wild"].options)):
        state = engine.new_initial_state(make_rules(engine, None, **options), setup)
        for action in actions:
            state, events = state.apply(action)
        kinds[name] = [e.kind for e in events]
    assert "doia_right" in kinds["text"] and "doia_wrong" in kinds["switched"]


def test_rule_shown_the_fixed_number_cannot_be_shown_by_an_allowed_opening():
    from jokoak.content.lesson_checks import rule_shown_problems
    data = _lesson_file("peruludo", "03_arrastatze_and_the_win")
    data["steps"][0]["teaches"] = ["arrastatze.fixed_face"]  # the step as the review read it
    found = rule_shown_problems("peruludo", [("03", data)])
    assert [(p.where, "arrastatze.fixed_face" in p.text) for p in found] == [
        ("peruludo/03 step 1", True)]


def test_avoid_list_french_tour_for_a_circuit_fails_and_circuit_passes():
    where = ("content/zohn_ahl/howto.yaml",)
    msgid = "Move that many sites, eight a side, 32 a circuit; a 5 or a 10 gives another throw."
    wrong = _ui_checks(msgid, "Avancez d’autant d’emplacements, huit par côté, 32 par tour\u202f; "
                       "un 5 ou un 10 donne un autre lancer.", "fr", where)
    assert "drift" in wrong and "tour" in wrong["drift"].message()
    assert "drift" not in _ui_checks(msgid, "Avancez d’autant d’emplacements, huit par côté, 32 "
                                     "par circuit\u202f; un 5 ou un 10 donne un autre lancer.",
                                     "fr", where)


def test_avoid_list_french_tour_stays_right_for_a_turn():
    where = ("content/peruludo/lessons/01_first_round.yaml",)
    assert "drift" not in _ui_checks("Anyone may call doia when it is not their turn.",
                                     "Chacun peut annoncer doia quand ce n’est pas son tour.",
                                     "fr", where)


def test_avoid_list_basque_aukeratik_for_one_in_n_fails():
    where = ("jokoak/odds/plain.py",)
    wrong = _ui_checks("about 1 in %(n)s", "%(n)s aukeratik 1 inguru", "eu", where)
    assert "drift" in wrong and "aukera" in wrong["drift"].message()
    assert "drift" not in _ui_checks("about 1 in %(n)s", "%(n)s alditik 1 inguru", "eu", where)


def test_avoid_list_spanish_tirar_for_throw_fails_in_zohn_ahl_too():
    where = ("content/zohn_ahl/howto.yaml",)
    msgid = "The team at the left edge starts; all the players of a team throw before the other team."
    assert "drift" in _ui_checks(msgid, "Empieza el equipo del borde izquierdo; todos los "
                                 "jugadores de un equipo tiran antes que el otro equipo.", "es", where)
    assert "drift" not in _ui_checks(msgid, "Empieza el equipo del borde izquierdo; todos los "
                                     "jugadores de un equipo lanzan antes que el otro equipo.",
                                     "es", where)
