"""The conformance harness: what every game engine and every ruleset must satisfy.

``check_game(GAME, policies=POLICIES)`` plays seeded games — uniformly random moves, and
every other game the module's computer players, which reach the deep positions random
players resign before; chance through the seeded generator exactly as
:func:`sample_chance` draws — and checks, at every state and every ``apply`` (the items
marked * only in the first ``THOROUGH_GAMES`` games of each ruleset, to keep it fast):

* **rules record** — options have a name, a one-line msgid ``description``, a default the
  option accepts and a ``justification`` (a clause id of the source, or a source named
  with a space in it: ``"Pierer 1857"``); rulesets have unique names, a title and a
  provenance, and every ruleset builds with :func:`make_rules`; ``default_setup`` survives a
  JSON round trip (records store it as JSON).
* **legal actions** — strings, unique, sorted (by ``GAME.action_sort_key`` if the game
  defines one, else plain string order), never empty before the end; ``[]`` at the end;
  ``is_terminal()`` exactly when ``current_player() == TERMINAL``.
* **chance** — at a chance node ``chance_outcomes()`` is non-empty, outcomes are unique,
  every probability is a positive ``Fraction`` (never a float) and they sum to exactly 1.
* **apply** * — pure and deterministic: applying the same action twice gives equal states
  and events, and the state applied to does not change (so states must compare by value:
  frozen dataclasses with tuples do).
* **events** — :class:`Event` instances citing at least one clause, every clause a known
  segment id of the game's source; actors and amounts integers; ``to_json`` is JSON (*).
* **conservation** — ``totals()`` is identical before and after every ``apply``.
* **termination** — every game ends within ``GAME.max_actions`` actions.
* **replay** * — the :class:`Record` of the game replays to equal states, and survives
  ``Record.to_json`` / ``Record.from_json`` unchanged.
* **refusals** * — ``why_not`` is ``None`` for the action played from each state and a
  :class:`Reason` for an unreadable one (its clauses known, its placeholders filled), and
  ``apply`` refuses that one with :class:`IllegalAction` carrying the same reason;
  ``tests/test_refusals.py`` checks each game's reasons in depth.
* **hidden information** * — see below.

Hidden information: how a game proves it
-----------------------------------------
``observation(None)`` is the spectator's view and must show everything. For a seat,
``observation(seat)`` may hide things. Whenever it differs from the spectator's view the game
must define ``GAME.hidden_variants(state, seat)``: a few states (say up to a handful, chosen
deterministically) that differ from ``state`` **only** in what ``seat`` may not see — an
opponent's dice re-rolled, a face-down card swapped. The harness then checks for each variant:

1. ``variant.observation(seat) == state.observation(seat)`` — the seat cannot tell them
   apart, so its view carries no trace of the hidden part;
2. ``variant.observation(None) != state.observation(None)`` — the variant really changed
   something hidden (a variant that changes nothing proves nothing);
3. ``variant.totals() == state.totals()`` and ``variant.current_player()`` is the same;
4. if ``seat`` is to move, ``variant.legal_actions() == state.legal_actions()`` — the actions
   offered must not leak what the seat cannot see either.

The check is sound in one direction: if the game's variants cover every kind of hidden
detail, any leak of that detail into ``observation(seat)`` or the seat's legal actions fails.
A perfect-information game needs nothing: every seat's view equals the spectator's, which
the harness checks too. A game with hidden information but no ``hidden_variants`` fails.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping, Sequence

from ..errors import JokoakError
from .core import (CHANCE, TERMINAL, Event, Game, GameState, IllegalAction, Reason, Rules,
                   draw_weighted, make_rules, outcome_weights)
from .record import Policy, Record, play, random_policy, replay

#: Random playouts per ruleset in the conformance test.
DEFAULT_GAMES = 200
#: Of those, the first ones also get the costly checks (see :func:`check_playout`).
THOROUGH_GAMES = 10
#: At most this many hidden variants are checked per state and seat (keeps the harness fast).
MAX_VARIANTS = 6


class ConformanceError(JokoakError, AssertionError):
    """A broken promise of the engine API (a bug, not a visitor's fault: hence no family but
    the base); the message names game, ruleset, seed and step."""


@dataclass
class Summary:
    """What a conformance run covered (to print, and to prove it ran)."""

    game: str
    games: int = 0
    thorough_games: int = 0
    actions: int = 0
    states_with_hidden_info: int = 0
    variants_checked: int = 0
    longest: int = 0
    rulesets: list[str] = field(default_factory=list)


def known_clauses(game_name: str) -> frozenset[str] | None:
    """Segment ids of a registered game's source (``None`` for a game without one)."""
    from .. import registry
    from ..content.segments import segments
    if game_name not in registry.plugins():
        return None
    return frozenset(s.id for s in segments(game_name))


