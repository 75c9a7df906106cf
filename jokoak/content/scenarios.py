"""Scenarios: curated, scripted positions that demonstrate clauses.

Format of ``content/<game>/scenarios/<name>.yaml`` (full description: content/SCENARIOS.md)::

    title: The white horse            # msgid (English), translated through gettext
    caption: Everybody pays ...        # msgid
    clauses: [phase2.throw1, phase2.throw1.owner]   # what it demonstrates (segment ids)
    ruleset: basque_text               # optional; default: the game's first ruleset
    options: {}                        # optional overrides
    setup: {...}                       # optional; game-specific starting position
    seed: 7                            # optional; where the steps came from, never used
    steps:                             # actions, chance outcomes included, in order
    - roll:0,3,5                       # a bare action, or a mapping:
    - {action: pass, player: 2, caption: "...", cites: [phase2.throw1]}

The file's shape is ``content/schemas/scenario.schema.json`` (:mod:`jokoak.content.schema`).
Loading checks it, then replays the steps and fails with a message naming the file, the step
and the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping

from .file_checks import (check_cited, check_known, exemption_problems, file_rules,
                          folder_texts, game_engine, read_document, read_exemptions)
from .. import registry
from ..errors import ContentError
from ..engine.core import CHANCE, Game, SetupError
from ..engine.record import Record, PlayedAction, replay, unplayable
from .segments import content_dir, segment_map, segments

#: Segment kinds every game must demonstrate in a scenario (or exempt in coverage.yaml).
COVERED_KINDS = ("rule", "list_item")


class ScenarioError(ContentError):
    """A scenario file the rules cannot play; the message names the file, step and field."""


@dataclass(frozen=True)
class Scenario:
    game: str
    name: str
    title: str
    caption: str
    clauses: tuple[str, ...]
    record: Record
    #: per-step caption msgids (``None`` where a step has none), parallel to the actions
    step_captions: tuple[str | None, ...] = ()
    #: the engine it was validated with (``None``: look the registered game up)
    engine: Any = field(default=None, compare=False, repr=False)

    def replay(self) -> tuple[Any, list[PlayedAction]]:
        return replay(self.engine or registry.plugin(self.game).game(), self.record)


def scenario_dir(game: str) -> Path:
    return content_dir(game) / "scenarios"


def game_from_path(path: Path) -> str | None:
    """``content/<game>/scenarios/x.yaml`` -> ``<game>`` (``None`` if the path says nothing)."""
    parts = path.resolve().parts
    for i in range(len(parts) - 2):
        if parts[i] == "content" and parts[i + 2] == "scenarios":
            return parts[i + 1]
    return None


def _parse_steps(where: str, raw: list[Any] | None, known: set[str]
                 ) -> list[tuple[str, Any, str | None, tuple[str, ...]]]:
    """Each step as (action, player or None, caption or None, cites); a bare action string
    is a step without the rest. Its shape is the schema's, checked already."""
    out: list[tuple[str, Any, str | None, tuple[str, ...]]] = []
    for i, item in enumerate(raw or (), start=1):
        if isinstance(item, str):
            out.append((item, None, None, ()))
            continue
        cites = item.get("cites") or []
        check_known(f"{where}: step {i}", "cites", cites, known, ScenarioError)
        out.append((item["action"], item.get("player"), item.get("caption"), tuple(cites)))
    return out


def _seats(state: Any) -> int | None:
    try:
        return len(state.returns())
    except Exception:  # a game may define returns() only at the end
        return None


