"""Reader steps: a replayed record folded into the steps a reader of the step-through needs.

A record lists every action, and so does its replay (:func:`jokoak.engine.record.replay`,
one :class:`~jokoak.engine.record.PlayedAction` each): each die of a throw, each player who
lets a bid stand, the click that picks up the sticks. A reader needs fewer steps, each of
which changes the picture or says something new:

* **a throw is one step**: consecutive chance outcomes whose events are all of the kinds the
  game's renderer lists in ``THROWN_TOGETHER`` (peruludo's ``roll``: every player's dice at
  the start of a round) join the chance step before them;
* **non-events fold into the next real step**: a step whose events are all of the kinds in
  the renderer's ``FOLD_AHEAD`` (a pass in the auction, "does not call doia", taking the
  dice) or that has no event at all (picking up the sticks) becomes part of the step after
  it, whose sentence then says it ("Nobody calls doia.");
* a run of events of one kind inside a step is offered to the renderer's
  ``describe_folded(kind, events, _, context)`` for one sentence ("The 6 players throw their
  30 dice at once"); ``None`` means each event is worded on its own.

Folding is decided from event kinds and chance nodes, never from the words. The module is
pure (no Streamlit): the step-through, ``python -m jokoak steps`` and the tests share it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, Callable, Iterable, Sequence

from ..engine.core import CHANCE, Event, GameState, make_rules
from ..engine.record import Record, PlayedAction, play, random_policy, replay
from .. import registry
from ..plugin import Renderer

Gettext = Callable[[str], str]


@dataclass(frozen=True)
class Folding:
    """Which event kinds fold: ``ahead`` into the next step, ``together`` into one throw."""

    ahead: frozenset[str] = frozenset()
    together: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Folded:
    """Consecutive events of one kind, worded together (``describe_folded``)."""

    kind: str
    events: tuple[Event, ...]


Line = Event | Folded


@dataclass(frozen=True)
class ReaderStep:
    """One step of the step-through: the played actions it folds, what to say, what to draw.

    ``index`` counts from 1 (0 is the starting position); ``raw`` are the 1-based indices of
    the record's actions folded into it; ``lines`` are its events in order, runs of one kind
    grouped; ``clauses`` the union of the clause ids its events cite, in citing order;
    ``after`` the state to draw. ``events`` and ``kinds`` are worked out at the first
    reading and kept: the step-through reads every step's kinds at each rerun (the jump list).
    """

    index: int
    raw: tuple[int, ...]
    lines: tuple[Line, ...]
    clauses: tuple[str, ...]
    after: GameState

    @cached_property
    def events(self) -> tuple[Event, ...]:
        """Every event of the step, folded ones included, in order."""
        out: list[Event] = []
        for line in self.lines:
            out.extend(line.events if isinstance(line, Folded) else (line,))
        return tuple(out)

    @cached_property
    def kinds(self) -> frozenset[str]:
        return frozenset(e.kind for e in self.events)


def folding_of(renderer: Renderer | None) -> Folding:
    """The game's folding, as its renderer declares it (none declared: nothing folds but the
    steps without any event)."""
    if renderer is None:
        return Folding(ahead=frozenset(), together=frozenset())
    return Folding(ahead=renderer.fold_ahead, together=renderer.thrown_together)


def _lines(events: Iterable[Event], folding: Folding) -> tuple[Line, ...]:
    """The events with each run of one kind grouped (a lone event of a kind that neither
    folds ahead nor is thrown together stays as it is)."""
    runs: list[list[Event]] = []
    for ev in events:
        if runs and runs[-1][0].kind == ev.kind:
            runs[-1].append(ev)
        else:
            runs.append([ev])
    out: list[Line] = []
    for run in runs:
        kind = run[0].kind
        if len(run) == 1 and kind not in folding.ahead and kind not in folding.together:
            out.append(run[0])
        else:
            out.append(Folded(kind, tuple(run)))
    return tuple(out)


def _reader(index: int, raw: Sequence[PlayedAction], folding: Folding) -> ReaderStep:
    events = [ev for step in raw for ev in step.events]
    clauses: dict[str, None] = {}
    for ev in events:
        clauses.update(dict.fromkeys(ev.clauses))
    return ReaderStep(index=index, raw=tuple(s.index for s in raw),
                      lines=_lines(events, folding), clauses=tuple(clauses),
                      after=raw[-1].after)


def _folds_ahead(step: PlayedAction, folding: Folding) -> bool:
    return all(ev.kind in folding.ahead for ev in step.events)   # also: no event at all


def _continues_throw(step: PlayedAction, previous: PlayedAction, folding: Folding) -> bool:
    together = folding.together
    return (step.actor == CHANCE and previous.actor == CHANCE and bool(step.events)
            and all(ev.kind in together for ev in step.events)
            and any(ev.kind in together for ev in previous.events))


def fold(steps: Sequence[PlayedAction], folding: Folding) -> tuple[ReaderStep, ...]:
    """The reader steps of a replay (see the module docstring for the rules).

    Non-events at the very end of a record, with nothing after them to fold into, make a
    step of their own if they have events, else join the step before (a last click that
    changes nothing is no step).
    """
    groups: list[list[PlayedAction]] = []
    pending: list[PlayedAction] = []
    for step in steps:
        if _folds_ahead(step, folding):
            pending.append(step)
        elif (groups and not pending and _continues_throw(step, groups[-1][-1], folding)):
            groups[-1].append(step)
        else:
            groups.append([*pending, step])
            pending = []
    if pending:
        if groups and not any(s.events for s in pending):
            groups[-1].extend(pending)
        else:
            groups.append(pending)
    return tuple(_reader(i, group, folding) for i, group in enumerate(groups, start=1))


def sentences(step: ReaderStep, renderer: Renderer, _: Gettext) -> list[str]:
    """The step in words: one sentence per line (a folded run in one sentence where the
    renderer words it so, or none where the step's other events already say it)."""
    describe_folded = renderer.describe_folded
    context = step.events
    out: list[str] = []
    for line in step.lines:
        if isinstance(line, Folded):
            text = describe_folded(line.kind, line.events, _, context) if describe_folded else None
            if text is None:
                out.extend(renderer.describe_event(ev, _) for ev in line.events)
            elif text:
                out.append(text)
        else:
            out.append(renderer.describe_event(line, _))
    return out


def captions(step: ReaderStep, step_captions: Sequence[str | None]) -> list[str]:
    """A scenario's captions (msgids) of the played actions folded into ``step``."""
    return [c for i in step.raw if i - 1 < len(step_captions) and (c := step_captions[i - 1])]


# --- the games' own records ---------------------------------------------------------------

def renderer_of(game: str) -> Renderer | None:
    return registry.plugin(game).table_renderer()


def reader_steps(game: str, record: Record, engine: Any = None
                 ) -> tuple[GameState, tuple[PlayedAction, ...], tuple[ReaderStep, ...]]:
    """Replay ``record`` and fold it with the game's renderer: (initial, raw, reader steps)."""
    initial, raw = replay(engine or registry.plugin(game).game(), record)
    return initial, tuple(raw), fold(raw, folding_of(renderer_of(game)))


#: The seed of the game "Watch a whole game" deals first.
WATCH_SEED = 1


@lru_cache(maxsize=32)
def watched_record(game: str, seed: int = WATCH_SEED) -> Record:
    """The seeded game "Watch a whole game" shows: the game's first computer player in
    every seat, on the first ruleset (the Basque text's reading) and default setup."""
    engine = registry.plugin(game).game()
    policies = registry.plugin(game).policies()
    policy = next(iter(policies.values())) if policies else random_policy
    rules = make_rules(engine)
    return play(engine, rules, engine.default_setup(rules), seed, policy)