def _sort_key(game: Game) -> Callable[[str], Any]:
    return getattr(game, "action_sort_key", None) or str


# --- the rules record -----------------------------------------------------------------

def rules_problems(game: Game, clauses: frozenset[str] | None = None) -> list[str]:
    """Everything wrong with the game's options and rulesets (empty list: conforms).

    A justification without a space reads as a clause id and must be one of ``clauses``
    (default: the game's segment ids); with a space it names a source (``"Pierer 1857"``).
    """
    if clauses is None:
        clauses = known_clauses(game.name)
    problems: list[str] = []
    names = [o.name for o in game.options]
    if len(set(names)) != len(names):
        problems.append("option names are not unique")
    for opt in game.options:
        if not isinstance(opt.description, str) or not opt.description.strip() \
                or "\n" in opt.description:
            problems.append(f"option {opt.name}: description must be a one-line msgid")
        if not isinstance(opt.justification, str) or not opt.justification.strip():
            problems.append(f"option {opt.name}: justification (clause id or source) is empty")
        elif clauses is not None and not any(c.isspace() for c in opt.justification) \
                and opt.justification not in clauses:
            problems.append(f"option {opt.name}: justification {opt.justification!r} is no "
                            f"clause id of the source (name a source with a space in it)")
        try:
            opt.check(opt.default)
        except ValueError as exc:
            problems.append(f"option {opt.name}: default refused: {exc}")
        if opt.choice_labels and len(opt.choice_labels) != len(opt.choices):
            problems.append(f"option {opt.name}: choice_labels and choices differ in length")
    if not game.rulesets:
        problems.append("no ruleset (the first one must be the Basque text's reading)")
    sets = [r.name for r in game.rulesets]
    if len(set(sets)) != len(sets):
        problems.append("ruleset names are not unique")
    for rs in game.rulesets:
        if not rs.title.strip() or not rs.provenance.strip():
            problems.append(f"ruleset {rs.name}: title and provenance are required")
        try:
            rules = make_rules(game, rs.name)
        except ValueError as exc:
            problems.append(f"ruleset {rs.name}: {exc}")
            continue
        setup = game.default_setup(rules)
        try:
            again = json.loads(json.dumps(setup))
        except (TypeError, ValueError) as exc:
            problems.append(f"ruleset {rs.name}: default_setup is not JSON data: {exc}")
            continue
        if game.new_initial_state(rules, again) != game.new_initial_state(rules, setup):
            problems.append(f"ruleset {rs.name}: default_setup changes through JSON "
                            f"(or states do not compare by value)")
    return problems


# --- one state, one step ---------------------------------------------------------------

def state_problems(game: Game, state: GameState) -> list[str]:
    """Legal actions, chance outcomes and terminal consistency of one state."""
    return _state_problems(game, state)[0]


def _state_problems(game: Game, state: GameState
                    ) -> tuple[list[str], list[tuple[str, Fraction]], list[Any]]:
    """:func:`state_problems`, also handing back the chance outcomes and, at a chance node,
    ``[actions, denominator, weights]``, else the legal actions, so the playout does not
    ask the game (or compute the weights) twice."""
    problems: list[str] = []
    player = state.current_player()
    terminal = state.is_terminal()
    if terminal != (player == TERMINAL):
        problems.append(f"is_terminal() is {terminal} but current_player() is {player}")
    if terminal:
        if state.legal_actions():
            problems.append("legal_actions() is not empty at the end")
        return problems, [], []
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        if not outcomes:
            problems.append("chance node without chance_outcomes()")
        for action, p in outcomes:
            if type(p) is not Fraction:
                problems.append(f"probability of {action!r} is a {type(p).__name__}, "
                                f"not an exact Fraction")
                return problems, outcomes, []
        actions, denominator, weights = outcome_weights(outcomes)
        if len(set(actions)) != len(actions):
            problems.append("chance outcomes repeat an action")
        if min(weights, default=1) <= 0:
            action = actions[weights.index(min(weights))]
            problems.append(f"probability of {action!r} is "
                            f"{Fraction(min(weights), denominator)}, not positive")
        if sum(weights) != denominator:
            total = Fraction(sum(weights), denominator)
            problems.append(f"chance outcomes sum to {total}, not exactly 1")
        return problems, outcomes, [actions, denominator, weights]
    legal = state.legal_actions()
    if not legal:
        problems.append(f"no legal action for player {player} before the end")
    return problems + _legal_list_problems(game, legal), [], legal


