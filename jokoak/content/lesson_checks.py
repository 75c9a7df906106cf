"""Checks of the lessons and the how-to cards against the rules and the text (``jokoak qa``).

Loading a lesson (:mod:`jokoak.content.lessons`) already proves that every step plays and that the
engine bears out its right answer. What it cannot prove is that a step shows the rule it
teaches, or that it does not state as the text's rule a reading the booklet chose. So every
step is replayed again under other rules (a counterfactual replay):

* ``rule_shown``: the rule the step teaches, switched off (``content/<game>/rule_switches.yaml``:
  the engine options and setup fields under which the same moves play as if the clause did
  not hold), must change how the step comes out. An arrastatze round with no six on the
  table comes out the same with wild sixes: the step cannot show that sixes are not wild.
* ``choice_mark``: where an interpretation note has an engine option and is the booklet's
  reading (``reading: choice``, :mod:`jokoak.content.notes`), and another value of that option
  changes how the step comes out, the step is teaching that reading: it must say so with
  ``choice: <note id>``, shown as the how-to cards show it, and the note must cover one of the
  clauses the step teaches. Every such note is tried on every step, whatever clauses it cites.
* ``premise``: a guess step asks its question in a position the question is about (the
  question's ``premise``: the visitor's five dice, wild sixes, zohn ahl's sticks).

How a step comes out: for a question, which answers the engine bears out; for a move, whether
the rules allow it and what the events it and what follows make do (their kinds, players and
amounts); a guess has no outcome. A step
whose moves the switched rules refuse comes out otherwise.

Two checks read the translations too (:class:`jokoak.review.source_checks.Flag`, shown on the translators'
page): ``clause_terms``, a party of a rule (the auctioneer, the banker, the thrower, the
innkeeper: glossary terms with ``role: true``) named in a clause that a step or card line
cites is named in its sentence, in English and in each translation (the card said the winner
"auctions the next game" where the clause makes them its *enkante-burua*); and, in
:mod:`jokoak.review.interface_checks`, ``list_placeholder``.

Problems are English sentences for the lesson's authors, like the loader's errors.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Mapping

import yaml

from .. import registry
from .file_checks import folder_texts
from ..errors import ContentError
from .schema import check_schema
from ..engine.core import Event, make_rules, refusal
from ..engine.record import unplayable
from .glossary import Quantifier, Term, clause_quantifiers, find_terms
from .lessons import Lesson, choice_is_right, lesson_dir, lessons
from .notes import Note, notes
from .segments import content_dir, segment_map

ERROR = "error"


@dataclass(frozen=True)
class Problem:
    """A lesson step that does not show its rule, hides a reading, or asks off its premise."""

    check: str
    where: str
    text: str
    severity: str = ERROR

    def __str__(self) -> str:
        return f"{self.where} {self.check}: {self.text}"


@dataclass(frozen=True)
class Switch:
    """A rule switched off: engine options and setup fields merged into the lesson's."""

    clause: str
    says: str
    options: Mapping[str, Any]
    setup: Mapping[str, Any]


@lru_cache(maxsize=None)
def rule_switches(game: str) -> dict[str, Switch]:
    """``content/<game>/rule_switches.yaml`` by clause id (``{}`` if absent)."""
    path = content_dir(game) / "rule_switches.yaml"
    if not path.exists():
        return {}
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    check_schema("rule_switches", raw, f"{game}/rule_switches.yaml", ContentError)
    known = segment_map(game)
    out = {}
    for clause, item in (raw or {}).items():
        if clause not in known:
            raise ContentError(f"{game}/rule_switches.yaml: unknown clause id {clause!r}")
        out[clause] = Switch(clause, str(item["says"]), dict(item.get("options") or {}),
                             dict(item.get("setup") or {}))
    return out


# ---- replaying a lesson under other rules ---------------------------------------------------

Outcome = tuple[Any, ...]


def _event_key(ev: Event) -> tuple[Any, ...]:
    """What an event did: its kind, who, how many. Not its data, which restates the rules in
    force (``wild: false``) and would make every switch look like a change."""
    return (ev.kind, ev.actors, ev.amounts)


