"""The glossary (issue 7.2): terms, policies, finding terms in Basque, renderings, exports."""

import csv
import io

import pytest

from jokoak import GAMES
from jokoak.glossary import (CSV_COLUMNS, export_csv, export_tbx, find_terms, glossary,
                             is_rendered, leaves_basque, read_tbx, term_map)
from jokoak.i18n import LANGUAGES, TARGET_LANGUAGES
from jokoak.render.source import highlight_terms, source_html
from jokoak.segments import segments

KEPT = {"palero", "doia", "arrastatze", "arrastatu", "zaldi_zuria_game", "peruludo", "zohn_ahl",
        "nebakuthana"}


def ids(matches):
    return [m.term.id for m in matches]


@pytest.mark.parametrize("term", glossary(), ids=lambda t: t.id)
def test_every_term_has_a_rendering_and_a_definition_in_every_language(term):
    assert all(term.rendering[lg] for lg in TARGET_LANGUAGES)
    assert all(term.definition.get(lg, "").strip() for lg in LANGUAGES), term.id
    assert term.games and set(term.games) <= set(GAMES)


def test_game_names_and_the_peruludo_calls_are_kept_in_basque():
    terms = term_map()
    for tid in KEPT:
        assert terms[tid].policy == "keep", tid
        assert all(terms[tid].rendering[lg] == terms[tid].eu for lg in TARGET_LANGUAGES)


def test_every_term_occurs_in_some_segment_of_its_games():
    found = {m.term.id for g in GAMES for s in segments(g) if s.translatable
             for m in find_terms(s.text, g, s.id)}
    assert {t.id for t in glossary()} == found


def test_basque_stems_find_inflected_forms():
    assert ids(find_terms("bere fitxak bankura pasatuko dira", "zaldi_zuria")) == [
        "fitxa", "bankua"]
    assert ids(find_terms("ostatuaren jabeari", "zaldi_zuria")) == ["ostatua", "jabea"]


def test_longest_form_wins_ahl_harria_is_not_the_ahl_sticks():
    assert ids(find_terms("Taularen erdialdean, ahl harria dago.", "zohn_ahl")) == ["ahl_harria"]
    assert ids(find_terms("ahl izeneko lau zotz daude", "zohn_ahl")) == ["ahl", "zotz"]


def test_longest_form_wins_scoring_stick_over_stick_and_bell_with_hammer_over_bell():
    assert ids(find_terms("lau puntuazio-zotz ditu", "zohn_ahl")) == ["puntuazio_zotz"]
    assert ids(find_terms("mailua eta ezkila mailuarekin", "zaldi_zuria")) == [
        "mailua", "ezkila_mailuarekin"]


def test_the_game_name_is_only_the_title_elsewhere_zaldi_zuria_is_the_card():
    assert ids(find_terms("zaldi zuria", "zaldi_zuria", "title")) == ["zaldi_zuria_game"]
    assert ids(find_terms("zaldi zuriaren jabeari", "zaldi_zuria", "phase2.throw1.other")) == [
        "zaldi_zuria_card", "jabea"]


def test_terms_apply_only_to_their_games():
    assert find_terms("Lau fitxa", "peruludo") == []


def test_zohn_ahl_game_piece_is_its_own_term_not_the_zaldi_zuria_chip():
    assert ids(find_terms("joko-fitxa gisa balio du", "zohn_ahl")) == ["joko_fitxa"]
    assert ids(find_terms("Fitxak taulan ateetatik sartzen dira", "zohn_ahl")) == ["joko_fitxa"]


def test_a_rendering_counts_only_as_whole_words_or_a_listed_variant():
    inn = term_map()["ostatua"]
    assert is_rendered(inn, "fr", "le propriétaire de l’auberge")
    assert not is_rendered(inn, "fr", "paie l’aubergiste")
    chip = term_map()["fitxa"]
    assert is_rendered(chip, "fr", "36 jetons chacun")


def test_a_translate_term_left_in_basque_is_found():
    assert leaves_basque(term_map()["ostatua"], "es", "el dueño del ostatua") == "ostatua"
    assert leaves_basque(term_map()["ostatua"], "es", "el dueño de la posada") is None
    assert leaves_basque(term_map()["palero"], "es", "diciendo palero") is None


def test_csv_export_is_read_back_with_one_row_per_term():
    rows = list(csv.DictReader(io.StringIO(export_csv())))
    assert len(rows) == len(glossary()) and tuple(rows[0]) == CSV_COLUMNS
    inn = next(r for r in rows if r["id"] == "ostatua")
    assert (inn["es"], inn["fr"], inn["en"]) == ("posada", "auberge", "inn")


def test_tbx_export_is_read_back_by_translate_toolkit():
    pairs = read_tbx(export_tbx(lang="fr"))
    assert len(pairs) == len(glossary())
    assert ("ostatua", "auberge") in pairs and ("palero", "palero") in pairs


def test_source_view_makes_each_term_tappable_with_the_gloss_in_the_visitors_language():
    out = highlight_terms("Lau fitxa kokatuko ditu bankuan", "fr", "zaldi_zuria", "start.stakes")
    assert out.count('<details class="jk-term"') == 2 and "<abbr" not in out
    assert '<summary lang="eu" title="jeton: ' in out and ">bankuan</summary>" in out
    assert '<span class="jk-gloss" role="note" lang="fr">jeton: ' in out


def test_highlighting_escapes_the_text_around_the_terms():
    out = highlight_terms("<script>fitxa</script>", "en", "zaldi_zuria", None)
    assert "<script>" not in out and "&lt;script&gt;" in out and ">fitxa</summary>" in out


def test_a_gloss_is_escaped_inside_the_tappable_term():
    from jokoak.glossary import Term
    from jokoak.render.source import term_html
    term = Term("x", "fitxa", ("fitxa",), "translate", ("zaldi_zuria",), {"en": "chip"}, {},
                {"en": '<b>"chips" & co</b>'})
    out = term_html("fitxa", term, "en")
    assert "<b>" not in out and "&lt;b&gt;" in out and "&quot;chips&quot;" in out


def test_source_view_highlights_only_when_asked():
    gettext = lambda s: s  # noqa: E731
    assert 'class="jk-term"' in source_html("peruludo", "es", gettext, ui_lang="es")
    assert 'class="jk-term"' not in source_html("peruludo", "es", gettext, ui_lang="es",
                                                glossary=False)
