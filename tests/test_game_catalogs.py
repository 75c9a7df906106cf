"""Each game's own interface catalog (``content/<key>/locales/<lang>/LC_MESSAGES/<key>-ui.po``):
the msgids only its folders use live there, the visitor's translator merges them with the shared
``messages`` catalog, and a msgid moving between the two keeps its translation exactly."""

import io

from babel.messages.pofile import read_po

from jokoak.i18n import game_ui_domain, interface_catalog, load_catalog, po_path, translator
from jokoak.i18n import catalogs
from jokoak.i18n.catalogs import game_of, updated_catalogs

GAME, LANG = "zaldi_zuria", "es"


def own_translated_entry():
    """A translated msgid of the game's own catalog (not a plural), and its translation."""
    for msg in load_catalog(LANG, game_ui_domain(GAME)):
        if msg.id and isinstance(msg.id, str) and msg.string and not msg.fuzzy:
            return msg.id, msg.string
    raise AssertionError("the game's own catalog has no translated entry")


def test_a_msgid_one_game_alone_uses_belongs_to_that_games_catalog():
    assert game_of(["jokoak/games/zohn_ahl/render.py", "ui/games/zohn_ahl/play.py",
                    "content/zohn_ahl/howto.yaml"]) == "zohn_ahl"
    assert game_of(["jokoak/games/zohn_ahl/render.py", "ui/room.py"]) is None
    assert game_of(["content/zohn_ahl/howto.yaml", "content/peruludo/howto.yaml"]) is None
    assert game_of(["content/schemas/lesson.schema.json"]) is None


def test_the_visitors_translator_reads_the_games_own_catalog():
    msgid, msgstr = own_translated_entry()
    assert load_catalog(LANG, "messages").get(msgid) is None   # not in the shared catalog
    assert translator(LANG).gettext(msgid) == msgstr
    assert interface_catalog(LANG).get(msgid).string == msgstr


def test_a_msgid_that_becomes_shared_keeps_its_translation(monkeypatch):
    msgid, msgstr = own_translated_entry()
    monkeypatch.setattr(catalogs, "game_of", lambda locations: None)   # every msgid shared
    written = updated_catalogs("messages")[po_path(LANG, "messages")]
    moved = read_po(io.BytesIO(written), locale=LANG).get(msgid)
    assert moved is not None and moved.string == msgstr and not moved.fuzzy