#: (id of the game, legal actions) -> (the game, their problems): the same lists come back
#: state after state (a die's ``lift``, a ladder of bids), and what is wrong with a list
#: depends on it and the game's sort key alone (the game is kept, so its id is not reused).
_LIST_MEMO: dict[tuple[int, tuple[str, ...]], tuple[Game, list[str]]] = {}


def _legal_list_problems(game: Game, legal: list[str]) -> list[str]:
    """Strings, unique, sorted: the promises on a list of legal actions (a fresh list)."""
    try:
        memo_key: tuple[int, tuple[str, ...]] | None = (id(game), tuple(legal))
        known = _LIST_MEMO.get(memo_key)  # type: ignore[arg-type]
    except TypeError:  # an unhashable action: no string, as the check below finds
        memo_key, known = None, None
    if known is not None and known[0] is game:
        return list(known[1])
    problems: list[str] = []
    if not all(isinstance(a, str) for a in legal):
        problems.append("legal actions must be strings")
    else:
        if len(set(legal)) != len(legal):
            problems.append("legal actions repeat an action")
        if legal != sorted(legal, key=_sort_key(game)):
            problems.append(f"legal actions are not sorted: {legal[:6]}")
    if memo_key is not None:
        if len(_LIST_MEMO) >= 4096:
            _LIST_MEMO.clear()
        _LIST_MEMO[memo_key] = (game, problems)
    return list(problems)


def event_problems(events: Sequence[Event], clauses: frozenset[str] | None,
                   thorough: bool = True) -> list[str]:
    problems: list[str] = []
    for ev in events:
        if not isinstance(ev, Event):
            problems.append(f"event {ev!r} is not an Event")
            continue
        if not ev.clauses:
            problems.append(f"event {ev.kind!r} cites no clause")
        if clauses is not None:
            unknown = [c for c in ev.clauses if c not in clauses]
            if unknown:
                problems.append(f"event {ev.kind!r} cites unknown clause(s) {unknown}")
        if not all(isinstance(a, int) for a in ev.actors):
            problems.append(f"event {ev.kind!r}: actors must be seat numbers")
        if not all(isinstance(v, int) for _, v in ev.amounts):
            problems.append(f"event {ev.kind!r}: amounts must be integers")
        if thorough:
            try:
                json.dumps(ev.to_json())
            except (TypeError, ValueError):
                problems.append(f"event {ev.kind!r}: data is not JSON-able")
    return problems


def step_problems(state: GameState, action: str, clauses: frozenset[str] | None,
                  thorough: bool = True, before_totals: dict[str, int] | None = None
                  ) -> tuple[list[str], GameState, list[Event]]:
    """Apply ``action``; check conservation and events, and (``thorough``) purity and
    determinism: a second ``apply`` must give an equal state and the same events.

    ``before_totals`` may pass ``state.totals()`` when the caller already has it.
    """
    if before_totals is None:
        before_totals = state.totals()
    before_view = state.observation(None) if thorough else None
    after, events = state.apply(action)
    problems: list[str] = []
    if thorough:
        again, events_again = state.apply(action)
        if state.observation(None) != before_view or state.totals() != before_totals:
            problems.append(f"apply({action!r}) changed the state it was applied to")
        if again != after or list(events_again) != list(events):
            problems.append(f"apply({action!r}) is not deterministic (or states do not "
                            f"compare by value)")
    after_totals = after.totals()
    if after_totals != before_totals:
        problems.append(f"apply({action!r}) changed the totals {before_totals} -> "
                        f"{after_totals}")
    problems += event_problems(events, clauses, thorough)
    return problems, after, list(events)


#: An action no game can read: every state must refuse it with a reason.
UNREADABLE_ACTION = "\x1fnot an action"


