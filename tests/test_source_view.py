"""The source view: Basque beside the translation, escaped, with lang marks and notes."""

from jokoak.content.notes import notes
from jokoak.render.source import source_html
from jokoak.i18n.source_translations import SegmentTranslation, translation_map


def identity(message: str) -> str:
    return message


def test_every_basque_passage_is_marked_as_basque_and_every_translation_with_its_language():
    markup = source_html("zaldi_zuria", "fr", identity)
    assert markup.count('lang="eu" data-segment=') >= 40
    assert markup.count('lang="fr" data-segment=') >= 40


def test_each_interpretation_note_appears_once_beside_its_first_clause():
    markup = source_html("peruludo", "es", identity)
    for note in notes("peruludo"):
        assert markup.count(f'data-note="{note.id}"') == 1


def test_without_a_translation_the_notes_sit_under_the_basque():
    markup = source_html("zohn_ahl", None, identity)
    assert markup.count("<details class=\"jk-note") == len(notes("zohn_ahl"))


def test_a_hostile_translation_is_rendered_as_text(monkeypatch):
    import jokoak.render.source as source
    real = translation_map("zaldi_zuria", "en")
    hostile = '<script>alert(1)</script><img src=x onerror=alert(2)>[x](javascript:alert(3))'
    forged = {k: SegmentTranslation(v.segment, "en", hostile, v.status) for k, v in real.items()}
    monkeypatch.setattr(source, "translation_map", lambda game, lang: forged)
    markup = source_html("zaldi_zuria", "en", identity)
    assert "<script>" not in markup and "<img" not in markup
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in markup


def test_artifacts_are_shown_as_they_are_with_an_explanation_and_no_translation():
    markup = source_html("zohn_ahl", "en", identity)
    assert 'class="jk-seg jk-artifact" lang="eu" data-segment="artifact.awls">eztenak dira' in markup
    assert "Scraping leftover" in markup
