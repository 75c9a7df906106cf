"""Counts in the renderers take each language's plural form (ngettext), not English's n == 1."""

import pytest

from jokoak.i18n import translator
from jokoak.render import plural_of
from jokoak.games.peruludo.render import dice_text
from jokoak.games.zaldi_zuria.render import chips_text
from jokoak.games.zohn_ahl.render import past_text, sites_text, sticks_text


def test_french_zero_dice_is_singular():
    assert dice_text(0, translator("fr").gettext) == "0 dé"


def test_spanish_one_site_is_singular_and_two_plural():
    _ = translator("es").gettext
    assert sites_text(1, _) == "1 posición" and sites_text(2, _) == "2 posiciones"


@pytest.mark.parametrize("lang", ["eu", "es", "fr", "en"])
def test_every_count_renderer_gives_a_translated_form_for_zero_one_and_many(lang):
    _ = translator(lang).gettext
    for render in (dice_text, chips_text, sites_text, sticks_text, past_text):
        for n in (0, 1, 2, 7):
            text = render(n, _)
            assert str(n) in text and "%(" not in text


def test_plural_of_finds_ngettext_on_a_translator_its_bound_gettext_or_an_attribute():
    t = translator("fr")
    assert plural_of(t)("%(count)s die", "%(count)s dice", 0) == "%(count)s dé"
    assert plural_of(t.gettext)("%(count)s die", "%(count)s dice", 0) == "%(count)s dé"

    def page_gettext(message):
        return message
    page_gettext.ngettext = t.ngettext
    assert plural_of(page_gettext)("%(count)s die", "%(count)s dice", 0) == "%(count)s dé"


def test_the_pages_gettext_carries_the_visitors_ngettext():
    from ui.common import _, ngettext
    assert _.ngettext is ngettext
