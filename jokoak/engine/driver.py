"""The generic play driver: chance and computer seats act until a person must.

Every play view (and the taps bench, and the lessons) drives a game the same way, so the
flow lives here once, next to :mod:`jokoak.engine.record`:

* a :class:`Seating` says who sits where: the seats played by people (any number of them,
  none to all: :meth:`Seating.for_seats`), a policy for every other seat, and optional
  *defaults* (what a person's seat does when they let the moment pass, e.g. a peruludo
  player who does not press "Doia!" declines it);
* :func:`advance` plays chance (drawn with :func:`chance_rng`, the one seeding convention:
  the record's seed and the position) and the computer seats until a person must decide,
  the game ends, or a *beat* (an action worth showing on its own, such as a computer's bid)
  has been played;
* :func:`new_seed` gives every new game its own seed, kept in its record, so two visitors
  never get the same game and every game stays replayable.

Nothing here knows a game's rules: legality comes from ``legal_actions`` and every action is
applied by the engine.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterable, Mapping, Sequence

from .core import CHANCE, Event, Game, GameState, IllegalAction, refusal, sample_chance
from .record import Policy, Record, PlayedAction

#: ``default(state, seat) -> action | None``: what a person's seat does when they let the
#: moment pass; ``None`` means the person must decide.
Default = Callable[[GameState, int], "str | None"]
#: ``beat(state, actor, action) -> bool``: is this action worth showing on its own (a
#: computer's bid, a cup lifted)? The page pauses before the next one.
Beat = Callable[[GameState, int, str], bool]
#: ``waits(state, seat) -> bool``: does this person's default wait a beat of its own (at a
#: table of several people, each asked person gets their moment to call doia)?
Waits = Callable[[GameState, int], bool]


def new_seed() -> int:
    """A fresh seed for a new game (from the operating system, never from a counter)."""
    return secrets.randbelow(2 ** 53)


def chance_rng(seed: int | None, position: int) -> random.Random:
    """The generator for the chance outcome or computer move at ``position`` (the number of
    actions already played): replaying a record never needs it, resuming one gives the same
    game as playing it through."""
    return random.Random(f"{seed}:{position}")


@dataclass(frozen=True)
class Seating:
    """Who plays which seat at a table: people, computer policies, and people's defaults.

    (Not the game's table: that is the state. Named for what it holds, the seating plan.)
    """

    humans: frozenset[int]
    policies: Mapping[int, Policy] = field(default_factory=dict)
    defaults: Default | None = None
    #: which people's defaults are beats of their own (only on a paced page)
    waits: Waits | None = None

    @classmethod
    def for_seats(cls, seats: int, people: Iterable[int], computer: Callable[[int], Policy],
                  defaults: Default | None = None, waits: Waits | None = None) -> "Seating":
        """``seats`` seats: ``people`` played by people, every other seat by the policy
        ``computer(seat)`` gives. A seat number outside the table is refused."""
        humans = frozenset(int(s) for s in people)
        if any(not 0 <= s < seats for s in humans):
            raise ValueError(f"people {sorted(humans)} do not all sit at a table of {seats}")
        return cls(humans=humans,
                   policies={s: computer(s) for s in range(seats) if s not in humans},
                   defaults=defaults, waits=waits)

    @property
    def people(self) -> tuple[int, ...]:
        """The seats played by people, in seat order (what a record keeps)."""
        return tuple(sorted(self.humans))

    def is_human(self, seat: int) -> bool:
        return seat in self.humans

    def policy(self, seat: int) -> Policy:
        if seat not in self.policies:
            raise KeyError(f"seat {seat} has no computer policy and is not a person")
        return self.policies[seat]


@dataclass(frozen=True)
class Move:
    """One action of the record: who took it (``CHANCE`` for chance) and what it caused."""

    actor: int
    action: str
    events: tuple[Event, ...]
    #: chosen by a person through :func:`submit` (not chance, a computer or a default)
    by_person: bool = False


@dataclass(frozen=True)
class Position:
    """A record, the state it leads to and every move so far, kept together so a page never
    holds a state the record did not make (``moves[i]`` is ``record.actions[i]``)."""

    record: Record
    state: GameState
    moves: tuple[Move, ...] = ()

    @property
    def length(self) -> int:
        return len(self.record.actions)

    def events(self, since: int = 0) -> list[Event]:
        """Every event caused by the moves from index ``since`` on."""
        return [e for move in self.moves[since:] for e in move.events]


def start(game: Game, rules: Any, setup: Mapping[str, Any] | None = None,
          seed: int | None = None, people: Iterable[int] | None = None) -> Position:
    """A new game's position: its own seed unless one is given (tests, shared links); the
    record keeps the seats ``people`` play, if given."""
    setup = dict(setup) if setup is not None else game.default_setup(rules)
    chosen = new_seed() if seed is None else seed
    record = Record(game=game.name, rules=rules, setup=setup, seed=chosen,
                    people=None if people is None else tuple(sorted(people)))
    return Position(record, game.new_initial_state(rules, setup))


def resume(game: Game, record: Record, seating: Seating | None = None) -> Position:
    """The position a record leads to (each action applied by the engine).

    With ``seating``, the moves a person chose (at a person's seat, not their default) are
    marked as :func:`submit` marks them, so a game resumed from a link counts the same
    decisions as the game played through.
    """
    position = Position(replace(record, actions=()),
                        game.new_initial_state(record.rules, record.setup))
    for action in record.actions:
        chosen = seating is not None and _chosen(position.state, action, seating)
        position = _extend(position, action, chosen)
    return position


def resumed(record: Record, initial: GameState, steps: Sequence[PlayedAction],
            seating: Seating | None = None) -> Position:
    """The position of a record already replayed: ``initial`` and its ``steps`` (as
    :func:`jokoak.engine.record.replay` or a decoded link give them), marked as
    :func:`resume` marks them, with no action applied again."""
    moves = []
    before = initial
    for step in steps:
        moves.append(Move(step.actor, step.action, step.events,
                          seating is not None and _chosen(before, step.action, seating)))
        before = step.after
    if tuple(move.action for move in moves) != record.actions:
        raise ValueError("the steps are not the record's actions")
    return Position(record, before, tuple(moves))


def _chosen(state: GameState, action: str, seating: Seating) -> bool:
    """Was ``action`` a person's own choice (as :func:`undo_last_decision` tells them)?"""
    seat = state.current_player()
    return (seat != CHANCE and seating.is_human(seat)
            and not (seating.defaults is not None and seating.defaults(state, seat) == action))


def _extend(position: Position, action: str, by_person: bool = False) -> Position:
    actor = position.state.current_player()
    state, events = position.state.apply(action)
    record = replace(position.record, actions=position.record.actions + (action,))
    return Position(record, state, position.moves + (Move(actor, action, tuple(events), by_person),))


def automatic_action(position: Position, seating: Seating) -> str | None:
    """The action chance, a computer seat or a person's default takes now, or ``None`` when
    a person must decide (or the game is over)."""
    state = position.state
    if state.is_terminal():
        return None
    seat = state.current_player()
    rng = chance_rng(position.record.seed, position.length)
    if seat == CHANCE:
        return sample_chance(state.chance_outcomes(), rng)
    if seating.is_human(seat):
        if seating.defaults is None:
            return None
        return seating.defaults(state, seat)
    return seating.policy(seat)(state, rng)


def person_on_turn(position: Position, seating: Seating) -> int | None:
    """The person's seat the game is waiting for now, deciding or in the moment before
    their default plays (whose controls a shared screen shows), or ``None``."""
    state = position.state
    if state.is_terminal():
        return None
    seat = state.current_player()
    return seat if seat != CHANCE and seating.is_human(seat) else None


def advance(position: Position, seating: Seating, beat: Beat | None = None,
            held: bool = False, limit: int = 100_000) -> Position:
    """Play automatic actions until a person must decide or the game ends.

    With ``beat``, at most one beat is played: the call stops *before* a second beat, and
    before a person's default once a beat was played (so a person sees a computer's bid
    before letting it pass). With ``seating.waits``, only the defaults it names stop the call,
    and each is a beat of its own: every asked person gets their own moment. ``held=True`` counts as a beat just played: used
    right after a person's own action, so what the others do comes at the next call, never
    under the finger that just tapped. ``events`` of the result are every event caused on
    the way.
    """
    beaten = held and beat is not None
    for _ in range(limit):
        action = automatic_action(position, seating)
        if action is None:
            break
        seat = position.state.current_player()
        is_default = seat != CHANCE and seating.is_human(seat)
        waits = is_default and (seating.waits is None or seating.waits(position.state, seat))
        is_beat = beat is not None and (
            beat(position.state, seat, action) or (waits and seating.waits is not None))
        if beaten and (is_beat or (waits and beat is not None)):
            break
        position = _extend(position, action)
        beaten = beaten or is_beat
    return position


def pending(position: Position, seating: Seating) -> bool:
    """Is there an automatic action to play (so a paced page should tick on)?"""
    return automatic_action(position, seating) is not None


def submit(position: Position, seat: int, action: str) -> Position:
    """A person's action: checked by the engine (``IllegalAction`` with its reason if the
    rules refuse it, or if it is not ``seat``'s move)."""
    why = refusal(position.state, action, seat)
    if why is not None:
        raise IllegalAction(action, why)
    return _extend(position, action, by_person=True)


def undo_last_decision(game: Game, record: Record, seating: Seating) -> Record:
    """The record cut back to just before the last action a person chose (their defaults
    and everything automatic after it go too); unchanged if a person never chose."""
    state = game.new_initial_state(record.rules, record.setup)
    cut = None
    for i, action in enumerate(record.actions):
        seat = state.current_player()
        if seat != CHANCE and seating.is_human(seat) and not (
                seating.defaults is not None and seating.defaults(state, seat) == action):
            cut = i
        state, _events = state.apply(action)
    if cut is None:
        return record
    return replace(record, actions=record.actions[:cut])


def decisions(position: Position) -> int:
    """How many actions people chose through :func:`submit` (defaults not counted): for the
    taps bench and for "the record grows by one action per intended tap"."""
    return sum(1 for move in position.moves if move.by_person)
