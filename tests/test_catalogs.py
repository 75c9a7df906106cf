"""Catalogs: generated from the code and the segments by Babel, never stale, complete."""


import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from games_support import GAMES
from jokoak.i18n.catalogs import source_template, stale_catalogs, ui_template
from jokoak.i18n import TARGET_LANGUAGES, interface_catalog, po_path
from jokoak.content.segments import segments


def test_catalogs_are_not_stale_against_the_code_and_segments():
    stale = stale_catalogs()
    assert not stale, ("run `python -m jokoak catalogs`; stale: "
                       + ", ".join(str(p) for p in stale))


@pytest.mark.parametrize("game", GAMES)
def test_source_template_has_one_entry_per_translatable_segment_keyed_by_id(game):
    template = source_template(game)
    entries = [(m.context, m.id) for m in template if m.id]
    assert entries == [(s.id, s.text) for s in segments(game) if s.translatable]


@pytest.mark.parametrize("game", GAMES)
def test_artifacts_never_reach_a_catalog(game):
    texts = {m.id for m in source_template(game) if m.id}
    assert ".png)" not in texts and "eztenak dira" not in texts and "-" not in texts


def test_a_changed_basque_segment_turns_its_translation_fuzzy_not_lost():
    old = Catalog(locale="en", domain="toy")
    old.add("Zortzi dado daude.", "There are eight dice.", context="setup.dice")
    new_template = Catalog(locale="eu", domain="toy")
    new_template.add("Bederatzi dado daude.", context="setup.dice")
    old.update(new_template)
    msg = old.get("Bederatzi dado daude.", context="setup.dice")
    assert msg.fuzzy and msg.string == "There are eight dice."
    assert msg.previous_id == ["Zortzi dado daude."] or msg.previous_id == "Zortzi dado daude."


def test_ui_template_finds_msgids_in_code_and_content():
    ids = {m.id for m in ui_template() if m.id}
    assert "Home" in ids and "Translators" in ids and "Sources & credits" in ids


@pytest.mark.parametrize("lang", ["eu", "es", "fr"])
def test_every_ui_string_is_translated(lang):
    catalog = interface_catalog(lang)
    missing = [m.id for m in catalog if m.id and (not m.string or m.fuzzy)]
    assert not missing, f"{lang}: {len(missing)} untranslated, e.g. {missing[:5]}"


@pytest.mark.parametrize("lang", TARGET_LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_source_catalog_declares_its_language(game, lang):
    with po_path(lang, game).open("rb") as fh:
        catalog = read_po(fh)
    assert str(catalog.locale) == lang
