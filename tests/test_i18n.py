"""Languages: negotiation, per-visitor translators, locale-aware numbers."""

from fractions import Fraction

import pytest

from jokoak.i18n import (DEFAULT_LANGUAGE, LANGUAGES, format_number, format_percent_value,
                         language_name, negotiate_language, normalize_language, translator)


def test_the_four_ui_languages_with_basque_first():
    assert LANGUAGES == ("eu", "es", "fr", "en") and DEFAULT_LANGUAGE == "eu"


@pytest.mark.parametrize("code,name", [("eu", "Euskara"), ("es", "Español"),
                                       ("fr", "Français"), ("en", "English")])
def test_each_language_is_named_in_itself(code, name):
    assert language_name(code) == name


@pytest.mark.parametrize("junk", [None, "", "xx", "<script>alert(1)</script>", "../../etc",
                                  "e" * 5000, 42, ["fr"]])
def test_junk_language_values_are_ignored(junk):
    assert normalize_language(junk) is None


def test_language_values_are_normalised():
    assert normalize_language("FR") == "fr" and normalize_language("es-MX") == "es"


def test_browser_locale_is_negotiated_else_basque():
    assert negotiate_language(["fr-CA", "en"]) == "fr"
    assert negotiate_language("en-GB") == "en"
    assert negotiate_language(["de-DE", "pt"]) == "eu"
    assert negotiate_language(None) == "eu"


def test_translators_are_separate_per_language():
    assert translator("fr") is not translator("es")
    assert translator("fr").lang == "fr" and translator("es").lang == "es"


def test_english_is_the_msgid_language():
    assert translator("en").gettext("Home") == "Home"


def test_unknown_language_falls_back_to_basque():
    assert translator("zz").lang == "eu"


def test_basque_percent_puts_the_sign_first():
    assert format_percent_value(Fraction(23, 100), "eu", 0) == "%\u00a023"


@pytest.mark.parametrize("lang,expected", [("en", "25.4"), ("es", "25,4"), ("fr", "25,4"),
                                           ("eu", "25,4")])
def test_decimal_separator_follows_the_locale(lang, expected):
    assert format_number(25.4, lang, 1) == expected


def test_percent_keeps_the_locale_pattern_with_decimals():
    assert format_percent_value(0.2345, "fr", 1) == "23,4\u00a0%"
    assert format_percent_value(0.2345, "en", 1) == "23.4%"


def test_plural_forms_follow_each_catalogs_rule():
    singular, plural = "The clause this step applies:", "The clauses this step applies:"
    fr = translator("fr")
    assert fr.ngettext(singular, plural, 0) == fr.ngettext(singular, plural, 1)
    assert fr.ngettext(singular, plural, 2) != fr.ngettext(singular, plural, 1)
    assert translator("en").ngettext(singular, plural, 0) == plural
