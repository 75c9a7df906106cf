"""Lesson files: the documented format, one clear message per fault, and every shipped lesson
replays with the engine (each expected move legal for the visitor, each right answer the one
the engine's events bear out) and every rule clause is taught or exempted.

The format is proved on the toy game (tests/toygame.py).
"""

from __future__ import annotations

import pytest

from jokoak import ROOT
from games_support import games_with_lessons
from jokoak.engine.core import refusal
from jokoak.engine.driver import resume
from games_support import engine_of
from jokoak.content.lessons import (LessonError, choice_is_right, game_lesson_coverage_problems,
                            lesson_coverage_problems, lesson_dir, lessons, parse_lesson,
                            taught_by)
from jokoak.content.schema import schema

import toygame

SETUP = "setup: {players: 2, chips: 3, positions: [0, 2]}\n"
#: Runner 0 rolls 4 and passes runner 1 (who pays a chip), then runner 1 rolls.
OVERTAKE = """
title: Overtaking costs a chip
caption: Pass the runner ahead of you.
setup: {players: 2, chips: 3, positions: [0, 2]}
steps:
- play: [roll:4]
  instruction: Move four squares.
  expect: "step:4"
  hint: You may move less, but this step wants four.
  teaches: [toy.move, toy.overtake]
  why: You passed the other runner, who pays you a chip.
- play: [roll:2, "step:2"]
  instruction: The other runner rolls a 2 and moves two squares. Who pays?
  choices:
  - {label: Nobody pays, events: [{kind: move, squares: 1}], why: A roll of 2 moves more than one square.}
  - {label: "Nobody, the runner moves two", events: [{kind: move, squares: 2}]}
  teaches: [toy.move]
  why: Nobody is passed, so nobody pays.
"""


def parse(text, name="demo", questions=None):
    return parse_lesson("toygame", name, text, engine=toygame.GAME, clauses=toygame.CLAUSES,
                        questions=questions)


def lesson_with(steps, extra=""):
    return f"title: T\ncaption: C\n{SETUP}{extra}steps:\n{steps}"


def test_a_valid_lesson_replays_and_knows_where_each_step_starts_and_ends():
    lesson = parse(OVERTAKE)
    first, second = lesson.steps
    assert (first.kind, first.expect, first.record.actions) == ("action", "step:4", ("roll:4",))
    assert first.end.actions == ("roll:4", "step:4")
    assert second.record.actions == ("roll:4", "step:4", "roll:2", "step:2")


def test_the_right_answer_is_the_choice_the_engines_events_bear_out():
    assert parse(OVERTAKE).steps[1].right_choice == 1


def test_a_choice_speaking_of_one_payment_is_wrong_when_there_are_two():
    events = list(toygame.GAME.new_initial_state(toygame.rules(), {"players": 3, "chips": 3,
                                                                   "positions": [0, 1, 2]})
                  .apply("roll:4")[0].apply("step:4")[1])
    assert choice_is_right([{"kind": "payment", "actors": [1, 0]},
                            {"kind": "payment", "actors": [2, 0]}], events)
    assert not choice_is_right([{"kind": "payment", "actors": [1, 0]}], events)


def test_a_wrong_answer_carries_its_own_why_and_the_right_one_none():
    first, second = parse(OVERTAKE).steps[1].choices
    assert (first.right, first.why) == (False, "A roll of 2 moves more than one square.")
    assert (second.right, second.why) == (True, None)


def test_a_wrong_answer_without_a_why_is_refused():
    text = OVERTAKE.replace(", why: A roll of 2 moves more than one square.", "")
    with pytest.raises(LessonError, match=r"toygame/demo: step 2: choice 1: field 'why': a wrong "
                                          r"answer needs one sentence saying why it is not what "
                                          r"happened"):
        parse(text)


def test_a_why_on_the_right_answer_is_refused():
    text = OVERTAKE.replace('events: [{kind: move, squares: 2}]}',
                            'events: [{kind: move, squares: 2}], why: It moves two.}')
    with pytest.raises(LessonError, match=r"toygame/demo: step 2: choice 2: field 'why': the "
                                          r"right answer has no 'why' of its own"):
        parse(text)


def test_a_wrong_answers_why_over_twenty_words_is_refused():
    long = " ".join(["word"] * 20) + " more."
    text = OVERTAKE.replace("why: A roll of 2 moves more than one square.", f"why: {long}")
    with pytest.raises(LessonError, match=r"step 2: choice 1: field 'why': 21 words; a child "
                                          r"reads at most 20"):
        parse(text)
    assert parse(OVERTAKE.replace("why: A roll of 2 moves more than one square.",
                                  "why: " + " ".join(["word"] * 20))).steps[1].choices[0].why


