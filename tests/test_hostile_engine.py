"""Every option and setup field has bounds the engines enforce (issue 16: zaldi zuria took
1,000 players and never finished; peruludo took any number of dice a seat)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from jokoak.engine.core import Option, RulesError, SetupError, make_rules
from games_support import engines
from jokoak.games.peruludo.rules import MAX_TABLE_DICE
from jokoak.games.zaldi_zuria.rules import MAX_CHIPS, MAX_PLAYERS

GAMES = engines()


def numeric_options():
    return [(name, o) for name, game in GAMES.items() for o in game.options
            if not o.choices and isinstance(o.default, (int, Fraction)) and not isinstance(
                o.default, bool)]


def test_every_numeric_option_without_choices_has_both_bounds():
    options = numeric_options()
    assert options
    assert [(g, o.name) for g, o in options if o.minimum is None or o.maximum is None] == []


@pytest.mark.parametrize("game, option", numeric_options(), ids=lambda v: getattr(v, "name", v))
def test_an_option_just_outside_its_bounds_is_refused_and_its_bounds_are_accepted(game, option):
    engine = GAMES[game]
    step = 1 if isinstance(option.default, int) else Fraction(1, 1000)
    for value in (option.minimum, option.maximum):
        make_rules(engine, **{option.name: value})
    for value in (option.minimum - step, option.maximum + step):
        with pytest.raises(RulesError) as info:
            make_rules(engine, **{option.name: value})
        assert info.value.params["option"] == option.name


def test_an_option_check_names_its_bounds_for_translation():
    option = Option("p", "a probability", Fraction(1, 2), "x", minimum=Fraction(0),
                    maximum=Fraction(1))
    with pytest.raises(RulesError) as info:
        option.check(Fraction(-1))
    assert info.value.params == {"option": "p", "value": "-1", "minimum": "0", "maximum": "1"}


def test_a_boolean_is_not_a_probability():
    with pytest.raises(RulesError):
        make_rules(GAMES["zohn_ahl"], stick_probability=True)


def test_a_ruleset_that_is_not_a_name_is_refused():
    with pytest.raises(RulesError):
        make_rules(GAMES["zohn_ahl"], ["basque_text"])


def setup_error(game: str, setup: dict) -> SetupError:
    engine = GAMES[game]
    with pytest.raises(SetupError) as info:
        engine.new_initial_state(make_rules(engine), setup)
    return info.value


def test_zaldi_zuria_seats_at_most_its_bound_of_players():
    assert setup_error("zaldi_zuria", {"players": 1000}).params["maximum"] == MAX_PLAYERS
    GAMES["zaldi_zuria"].new_initial_state(make_rules(GAMES["zaldi_zuria"]),
                                           {"players": MAX_PLAYERS})


@pytest.mark.parametrize("setup", [{"chips": MAX_CHIPS + 1}, {"bank": 10 ** 100},
                                   {"chips": [36] * 5 + [MAX_CHIPS + 1]}])
def test_zaldi_zuria_refuses_more_chips_than_its_bound(setup):
    assert setup_error("zaldi_zuria", setup).params["maximum"] == MAX_CHIPS


@pytest.mark.parametrize("setup", [{"dice": [5000, 5]}, {"dice": [50, 50], "bag": 1},
                                   {"dice": [5, 5], "bag": 10 ** 9}])
def test_peruludo_refuses_more_dice_than_a_table_holds(setup):
    assert setup_error("peruludo", setup).params["max"] == MAX_TABLE_DICE


def test_peruludo_accepts_a_full_table():
    engine = GAMES["peruludo"]
    engine.new_initial_state(make_rules(engine), {"dice": [50, 50]})
