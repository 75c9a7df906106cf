"""Each game's typed options (``Game.options_view``) say exactly what its options allow.

Engines, odds, bots and views read options through the view (``rules.view(...)``), so
mypy checks every name and every compared choice. That is only true if the view's fields
are the game's options and each field's type admits exactly the option's values: a choice
option's ``Literal`` lists its choices, a free option's type is its default's.
"""

from __future__ import annotations

import dataclasses
import typing
from fractions import Fraction

import pytest

from jokoak.engine.core import make_rules
from games_support import engines

GAMES = engines()


def _field_types(view: type) -> dict[str, object]:
    return typing.get_type_hints(view)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_declares_typed_options(name):
    assert dataclasses.is_dataclass(getattr(GAMES[name], "options_view", None)), name


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_view_has_one_field_per_option(name):
    game = GAMES[name]
    assert dataclasses.is_dataclass(game.options_view)
    fields = [f.name for f in dataclasses.fields(game.options_view)]
    assert sorted(fields) == sorted(o.name for o in game.options)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_choice_options_literal_lists_exactly_its_choices(name):
    game = GAMES[name]
    types = _field_types(game.options_view)
    for option in game.options:
        if not option.choices or all(isinstance(c, bool) for c in option.choices):
            continue
        declared = types[option.name]
        assert typing.get_origin(declared) is typing.Literal, option.name
        assert set(typing.get_args(declared)) == set(option.choices), option.name


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_free_options_type_is_its_defaults(name):
    game = GAMES[name]
    types = _field_types(game.options_view)
    for option in game.options:
        if option.choices and not all(isinstance(c, bool) for c in option.choices):
            continue
        assert types[option.name] is type(option.default), option.name


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_rulesets_values_have_the_types_its_view_declares(name):
    """The view is built from the rules' values at run time, where mypy cannot look: a
    ruleset setting a value its field's type does not admit would slip past the checker."""
    game = GAMES[name]
    types = _field_types(game.options_view)
    for ruleset in game.rulesets:
        rules = make_rules(game, ruleset.name)
        view = rules.view(game.options_view)
        for field, declared in types.items():
            value = getattr(view, field)
            if typing.get_origin(declared) is typing.Literal:
                assert value in typing.get_args(declared), (ruleset.name, field, value)
            else:
                assert type(value) is declared, (ruleset.name, field, value)
        assert rules.view(game.options_view) is view  # made once per rules


def test_a_fraction_option_reads_as_a_fraction_from_a_records_json():
    """A record's JSON carries a Fraction as text; the view still holds a Fraction."""
    game = engines()["zohn_ahl"]
    rules = make_rules(game, stick_probability=Fraction(1, 3))
    again = type(rules).from_json(game, rules.to_json())
    assert again.view(game.options_view).stick_probability == Fraction(1, 3)


def test_views_take_no_part_in_equality_or_hashing():
    """Rules are compared and used as cache keys: a view made of one must not change that."""
    game = engines()["peruludo"]
    viewed, fresh = make_rules(game), make_rules(game)
    viewed.view(game.options_view)
    assert viewed == fresh and hash(viewed) == hash(fresh)
