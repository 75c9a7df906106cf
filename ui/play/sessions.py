"""One visitor's game in one play view, and what every control is drawn for.

A :class:`PlaySpec` is what a play view tells the controller about its game; a
:class:`PlaySession` is the game under way, kept in ``st.session_state[spec.key]``. The
rest reads them: whose decision it is (:func:`person_to_act`, the driver's answer from the
engine's ``current_player()``), the token every control carries (:func:`token`), whether the
controls are locked just after a tap (:func:`locked`).

Both are generic in the game's own state type (``PlaySession[PeruludoState]``): a view reads
``game.state`` and mypy checks every attribute it reads of the position against the engine's
state class.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, TypeVar, cast

import streamlit as st

from jokoak.engine.core import Game, GameState, Reason, Rules, make_rules
from jokoak.engine.driver import (Beat, Position, Seating, advance, decisions, person_on_turn,
                                  start)

from . import pace

#: The state class of the game a view plays (``PeruludoState``, ...).
S = TypeVar("S", bound=GameState)


@dataclass(frozen=True)
class PlaySpec(Generic[S]):
    """What a play view tells the controller about its game.

    ``state_type`` is the class of the game's states (every position of ``game`` is one);
    ``table(choices)`` seats the people and computers for the new-game ``choices``;
    ``setup(rules, choices)`` gives the starting position's setup (``None``: the game's
    default); ``beat`` marks the moves worth a pause; ``pace`` is the seconds per beat.
    """

    game: Game
    key: str
    state_type: type[S]
    table: Callable[[dict[str, Any]], Seating]
    setup: Callable[[Rules, dict[str, Any]], dict[str, Any] | None] = lambda rules, c: None
    beat: Beat | None = None
    pace: float = 1.6
    #: ``accept(spec, game, token, seat, action, now) -> bool`` replaces :func:`accept_tap`
    #: for a view whose taps are not played on at once (a lesson checks them first).
    accept: Callable[..., bool] | None = None
    #: ``controls(game, spec)`` draws the controls of the person to act in ``game``'s
    #: position, their taps going to ``spec`` (a lesson passes its own, whose taps it checks
    #: first): what a lesson's step offers the visitor to tap.
    controls: Callable[[PlaySession[S], PlaySpec[S]], None] | None = None
    #: Whether ``controls`` show why the last tap was refused themselves (next to the control
    #: refused); if not, the view shows :func:`refusal_note` after them.
    controls_show_refusals: bool = False
    #: A lesson's spec: its controls offer only what a step teaches (no Pass beside a
    #: lesson's Throw), and say no averages or percentages (:func:`for_child`).
    lesson: bool = False
    #: ``child_hint(state, action)``: the hinted move as a child's Hint says it, in the words
    #: of the control that makes it ("Bid three 5s"), where the expert's own sentence has an
    #: average or a percentage (:func:`for_child`); ``None`` from it: no Hint for that move.
    child_hint: Callable[[Any, str], str | None] | None = None


_EPOCHS = itertools.count(1)


@dataclass
class PlaySession(Generic[S]):
    """One visitor's game in this view: kept in ``st.session_state[spec.key]``."""

    position: Position
    choices: dict[str, Any]
    good: Position
    paused: bool = False
    last_tap: float = 0.0
    refused: Reason | None = None
    failed: bool = False
    autoplay: bool = False
    seen: int = 0          # moves already shown when the visitor last acted
    moved_at: float = 0.0  # when the position last changed (ticks keep the pace from it)
    #: pass-and-play: the person the screen was last handed to (their tap on the cover)
    screen: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    #: This game's (or lesson step's) own number, unique in the process: part of every
    #: control's :func:`token`, so a control drawn for another game never fits this one.
    epoch: int = field(default_factory=lambda: next(_EPOCHS))

    @property
    def state(self) -> S:
        """The position's state, as the game's own class. Every session is made from its
        view's :class:`PlaySpec` (:func:`fresh_session`, a resumed link, a room, a lesson
        step), whose game makes only states of ``state_type``: that is what the cast says."""
        return cast(S, self.position.state)
#: A token is its session's epoch times this, plus the position's length (no game runs to a
#: million moves; a record that long is refused far earlier).
TOKEN_STRIDE = 1_000_000


def for_child(spec: PlaySpec[Any]) -> bool:
    """Is this view a child's (a lesson, or any play view at a kiosk)? Its controls then say
    bids in words and no averages or percentages: those stay in the odds views."""
    from ..kiosk_mode import is_kiosk
    return spec.lesson or is_kiosk()


