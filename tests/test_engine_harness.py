"""The conformance harness passes a correct game and catches each broken promise.

Each broken toy below breaks exactly one rule of the engine API; the harness must name it.
"""

from dataclasses import fields, replace
from fractions import Fraction

import pytest

from jokoak.engine import Option
from jokoak.engine.harness import (ConformanceError, check_game, playthrough_text,
                                   rules_problems)

import toygame
from toygame import RaceState, ToyRace

FEW = 20


def game_with(state_class=RaceState, **attributes):
    """The toy game, its states made of ``state_class``, with some attributes replaced."""

    class Variant(ToyRace):
        def new_initial_state(self, rules, setup=None):
            state = super().new_initial_state(rules, setup)
            return state_class(**{f.name: getattr(state, f.name) for f in fields(state)})

    game = Variant()
    for name, value in attributes.items():
        setattr(game, name, value)
    return game


def check(game, games=FEW):
    return check_game(game, games=games, clauses=toygame.CLAUSES)


def test_the_toy_game_conforms_in_every_ruleset():
    summary = check(toygame.GAME, games=200)
    assert summary.games == 200 * len(toygame.RULESETS)
    assert summary.variants_checked > 0 and summary.longest <= toygame.GAME.max_actions


def test_a_leaked_die_in_an_observation_is_caught():
    class Leaky(RaceState):
        def observation(self, player):
            return super().observation(None)

    class LeakySeatView(RaceState):
        def observation(self, player):
            view = super().observation(player)
            if player is not None and self.die is not None:
                view["die_is_high"] = self.die > 3
            return view

    with pytest.raises(ConformanceError, match="changes with information hidden"):
        check(game_with(Leaky))
    with pytest.raises(ConformanceError, match="changes with information hidden"):
        check(game_with(LeakySeatView))


def test_hidden_information_without_hidden_variants_is_caught():
    with pytest.raises(ConformanceError, match="defines no hidden_variants"):
        check(game_with(hidden_variants=None))


def test_a_hidden_variant_that_changes_nothing_is_caught():
    with pytest.raises(ConformanceError, match="changes nothing"):
        check(game_with(hidden_variants=lambda state, seat: [state] if state.die else []))


def test_legal_actions_that_reveal_what_the_mover_cannot_see_are_caught():
    class BlindMover(RaceState):
        """The mover 'cannot see' its die, yet is offered exactly the steps it allows."""

        def observation(self, player):
            view = super().observation(player)
            if player is not None:
                view["die"] = None
            return view

    def every_other_face(state, seat):
        if state.die is None:
            return []
        return [replace(state, die=f) for f in range(1, 7) if f != state.die]

    with pytest.raises(ConformanceError, match="legal actions of seat 0 depend on what it "
                                               "cannot see"):
        check(game_with(BlindMover, hidden_variants=every_other_face))


def test_unsorted_legal_actions_are_caught():
    class Unsorted(RaceState):
        def legal_actions(self):
            return sorted(super().legal_actions(), reverse=True)

    with pytest.raises(ConformanceError, match="not sorted"):
        check(game_with(Unsorted))


def test_a_game_may_declare_its_own_action_order():
    class Reversed(RaceState):
        def legal_actions(self):
            return sorted(super().legal_actions(), reverse=True)

    key = lambda action: -int(action.split(":")[1])  # noqa: E731
    assert check(game_with(Reversed, action_sort_key=key)).games


def test_no_legal_action_before_the_end_is_caught():
    class Stuck(RaceState):
        def legal_actions(self):
            return [] if self.die == 1 else super().legal_actions()

    with pytest.raises(ConformanceError, match="no legal action for player"):
        check(game_with(Stuck))


def test_float_probabilities_are_caught():
    class Floats(RaceState):
        def chance_outcomes(self):
            return [(a, float(p)) for a, p in super().chance_outcomes()]

    with pytest.raises(ConformanceError, match="not an exact Fraction"):
        check(game_with(Floats))


def test_chance_outcomes_not_summing_to_one_are_caught():
    class Short(RaceState):
        def chance_outcomes(self):
            return super().chance_outcomes()[:-1]

    with pytest.raises(ConformanceError, match="sum to .*, not exactly 1"):
        check(game_with(Short))


def test_a_total_that_changes_is_caught():
    class Leaking(RaceState):
        def totals(self):
            return {"chips": sum(self.chips), "moved": sum(self.positions)}

    with pytest.raises(ConformanceError, match="changed the totals"):
        check(game_with(Leaking))


def test_a_game_longer_than_its_documented_bound_is_caught():
    with pytest.raises(ConformanceError, match="not over after max_actions=6"):
        check(game_with(max_actions=6))


def test_events_citing_unknown_clauses_are_caught():
    with pytest.raises(ConformanceError, match="cites unknown clause"):
        check_game(toygame.GAME, games=FEW, clauses=toygame.CLAUSES - {"toy.move"})


def test_a_state_that_does_not_compare_by_value_is_caught():
    class Identity(RaceState):
        __eq__ = object.__eq__
        __hash__ = object.__hash__

    with pytest.raises(ConformanceError, match="compare by value"):
        check(game_with(Identity))


def test_an_option_without_justification_is_caught():
    game = game_with(options=toygame.OPTIONS + (Option("speed", "Speed", 1, ""),))
    assert rules_problems(game, toygame.CLAUSES) == [
        "option speed: justification (clause id or source) is empty"]
    with pytest.raises(ConformanceError, match="justification"):
        check(game)


def test_a_justification_naming_an_unknown_clause_is_caught():
    game = game_with(options=toygame.OPTIONS + (Option("speed", "Speed", 1, "toy.speed"),))
    assert rules_problems(game, toygame.CLAUSES) == [
        "option speed: justification 'toy.speed' is no clause id of the source "
        "(name a source with a space in it)"]


def test_a_default_outside_the_choices_is_caught():
    game = game_with(options=(Option("goal", "Goal", 7, "toy.win", choices=(6, 10)),
                              *toygame.OPTIONS[1:]))
    assert any("default refused" in p for p in rules_problems(game, toygame.CLAUSES))


def test_a_setup_that_is_not_json_data_is_caught():
    game = game_with(default_setup=lambda rules: {"players": 2, "chips": Fraction(3)})
    assert any("not JSON data" in p for p in rules_problems(game, toygame.CLAUSES))


def test_golden_text_is_deterministic_and_lists_clauses():
    text = playthrough_text(toygame.GAME, toygame.POLICIES, seed=5)
    assert text == playthrough_text(toygame.GAME, toygame.POLICIES, seed=5)
    assert "[toy.roll]" in text and "[toy.move]" in text and "# end: terminal=True" in text
