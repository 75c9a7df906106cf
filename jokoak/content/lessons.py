"""Lessons: short courses a visitor plays with their own hands, one step at a time.

Format of ``content/<game>/lessons/<name>.yaml`` (full description: content/LESSONS.md)::

    title: Learn zaldi zuria in 2 minutes   # msgid
    caption: The four kinds of throw ...     # msgid
    ruleset: basque_text                     # optional, like a scenario
    options: {}                              # optional
    setup: {...}                             # optional; the game's starting position
    seat: 0                                  # optional; the visitor's seat (default 0)
    steps:
    - play: [throw]                          # actions from where the last step ended
      instruction: Throw the eight dice.     # msgid
      expect: throw                          # an action step: the visitor taps it ...
      then: ["roll:blank"]                   # ... and these follow (chance written out)
      teaches: [phase2.throw1]               # cited by the events of expect + then
      feedback: The white horse!             # optional msgid: the one sentence after success
      why: All blanks is the white horse.    # msgid: after success (behind "Why?" with a feedback)
      choice: all-blank                      # optional: the note (content/<game>/notes.yaml)
                                             # of a reading the booklet chose that the step
                                             # teaches; shown as the cards show it
    - play: [throw, "roll:3,bell"]           # a question step: about the last action
      instruction: "A bell and 3 pips: who pays whom?"
      choices:                               # the right one is the one the engine's events match
      - {label: The banker pays the bell's owner 3 chips., events: [{kind: payment, payer: bank, payee: 3}]}
      - {label: ..., events: [...], why: ...}   # a wrong answer: why it is not what happened
      teaches: [phase2.throw3.pay]
      why: ...
    - guess: all_blank                       # a guess step (ui.guess), by question id
      instruction: ...
      why: ...

The file's shape is ``content/schemas/lesson.schema.json`` (:mod:`jokoak.content.schema`).
Loading checks it, then replays every step with the engine and fails with one message naming
the file, the step and the field, like :mod:`jokoak.content.scenarios`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping

from .file_checks import (check_cited, check_known, exemption_problems,
                            file_rules, folder_texts, game_engine, read_document,
                            read_exemptions)
from ..errors import ContentError
from ..engine.core import CHANCE, Event, Game, SetupError, refusal
from ..engine.record import Record, unplayable
from ..i18n.msgids import N_
from .scenarios import COVERED_KINDS, coverage_exemptions
from .segments import content_dir, segment_map, segments

#: At most this many words in a wrong answer's ``why`` (one sentence a child reads at once).
CHOICE_WHY_WORDS = 20
#: What a lesson step asks of the visitor: a move, an answer, or a guess.
KINDS = ("action", "question", "guess")
#: The one-line fallback when a step has no hint of its own for a legal move that is not
#: the lesson's (the lesson view translates it).
DEFAULT_HINT = N_("That move is allowed, but this step asks for another one. Read the instruction again.")


class LessonError(ContentError):
    """A lesson file the rules cannot play; the message names the file, step and field."""


@dataclass(frozen=True)
class Choice:
    """One answer button: its label (msgid), the events it claims, whether the engine agrees."""

    label: str
    events: tuple[Mapping[str, Any], ...]
    right: bool
    #: A wrong answer's one sentence (msgid): why THAT answer is not what happened, shown
    #: under it once tapped; ``None`` for the right answer.
    why: str | None = None


@dataclass(frozen=True)
class LessonStep:
    """One thing to do. ``record`` leads to the position shown (for a question, the asked
    action is its last action); ``end`` is where the next step continues from."""

    kind: str
    instruction: str
    why: str
    teaches: tuple[str, ...]
    record: Record
    end: Record
    expect: str | None = None
    then: tuple[str, ...] = ()
    hint: str | None = None
    choices: tuple[Choice, ...] = ()
    guess: str | None = None
    #: the interpretation note of a reading the booklet chose that this step teaches (where
    #: the Basque text is silent or ambiguous), shown one tap away as the how-to cards do
    choice: str | None = None
    #: The one short sentence shown after the step is done, when ``why`` is longer than a
    #: child reads at once (``why`` then waits behind "Why?", with the clauses).
    feedback: str | None = None

    @property
    def said(self) -> str:
        """The msgid shown right after the step is done: its feedback, else its why."""
        return self.feedback or self.why

    @property
    def behind_why(self) -> str:
        """The msgid of the longer explanation behind "Why?" (empty: only the clauses)."""
        return self.why if self.feedback else ""

    @property
    def right_choice(self) -> int | None:
        """Index of the choice the engine's events bear out (questions only)."""
        return next((i for i, c in enumerate(self.choices) if c.right), None)


