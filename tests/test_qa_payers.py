"""Who pays whom: each rendering of a payment clause names the engine's payer and payee."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from babel.messages.pofile import read_po, write_po

from jokoak.i18n import po_path
from jokoak.games.zaldi_zuria.who_pays import BANK, EVERY_PLAYER, INNKEEPER, OWNER, payment_roles
from jokoak.review.source_checks import Entry, catalog_entries, cross_target_flags
from jokoak.content.segments import segment_map
from jokoak.i18n.source_translations import TRANSLATED, translations

GAME = "zaldi_zuria"
WHO_PAYS = {"payer_dropped", "payer_swapped", "payee_dropped"}


def basque(clause: str) -> str:
    return segment_map(GAME)[clause].text


def shipped(lang: str) -> dict[str, str]:
    return {t.segment.id: t.text for t in translations(GAME, lang) if t.status == TRANSLATED}


def who_pays(clause: str, lang: str, text: str) -> list[str]:
    return [f.check for f in cross_target_flags(clause, basque(clause), {lang: text}, GAME)
            if f.check in WHO_PAYS]


def test_the_engine_has_the_bank_pay_the_owners_when_bell_and_hammer_show():
    assert payment_roles()["phase2.throw3.both"][0] == (frozenset({BANK}),
                                                             frozenset({OWNER}))


def test_the_engine_has_every_other_player_pay_the_white_horse_owner_on_all_blanks():
    payers, payees = payment_roles()["phase2.throw1.owner"][0]
    assert payers == {EVERY_PLAYER} and OWNER in payees


def test_the_engine_has_the_card_owners_pay_the_innkeeper_once_the_inn_is_open():
    assert payment_roles()["phase3.throw3.a.both"][0] == (frozenset({OWNER}),
                                                               frozenset({INNKEEPER}))


@pytest.mark.parametrize("lang", ["es", "fr", "en"])
def test_every_shipped_rendering_names_who_pays_whom(lang):
    texts = shipped(lang)
    wrong = {c: who_pays(c, lang, texts[c]) for c in payment_roles() if c in texts}
    assert {c: found for c, found in wrong.items() if found} == {}


def test_a_rendering_that_drops_the_payer_is_flagged():
    assert who_pays("phase2.throw3.pay", "en", "The owners of those cards are paid as many "
                    "chips as the sum of the pips.") == ["payer_dropped", "payee_dropped"]


def test_a_rendering_that_makes_the_payer_the_one_paid_is_flagged():
    assert "payer_swapped" in who_pays(
        "phase2.throw3.pay", "es",
        "Los dueños de esas cartas pagarán al banquero tantas fichas como la suma de los puntos.")


def test_a_rendering_that_leaves_the_payer_to_the_verb_passes_where_the_basque_does():
    # "hiru karten jabeei ordainduko die": the Basque names only the payee
    assert who_pays("phase2.throw3.both", "es", "En particular, si aparecen la campana y el "
                    "martillo, pagará a los dueños de las tres cartas.") == []


def test_a_broken_copy_of_the_english_catalog_fails_and_the_shipped_one_passes(tmp_path):
    source = po_path("en", GAME)
    with source.open("rb") as fh:
        catalog = read_po(fh)
    clause = "phase3.throw1.pay"
    catalog.get(basque(clause), context=clause).string = \
        "The innkeeper pays one chip to the owner of the white horse."
    broken = tmp_path / "broken.po"
    with broken.open("wb") as fh:
        write_po(fh, catalog)
    with broken.open("rb") as fh:
        entries = {e.segment_id: e for e in catalog_entries(read_po(fh), GAME)}
    assert "payer_swapped" in who_pays(clause, "en", entries[clause].target)
    assert who_pays(clause, "en", shipped("en")[clause]) == []


@pytest.mark.parametrize("lang", ["eu", "es", "fr"])
def test_the_who_pays_message_is_in_the_translators_language(lang):
    from jokoak.i18n import translator
    _ = translator(lang).gettext
    flag = next(f for f in cross_target_flags(
        "phase2.throw3.pay", basque("phase2.throw3.pay"),
        {"en": "The owners of those cards are paid the sum of the pips."}, GAME)
        if f.check == "payer_dropped")
    english = flag.message()
    assert "the bank" in english and "card owner" in english
    message = flag.message(_)
    assert message != english and _("card owner") in message and _("the bank") in message
    assert _("card owner") != "card owner"


def test_the_translators_page_shows_who_pays_beside_the_clause():
    from jokoak.render.review import _cross_html
    seg = segment_map(GAME)["phase2.throw3.pay"]
    texts = {lg: shipped(lg)[seg.id] for lg in ("es", "fr")}
    texts["en"] = "The owners of those cards are paid as many chips as the sum of the pips."
    cells = [SimpleNamespace(lang=lg, entry=Entry(seg.id, seg.text, text, TRANSLATED))
             for lg, text in texts.items()]
    out = _cross_html(SimpleNamespace(segment=seg, cells=cells), GAME, lambda s: s, "en")
    assert 'class="jk-cross"' in out and "Who pays: the payer" in out
    assert "en does not name the payer" in out and "es does not" not in out


def test_the_old_english_rendering_of_bell_and_hammer_together_is_flagged():
    # the review's finding: "the owners of the three cards are paid" loses who pays them
    old = ("In particular, if the bell and the hammer appear, the owners of the three cards "
           "are paid.")
    assert who_pays("phase2.throw3.both", "en", old) == ["payee_dropped"]
    assert who_pays("phase2.throw3.both", "en", shipped("en")["phase2.throw3.both"]) == []