def test_a_wrong_answers_why_must_be_a_non_empty_msgid():
    text = OVERTAKE.replace("why: A roll of 2 moves more than one square.", 'why: " "')
    with pytest.raises(LessonError, match=r"step 2: choice 1: field 'why' must be a non-empty msgid"):
        parse(text)


def test_a_question_whose_choices_the_engine_does_not_bear_out_is_refused():
    with pytest.raises(LessonError, match=r"toygame/demo: step 2: field 'choices': exactly one "
                                          r"choice must match the engine's events \(matching: none\)"):
        parse(OVERTAKE.replace('- play: [roll:2, "step:2"]', "- play: [roll:2]"))


def test_an_expected_move_the_rules_refuse_is_reported_with_the_engines_reason():
    text = lesson_with('- play: [roll:2]\n  instruction: I\n  expect: "step:3"\n'
                       '  teaches: [toy.move]\n  why: W\n')
    with pytest.raises(LessonError, match=r"step 1: field 'expect': 'step:3' is refused: A roll "
                                          r"of 2 moves 1 to 2 squares"):
        parse(text)


def test_an_expected_move_where_the_visitor_is_not_to_act_names_who_is():
    text = lesson_with('- instruction: I\n  expect: "roll:3"\n  teaches: [toy.roll]\n  why: W\n')
    with pytest.raises(LessonError, match=r"step 1: field 'expect': the visitor \(player 0\) "
                                          r"is not to act here, chance is"):
        parse(text)


def test_a_step_teaching_a_clause_its_events_do_not_cite_is_refused():
    text = lesson_with('- play: [roll:1]\n  instruction: I\n  expect: "step:1"\n'
                       '  teaches: [toy.win]\n  why: W\n')
    with pytest.raises(LessonError, match="step 1: field 'teaches': the step's events do not "
                                          "cite toy.win"):
        parse(text)


def test_an_illegal_prepared_action_names_the_step_and_field():
    text = lesson_with('- play: [roll:3, "step:5"]\n  instruction: I\n  expect: "step:1"\n'
                       '  teaches: [toy.move]\n  why: W\n')
    with pytest.raises(LessonError, match=r"step 1: field 'play': 'step:5' is not a legal "
                                          r"action for player 0"):
        parse(text)


def test_a_step_may_start_from_its_own_setup():
    text = lesson_with('- play: [roll:1]\n  instruction: I\n  expect: "step:1"\n'
                       '  teaches: [toy.move]\n  why: W\n'
                       '- setup: {players: 2, chips: 3, positions: [7, 0]}\n'
                       '  play: [roll:3]\n  instruction: I\n  expect: "step:3"\n'
                       '  teaches: [toy.win]\n  why: W\n')
    assert parse(text).steps[1].record.setup["positions"] == [7, 0]


GUESS = lesson_with("- guess: blank_throw\n  instruction: Guess\n  why: W\n")


def test_a_guess_step_names_a_known_question():
    assert parse(GUESS, questions={"blank_throw": object()}).steps[0].guess == "blank_throw"
    with pytest.raises(LessonError, match=r"step 1: field 'guess': unknown question "
                                          r"'blank_throw' \(known: all_six\)"):
        parse(GUESS, questions={"all_six": object()})


def test_a_guess_step_teaches_its_questions_clauses_and_no_others():
    asked = type("Question", (), {"clauses": ("toy.roll",)})()
    assert parse(GUESS, questions={"blank_throw": asked}).steps[0].teaches == ("toy.roll",)
    text = GUESS.replace("  why: W\n", "  why: W\n  teaches: [toy.win]\n")
    with pytest.raises(LessonError, match=r"step 1: field 'teaches': question 'blank_throw' "
                                          r"does not show toy.win \(it shows toy.roll\)"):
        parse(text, questions={"blank_throw": asked})


def test_a_guess_step_is_accepted_unchecked_while_the_game_has_no_guess_questions():
    assert parse(GUESS, questions=None).steps[0].kind == "guess"


