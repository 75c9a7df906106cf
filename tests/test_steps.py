"""Reader steps (jokoak/render/reader_steps.py): the step-through shows the steps a reader needs.

A throw is one step, a pass is said with the step after it, and no step leaves both the
picture and the words as they were: checked over every scenario of every game and a seeded
watched game per game.
"""

from __future__ import annotations

import pytest

from games_support import games_with
from jokoak.engine.core import CHANCE, Event
from jokoak.engine.record import PlayedAction
from jokoak.content.scenarios import scenarios
from jokoak.render.reader_steps import (Folded, Folding, ReaderStep, captions, fold, reader_steps,
                          renderer_of, sentences, watched_record)

#: The games with a step-through: those with a renderer (optional in CONTRIBUTING's recipe).
GAMES = games_with("renderer")


def english(message: str) -> str:
    return message


def scenario(game: str, name: str):
    return next(sc for sc in scenarios(game) if sc.name == name)


def reader_index(steps: list[ReaderStep], raw_index: int) -> int:
    """The reader step that shows played action ``raw_index`` (0 for the starting position)."""
    if raw_index <= 0:
        return 0
    for step in steps:
        if raw_index <= step.raw[-1]:
            return step.index
    return len(steps)


def read(game: str, name: str):
    initial, raw, steps = reader_steps(game, scenario(game, name).record)
    return raw, steps


def words(game: str, step) -> list[str]:
    return sentences(step, renderer_of(game), english)


def draw(game: str, state) -> str:
    return renderer_of(game).draw(state, english, "en")


# ---- the folding rules, on a made-up game ----------------------------------------------------
def step(index: int, actor: int, *kinds: str) -> PlayedAction:
    return PlayedAction(index, actor, f"a{index}", tuple(Event(k, (f"c.{k}",), (actor,)) for k in kinds),
                after=f"state {index}")


TOY = Folding(ahead=frozenset({"pass"}), together=frozenset({"die"}))


def test_chance_outcomes_of_one_throw_are_one_step():
    steps = fold([step(1, CHANCE, "round", "die"), step(2, CHANCE, "die"), step(3, CHANCE, "die"),
                  step(4, 0, "bid")], TOY)
    assert [s.raw for s in steps] == [(1, 2, 3), (4,)]
    assert steps[0].after == "state 3"
    assert steps[0].lines[1] == Folded("die", steps[0].events[1:])


def test_a_steps_events_and_kinds_are_gathered_once_and_kept():
    """The jump list reads every step's kinds at each rerun: they are not gathered anew."""
    (reader,) = fold([step(1, CHANCE, "round", "die"), step(2, CHANCE, "die")], TOY)
    assert reader.events is reader.events and reader.kinds is reader.kinds
    assert [e.kind for e in reader.events] == ["round", "die", "die"]
    assert reader.kinds == {"round", "die"}


def test_a_players_action_between_dice_ends_the_throw():
    steps = fold([step(1, CHANCE, "die"), step(2, 0, "die"), step(3, CHANCE, "die")], TOY)
    assert [s.raw for s in steps] == [(1,), (2,), (3,)]


def test_non_events_fold_into_the_next_real_step():
    steps = fold([step(1, 0, "bid"), step(2, 1, "pass"), step(3, 2, "pass"), step(4, 3, "bid")],
                 TOY)
    assert [s.raw for s in steps] == [(1,), (2, 3, 4)]
    assert steps[1].lines == (Folded("pass", steps[1].events[:2]), steps[1].events[2])
    assert steps[1].clauses == ("c.pass", "c.bid")


def test_a_step_without_any_event_folds_ahead_and_a_last_one_joins_the_step_before():
    steps = fold([step(1, 0), step(2, CHANCE, "throw"), step(3, 0)], TOY)
    assert [s.raw for s in steps] == [(1, 2, 3)]
    assert steps[0].after == "state 3"


def test_passes_at_the_end_of_a_record_are_a_step_of_their_own():
    steps = fold([step(1, 0, "bid"), step(2, 1, "pass")], TOY)
    assert [s.raw for s in steps] == [(1,), (2,)]


def test_a_raw_step_is_shown_by_the_reader_step_that_folds_it():
    steps = fold([step(1, 0, "bid"), step(2, 1, "pass"), step(3, 2, "bid")], TOY)
    assert [reader_index(steps, i) for i in range(4)] == [0, 1, 2, 2]


def test_a_scenario_caption_belongs_to_the_reader_step_of_its_raw_step():
    steps = fold([step(1, 0, "bid"), step(2, 1, "pass"), step(3, 2, "bid")], TOY)
    assert captions(steps[1], (None, "passes", "bids")) == ["passes", "bids"]


# ---- the shipped games' rules -----------------------------------------------------------------
def test_simultaneous_throws_are_one_step():
    raw, steps = read("peruludo", "01_opening")
    first = steps[0]
    assert len(first.raw) == 30 and all(raw[i - 1].actor == CHANCE for i in first.raw)
    assert {e.actors[0] for e in first.events if e.kind == "roll"} == set(range(6))
    assert words("peruludo", first)[1] == ("The 6 players throw their dice at once, each under "
                                           "their own cup: 30 dice in all.")


def test_doia_passes_fold_into_the_next_bids_sentence():
    _, steps = read("peruludo", "01_opening")
    assert len(steps) == 4
    assert words("peruludo", steps[2]) == ["Nobody calls doia.",
                                           "Player 4 bids 5 × 3 (more dice of the same face)."]