def outcomes(game: str, data: Mapping[str, Any], options: Mapping[str, Any] | None = None,
             setup: Mapping[str, Any] | None = None) -> list[Outcome | None]:
    """How each step of a lesson (its parsed YAML) comes out, with ``options`` and ``setup``
    fields overriding the lesson's. None: a guess, or a step the replay did not reach (an
    earlier step of the same position came out otherwise)."""
    engine = registry.plugin(game).game()
    values = dict(data.get("options") or {})
    values.update(options or {})
    rules = make_rules(engine, data.get("ruleset"), **values)

    def fresh(raw: Mapping[str, Any] | None) -> Any:
        merged = dict(engine.default_setup(rules) if raw is None else raw)
        merged.update(setup or {})
        return engine.new_initial_state(rules, merged)

    seat = data.get("seat", 0)
    state = fresh(data.get("setup"))
    reached = True
    out: list[Outcome | None] = []
    for item in data["steps"]:
        if "setup" in item:
            state, reached = fresh(item["setup"]), True
        if not reached:
            out.append(None)
            continue
        last: list[Event] = []
        outcome: Outcome | None = None
        for action in item.get("play") or []:
            if unplayable(state, action) is not None:
                outcome = ("refused", action)
                break
            state, events = state.apply(action)
            last = list(events)
        if outcome is None and "choices" in item:
            outcome = ("answers", tuple(n for n, choice in enumerate(item["choices"])
                                        if choice_is_right(choice["events"], last)))
        elif outcome is None and "expect" in item:
            outcome = _action_outcome(state, item, seat)
            if outcome[0] == "events":
                for action in [item["expect"], *(item.get("then") or [])]:
                    state, _events = state.apply(action)
        if outcome is not None and outcome[0] == "refused":
            reached = False
        out.append(outcome)
    return out


def _action_outcome(state: Any, item: Mapping[str, Any], seat: int) -> Outcome:
    expect = item["expect"]
    if (state.is_terminal() or state.current_player() != seat
            or refusal(state, expect, seat) is not None):
        return ("refused", expect)
    fired: list[tuple[Any, ...]] = []
    for action in [expect, *(item.get("then") or [])]:
        if unplayable(state, action) is not None:
            return ("refused", action)
        state, events = state.apply(action)
        fired += [_event_key(ev) for ev in events]
    return ("events", tuple(fired))


def _lesson_data(game: str) -> list[tuple[str, dict[str, Any]]]:
    """(name, parsed YAML) of each lesson file of the game."""
    return [(name, yaml.safe_load(text)) for name, text in folder_texts(lesson_dir(game))]


def _changed(base: Outcome | None, other: Outcome | None) -> bool:
    return base is not None and other is not None and base != other


def _alternatives(game: str, data: Mapping[str, Any], option: str) -> list[Any]:
    engine = registry.plugin(game).game()
    spec = next(o for o in engine.options if o.name == option)
    current = dict(make_rules(engine, data.get("ruleset"),
                              **dict(data.get("options") or {})).values)[option]
    return [v for v in spec.choices if v != current]


LessonData = list[tuple[str, dict[str, Any]]]


def rule_shown_problems(game: str, files: LessonData | None = None,
                        switches: Mapping[str, Switch] | None = None) -> list[Problem]:
    """Steps that teach a rule whose switch (rule_switches.yaml) does not change them.
    ``files``: (name, parsed YAML) of lessons (default: the game's)."""
    switches = rule_switches(game) if switches is None else switches
    out = []
    for name, data in _lesson_data(game) if files is None else files:
        taught = [(n, item.get("teaches") or []) for n, item in enumerate(data["steps"])]
        wanted = {c for _n, teaches in taught for c in teaches if c in switches}
        if not wanted:
            continue
        base = outcomes(game, data)
        for clause in sorted(wanted):
            switch = switches[clause]
            try:
                other = outcomes(game, data, switch.options, switch.setup)
            except Exception as exc:   # a switch this lesson's setup refuses
                out.append(Problem("rule_shown", f"{game}/{name}",
                                   f"the switch of {clause} ({switch.says}) does not apply "
                                   f"here: {exc}"))
                continue
            for n, teaches in taught:
                if clause in teaches and base[n] is not None and other[n] == base[n]:
                    out.append(Problem(
                        "rule_shown", f"{game}/{name} step {n + 1}",
                        f"teaches {clause}, but with the rule switched off ({switch.says}) "
                        f"the step comes out the same: its position does not show the rule"))
    return out


def _rule_of(clause: str) -> str | None:
    """The numbered rule a sub-clause belongs to (``phase2.throw3.pay`` -> ``phase2.throw3``);
    None for a clause of a section only (``move.west_east``), whose siblings are other rules."""
    parts = clause.split(".")
    return ".".join(parts[:-1]) if len(parts) > 2 else None


def note_covers(note: Note, clause: str, justification: str = "") -> bool:
    """Whether an interpretation note is about ``clause``: it cites it, cites the rule it is
    part of or another part of the same rule (``phase2.throw3.pay`` covers
    ``phase2.throw3.both``: the same numbered rule), or its option is justified by it."""
    cited = set(note.clauses) | ({justification} if justification else set())
    for c in cited:
        if clause == c or clause.startswith(c + "."):
            return True
        rule = _rule_of(c)
        if rule is not None and (clause == rule or clause.startswith(rule + ".")):
            return True
    return False


