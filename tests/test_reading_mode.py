"""The read view's learners' parts in AppTest: the card, "Test yourself", the handout button."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from jokoak.content.howto import card
from jokoak.render.source import clause_pairs
from ui.common import LANG_KEY
from ui.reading import reveal_button_key, revealed_key

TIMEOUT = 120


def identity(message: str) -> str:
    return message


def read_view(game: str, lang: str = "en", kiosk: bool = False) -> AppTest:
    at = AppTest.from_string(f"from ui.game_page import read_view\nread_view({game!r})\n",
                             default_timeout=TIMEOUT)
    at.session_state[LANG_KEY] = lang
    at.session_state["jokoak_kiosk"] = kiosk
    return at.run()


def markup(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


def test_the_read_view_opens_with_the_card_in_the_visitors_language():
    at = read_view("zohn_ahl", "es")
    assert not at.exception
    assert 'class="jk-howto" lang="es"' in markup(at)
    assert "Ganar todas las tablillas de puntuación" in markup(at)


def in_test_mode(game: str, lang: str = "en") -> AppTest:
    at = read_view(game, lang)
    at.toggle(key=f"jokoak_selftest_{game}__{lang}").set_value(True)
    return at.run()


def revealable(game: str) -> list[str]:
    return [p.id for p in clause_pairs(game, "en", identity) if p.translation_html is not None]


def test_test_yourself_shows_the_basque_and_hides_every_translation():
    at = in_test_mode("zaldi_zuria")
    shown = markup(at)
    assert 'lang="eu" data-segment="setup.cards"' in shown
    assert 'lang="en" data-segment=' not in shown
    reveal_buttons = [b for b in at.button if b.key.startswith("jk_reveal_zaldi_zuria_")]
    assert len(reveal_buttons) == len(revealable("zaldi_zuria"))


def test_a_tap_reveals_that_clause_only_and_it_stays_revealed_over_reruns():
    at = in_test_mode("peruludo")
    at.button(key=reveal_button_key("peruludo", "setup.dice")).click().run()
    at.run()
    shown = markup(at)
    assert shown.count('lang="en" data-segment=') == 1
    assert 'data-revealed="setup.dice"' in shown
    assert reveal_button_key("peruludo", "setup.dice") not in [b.key for b in at.button]
    assert at.session_state[revealed_key("peruludo")] == {"setup.dice"}


def test_the_second_tap_of_a_double_tap_changes_nothing():
    # both taps reach the server as the same callback; the second must not hide the clause
    at = AppTest.from_string(
        "import streamlit as st\nfrom ui.reading import reveal, revealed\n"
        "reveal('peruludo', ['setup.bag'])\nreveal('peruludo', ['setup.bag'])\n"
        "st.write(', '.join(sorted(revealed('peruludo'))))\n", default_timeout=TIMEOUT).run()
    assert at.markdown[0].value == "setup.bag"


def test_reveal_all_then_hide_all():
    at = in_test_mode("zohn_ahl")
    at.button(key="jk_revealall_zohn_ahl").click().run()
    assert markup(at).count('data-revealed="') == len(revealable("zohn_ahl"))
    assert not [b for b in at.button if b.key.startswith("jk_reveal_zohn_ahl_")]
    at.button(key="jk_hide_all_zohn_ahl").click().run()
    assert 'data-revealed="' not in markup(at)


def test_revealed_clauses_survive_a_language_switch_and_show_in_the_new_language():
    at = in_test_mode("zaldi_zuria")
    at.button(key=reveal_button_key("zaldi_zuria", "setup.dice")).click().run()
    at.session_state[LANG_KEY] = "fr"
    at.run()
    assert at.toggle(key="jokoak_selftest_zaldi_zuria__fr").value is True
    assert 'lang="fr" data-segment="setup.dice"' in markup(at)
    assert markup(at).count('data-revealed="') == 1


def test_test_yourself_stays_on_after_a_visit_to_another_view():
    at = AppTest.from_string(
        "import streamlit as st\nfrom ui.game_page import read_view\n"
        "if st.session_state.get('elsewhere'):\n    st.write('another view')\n"
        "else:\n    read_view('peruludo')\n", default_timeout=TIMEOUT)
    at.session_state[LANG_KEY] = "en"
    at.run()
    at.toggle(key="jokoak_selftest_peruludo__en").set_value(True).run()
    at.session_state["elsewhere"] = True
    at.run()
    at.session_state["elsewhere"] = False
    at.run()
    assert at.toggle(key="jokoak_selftest_peruludo__en").value is True
    assert [b for b in at.button if b.key.startswith("jk_reveal_peruludo_")]


def test_the_card_lines_link_to_clauses_that_the_reading_mode_also_anchors():
    at = in_test_mode("zohn_ahl")
    for line in card("zohn_ahl").lines:
        assert f'id="clause-{line.clauses[0]}"' in markup(at)


def test_the_handout_is_offered_for_download_except_on_a_kiosk():
    at = read_view("peruludo", "eu")
    buttons = at.get("download_button")
    assert len(buttons) == 1
    assert buttons[0].proto.label == "Inprimatzeko orria (PDF, orri bat)"
    assert read_view("peruludo", "eu", kiosk=True).get("download_button") == []


def test_a_rerun_of_the_read_view_builds_the_rules_from_memory(monkeypatch):
    import ui.game_page
    built = []
    real = ui.game_page.source_html
    monkeypatch.setattr(ui.game_page, "source_html",
                        lambda *a, **k: built.append(1) or real(*a, **k))
    ui.game_page._source_markup.cache_clear()
    at = read_view("peruludo", "fr")
    at.toggle(key="jokoak_ids_peruludo").set_value(True).run()     # a new choice: built
    at.toggle(key="jokoak_ids_peruludo").set_value(False).run()    # seen before: from memory
    assert not at.exception and len(built) == 2


def test_the_rules_kept_in_memory_are_in_each_visitors_own_language():
    from jokoak.i18n import translator
    read_view("zaldi_zuria", "fr")     # another visitor read the same rules first
    at = read_view("zaldi_zuria", "eu")
    head = translator("eu").gettext("Basque original")
    assert head != "Basque original"
    assert f'<div class="jk-col-head" lang="eu">{head}</div>' in markup(at)