def refusal_problems(state: GameState, played: str | None,
                     clauses: frozenset[str] | None) -> list[str]:
    """``why_not`` agrees with the game: ``None`` for ``played``, a reason for nonsense."""
    explain = getattr(state, "why_not", None)
    if explain is None:
        return ["the state has no why_not(action, seat=None)"]
    problems = []
    if played is not None and explain(played) is not None:
        problems.append(f"why_not({played!r}) refuses an action that was played")
    why = explain(UNREADABLE_ACTION)
    if not isinstance(why, Reason):
        return problems + [f"why_not of an unreadable action is {why!r}, not a Reason"]
    try:
        why.english()
    except (KeyError, TypeError, ValueError) as exc:
        problems.append(f"reason {why.msgid!r} lacks a parameter: {exc!r}")
    if clauses is not None and set(why.clauses) - clauses:
        problems.append(f"reason {why.msgid!r} cites unknown clause(s) "
                        f"{sorted(set(why.clauses) - clauses)}")
    try:
        state.apply(UNREADABLE_ACTION)
        problems.append("apply accepted an unreadable action")
    except IllegalAction as exc:
        if exc.reason != why:
            problems.append("IllegalAction carries another reason than why_not")
    except Exception as exc:  # noqa: BLE001 - any other exception is the finding
        problems.append(f"apply of an unreadable action raised {type(exc).__name__}, "
                        f"not IllegalAction")
    return problems


def hidden_info_problems(game: Game, state: GameState, seats: int) -> tuple[list[str], int, bool]:
    """Check every seat's observation against the game's hidden variants (module doc)."""
    problems: list[str] = []
    checked, hidden = 0, False
    spectator = state.observation(None)
    variants_of = getattr(game, "hidden_variants", None)
    # the state's own facts, asked once (a state is immutable) and compared with each variant's
    totals, player = state.totals(), state.current_player()
    legal: list[str] | None = None
    for seat in range(seats):
        view = state.observation(seat)
        if view != spectator:
            hidden = True
            if variants_of is None:
                problems.append(f"observation({seat}) hides something but the game "
                                f"defines no hidden_variants")
                continue
        if variants_of is None:
            continue
        for variant in list(variants_of(state, seat))[:MAX_VARIANTS]:
            checked += 1
            if variant.observation(seat) != view:
                problems.append(f"observation({seat}) changes with information hidden from "
                                f"seat {seat}")
            if variant.observation(None) == spectator:
                problems.append(f"a hidden variant for seat {seat} changes nothing "
                                f"the spectator sees")
            if variant.totals() != totals or variant.current_player() != player:
                problems.append(f"a hidden variant for seat {seat} changes totals or turn")
            if player == seat:
                if legal is None:
                    legal = state.legal_actions()
                if variant.legal_actions() != legal:
                    problems.append(f"legal actions of seat {seat} depend on what it cannot "
                                    f"see")
    return problems, checked, hidden


# --- playouts --------------------------------------------------------------------------

def check_playout(game: Game, rules: Rules, seed: int, policy: Policy = random_policy,
                  setup: Mapping[str, Any] | None = None,
                  clauses: frozenset[str] | None = None, summary: Summary | None = None,
                  thorough: bool = True) -> Record:
    """Play one seeded game, checking every state and step; raises :class:`ConformanceError`.

    Every game checks legal actions, chance, conservation, events and termination. A
    ``thorough`` game also checks purity and determinism of ``apply``, hidden information
    at every state, replay equality and the JSON round trip of its record.
    """
    where = f"{game.name}/{rules.ruleset} seed {seed}"

    def fail(step: int, problems: Iterable[str]) -> None:
        problems = list(problems)
        if problems:
            raise ConformanceError(f"{where} step {step}: " + "; ".join(problems))

    setup = dict(game.default_setup(rules) if setup is None else setup)
    rng = random.Random(seed)
    state = game.new_initial_state(rules, setup)
    states: list[GameState] = [state]
    actions: list[str] = []
    totals = state.totals()
    while not state.is_terminal():
        if len(actions) >= game.max_actions:
            fail(len(actions), [f"not over after max_actions={game.max_actions} actions"])
        problems, outcomes, legal = _state_problems(game, state)
        fail(len(actions), problems)
        if outcomes:
            chance_actions, denominator, weights = legal
            action = draw_weighted(chance_actions, denominator, weights, rng)  # = sample_chance
        elif policy is random_policy:
            action = rng.choice(legal)   # what random_policy does, without asking twice
        else:
            action = policy(state, rng)
        problems, state, _ = step_problems(state, action, clauses, thorough, totals)
        actions.append(action)
        fail(len(actions), problems)
        if thorough:
            states.append(state)
    fail(len(actions), state_problems(game, state))
    record = Record(game=game.name, rules=rules, setup=setup, seed=seed, actions=tuple(actions))
    if thorough:
        seats = len(state.returns())
        for i, st in enumerate(states):
            problems, checked, hidden = hidden_info_problems(game, st, seats)
            fail(i, problems)
            fail(i, refusal_problems(st, actions[i] if i < len(actions) else None, clauses))
            if summary is not None:
                summary.variants_checked += checked
                summary.states_with_hidden_info += hidden
        initial, steps = replay(game, record)
        replayed = [initial] + [s.after for s in steps]
        for i, (a, b) in enumerate(zip(states, replayed)):
            if a != b:
                fail(i, ["replaying the record gives a different state"])
        back = Record.from_json(record.to_json(), {game.name: game})
        if back != record or back.to_json() != record.to_json():
            fail(len(actions), ["the record does not survive Record.to_json/from_json"])
    if summary is not None:
        summary.games += 1
        summary.thorough_games += thorough
        summary.actions += len(actions)
        summary.longest = max(summary.longest, len(actions))
    return record


