"""One description of each game: every page iterates the registry, so a fourth game needs none.

The toy game (``tests/toygame.py``, ``ENTRY``) is registered for the length of each test and
must then appear on Home, the kiosk's attract screen, Sources, Translators and the navigation,
with its own page reachable from Home, while no page file knows it and nothing raises.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import toygame
import toygame_views
from jokoak import GAMES, ROOT, registry
from jokoak.engine import make_rules
from jokoak.games import available_games, get_game
from jokoak.i18n import translator
from jokoak.content.segments import rebuild, seed_text
from ui.common import LANG_KEY
from ui.shell import page_specs, page_titles
from ui.views import available_views, register_views, unregister_views

TIMEOUT = 60
NAME = toygame.ENTRY.name


@pytest.fixture
def toy():
    """The toy registered as a fourth game, with its odds view; gone after the test."""
    with registry.registered(toygame.ENTRY):
        register_views(toygame.NAME, odds=toygame_views.odds_view)
        try:
            yield toygame.ENTRY
        finally:
            unregister_views(toygame.NAME)


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


# --- the registry itself ----------------------------------------------------------------

def test_the_shipped_games_are_the_registry_in_order():
    assert GAMES == tuple(e.key for e in registry.SHIPPED) == ("zaldi_zuria", "peruludo",
                                                               "zohn_ahl")


@pytest.mark.parametrize("entry", registry.SHIPPED, ids=lambda e: e.key)
def test_every_shipped_entry_finds_its_engine_renderer_odds_icon_and_seed(entry):
    assert entry.game() is entry.engine_module().GAME
    assert callable(entry.odds_module().odds_tables)
    assert entry.policies()
    assert hasattr(entry.renderer_module(), "describe_event")
    assert entry.icon_svg("t", "eu").startswith("<svg")
    assert (ROOT / entry.seed).is_file() and (ROOT / entry.content / "segments.yaml").is_file()
    assert entry.sources


def test_an_unknown_game_is_a_key_error_naming_the_known_ones():
    with pytest.raises(KeyError, match="zaldi_zuria"):
        registry.entry("chess")


def test_a_game_cannot_be_registered_twice(toy):
    with pytest.raises(ValueError):
        registry.register(toy)


def test_a_registered_game_is_gone_after_its_test():
    with registry.registered(toygame.ENTRY):
        assert toygame.NAME in registry.keys()
    assert toygame.NAME not in registry.keys()
    assert registry.keys() == GAMES


def test_a_registered_game_is_found_by_the_engines_registry(toy):
    assert get_game(toygame.NAME) is toygame.GAME
    assert toy.policies() == toygame.POLICIES
    assert available_games()[toygame.NAME] is toygame.GAME


def test_the_toys_segments_rebuild_its_seed_byte_for_byte(toy):
    assert rebuild(toygame.NAME) == seed_text(toygame.NAME)


def test_a_game_that_pictures_no_asked_outcome_keeps_the_state_before_it_and_nothing_beside(toy):
    game = toy.game()
    rules = make_rules(game, game.rulesets[0].name)
    before = game.new_initial_state(rules, game.default_setup(rules))
    after, events = before.apply(before.chance_outcomes()[0][0])
    assert toy.asked_outcome(before, after, events, translator("en").gettext, "en") == (before, "")


def test_a_zohn_ahl_throw_asked_about_is_its_sticks_as_they_fell_beside_the_board_before_it():
    from jokoak.games.zohn_ahl.render import describe_event
    entry, _ = registry.entry("zohn_ahl"), translator("en").gettext
    game = entry.game()
    rules = make_rules(game, game.rulesets[0].name)
    before, _events = game.new_initial_state(rules, game.default_setup(rules)).apply("throw")
    after, events = before.apply(before.chance_outcomes()[0][0])
    shown, picture = entry.asked_outcome(before, after, events, _, "en")
    throw = next(e for e in events if e.kind == "throw")
    assert shown is before
    assert picture.count("<svg") == 1 and escape(describe_event(throw, _)) in picture


def test_a_zaldi_zuria_throw_asked_about_shows_its_dice_on_the_table_before_anyone_is_paid():
    entry = registry.entry("zaldi_zuria")
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
    # lesson, no play view
    assert available_views(toygame.NAME) == ["read", "odds"]
    assert available_views("zaldi_zuria") == ["read", "learn", "step", "odds", "play"]


# --- every page, with a fourth game and no page edited -----------------------------------

@pytest.mark.parametrize("lang", ["eu", "fr"])
def test_home_shows_a_card_for_every_registered_game(toy, lang):
    at = run("app_pages/home.py", lang)
    no_exception(at)
    keys = [b.key for b in at.button]
    for key in registry.keys():
        assert f"home_{key}_read" in keys
    assert f"home_{toygame.NAME}_odds" in keys
    assert f'<h2 lang="eu" style="margin:.2rem 0">{NAME}</h2>' in markup(at)


def rows_of_cards(at: AppTest) -> list[int]:
    """How many columns each row of ``st.columns`` on the page has."""
    return [len(block.children) for block in at.main.children.values()
            if block.type == "flex_container"
            and all(type(c).__name__ == "Column" for c in block.children.values())]


def test_home_lays_four_games_out_in_two_rows_of_two(toy):
    assert rows_of_cards(run("app_pages/home.py")) == [2, 2]


def test_home_without_a_fourth_game_keeps_one_row_of_three():
    assert rows_of_cards(run("app_pages/home.py")) == [3]


def test_the_kiosks_attract_screen_shows_every_registered_game(toy):
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    at.query_params["kiosk"] = "1"
    at.run()
    no_exception(at)
    shown = markup(at)
    for entry in registry.games():      # its moving picture (the toy's: its icon, rocking)
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
    assert [o for o in choice.options] == [e.name for e in registry.games()]
    choice.select(toygame.NAME).run()
    no_exception(at)
    assert "Helmugara lehenik iristen dena da irabazlea." in markup(at)
    assert "No catalog yet: “python -m jokoak catalogs” creates it." in [c.value for c in
                                                                        at.caption]


@pytest.mark.parametrize("lang", ["eu", "es"])
def test_the_navigation_has_a_page_for_every_registered_game(toy, lang):
    from jokoak.i18n import translator
    titles = page_titles(translator(lang).gettext)
    assert titles[1:1 + len(registry.keys())] == [e.name for e in registry.games()]
    spec = next(s for s in page_specs() if s.url == toygame.NAME)
    assert callable(spec.target) and spec.icon == toy.nav_icon


def test_home_opens_the_toys_own_page_through_the_router(toy):
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    at.query_params["lang"] = "en"
    at.run()
    at.button(key=f"home_{toygame.NAME}_read").click().run()
    no_exception(at)
    shown = markup(at)
    assert f'<h1 lang="eu" style="margin-bottom:0">{NAME}</h1>' in shown
    assert "Bi eta lau jokalari artean hasten dira" in shown
    assert at.query_params["view"] == "read"


def test_the_toys_page_draws_its_odds_view(toy):
    at = AppTest.from_string(f"from ui.game_page import render\nrender({toygame.NAME!r})\n",
                             default_timeout=TIMEOUT)
    at.session_state[LANG_KEY] = "en"
    at.query_params["view"] = "odds"
    at.run()
    no_exception(at)
    assert at.subheader[0].value == "Faces of the die"
    assert len(at.table) == 1


# --- no page knows the games by name -----------------------------------------------------

#: The pages and helpers that must work for any registered game.
GAME_NEUTRAL = ["app.py", "app_pages/home.py", "app_pages/sources.py",
                "app_pages/translators.py", "ui/shell.py", "ui/kiosk.py", "ui/game_page.py",
                "ui/views.py", "ui/translators_views.py", "ui/stepper.py", "ui/lesson.py",
                *(f"ui/play/{name}.py" for name in ("__init__", "pace", "sessions", "controller",
                                                    "link", "widgets", "view")),
                "jokoak/content/segments.py", "jokoak/content/scenarios.py", "jokoak/games/__init__.py"]


@pytest.mark.parametrize("path", GAME_NEUTRAL)
def test_a_game_neutral_module_names_no_game(path):
    text = (ROOT / path).read_text(encoding="utf-8")
    for entry in registry.SHIPPED:
        assert f'"{entry.key}"' not in text and f"'{entry.key}'" not in text, entry.key
        assert f'"{entry.name}"' not in text, entry.name
