"""The capabilities a game's plug-in may provide, each a small frozen dataclass of typed
functions that the game's ``plugin.py`` fills from its own modules.

A page or a command asks the plug-in (:class:`jokoak.plugin.GamePlugin`) for a capability and
gets one of these or ``None``; it never looks a function up by name, so mypy sees every call.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from .returns import Hint, OddsTable

#: A translation function: msgid -> the sentence in the page's language.
Gettext = Callable[[str], str]

#: An icon renderer: (title, language of the title) -> a self-contained ``<svg>``.
IconRenderer = Callable[[str, str], str]

#: ``odds_tables(rules, **params)``: the game's exact tables under ``rules``.
OddsTables = Callable[..., Sequence[OddsTable]]


@dataclass(frozen=True)
class Pictures:
    """The game's pictures: ``icon`` (Home's card, the handout), ``scene`` (the kiosk's moving
    picture; ``None``: the kiosk rocks the icon) and ``nav`` (the navigation bar's small
    drawing; ``None``: the plug-in's ``nav_icon`` symbol)."""

    icon: IconRenderer
    scene: IconRenderer | None = None
    nav: Callable[[], str] | None = None


@dataclass(frozen=True)
class Renderer:
    """The pure renderer of a game: its events in words and its table in a drawing.

    ``describe_event(event, _)`` words one event; ``event_kinds()`` lists (kind, msgid label)
    in the order the step-through offers them. ``draw(state, _, lang, ...)`` is the table
    (or board); ``hides_seats``: it takes ``viewer=`` and hides what that seat may not see.
    ``asked_outcome(before, after, events, _, lang)`` gives (state to draw, markup) for a
    question about an action, ``last_throw(events, _, lang, roll)`` the thrown pieces where
    the table does not show them. ``fold_ahead`` and ``thrown_together`` are the event kinds
    the step-through folds into the next step or into one throw, and ``describe_folded(kind,
    events, _, context)`` words a run of one kind in one sentence (``None``: each alone).
    """

    describe_event: Callable[..., str]
    event_kinds: Callable[[], Sequence[tuple[str, str]]]
    draw: Callable[..., str]
    hides_seats: bool = False
    asked_outcome: Callable[..., tuple[Any, str]] | None = None
    last_throw: Callable[..., str] | None = None
    describe_folded: Callable[..., str | None] | None = None
    fold_ahead: frozenset[str] = frozenset()
    thrown_together: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Bots:
    """The computer players by level (the first is the one "Watch a whole game" seats), and
    ``hint(state, seat)``, what the strongest would do (``None``: the game gives no hint). A
    policy is ``policy(state, rng) -> action`` (:data:`jokoak.engine.record.Policy`), typed
    loosely as each game's states are its own."""

    policies: Mapping[str, Callable[..., str]]
    hint: Callable[[Any, int], Hint] | None = None


@dataclass(frozen=True)
class PaymentCheck:
    """A translation check of who pays whom in a clause (zaldi zuria's): ``problems(segment_id,
    source, target, lang)`` gives (problem msgid key, (payer roles, payee roles)) pairs, and
    ``role_label(roles)`` the msgid naming a set of roles."""

    problems: Callable[[str, str, str, str], Sequence[tuple[str, tuple[frozenset[str], frozenset[str]]]]]
    role_label: Callable[[frozenset[str]], str]