def choice_mark_problems(game: str, files: LessonData | None = None) -> list[Problem]:
    """Steps whose outcome hangs on a reading the booklet chose and that do not mark it.

    Every clause a step teaches is looked at, with every choice note that covers it
    (:func:`note_covers`), not only the notes that cite it word for word: the note
    ``symbol-sum`` cites ``phase2.throw3.pay`` while a step teaching ``phase2.throw3.both``
    states its reading ("4 chips each") all the same."""
    engine = registry.plugin(game).game()
    justified = {o.name: o.justification for o in engine.options}
    choice_notes = [n for n in notes(game) if n.option and n.is_choice]
    out = []
    for name, data in _lesson_data(game) if files is None else files:
        base = outcomes(game, data)
        for note in choice_notes:
            option = note.option or ""
            steps = [n for n, item in enumerate(data["steps"])
                     if any(note_covers(note, c, justified.get(option, ""))
                            for c in item.get("teaches") or [])]
            if not steps:
                continue
            changed: set[int] = set()
            for value in _alternatives(game, data, option):
                other = outcomes(game, data, {option: value})
                changed |= {n for n in steps if _changed(base[n], other[n])}
            for n in sorted(changed):
                step = data["steps"][n]
                if step.get("choice") == note.id:
                    if not set(note.clauses) & set(step.get("teaches") or []):
                        out.append(Problem(
                            "choice_mark", f"{game}/{name} step {n + 1}",
                            f"is marked 'choice: {note.id}', but the note cites none of the "
                            f"clauses the step teaches: add one to the note's clauses"))
                    continue
                out.append(Problem(
                    "choice_mark", f"{game}/{name} step {n + 1}",
                    f"comes out otherwise under another value of option {note.option}: "
                    f"it teaches the booklet's reading (note {note.id}) and must say so "
                    f"with 'choice: {note.id}'"))
    return out


def premise_problems(game: str, taught: Iterable[Lesson] | None = None) -> list[Problem]:
    """Guess steps asked in a position their question is not about (``taught``: the lessons
    to check, default the game's)."""
    from ..odds.guesses import questions

    asked = questions(game)
    engine = registry.plugin(game).game()
    out = []
    for lesson in lessons(game) if taught is None else taught:
        for n, step in enumerate(lesson.steps, start=1):
            question = asked.get(step.guess or "")
            if question is None or question.premise is None:
                continue
            state = engine.new_initial_state(step.record.rules, step.record.setup)
            for action in step.record.actions:
                state, _events = state.apply(action)
            problem = question.premise(state, lesson.seat)
            if problem is not None:
                out.append(Problem("premise", f"{game}/{lesson.name} step {n}",
                                   f"guess {question.id!r} asked off its premise: {problem}"))
    return out


def lesson_problems(games: Iterable[str] | None = None) -> list[Problem]:
    """Every problem of the counterfactual replay and the guesses' premises (of every
    game, by default)."""
    out = []
    for game in registry.plugins() if games is None else games:
        out += rule_shown_problems(game) + choice_mark_problems(game) + premise_problems(game)
    return out


# ---- the parties of a rule in the sentences that cite it ------------------------------------

def sentences(game: str) -> list[tuple[str, str, tuple[str, ...]]]:
    """(where, English msgid, cited clauses) of every card line and lesson step's why."""
    from .howto import card, has_card

    out = []
    if has_card(game):
        out += [(f"{game} card {key}", line.msgid, line.clauses)
                for key, lines in card(game).sections for line in lines]
    for lesson in lessons(game):
        out += [(f"{game}/{lesson.name} step {n}", step.why, step.teaches)
                for n, step in enumerate(lesson.steps, start=1)]
    return out


def rule_sentences(game: str) -> list[tuple[str, str, tuple[str, ...]]]:
    """(where, English msgid, cited clauses) of every card line and of each lesson step's
    feedback and why: the sentences that state the rule a step teaches. (An instruction
    says what to do, "Throw the sticks.", not the rule it leads to.)"""
    from .howto import card, has_card

    out = []
    if has_card(game):
        out += [(f"{game} card {key}", line.msgid, line.clauses)
                for key, lines in card(game).sections for line in lines]
    for lesson in lessons(game):
        for n, step in enumerate(lesson.steps, start=1):
            for field_name in ("feedback", "why"):
                text = getattr(step, field_name, None)
                if text:
                    out.append((f"{game}/{lesson.name} step {n} {field_name}", text,
                                step.teaches))
    return out


def cited_quantifiers(game: str, clauses: Iterable[str]) -> list[tuple[str, Quantifier, str]]:
    """(clause, quantifier, Basque word) of each quantifier the cited clauses state."""
    known = segment_map(game)
    return [(c, q, word) for c in clauses if c in known
            for q, word in clause_quantifiers(known[c].text)]


def cited_roles(game: str, clauses: Iterable[str]) -> list[Term]:
    """The parties (glossary terms with ``role``) the cited clauses name, in order."""
    known = segment_map(game)
    found = [m.term for c in clauses if c in known
             for m in find_terms(known[c].text, game, c) if m.term.role]
    return list(dict.fromkeys(found))