@pytest.mark.parametrize("steps, message", [
    ("- {instruction: I, why: W, teaches: [toy.roll]}\n",
     "step 1: a step has exactly one of 'expect' (a move), 'choices' (a question) or 'guess'"),
    ("- {instruction: I, why: W, expect: x, guess: y, teaches: [toy.roll]}\n",
     "step 1: a step has exactly one of"),
    ("- {instruction: '', why: W, guess: q}\n", "step 1: field 'instruction' must be a non-empty msgid"),
    ("- {instruction: I, guess: q}\n", "step 1: missing field 'why'"),
    ("- {instruction: I, why: W, guess: q, colour: red}\n", "step 1: unknown field(s) colour"),
    ("- {instruction: I, why: W, guess: q, then: [roll:1]}\n",
     "step 1: fields 'then' and 'hint' belong to a step that expects a move"),
    ("- {play: [roll:1], instruction: I, why: W, expect: 'step:1', teaches: []}\n",
     "step 1: field 'teaches' must list the clause ids the step teaches"),
    ("- {play: [roll:1], instruction: I, why: W, expect: 'step:1', teaches: [toy.jump]}\n",
     "step 1: field 'teaches': unknown clause id 'toy.jump'"),
    ("- {play: [roll:1], instruction: I, why: W, expect: 7, teaches: [toy.move]}\n",
     "step 1: field 'expect' must be an action string"),
    ("- {play: roll:1, instruction: I, why: W, expect: 'step:1', teaches: [toy.move]}\n", None),
    ("- {play: [7], instruction: I, why: W, expect: 'step:1', teaches: [toy.move]}\n",
     "step 1: field 'play' must be a list of action strings"),
    ("- {instruction: I, why: W, choices: [{label: A, events: [{kind: roll}]}, "
     "{label: B, events: [{kind: move}]}], teaches: [toy.roll]}\n",
     "step 1: field 'play': a question is about the last action played"),
    ("- {play: [roll:1], instruction: I, why: W, choices: [{label: A, events: [{kind: roll}]}], "
     "teaches: [toy.roll]}\n", "step 1: field 'choices' must list at least two answers"),
    ("- {play: [roll:1], instruction: I, why: W, teaches: [toy.roll], choices: "
     "[{label: A, events: [{kind: roll}]}, {label: B, events: [{pips: 2}]}]}\n",
     "step 1: choice 2: event pattern 1: missing field 'kind'"),
    ("- {play: [roll:1], instruction: I, why: W, teaches: [toy.roll], choices: "
     "[{label: A, events: [{kind: roll}]}, {events: [{kind: move}]}]}\n",
     "step 1: choice 2: missing field 'label'"),
    ("- {play: [roll:1], instruction: I, why: W, teaches: [toy.roll], choices: "
     "[{label: A, events: [{kind: roll}]}, {label: B, events: [{kind: move}], size: 2}]}\n",
     "step 1: choice 2: unknown field(s) size"),
    ("- {play: [roll:1], instruction: I, why: W, teaches: [toy.roll], choices: "
     "[{label: A, events: [{kind: roll}]}, {label: B, events: [{kind: roll, pips: 1}]}]}\n",
     "step 1: field 'choices': exactly one choice must match the engine's events (matching: 1, 2)"),
    ("- {setup: {players: 9}, instruction: I, why: W, guess: q}\n", "step 1: field 'setup': "),
    ("- {setup: {players: 2, positions: [9, 0]}, play: [roll:1, 'step:1', roll:1], "
     "instruction: I, why: W, guess: q}\n",
     "field 'play': the game is already over"),
])
def test_malformed_steps_name_the_step_and_field(steps, message):
    text = lesson_with(steps)
    if message is None:  # one action may be written without the list
        assert parse(text).steps[0].record.actions == ("roll:1",)
        return
    with pytest.raises(LessonError) as info:
        parse(text)
    assert message in str(info.value) and str(info.value).startswith("toygame/demo: ")


@pytest.mark.parametrize("text, message", [
    ("title: T\ncaption: C\n", "missing field 'steps'"),
    ("title: T\ncaption: C\nsteps: []\n", "field 'steps' must be a non-empty list"),
    (lesson_with("- {instruction: I, why: W, guess: q}\n") + "colour: red\n", "unknown field(s) colour"),
    (lesson_with("- {instruction: I, why: W, guess: q}\n").replace("title: T", "title: ''"),
     "field 'title' must be a non-empty msgid"),
    (lesson_with("- {instruction: I, why: W, guess: q}\n", "ruleset: speedy\n"),
     "field 'ruleset': unknown ruleset 'speedy'"),
    (lesson_with("- {instruction: I, why: W, guess: q}\n", "options: {goal: 7}\n"),
     "field 'options': option goal"),
    (lesson_with("- {instruction: I, why: W, guess: q}\n", "seat: -1\n"),
     "field 'seat' must be a seat number"),
    ("title: [unclosed\n", "not valid YAML at line"),
    ("- just a list\n", "a lesson is a mapping"),
])
def test_malformed_lessons_name_the_field(text, message):
    with pytest.raises(LessonError) as info:
        parse(text)
    assert message in str(info.value) and str(info.value).startswith("toygame/demo: ")