@dataclass(frozen=True)
class Lesson:
    """A lesson whose every step the engine has replayed and checked while loading it."""

    game: str
    name: str
    title: str
    caption: str
    seat: int
    steps: tuple[LessonStep, ...]


# ---- the engine's side of a step ----------------------------------------------------------

def event_field(ev: Event, name: str) -> Any:
    """A field of an event as a lesson names it: ``kind``, ``actors``, an amount or a datum."""
    if name == "kind":
        return ev.kind
    if name == "actors":
        return list(ev.actors)
    amounts = dict(ev.amounts)
    if name in amounts:
        return amounts[name]
    return ev.get(name, _MISSING)


_MISSING = object()


def pattern_matches(pattern: Mapping[str, Any], ev: Event) -> bool:
    return all(_same(event_field(ev, k), v) for k, v in pattern.items())


def _same(found: Any, wanted: Any) -> bool:
    if isinstance(found, tuple):
        found = list(found)
    return found is not _MISSING and found == wanted


def choice_is_right(patterns: Iterable[Mapping[str, Any]], events: Iterable[Event]) -> bool:
    """Do the events bear the choice out? Every pattern matches some event, and every event
    of the kinds the choice speaks of is matched by some pattern (so "the bank pays the
    bell's owner" is wrong when the bank pays three owners)."""
    patterns = list(patterns)
    events = list(events)
    kinds = {p["kind"] for p in patterns}
    if not all(any(pattern_matches(p, ev) for ev in events) for p in patterns):
        return False
    return all(any(pattern_matches(p, ev) for p in patterns)
               for ev in events if ev.kind in kinds)


def guess_questions(game: str) -> Mapping[str, Any]:
    """The guess questions of a game (``jokoak.odds.guesses.questions``; ``{}`` for a game
    without any). Imported when a lesson is first read: the odds module imports every game's
    engine, which importing this module should not."""
    from ..odds.guesses import questions

    return questions(game)


# ---- parsing --------------------------------------------------------------------------------

def _actions(raw: str | list[str] | None) -> list[str]:
    """A step's ``play`` or ``then``: one action may be written without the list."""
    return [] if raw is None else [raw] if isinstance(raw, str) else list(raw)


def _clause_list(at: str, name: str, raw: list[str], known: set[str]) -> tuple[str, ...]:
    check_known(at, name, raw, known, LessonError)
    return tuple(raw)


class _Player:
    """Applies actions to a record, one message per illegal action."""

    def __init__(self, engine: Game, rules: Any, setup: dict[str, Any]) -> None:
        self.engine, self.rules, self.setup = engine, rules, setup
        self.state = engine.new_initial_state(rules, setup)
        self.actions: list[str] = []

    def record(self) -> Record:
        return Record(game=self.engine.name, rules=self.rules, setup=self.setup, seed=None,
                      actions=tuple(self.actions))

    def copy(self) -> "_Player":
        other = _Player.__new__(_Player)
        other.engine, other.rules, other.setup = self.engine, self.rules, self.setup
        other.state, other.actions = self.state, list(self.actions)
        return other

    def play(self, at: str, name: str, action: str) -> list[Event]:
        problem = unplayable(self.state, action)
        if problem is not None:
            raise LessonError(f"{at}: field {name!r}: {problem}")
        self.state, events = self.state.apply(action)
        self.actions.append(action)
        return list(events)


def _fresh(at: str, engine: Game, rules: Any, setup: dict[str, Any]) -> _Player:
    try:
        return _Player(engine, rules, setup)
    except SetupError as exc:
        raise LessonError(f"{at}: field 'setup': {exc}") from None


def sentence_words(text: str) -> int:
    """Words as a reader counts them: runs between spaces holding a letter or a digit."""
    return sum(1 for token in text.split() if re.search(r"\w", token))


