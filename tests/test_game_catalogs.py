"""Each game's own interface catalog (``content/<key>/locales/<lang>/LC_MESSAGES/<key>-ui.po``):
the msgids its folders use live there, the shared ``messages`` catalog holds those the shared
code uses, the visitor's translator merges them, a msgid moving between catalogs keeps its
translation exactly, and a new game's catalogs change no other catalog."""

import copy
import io

from babel.messages.pofile import read_po

from jokoak.i18n import game_ui_domain, interface_catalog, load_catalog, po_path, translator
from jokoak.i18n import catalogs
from jokoak.i18n.catalogs import _render, game_of, interface_templates, updated_catalogs

GAME, LANG = "zaldi_zuria", "es"


def own_translated_entry():
    """A translated msgid of the game's own catalog (not a plural), and its translation."""
    for msg in load_catalog(LANG, game_ui_domain(GAME)):
        if msg.id and isinstance(msg.id, str) and msg.string and not msg.fuzzy:
            return msg.id, msg.string
    raise AssertionError("the game's own catalog has no translated entry")


def test_a_place_in_a_games_folders_belongs_to_that_game_and_any_other_to_the_shared_code():
    assert game_of("jokoak/games/zohn_ahl/render.py") == "zohn_ahl"
    assert game_of("ui/games/zohn_ahl/play.py") == "zohn_ahl"
    assert game_of("content/zohn_ahl/howto.yaml") == "zohn_ahl"
    assert game_of("ui/room/panel.py") is None
    assert game_of("content/schemas/lesson.schema.json") is None


def test_a_new_game_that_reuses_msgids_changes_no_other_catalog(monkeypatch):
    full = catalogs.ui_template()
    before = interface_templates()
    shared = next(m.id for m in before["messages"] if isinstance(m.id, str) and m.id)
    owned = next(m.id for m in before["peruludo-ui"] if isinstance(m.id, str) and m.id)

    def with_a_new_game():
        template = copy.deepcopy(full)
        for msgid in (shared, owned):
            template[msgid].locations.append(("jokoak/games/newgame/render.py", 0))
        return template

    games = (*catalogs._games(), "newgame")
    monkeypatch.setattr(catalogs, "ui_template", with_a_new_game)
    monkeypatch.setattr(catalogs, "_games", lambda: games)
    after = interface_templates()
    for domain in before:
        assert _render(after[domain]) == _render(before[domain]), domain
    assert {m.id for m in after["newgame-ui"] if m.id} == {shared, owned}


def test_a_msgid_in_several_catalogs_has_one_translation_in_each_language():
    for lang in ("eu", "es", "fr"):
        seen: dict = {}
        for domain in ("messages", *(game_ui_domain(g) for g in catalogs._games())):
            for msg in load_catalog(lang, domain) or ():
                if msg.id:
                    assert seen.setdefault(msg.id, msg.string) == msg.string, (lang, msg.id)


def test_the_visitors_translator_reads_the_games_own_catalog():
    msgid, msgstr = own_translated_entry()
    assert load_catalog(LANG, "messages").get(msgid) is None   # not in the shared catalog
    assert translator(LANG).gettext(msgid) == msgstr
    assert interface_catalog(LANG).get(msgid).string == msgstr


def test_a_msgid_that_becomes_shared_keeps_its_translation(monkeypatch):
    msgid, msgstr = own_translated_entry()
    monkeypatch.setattr(catalogs, "game_of", lambda path: None)   # every msgid shared
    written = updated_catalogs("messages")[po_path(LANG, "messages")]
    moved = read_po(io.BytesIO(written), locale=LANG).get(msgid)
    assert moved is not None and moved.string == msgstr and not moved.fuzzy
