"""The glossary (issue 7.2): terms, policies, finding terms in Basque, renderings, exports."""

import csv
import io

import pytest

from games_support import GAMES
from jokoak.content.glossary import (CSV_COLUMNS, export_csv, export_tbx, find_terms, glossary,
                             is_rendered, leaves_basque, read_tbx, term_map)
from jokoak.i18n import LANGUAGES, TARGET_LANGUAGES
from jokoak.render.source import highlight_terms, source_html
from jokoak.content.segments import segments

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
    assert {t.id for t in glossary() if not t.interface_only} == found


def test_an_interface_only_term_is_never_looked_for_in_the_sources():
    # "galdu" (the cost concept's headword) is in the Basque; the term must not find it there
    cost = next(t for t in glossary() if t.id == "kostua")
    assert cost.interface_only
    assert not find_terms("dado bat galduko du", "peruludo", "palero.bidder_loses", [cost])


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
    from jokoak.content.glossary import Term
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


# where a term is used -------------------------------------------------------------------------

def test_a_term_is_used_in_the_clauses_whose_basque_contains_it():
    from jokoak.render.glossary_table import term_clauses
    from jokoak.content.segments import segment_map
    clauses = term_clauses("zaldi_zuria")["ostalaria"]
    assert "phase3.throw1.pay" in clauses and "phase2.throw4.a" not in clauses
    texts = segment_map("zaldi_zuria")
    assert all("ostalari" in texts[c].text.casefold() for c in clauses)


def test_a_term_is_used_in_play_by_the_events_that_cite_its_clauses():
    from jokoak.render.glossary_table import clause_event_kinds, term_clauses, term_event_kinds
    kinds = term_event_kinds("zaldi_zuria", "ostalaria")
    assert "payment" in kinds
    citing = {k for c in term_clauses("zaldi_zuria")["ostalaria"]
              for k in clause_event_kinds("zaldi_zuria").get(c, ())}
    assert set(kinds) == citing


@pytest.mark.parametrize("lang", ["eu", "es", "fr"])
def test_the_tappable_term_says_where_it_is_used_in_play_in_the_visitors_language(lang):
    from jokoak.i18n import translator
    _ = translator(lang).gettext
    out = highlight_terms("Zaldi zuriaren jabeak fitxa bat ordainduko dio ostalariari.", lang,
                          "zaldi_zuria", "phase3.throw1.pay", _)
    gloss = out.split('data-term="ostalaria"')[1].split("</details>")[0]
    assert f'<span class="jk-use" lang="{lang}">' in gloss
    assert escape_(_("In play: %(events)s").split("%")[0]) in gloss and _("Payment") in gloss
    assert '<span lang="zxx" translate="no">' in gloss and "phase3.throw1.pay" in gloss
    assert _("In play: %(events)s") != "In play: %(events)s"


def escape_(text):
    from html import escape
    return escape(text)


def test_the_translators_glossary_table_has_every_term_of_the_game_with_its_uses():
    from jokoak.render.glossary_table import glossary_table_html
    out = glossary_table_html("zaldi_zuria", TARGET_LANGUAGES, lambda s: s, "fr")
    terms = [t for t in glossary() if t.applies("zaldi_zuria", None)]
    assert out.count("<tr data-term=") == len(terms)
    row = out.split('<tr data-term="ostalaria">')[1].split("</tr>")[0]
    term = term_map()["ostalaria"]
    assert '<span lang="eu">ostalaria</span>' in row
    assert f'<span lang="es">{term.rendering["es"]}' in row
    assert f'<td lang="fr">{term.definition["fr"]}</td>' in row
    assert "phase3.throw1.pay" in row and "Payment" in row


def test_the_glossary_table_escapes_every_text():
    from jokoak.content.glossary import Term
    from jokoak.render import glossary_table
    hostile = Term("x", "<i>fitxa</i>", ("fitxa",), "keep", ("zaldi_zuria",),
                   {lg: "<b>chip</b>" for lg in TARGET_LANGUAGES}, {}, {"en": "<script>"})
    original = glossary_table.glossary
    glossary_table.glossary = lambda: (hostile,)
    try:
        out = glossary_table.glossary_table_html("zaldi_zuria", TARGET_LANGUAGES,
                                                 lambda s: s, "en")
    finally:
        glossary_table.glossary = original
    assert "<b>" not in out and "<script>" not in out and "<i>" not in out
    assert "&lt;b&gt;chip&lt;/b&gt;" in out


def test_a_quantifier_needs_its_expressions_in_every_language():
    from jokoak.content.glossary import GlossaryError, parse_quantifiers
    good = {"quantifiers": [{"id": "at_least", "basque": ["gutxienez"],
                             "rendering": {"eu": ["gutxienez"], "es": ["al menos"],
                                           "fr": ["au moins"], "en": ["at least"]}}]}
    assert [q.id for q in parse_quantifiers(good)] == ["at_least"]
    del good["quantifiers"][0]["rendering"]["en"]
    with pytest.raises(GlossaryError, match="quantifiers"):
        parse_quantifiers(good)


def test_the_texts_at_least_and_only_are_found_in_the_clauses_that_state_them():
    from jokoak.content.glossary import clause_quantifiers
    from jokoak.content.segments import segment_map
    def ids(game, clause):
        return [q.id for q, _w in clause_quantifiers(segment_map(game)[clause].text)]
    assert ids("peruludo", "raise.to_wild") == ["at_least"]
    assert ids("peruludo", "arrastatze.fixed_face") == ["only"]
    assert ids("zohn_ahl", "throw.white") == ["only"]
    assert ids("peruludo", "raise.higher") == []