def _choices(at: str, raw: list[dict[str, Any]], asked: list[Event]) -> tuple[Choice, ...]:
    out = [Choice(item["label"], tuple(dict(p) for p in item["events"]),
                  choice_is_right(item["events"], asked), item.get("why")) for item in raw]
    right = [n for n, c in enumerate(out, start=1) if c.right]
    if len(right) != 1:
        said = "none" if not right else ", ".join(map(str, right))
        raise LessonError(f"{at}: field 'choices': exactly one choice must match the engine's "
                          f"events (matching: {said})")
    for n, choice in enumerate(out, start=1):
        where = f"{at}: choice {n}: field 'why'"
        if choice.right and choice.why is not None:
            raise LessonError(f"{where}: the right answer has no 'why' of its own (the "
                              f"step's 'why' says it)")
        if not choice.right and choice.why is None:
            raise LessonError(f"{where}: a wrong answer needs one sentence saying why it is "
                              f"not what happened")
        if choice.why is not None and sentence_words(choice.why) > CHOICE_WHY_WORDS:
            raise LessonError(f"{where}: {sentence_words(choice.why)} words; a child reads at "
                              f"most {CHOICE_WHY_WORDS}")
    return tuple(out)


def _choice_note(at: str, item: Mapping[str, Any], teaches: tuple[str, ...],
                 notes: Mapping[str, tuple[str, ...]] | None) -> str | None:
    """The step's ``choice``: a note of the game about one of the clauses it teaches."""
    choice: str | None = item.get("choice")
    if choice is None:
        return None
    if notes is None:
        return choice
    if choice not in notes:
        raise LessonError(f"{at}: field 'choice': {choice!r} is not a note of the game "
                          f"(content/<game>/notes.yaml)")
    if not set(notes[choice]) & set(teaches):
        raise LessonError(f"{at}: field 'choice': note {choice!r} is about "
                          f"{', '.join(notes[choice])}, none of the clauses the step teaches")
    return choice


def _step(at: str, item: dict[str, Any], engine: Game, rules: Any, position: _Player,
          seat: int, known: set[str], questions: Mapping[str, Any] | None,
          notes: Mapping[str, tuple[str, ...]] | None = None) -> tuple[LessonStep, _Player]:
    """One step, checked against the engine (its shape is the schema's, checked already)."""
    feedback = item.get("feedback")
    kind = next(k for k, key in (("action", "expect"), ("question", "choices"),
                                 ("guess", "guess")) if key in item)
    if "setup" in item:
        position = _fresh(at, engine, rules, item["setup"])
    else:
        position = position.copy()
    played: list[Event] = []      # the last action's events: what a question asks about
    shown: list[Event] = []       # every event of the step's own play
    for action in _actions(item.get("play")):
        played = position.play(at, "play", action)
        shown += played
    hint = item.get("hint")
    teaches_raw = item.get("teaches")
    record = position.record()
    if kind == "guess":
        question = item["guess"]
        if questions is not None and question not in questions:
            raise LessonError(f"{at}: field 'guess': unknown question {question!r} (known: "
                              f"{', '.join(sorted(questions)) or 'none'})")
        asked = questions.get(question) if questions is not None else None
        offered = tuple(getattr(asked, "clauses", ()) or ())
        teaches = (offered if teaches_raw is None
                   else _clause_list(at, "teaches", teaches_raw, known))
        beyond = [c for c in teaches if offered and c not in offered]
        if beyond:
            raise LessonError(f"{at}: field 'teaches': question {question!r} does not show "
                              f"{', '.join(beyond)} (it shows {', '.join(offered)})")
        return LessonStep("guess", item["instruction"], item["why"], teaches, record, record,
                          guess=question, feedback=feedback,
                          choice=_choice_note(at, item, teaches, notes)), position
    teaches = _clause_list(at, "teaches", item["teaches"], known)
    if kind == "question":
        if not played:
            raise LessonError(f"{at}: field 'play': a question is about the last action played")
        choices = _choices(at, item["choices"], played)
        check_cited(at, "teaches", teaches, shown, LessonError)
        return LessonStep("question", item["instruction"], item["why"], teaches, record,
                          record, choices=choices, feedback=feedback,
                          choice=_choice_note(at, item, teaches, notes)), position
    expect = item["expect"]
    actor = position.state.current_player()
    if position.state.is_terminal() or actor != seat:
        now = ("nobody (the game is over)" if position.state.is_terminal() else
               "chance" if actor == CHANCE else f"player {actor}")
        raise LessonError(f"{at}: field 'expect': the visitor (player {seat}) is not to act "
                          f"here, {now} is")
    why_not = refusal(position.state, expect, seat)
    if why_not is not None:
        raise LessonError(f"{at}: field 'expect': {expect!r} is refused: {why_not.english()}")
    fired = shown + position.play(at, "expect", expect)
    for action in _actions(item.get("then")):
        fired += position.play(at, "then", action)
    check_cited(at, "teaches", teaches, fired, LessonError)
    return LessonStep("action", item["instruction"], item["why"], teaches, record,
                      position.record(), expect=expect,
                      then=tuple(_actions(item.get("then"))), hint=hint,
                      feedback=feedback, choice=_choice_note(at, item, teaches, notes)), position