def parse_scenario(game: str, name: str, text: str, *, engine: Game | None = None,
                   clauses: Iterable[str] | None = None) -> Scenario:
    """Validate a scenario's YAML text; raises :class:`ScenarioError` with a precise reason.

    ``engine`` and ``clauses`` default to the registered game and its segment ids; tests
    pass their own (a toy game has no seed).
    """
    where = f"{game}/{name}"
    data = read_document(where, text, kind="scenario", error=ScenarioError)
    engine = game_engine(where, game, engine, ScenarioError)
    known = set(clauses) if clauses is not None else set(segment_map(game))
    check_known(where, "clauses", data["clauses"], known, ScenarioError)
    rules = file_rules(where, engine, data, ScenarioError)
    seed = data.get("seed")
    setup = data.get("setup")
    if setup is None:
        setup = engine.default_setup(rules)
    steps = _parse_steps(where, data["steps"], known)
    try:
        state = engine.new_initial_state(rules, setup)
    except SetupError as exc:
        raise ScenarioError(f"{where}: field 'setup': {exc}") from None
    seats = _seats(state)
    for i, (action, player, _, cites) in enumerate(steps, start=1):
        at = f"{where}: step {i}"
        if player is not None and not state.is_terminal():
            actor = state.current_player()
            wanted = CHANCE if player == "chance" else player
            if wanted != CHANCE and (wanted < 0 or (seats is not None and wanted >= seats)):
                raise ScenarioError(f"{at}: field 'player': unknown player {player!r}"
                                    + (f" (seats 0-{seats - 1})" if seats else ""))
            if wanted != actor:
                now = "chance" if actor == CHANCE else f"player {actor}"
                raise ScenarioError(f"{at}: field 'player': {player!r} is not to act, {now} is")
        problem = unplayable(state, action)
        if problem is not None:
            raise ScenarioError(f"{at}: field 'action': {problem}")
        state, events = state.apply(action)
        check_cited(at, "cites", cites, events, ScenarioError)
    record = Record(game=game, rules=rules, setup=setup, seed=seed,
                    actions=tuple(s[0] for s in steps))
    return Scenario(game=game, name=name, title=data["title"], caption=data["caption"],
                    clauses=tuple(data["clauses"]), record=record,
                    step_captions=tuple(s[2] for s in steps),
                    engine=engine)


@lru_cache(maxsize=None)
def scenarios(game: str) -> tuple[Scenario, ...]:
    """Every scenario of a game, validated, sorted by file name."""
    return tuple(parse_scenario(game, name, text)
                 for name, text in folder_texts(scenario_dir(game)))


def cited_clauses(game: str) -> set[str]:
    """Clause ids cited by the events of some scenario of the game."""
    return cited_by(scenarios(game))


def cited_by(items: Iterable[Scenario]) -> set[str]:
    out: set[str] = set()
    for sc in items:
        _, steps = sc.replay()
        for step in steps:
            for ev in step.events:
                out.update(ev.clauses)
    return out


# --- clause coverage ---------------------------------------------------------------------

def coverage_exemptions(game: str) -> dict[str, Any]:
    """``exempt:`` of ``content/<game>/coverage.yaml`` (``{}`` if the file is absent)."""
    return read_exemptions(content_dir(game) / "coverage.yaml", f"{game}/coverage.yaml")


def coverage_problems(clauses: Iterable[tuple[str, str]], cited: set[str],
                      exempt: Mapping[str, Any]) -> list[str]:
    """What keeps a game's source from being covered (empty list: every clause is).

    ``clauses`` are (segment id, kind) pairs; rule and list_item segments must be cited by a
    scenario's events or exempted with a non-empty reason; exempting an unknown id is wrong.
    """
    kinds = dict(clauses)
    problems = exemption_problems("coverage.yaml", exempt, kinds)
    uncovered = [seg for seg, kind in kinds.items()
                 if kind in COVERED_KINDS and seg not in cited and seg not in exempt]
    if uncovered:
        problems.append("no scenario's events cite (and coverage.yaml does not exempt): "
                        + ", ".join(uncovered))
    return problems


def game_coverage_problems(game: str) -> list[str]:
    """:func:`coverage_problems` for a registered game, from its files."""
    return coverage_problems([(s.id, s.kind) for s in segments(game)], cited_clauses(game),
                             coverage_exemptions(game))
