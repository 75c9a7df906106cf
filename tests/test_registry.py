"""One typed plug-in per game, in its own folder: every page iterates the registry, so a
fourth game edits no shared file.

The games are the folders of ``jokoak/games/`` with a ``plugin.py`` exporting ``PLUGIN``, found,
never listed; a folder that is not a whole game is refused, not skipped. The toy game's folder
(``tests/toygame_folder/``: its plug-in, picture, odds view; its engine ``tests/toygame.py``)
is put on the path of :mod:`jokoak.games` and :mod:`ui.games` for the length of a test by the
``toy`` fixture (``tests/conftest.py``), as a new game's folder sits in the repository: it
must then appear on Home, the kiosk's attract screen, Sources, Translators and the
navigation, with its own page and views reachable, while no page or shared module knows it
and nothing raises.
"""

from __future__ import annotations

import ast
from html import escape
from math import ceil
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import jokoak.games
import toygame
from games_support import GAMES, engines, games_with, toy_on_path
from jokoak import ROOT, registry
from jokoak.content.segments import rebuild, seed_text
from jokoak.engine import make_rules
from jokoak.i18n import translator
from jokoak.plugin import CAPABILITIES, GamePlugin
from ui.common import LANG_KEY
from ui.shell import page_specs, page_titles
from ui.views import available_views
from view_support import switch_to

TIMEOUT = 60
TOY = "toygame"
NAME = "lasterketa"   # the toy's name, in Basque as every game's
SHIPPED = tuple(registry.plugins().values())


def run(path: str, lang: str = "en", **query: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / path), default_timeout=TIMEOUT)
    at.session_state[LANG_KEY] = lang
    for name, value in query.items():
        at.query_params[name] = value
    return at.run()


def markup(at: AppTest) -> str:
    """Every markdown / HTML block the run drew, joined (ui.common.html is st.markdown)."""
    return "\n".join(m.value for m in at.markdown)