def test_players_who_let_a_bid_stand_before_a_doia_are_named():
    renderer = renderer_of("peruludo")
    passes = tuple(Event("doia_pass", ("doia.call",), (s,)) for s in (1, 2))
    doia = Event("doia", ("doia.call",), (3,), (("quantity", 4), ("face", 2)))
    assert renderer.describe_folded("doia_pass", passes, english, passes + (doia,)) == (
        "Player 2 and Player 3 do not call doia.")


def test_passes_fold_into_the_next_bids_sentence():
    _, steps = read("zaldi_zuria", "01_opening_and_auction")
    bell = next(s for s in steps if "bid" in s.kinds and "auction_pass" in s.kinds)
    assert words("zaldi_zuria", bell) == ["Player 4 and Player 5 do not bid for the bell card.",
                                          "Player 6 bids 2 chips for the bell card."]


def test_an_unsold_card_is_said_once():
    _, steps = read("zaldi_zuria", "01_opening_and_auction")
    unsold = next(s for s in steps if "card_unsold" in s.kinds)
    assert sum(e.kind == "auction_pass" for e in unsold.events) == 6
    assert words("zaldi_zuria", unsold)[0] == (
        "Nobody bids for the bell with hammer card: it stays unsold.")


def test_everybody_paying_the_owner_of_a_card_is_one_sentence():
    _, steps = read("zaldi_zuria", "02_white_horse")
    assert words("zaldi_zuria", steps[1])[1] == (
        "Player 1, Player 3, Player 4, Player 5 and Player 6 each pay 1 chip to Player 2 "
        "(white horse card).")


def test_taking_the_dice_is_said_with_the_throw():
    _, steps = read("zaldi_zuria", "06_inn_open")
    assert all(s.kinds != {"takes_dice"} for s in steps)
    assert words("zaldi_zuria", steps[2])[:2] == [
        "Player 2 takes the dice.",
        "Player 2 throws 0 pips, with the bell; kind of throw: bell or hammer, the rest blank "
        "(the bank holds 10 chips)."]


def test_a_first_turn_pass_folds_ahead_but_the_second_which_puts_the_player_out_stays():
    _, _, watched = reader_steps("zaldi_zuria", watched_record("zaldi_zuria"))
    passing = [s for s in watched if "turn_pass" in s.kinds]
    assert passing and all("throw" in s.kinds for s in passing)
    raw, steps = read("zaldi_zuria", "09_two_passes")
    out = steps[reader_index(steps, 12) - 1]
    assert out.raw == (12,) and "eliminated" in out.kinds


def test_picking_up_the_sticks_is_said_with_the_throw():
    raw, steps = read("zohn_ahl", "01_throw_values")
    assert len(raw) == 12 and len(steps) == 7
    assert all(s.events for s in steps)
    assert [raw[i - 1].action for i in steps[2].raw] == ["throw", "up:2"]


# ---- over every scenario and watched game ----------------------------------------------------
RECORDS = [(g, sc.name) for g in GAMES for sc in scenarios(g)] + [(g, "watch") for g in GAMES]


def record_of(game: str, name: str):
    return watched_record(game) if name == "watch" else scenario(game, name).record


@pytest.mark.parametrize("game,name", RECORDS)
def test_no_reader_step_leaves_the_picture_and_the_words_unchanged(game, name):
    initial, _, steps = reader_steps(game, record_of(game, name))
    before = (draw(game, initial), [])
    for reader in steps:
        now = (draw(game, reader.after), words(game, reader))
        assert now != before, f"{game}/{name}: reader step {reader.index} changes nothing"
        assert now[1], f"{game}/{name}: reader step {reader.index} says nothing"
        before = now


@pytest.mark.parametrize("game,name", RECORDS)
def test_folding_keeps_every_event_and_clause_in_order(game, name):
    _, raw, steps = reader_steps(game, record_of(game, name))
    assert [e for s in steps for e in s.events] == [e for s in raw for e in s.events]
    assert [i for s in steps for i in s.raw] == list(range(1, len(raw) + 1))
    assert {c for s in steps for c in s.clauses} == {c for s in raw for e in s.events
                                                     for c in e.clauses}


@pytest.mark.parametrize("game", GAMES)
def test_a_watched_game_has_far_fewer_reader_steps_than_actions(game):
    _, raw, steps = reader_steps(game, watched_record(game))
    assert len(steps) < 0.7 * len(raw)


def test_the_steps_command_prints_raw_and_reader_steps_of_every_record(capsys):
    from jokoak.__main__ import main
    assert main(["steps", "zohn_ahl"]) == 0
    lines = capsys.readouterr().out.splitlines()
    names = [sc.name for sc in scenarios("zohn_ahl")] + ["watched game (seed 1)"]
    assert len(lines) == 2 + len(names)
    for line, name in zip(lines[2:], names):
        _, raw, steps = reader_steps("zohn_ahl", record_of("zohn_ahl", "watch" if
                                                           name.startswith("watched") else name))
        assert line == f"| zohn_ahl | {name} | {len(raw)} | {len(steps)} |"
    # and one row known by heart: "Every throw value" folds its empty pick-ups away
    assert "| zohn_ahl | 01_throw_values | 12 | 7 |" in lines