def session(spec: PlaySpec[S]) -> PlaySession[S] | None:
    value = st.session_state.get(spec.key)
    return value if isinstance(value, PlaySession) else None


def table_of(spec: PlaySpec[S], game: PlaySession[S]) -> Seating:
    return spec.table({**game.choices, "autoplay": game.autoplay})


def fresh_session(spec: PlaySpec[S], ruleset: str, choices: dict[str, Any],
                  seed: int | None = None) -> PlaySession[S]:
    """A game with a fresh seed (or ``seed``, for benches and shared links), the others
    played up to the visitor's first decision."""
    rules = make_rules(spec.game, ruleset)
    table = spec.table({**choices, "autoplay": False})
    position = start(spec.game, rules, spec.setup(rules, choices), seed, table.people)
    game: PlaySession[S] = PlaySession(position=position,
                                       choices={**choices, "ruleset": ruleset}, good=position)
    game.position = game.good = advance(position, table_of(spec, game), spec.beat)
    return game


def again(spec: PlaySpec[S], game: PlaySession[S]) -> PlaySession[S]:
    """The same choices, a new seed."""
    choices = dict(game.choices)
    return fresh_session(spec, choices.pop("ruleset"), choices)


def current_seed(spec: PlaySpec[Any]) -> int | None:
    game = session(spec)
    return game.position.record.seed if game is not None else None


def locked(game: PlaySession[Any]) -> bool:
    """Just after an accepted tap the decision controls are drawn disabled, so a second tap
    of the same finger lands on nothing (they come back at the next tick)."""
    return time.monotonic() - game.last_tap < pace.DEBOUNCE_SECONDS


#: ``PlaySession.extra`` key: the screen (:func:`token`) whose controls were first drawn live
#: (not locked), and when: a person's moment to answer starts there (:func:`drawn_live`).
DRAWN_LIVE = "drawn_live"


def note_drawn(game: PlaySession[Any]) -> None:
    """The view has drawn ``game``'s screen; its controls live (unlocked) from now, the
    first time this screen is drawn so."""
    if not locked(game) and drawn_live(game) is None:
        game.extra[DRAWN_LIVE] = (token(game), time.monotonic())


def drawn_live(game: PlaySession[Any]) -> float | None:
    """When this screen's controls were first drawn live, or ``None`` (not yet)."""
    seen = game.extra.get(DRAWN_LIVE)
    return seen[1] if isinstance(seen, tuple) and seen[0] == token(game) else None


def token_at(game: PlaySession[Any], position: Position) -> int:
    """The token of the screen ``game`` draws at ``position`` (a room's position comes from
    its store, so it is passed in)."""
    return game.epoch * TOKEN_STRIDE + position.length


def token(game: PlaySession[Any]) -> int:
    """What every control that changes the game carries: the screen it was drawn for. Two
    screens never share one, even at the same number of moves (a new game, the next lesson
    step): a late tap on a control of an earlier screen is known as late, and changes
    nothing, quietly (never a refusal of a move the visitor did not mean to make here)."""
    return token_at(game, game.position)


def action_key(spec: PlaySpec[Any], name: str, game: PlaySession[Any]) -> str:
    """The widget key of a control that changes the game: it carries the position, so a
    click sent for an earlier drawing of the control can never pick up the callback of a
    later one (Streamlit keeps one callback per key: the last drawn)."""
    return f"{spec.key}_{name}_t{token(game)}"


def decisions_made(game: PlaySession[Any]) -> int:
    return decisions(game.position)


def people(spec: PlaySpec[Any], game: PlaySession[Any]) -> tuple[int, ...]:
    """The seats people play at this game's table."""
    return table_of(spec, game).people


def person_to_act(spec: PlaySpec[Any], game: PlaySession[Any]) -> int | None:
    """The person whose controls the screen shows now (``None``: chance or a computer)."""
    return person_on_turn(game.position, table_of(spec, game))


def chosen_people(choices: dict[str, Any], seats: int,
                  default: tuple[int, ...] = (0,)) -> tuple[int, ...]:
    """The seats the new-game ``choices`` give to people (:func:`people_choice`; ``default``
    when they name none), sorted and each once; a seat beyond ``seats`` is dropped (the
    choice was made for a larger table)."""
    return tuple(sorted({int(s) for s in choices.get("people", default) if 0 <= int(s) < seats}))