def no_exception(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def folder(tmp_path: Path, key: str, plugin_key: str | None, package: bool = True) -> Path:
    """A game's folder under ``tmp_path``: a ``plugin.py`` naming ``plugin_key`` (None: none),
    an ``__init__.py`` if ``package``."""
    (tmp_path / key).mkdir()
    if package:
        (tmp_path / key / "__init__.py").write_text("")
    if plugin_key is not None:
        (tmp_path / key / "plugin.py").write_text(
            "from jokoak.plugin import GamePlugin, Pictures\n"
            f"PLUGIN = GamePlugin({plugin_key!r}, 'izena', 'tagline', 'origin', 'players', (),\n"
            "                    engine=lambda: None, pictures=lambda: Pictures(icon=str))\n")
    return tmp_path


# --- the registry itself ----------------------------------------------------------------

def test_the_shipped_games_are_the_folders_with_a_plugin_in_the_order_of_their_plugins():
    folders = sorted(p.name for p in (ROOT / "jokoak" / "games").iterdir()
                     if (p / "plugin.py").is_file())
    assert sorted(GAMES) == folders
    assert GAMES == tuple(p.key for p in SHIPPED) == tuple(registry.plugins())
    orders = [p.order for p in SHIPPED]
    assert orders == sorted(orders) and len(set(orders)) == len(orders)


@pytest.mark.parametrize("plugin", SHIPPED, ids=lambda p: p.key)
def test_every_shipped_plugin_finds_its_engine_icon_seed_clauses_and_how_to_play_card(plugin):
    """What CONTRIBUTING's recipe calls required; the rest (odds, players, drawings) is
    optional, and where the plug-in declares it, it gives what the pages ask of it."""
    assert isinstance(plugin, GamePlugin) and plugin.game().name == plugin.key
    assert plugin.icon_svg("t", "eu").startswith("<svg")
    assert (ROOT / plugin.seed).is_file() and (ROOT / plugin.content / "segments.yaml").is_file()
    assert (ROOT / plugin.content / "howto.yaml").is_file(), "the read view's card, the handout"
    assert plugin.sources
    assert plugin.odds is None or callable(plugin.odds_tables())
    assert plugin.bots is None or plugin.policies()
    assert plugin.renderer is None or callable(plugin.table_renderer().describe_event)


@pytest.mark.parametrize("plugin", SHIPPED, ids=lambda p: p.key)
def test_every_shipped_engine_has_mypy_prove_it_keeps_the_engine_protocols(plugin):
    """``KEEPS_THE_ENGINE_PROTOCOLS: Game = GAME`` in the engine module: mypy (which reads
    every module of jokoak/) then fails as soon as the game or its states drift."""
    engine = ROOT / "jokoak" / "games" / plugin.key / "engine.py"
    tree = ast.parse(engine.read_text(encoding="utf-8"))
    proofs = [node for node in tree.body if isinstance(node, ast.AnnAssign)
              and ast.unparse(node.annotation) == "Game" and node.value is not None
              and ast.unparse(node.value) == "GAME"]
    assert proofs, f"{engine} has no `KEEPS_THE_ENGINE_PROTOCOLS: Game = GAME`"


def test_a_plugin_provides_the_capabilities_it_declares_and_no_others(toy):
    assert set(CAPABILITIES) == {"renderer", "odds", "bots", "guesses", "who_pays"}
    assert toy.provides() == ("odds", "bots")
    assert toy.table_renderer() is None and toy.questions() == () and toy.payment_check() is None
    assert registry.plugin("zaldi_zuria").provides() == CAPABILITIES


def test_games_with_a_capability_are_the_shipped_games_that_declare_it():
    assert games_with("who_pays") == ("zaldi_zuria",)
    assert games_with("odds") == GAMES
    with pytest.raises(ValueError, match="renderer"):
        games_with("rendering")


def test_finding_the_games_imports_no_engine(tmp_path):
    """Discovery stays cheap: the plug-ins only, each capability imported when asked."""
    import subprocess
    import sys
    probe = ("import sys; from jokoak import registry; registry.plugins(); "
             "print([m for m in sys.modules if m.startswith('jokoak.games.') "
             "and m.count('.') > 2 and not m.endswith('.plugin')])")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout.strip()
    assert out == "[]"


def test_an_unknown_game_is_a_key_error_naming_the_known_ones():
    with pytest.raises(KeyError, match=GAMES[0]):
        registry.plugin("chess")


def test_a_folder_without_a_plugin_is_refused_by_name(tmp_path, monkeypatch):
    monkeypatch.setattr(jokoak.games, "__path__", [str(folder(tmp_path, "half_written", None))])
    with pytest.raises(registry.GameFolderError, match="half_written/ has no plugin.py"):
        registry.plugins()


def test_a_folder_without_init_is_refused_not_skipped_in_silence(tmp_path, monkeypatch):
    where = folder(tmp_path, "no_package", "no_package", package=False)
    monkeypatch.setattr(jokoak.games, "__path__", [str(where)])
    with pytest.raises(registry.GameFolderError, match="no_package/ has no __init__.py"):
        registry.plugins()


def test_a_folder_whose_plugin_names_another_game_is_refused(tmp_path, monkeypatch):
    where = folder(tmp_path, "misnamed", "other")
    monkeypatch.setattr(jokoak.games, "__path__", [str(where)])
    with pytest.raises(registry.GameFolderError, match="misnamed"):
        registry.plugins()


def test_the_toy_is_found_on_the_path_and_forgotten_after(tmp_path):
    """The ``toy`` fixture's own block, undone inside the test: the registry's cache and
    ``sys.modules`` must keep nothing of the toy once the path is restored."""
    import sys
    with toy_on_path(tmp_path) as toy:
        assert tuple(registry.plugins()) == (*GAMES, TOY) and toy.name == NAME
        assert toy.game() is toygame.GAME
    assert tuple(registry.plugins()) == GAMES
    assert not [m for m in sys.modules if m.startswith(("jokoak.games.toygame", "ui.games.toygame"))]


def test_a_discovered_game_is_found_by_the_engines_registry(toy):
    assert toy.game() is toygame.GAME
    assert toy.policies() == toygame.POLICIES
    assert engines()[TOY] is toygame.GAME


def test_the_toys_segments_rebuild_its_seed_byte_for_byte(toy):
    assert rebuild(TOY) == seed_text(TOY)


def test_a_game_that_pictures_no_asked_outcome_keeps_the_state_before_it_and_nothing_beside(toy):
    game = toy.game()
    rules = make_rules(game, game.rulesets[0].name)
    before = game.new_initial_state(rules, game.default_setup(rules))
    after, events = before.apply(before.chance_outcomes()[0][0])
    assert toy.asked_outcome(before, after, events, translator("en").gettext, "en") == (before, "")


def test_a_zohn_ahl_throw_asked_about_is_its_sticks_as_they_fell_beside_the_board_before_it():
    from jokoak.games.zohn_ahl.render import describe_event
    entry, _ = registry.plugin("zohn_ahl"), translator("en").gettext
    game = entry.game()
    rules = make_rules(game, game.rulesets[0].name)
    before, _events = game.new_initial_state(rules, game.default_setup(rules)).apply("throw")
    after, events = before.apply(before.chance_outcomes()[0][0])
    shown, picture = entry.asked_outcome(before, after, events, _, "en")
    throw = next(e for e in events if e.kind == "throw")
    assert shown is before
    assert picture.count("<svg") == 1 and escape(describe_event(throw, _)) in picture


def test_a_zaldi_zuria_throw_asked_about_shows_its_dice_on_the_table_before_anyone_is_paid():
    entry = registry.plugin("zaldi_zuria")
    game = entry.game()
    rules = make_rules(game, game.rulesets[0].name)
    start = game.new_initial_state(rules, {"players": 6, "chips": 28, "bank": 40, "phase": "play",
                                           "auctioneer": 1, "to_throw": 0,
                                           "holders": {"bell": 3}})
    before, _events = start.apply("throw")
    after, events = before.apply("roll:3,bell")
    shown, picture = entry.asked_outcome(before, after, events, translator("en").gettext, "en")
    assert shown.last_roll == after.last_roll != before.last_roll
    assert after.chips != before.chips    # the bell's owner was paid: not shown yet
    assert shown.chips == before.chips and shown.bank == before.bank and picture == ""


def test_a_game_has_the_views_it_provides_and_no_others(toy):
    # no renderer with describe_event, no scenarios and no lessons: no step-through, no
    # lesson, no play view; its odds view by the convention of ui/games/<key>/views.py
    assert available_views(TOY) == ["read", "odds"]
    assert available_views("zaldi_zuria") == ["read", "learn", "step", "odds", "play"]


# --- every page, with a fourth game and no page edited -----------------------------------

@pytest.mark.parametrize("lang", ["eu", "fr"])
def test_home_shows_a_card_for_every_registered_game(toy, lang):
    at = run("app_pages/home.py", lang)
    no_exception(at)
    keys = [b.key for b in at.button]
    for key in tuple(registry.plugins()):
        assert f"home_{key}_read" in keys
    assert f"home_{TOY}_odds" in keys
    assert f'<h2 lang="eu" style="margin:.2rem 0">{NAME}</h2>' in markup(at)


def rows_of_cards(at: AppTest) -> list[int]:
    """How many columns each row of ``st.columns`` on the page has."""
    return [len(block.children) for block in at.main.children.values()
            if block.type == "flex_container"
            and all(type(c).__name__ == "Column" for c in block.children.values())]


def balanced_rows(games: int) -> list[int]:
    """Home's layout, as columns a row: at most three cards a row, the rows as even as they
    can be (four games: two rows of two, not three and one), every row as many columns as
    the fullest, so every card keeps one width (five games: two rows of three columns, the
    last with an empty one)."""
    rows = ceil(games / 3)
    return [ceil(games / rows)] * rows


def test_balanced_rows_are_two_of_two_for_four_games_and_one_of_three_for_three():
    assert balanced_rows(3) == [3] and balanced_rows(4) == [2, 2] and balanced_rows(5) == [3, 3]


def test_home_lays_the_games_out_in_balanced_rows_with_a_game_more(toy):
    assert rows_of_cards(run("app_pages/home.py")) == balanced_rows(len(GAMES) + 1)


def test_home_lays_the_shipped_games_out_in_balanced_rows():
    assert rows_of_cards(run("app_pages/home.py")) == balanced_rows(len(GAMES))


def test_the_kiosks_attract_screen_shows_every_registered_game(toy):
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    at.query_params["kiosk"] = "1"
    at.run()
    no_exception(at)
    shown = markup(at)
    for entry in registry.plugins().values():      # its moving picture (the toy's: its icon, rocking)
        assert f"<title>{entry.name}</title>" in shown
    assert 'class="jk-anim jk-rock"' in shown and f'class="jk-attract-name">{NAME}</div>' in shown


def test_sources_lists_every_registered_games_seed_and_sources(toy):
    at = run("app_pages/sources.py")
    no_exception(at)
    shown = markup(at)
    assert f'<h2 lang="eu">{NAME}</h2>' in shown
    assert toy.sources[0] in shown
    assert Path(toy.seed).name in shown


def test_translators_offer_every_registered_game_and_review_the_toy(toy):
    at = run("app_pages/translators.py")
    no_exception(at)
    choice = at.selectbox(key="jokoak_translators_game")
    assert [o for o in choice.options] == [e.name for e in registry.plugins().values()]
    choice.select(NAME).run()
    no_exception(at)
    assert "Helmugara lehenik iristen dena da irabazlea." in markup(at)
    assert "No catalog yet: “python -m jokoak catalogs” creates it." in [c.value for c in
                                                                        at.caption]


@pytest.mark.parametrize("lang", ["eu", "es"])
def test_the_navigation_has_a_page_for_every_registered_game(toy, lang):
    titles = page_titles(translator(lang).gettext)
    assert titles[1:1 + len(tuple(registry.plugins()))] == [e.name for e in registry.plugins().values()]
    spec = next(s for s in page_specs() if s.url == TOY)
    assert callable(spec.target) and spec.icon == toy.nav_icon


def test_no_game_has_a_page_file_of_its_own():
    assert not [key for key in GAMES if (ROOT / "app_pages" / f"{key}.py").exists()]
    assert all(callable(s.target) for s in page_specs() if s.url in GAMES)


def test_home_opens_the_toys_own_page_through_the_router(toy):
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    at.query_params["lang"] = "en"
    at.run()
    at.button(key=f"home_{TOY}_read").click().run()
    no_exception(at)
    shown = markup(at)
    assert f'<h1 lang="eu" style="margin-bottom:0">{NAME}</h1>' in shown
    assert "Bi eta lau jokalari artean hasten dira" in shown
    assert at.query_params["view"] == "read"


def test_the_toys_page_at_its_own_address_draws_its_odds_view(toy):
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    at.query_params["lang"] = "en"
    at.query_params["view"] = "odds"
    at.run()
    switch_to(at, TOY).run()
    no_exception(at)
    assert at.subheader[0].value == "Faces of the die"
    assert len(at.table) == 1


# --- no page knows the games by name -----------------------------------------------------

def game_neutral_modules() -> list[str]:
    """Every module of the app outside the games' own folders: none may name a game."""
    paths = [ROOT / "app.py", *(ROOT / "app_pages").glob("*.py"), *(ROOT / "ui").rglob("*.py"),
             *(ROOT / "jokoak").rglob("*.py")]
    own = [ROOT / "jokoak" / "games", ROOT / "ui" / "games"]
    return sorted(str(p.relative_to(ROOT)) for p in paths
                  if not any(p.is_relative_to(o) and p.parent != o for o in own))


def test_the_game_neutral_modules_include_the_pages_the_shell_and_the_games_package():
    found = game_neutral_modules()
    assert {"app.py", "app_pages/home.py", "ui/shell.py", "ui/views.py", "jokoak/registry.py",
            "jokoak/games/__init__.py", "ui/games/__init__.py"} <= set(found)
    assert not [p for p in found if p.startswith(("jokoak/games/zaldi_zuria", "ui/games/zohn"))]


@pytest.mark.parametrize("path", game_neutral_modules())
def test_a_game_neutral_module_names_no_game(path):
    text = (ROOT / path).read_text(encoding="utf-8")
    for entry in SHIPPED:
        assert f'"{entry.key}"' not in text and f"'{entry.key}'" not in text, entry.key
        assert f'"{entry.name}"' not in text, entry.name