def test_lessons_md_documents_every_field():
    doc = (ROOT / "content" / "LESSONS.md").read_text(encoding="utf-8")
    lesson = schema("lesson")
    for key in [*lesson["properties"], *lesson["definitions"]["step"]["properties"],
                *lesson["definitions"]["choice"]["properties"]]:
        assert f"`{key}`" in doc, key


# ---- coverage -------------------------------------------------------------------------------

def test_a_clause_no_lesson_teaches_fails_naming_its_id():
    taught = taught_by([parse(OVERTAKE)])
    assert lesson_coverage_problems(toygame.SEGMENTS, taught, {"toy.setup": "Setup only"},
                                    {"toy.overtake.broke": "shown elsewhere"}) == [
        "no lesson step teaches (and lesson_coverage.yaml does not exempt): toy.roll, toy.win"]


def test_a_lesson_exemption_needs_a_reason_and_a_known_id():
    problems = lesson_coverage_problems(toygame.SEGMENTS, set(), {"toy.setup": " ", "toy.jump": "x"})
    assert "lesson_coverage.yaml exempts without a reason: toy.setup" in problems
    assert "lesson_coverage.yaml exempts unknown segment id(s): toy.jump" in problems


# ---- the shipped lessons -------------------------------------------------------------------

@pytest.mark.parametrize("game", games_with_lessons())
def test_every_lesson_of_the_game_loads_and_the_first_fits_in_two_minutes(game):
    found = lessons(game)
    assert len(found) == len(list(lesson_dir(game).glob("*.yaml")))
    # at most eight things to do: a tap or an answer takes a first-timer well under 15 s
    assert 1 <= len(found[0].steps) <= 8


@pytest.mark.parametrize("game", games_with_lessons())
def test_each_expected_move_is_legal_for_the_visitor_where_the_step_starts(game):
    engine = engine_of(game)
    for lesson in lessons(game):
        for step in lesson.steps:
            if step.kind == "action":
                state = resume(engine, step.record).state
                assert refusal(state, step.expect, lesson.seat) is None, (lesson.name, step.expect)


@pytest.mark.parametrize("game", games_with_lessons())
def test_each_question_has_exactly_one_answer_the_engine_bears_out(game):
    engine = engine_of(game)
    for lesson in lessons(game):
        for step in lesson.steps:
            if step.kind == "question":
                asked = resume(engine, step.record).moves[-1].events
                rights = [c for c in step.choices if choice_is_right(c.events, asked)]
                assert len(rights) == 1 and rights[0].right, (lesson.name, step.instruction)


@pytest.mark.parametrize("game", games_with_lessons())
def test_every_rule_of_the_source_is_taught_by_a_lesson_or_exempted(game):
    problems = game_lesson_coverage_problems(game)
    assert not problems, f"{game}: " + "; ".join(problems)


def test_the_example_in_lessons_md_is_a_lesson_that_loads():
    doc = (ROOT / "content" / "LESSONS.md").read_text(encoding="utf-8")
    example = doc.split("```yaml\n", 1)[1].split("```", 1)[0]
    lesson = parse_lesson("zaldi_zuria", "example", example)
    assert [step.kind for step in lesson.steps] == ["action", "question", "guess"]


def test_a_step_may_mark_the_booklets_choice_with_a_note_about_a_clause_it_teaches():
    notes = {"overtake-pays": ("toy.overtake",), "moves": ("toy.move",)}
    marked = OVERTAKE.replace("  why: You passed the other runner, who pays you a chip.\n",
                              "  why: You passed the other runner, who pays you a chip.\n"
                              "  choice: overtake-pays\n")
    lesson = parse_lesson("toygame", "demo", marked, engine=toygame.GAME,
                          clauses=toygame.CLAUSES, questions=None, notes=notes)
    assert [s.choice for s in lesson.steps] == ["overtake-pays", None]


def test_a_choice_mark_naming_an_unknown_note_or_one_about_other_clauses_is_refused():
    notes = {"moves": ("toy.move",), "elsewhere": ("toy.finish",)}
    for choice, message in (("nope", "is not a note of the game"),
                            ("elsewhere", "none of the clauses the step teaches")):
        marked = OVERTAKE.replace("  why: Nobody is passed, so nobody pays.\n",
                                  f"  why: Nobody is passed, so nobody pays.\n"
                                  f"  choice: {choice}\n")
        with pytest.raises(LessonError, match=message):
            parse_lesson("toygame", "demo", marked, engine=toygame.GAME,
                         clauses=toygame.CLAUSES, questions=None, notes=notes)