def parse_lesson(game: str, name: str, text: str, *, engine: Game | None = None,
                 clauses: Iterable[str] | None = None,
                 questions: Mapping[str, Any] | None | bool = True,
                 notes: Mapping[str, tuple[str, ...]] | None | bool = True) -> Lesson:
    """Validate a lesson's YAML text; raises :class:`LessonError` with one precise reason.

    ``engine``, ``clauses``, ``questions`` (the guess questions; ``True``: ask
    :func:`guess_questions`) and ``notes`` (note id -> its clauses; ``True``: the game's
    interpretation notes) default to the registered game's; tests pass their own.
    """
    where = f"{game}/{name}"
    data = read_document(where, text, kind="lesson", error=LessonError)
    engine = game_engine(where, game, engine, LessonError)
    known = set(clauses) if clauses is not None else set(segment_map(game))
    if questions is True:
        questions = guess_questions(game)
    if notes is True:
        from .notes import notes as game_notes
        notes = {n.id: n.clauses for n in game_notes(game)}
    rules = file_rules(where, engine, data, LessonError)
    seat = data.get("seat", 0)
    setup = data.get("setup")
    position = _fresh(where, engine, rules, engine.default_setup(rules) if setup is None else setup)
    steps = []
    for i, item in enumerate(data["steps"], start=1):
        step, position = _step(f"{where}: step {i}", item, engine, rules, position, seat,
                               known, questions if isinstance(questions, Mapping) else None,
                               notes if isinstance(notes, Mapping) else None)
        steps.append(step)
    return Lesson(game=game, name=name, title=data["title"], caption=data["caption"],
                  seat=seat, steps=tuple(steps))


def lesson_dir(game: str) -> Path:
    return content_dir(game) / "lessons"


@lru_cache(maxsize=None)
def lessons(game: str) -> tuple[Lesson, ...]:
    """Every lesson of a game, validated, in file-name order (the first is the 2-minute one)."""
    return tuple(parse_lesson(game, name, text) for name, text in folder_texts(lesson_dir(game)))


# ---- clause coverage --------------------------------------------------------------------------

def taught_by(items: Iterable[Lesson]) -> set[str]:
    """Clause ids some step of these lessons teaches."""
    return {c for lesson in items for step in lesson.steps for c in step.teaches}


def lesson_exemptions(game: str) -> dict[str, Any]:
    """``exempt:`` of ``content/<game>/lesson_coverage.yaml`` (``{}`` if absent): clauses no
    lesson teaches, each with its reason."""
    return read_exemptions(content_dir(game) / "lesson_coverage.yaml",
                           f"{game}/lesson_coverage.yaml")


def lesson_coverage_problems(clauses: Iterable[tuple[str, str]], taught: set[str],
                             exempt: Mapping[str, Any],
                             not_rules: Mapping[str, Any] = {}) -> list[str]:
    """What keeps a game's rules from being taught (empty: every rule clause is).

    ``clauses`` are (segment id, kind) pairs; every rule and list item must be taught by a
    lesson step, exempted in lesson_coverage.yaml with a non-empty reason, or be one of the
    ``not_rules`` (headings and notes the scenarios' coverage.yaml already exempts).
    """
    kinds = dict(clauses)
    problems = exemption_problems("lesson_coverage.yaml", exempt, kinds)
    untaught = [seg for seg, kind in kinds.items() if kind in COVERED_KINDS
                and seg not in taught and seg not in exempt and seg not in not_rules]
    if untaught:
        problems.append("no lesson step teaches (and lesson_coverage.yaml does not exempt): "
                        + ", ".join(untaught))
    return problems


def game_lesson_coverage_problems(game: str) -> list[str]:
    return lesson_coverage_problems([(s.id, s.kind) for s in segments(game)],
                                    taught_by(lessons(game)), lesson_exemptions(game),
                                    coverage_exemptions(game))
