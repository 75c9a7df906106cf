"""Each game's Streamlit side is one typed object, ``VIEWS`` of ``ui/games/<key>/``
(:mod:`ui.game_views`): the pages ask it, never a module for a function by its name."""

from __future__ import annotations

import importlib
import sys
import types

import pytest

from jokoak import registry
from ui.class_summary import class_games
from ui.game_views import NO_VIEWS, GameViews, PlayViews, game_spec, views_of
from ui.play import PlaySpec
from ui.views import available_views, view_function

KEYS = list(registry.plugins())

#: The shipped games with a ``ui/games/<key>/`` package (the package is optional).
WITH_VIEWS_PACKAGE = [key for key in KEYS if registry.optional_module(f"ui.games.{key}")]


@pytest.mark.parametrize("key", WITH_VIEWS_PACKAGE)
def test_every_shipped_game_with_a_views_package_declares_its_views_in_one_typed_object(key):
    views = getattr(importlib.import_module(f"ui.games.{key}"), "VIEWS", None)
    assert isinstance(views, GameViews)
    assert views_of(key) is views
    assert views.play is None or (isinstance(views.play, PlayViews)
                                  and isinstance(views.play.spec, PlaySpec))


@pytest.mark.parametrize("key", KEYS)
def test_the_views_offered_are_the_ones_views_declares(key):
    views = views_of(key)
    offered = available_views(key)
    assert ("odds" in offered) == (views.odds is not None)
    assert ("play" in offered) == (views.play is not None)
    assert view_function(key, "odds") is views.odds
    if views.play is not None:
        assert view_function(key, "play") is views.play.view
        assert game_spec(key) is views.play.spec


def test_a_class_can_play_exactly_the_games_whose_views_declare_class_hooks():
    declared = [k for k in KEYS if (p := views_of(k).play) is not None and p.class_hooks]
    assert [g.key for g in class_games()] == declared
    for game in class_games():
        hooks = views_of(game.key).play.class_hooks  # type: ignore[union-attr]
        assert game.spec is views_of(game.key).play.spec  # type: ignore[union-attr]
        assert (game.seats, game.choices, game.summary) == (tuple(hooks.seats), hooks.choices,
                                                            hooks.summary)


def test_a_game_without_a_views_package_has_no_drawn_views():
    assert views_of("no_such_game_here") is NO_VIEWS


def test_a_views_package_without_views_is_an_error_that_names_it(monkeypatch):
    bare = types.ModuleType("ui.games.bare_toy")
    monkeypatch.setitem(sys.modules, "ui.games.bare_toy", bare)
    with pytest.raises(LookupError, match="ui/games/bare_toy/__init__.py"):
        views_of("bare_toy")


def test_a_views_package_missing_one_of_its_own_imports_is_not_taken_for_no_views(
        monkeypatch, tmp_path):
    import ui.games
    package = tmp_path / "broken_toy"
    package.mkdir()
    (package / "__init__.py").write_text("import no_such_module_anywhere\n", encoding="utf-8")
    monkeypatch.setattr(ui.games, "__path__", [*ui.games.__path__, str(tmp_path)])
    monkeypatch.delitem(sys.modules, "ui.games.broken_toy", raising=False)
    with pytest.raises(ModuleNotFoundError, match="no_such_module_anywhere"):
        views_of("broken_toy")
