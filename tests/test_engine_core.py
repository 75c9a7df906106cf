"""The game-neutral rules record, events and chance sampling (jokoak.engine.core)."""

from fractions import Fraction
from types import SimpleNamespace

import pytest

from jokoak.engine import (Event, Option, Rules, Ruleset, RulesError, SetupError, event,
                           make_rules, sample_chance)

import toygame


class FixedTickets:
    """A stand-in for random.Random that hands out chosen tickets."""

    def __init__(self, *tickets):
        self.tickets = list(tickets)
        self.asked = []

    def randrange(self, n):
        self.asked.append(n)
        return self.tickets.pop(0)


def fraction_game():
    return SimpleNamespace(
        name="fractions",
        options=(Option("share", "Share of the pot", Fraction(1, 2), "a source"),),
        rulesets=(Ruleset("text", "Text", "The text"),
                  Ruleset("third", "Third", "Another", {"share": Fraction(1, 3)})))


def test_make_rules_fills_defaults_then_ruleset_then_overrides():
    rules = make_rules(toygame.GAME, "short", loaded=True)
    assert (rules.ruleset, rules["goal"], rules["faces"], rules["loaded"]) == ("short", 6, 4, True)


def test_make_rules_defaults_to_the_first_ruleset():
    assert make_rules(toygame.GAME).ruleset == toygame.RULESETS[0].name


def test_unknown_ruleset_is_refused_naming_the_known_ones():
    with pytest.raises(RulesError, match="known: plain, short, loaded"):
        make_rules(toygame.GAME, "nope")


def test_unknown_option_is_refused():
    with pytest.raises(RulesError, match="unknown option 'speed'"):
        make_rules(toygame.GAME, speed=3)


def test_option_outside_its_choices_is_refused():
    with pytest.raises(RulesError, match="goal"):
        make_rules(toygame.GAME, goal=7)


@pytest.mark.parametrize("text, value", [("true", True), ("no", False), ("1", True)])
def test_option_parses_booleans_from_the_command_line(text, value):
    assert toygame.OPTIONS[2].parse(text) is value


def test_option_parse_types_by_the_default_and_checks_choices():
    assert toygame.OPTIONS[0].parse("20") == 20
    with pytest.raises(RulesError, match="not one of"):
        toygame.OPTIONS[0].parse("7")


def test_option_parses_fractions_exactly():
    assert fraction_game().options[0].parse("2/7") == Fraction(2, 7)
    with pytest.raises(RulesError, match="not a Fraction"):
        fraction_game().options[0].parse("half")


def test_rules_json_round_trip_keeps_fractions_exact():
    game = fraction_game()
    rules = make_rules(game, "third")
    back = Rules.from_json(game, rules.to_json())
    assert back == rules and back["share"] == Fraction(1, 3)


def test_rules_from_json_refuses_unknown_options():
    with pytest.raises(RulesError, match="unknown option"):
        Rules.from_json(toygame.GAME, {"ruleset": "plain", "options": {"speed": 1}})


def test_event_sorts_amounts_and_keeps_clauses_as_a_tuple():
    ev = event("payment", "toy.overtake", (1, 0), {"why": "pass"}, chips=1, after=2)
    assert ev.clauses == ("toy.overtake",) and ev.amounts == (("after", 2), ("chips", 1))
    assert ev.amount("chips") == 1 and ev.get("why") == "pass"


def test_event_amount_may_be_named_like_a_parameter():
    assert event("throw", "toy.roll", (0,), None, kind=3).amount("kind") == 3


def test_event_refuses_an_amount_that_is_not_an_integer():
    with pytest.raises(TypeError, match="not an integer"):
        event("move", "toy.move", actors=(1,))


def test_event_json_round_trip():
    ev = event("payment", ("toy.overtake", "toy.move"), (1, 0), {"card": "bell"}, chips=2)
    assert Event.from_json(ev.to_json()) == ev


def test_setup_error_keeps_msgid_and_params_for_translation():
    exc = SetupError("A race needs %(min)s to %(max)s players", min=2, max=4)
    assert (exc.msgid, exc.params, str(exc)) == (
        "A race needs %(min)s to %(max)s players", {"min": 2, "max": 4},
        "A race needs 2 to 4 players")


def test_sample_chance_draws_each_outcome_with_exactly_its_weight():
    outcomes = [("a", Fraction(1, 3)), ("b", Fraction(1, 2)), ("c", Fraction(1, 6))]
    rng = FixedTickets(*range(6))
    drawn = [sample_chance(outcomes, rng) for _ in range(6)]
    assert rng.asked == [6] * 6
    assert drawn == ["a", "a", "b", "b", "b", "c"]


def test_sample_chance_refuses_outcomes_that_do_not_sum_to_one():
    with pytest.raises(ValueError, match="sum to 1"):
        sample_chance([("a", Fraction(1, 2)), ("b", Fraction(1, 3))], FixedTickets(0))
    with pytest.raises(ValueError, match="sum to 1"):
        sample_chance([("a", Fraction(2, 3)), ("b", Fraction(2, 3))], FixedTickets(0))