def check_game(game: Game, games: int = DEFAULT_GAMES, seed: int = 0,
               clauses: frozenset[str] | None = None,
               rulesets: Sequence[str] | None = None,
               thorough_games: int = THOROUGH_GAMES,
               policies: Mapping[str, Policy] | None = None) -> Summary:
    """The whole harness for one game: rules record, then ``games`` playouts per ruleset,
    the first ``thorough_games`` of them thorough (see :func:`check_playout`).

    With ``policies`` (the module's ``POLICIES``), every other game is played by them
    (seat ``i`` plays the ``i``-th, cycling) instead of uniformly random moves: random
    players resign or stall early, computer players reach the deep positions.
    """
    if clauses is None:
        clauses = known_clauses(game.name)
    problems = rules_problems(game, clauses)
    if problems:
        raise ConformanceError(f"{game.name}: " + "; ".join(problems))
    summary = Summary(game=game.name)
    for name in rulesets or [r.name for r in game.rulesets]:
        rules = make_rules(game, name)
        summary.rulesets.append(name)
        for i in range(games):
            policy = seat_policy(policies)[0] if policies and i % 2 else random_policy
            check_playout(game, rules, seed + i, policy, clauses=clauses, summary=summary,
                          thorough=i < thorough_games)
    return summary


# --- golden playthroughs ---------------------------------------------------------------

def seat_policy(policies: Mapping[str, Policy]) -> tuple[Policy, list[str]]:
    """Seat ``i`` plays the ``i``-th policy (cycling), so a golden game shows them all."""
    table = dict(policies) or {"random": random_policy}
    names = list(table)

    def by_seat(state: GameState, rng: random.Random) -> str:
        return table[names[state.current_player() % len(names)]](state, rng)
    return by_seat, names


def format_event(ev: Event, actor_name: Callable[[int], str] = str) -> str:
    """An event on one line; ``actor_name`` names each actor (the golden files keep the
    engine's 0-based numbers, ``jokoak replay`` the captions' 1-based "P4")."""
    parts = [ev.kind, "[" + ",".join(ev.clauses) + "]"]
    if ev.actors:
        parts.append("actors=" + ",".join(actor_name(a) for a in ev.actors))
    parts += [f"{k}={v}" for k, v in ev.amounts]
    return " ".join(parts)


def playthrough_text(game: Game, policies: Mapping[str, Policy], seed: int = 1,
                     ruleset: str | None = None) -> str:
    """A seeded game as stable text: one line per step (actor, action, events)."""
    rules = make_rules(game, ruleset)
    setup = game.default_setup(rules)
    by_seat, names = seat_policy(policies)
    record = play(game, rules, setup, seed, by_seat)
    _, steps = replay(game, record)
    lines = [f"# {game.name} golden playthrough (regenerate: JOKOAK_REGOLD=1 pytest "
             f"tests/test_golden.py)",
             f"# ruleset {rules.ruleset}; seed {seed}; setup {json.dumps(setup, sort_keys=True)}",
             "# seat i plays policy i mod %d of: %s" % (len(names), ", ".join(names))]
    for step in steps:
        actor = "chance" if step.actor == CHANCE else f"p{step.actor}"
        events = " | ".join(format_event(e) for e in step.events) or "-"
        lines.append(f"{step.index:04d} {actor:>6} {step.action} -> {events}")
    final = steps[-1].after if steps else game.new_initial_state(rules, setup)
    lines.append(f"# end: terminal={final.is_terminal()} returns={final.returns()} "
                 f"totals={json.dumps(final.totals(), sort_keys=True)}")
    return "\n".join(lines) + "\n"
