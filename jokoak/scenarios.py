"""Scenarios: curated, scripted positions that demonstrate clauses.

Format of ``content/<game>/scenarios/<name>.yaml`` (see content/SCENARIOS.md)::

    title: The white horse            # msgid (English), translated through gettext
    caption: Everybody pays ...        # msgid
    clauses: [phase2.throw1, phase2.throw1.owner]   # what it demonstrates (segment ids)
    ruleset: basque_text               # optional; default: the game's first ruleset
    options: {}                        # optional overrides
    setup: {...}                       # game-specific starting position
    steps: [roll:..., pass, ...]       # actions, chance outcomes included, in order

Loading replays the steps and fails with a message naming the file, the step and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from . import ROOT
from .engine.core import RulesError, SetupError, make_rules
from .engine.record import Record, ReplayError, Step, replay
from .games import get_game
from .segments import segment_map


class ScenarioError(ValueError):
    """A scenario file the rules cannot play; the message names the file, step and field."""


@dataclass(frozen=True)
class Scenario:
    game: str
    name: str
    title: str
    caption: str
    clauses: tuple[str, ...]
    record: Record

    def replay(self) -> tuple[Any, list[Step]]:
        return replay(get_game(self.game), self.record)


def scenario_dir(game: str) -> Path:
    return ROOT / "content" / game / "scenarios"


def parse_scenario(game: str, name: str, text: str) -> Scenario:
    """Validate a scenario's YAML text; raises :class:`ScenarioError` with a precise reason."""
    where = f"{game}/{name}"
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ScenarioError(f"{where}: not valid YAML ({exc.__class__.__name__})") from None
    if not isinstance(data, dict):
        raise ScenarioError(f"{where}: a scenario is a mapping with title, caption, setup, steps")
    for key in ("title", "caption", "clauses", "setup", "steps"):
        if key not in data:
            raise ScenarioError(f"{where}: missing field {key!r}")
    unknown = set(data) - {"title", "caption", "clauses", "ruleset", "options", "setup", "steps", "seed"}
    if unknown:
        raise ScenarioError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    known = segment_map(game)
    for clause in data["clauses"]:
        if clause not in known:
            raise ScenarioError(f"{where}: field 'clauses': unknown clause id {clause!r}")
    engine = get_game(game)
    options = dict(data.get("options") or {})
    for opt in engine.options:
        if opt.name in options and isinstance(opt.default, Fraction):
            options[opt.name] = Fraction(str(options[opt.name]))
    try:
        rules = make_rules(engine, data.get("ruleset"), **options)
    except RulesError as exc:
        raise ScenarioError(f"{where}: field 'ruleset'/'options': {exc}") from None
    steps = data["steps"] or []
    if not isinstance(steps, list) or not all(isinstance(s, str) for s in steps):
        raise ScenarioError(f"{where}: field 'steps' must be a list of action strings")
    record = Record(game=game, rules=rules, setup=data["setup"], seed=data.get("seed"),
                    actions=tuple(steps))
    try:
        replay(engine, record)
    except SetupError as exc:
        raise ScenarioError(f"{where}: field 'setup': {exc}") from None
    except ReplayError as exc:
        raise ScenarioError(f"{where}: field 'steps': {exc}") from None
    return Scenario(game=game, name=name, title=data["title"], caption=data["caption"],
                    clauses=tuple(data["clauses"]), record=record)


@lru_cache(maxsize=None)
def scenarios(game: str) -> tuple[Scenario, ...]:
    """Every scenario of a game, validated, sorted by file name."""
    folder = scenario_dir(game)
    if not folder.is_dir():
        return ()
    return tuple(parse_scenario(game, p.stem, p.read_text(encoding="utf-8"))
                 for p in sorted(folder.glob("*.yaml")))


def cited_clauses(game: str) -> set[str]:
    """Clause ids cited by the events of some scenario of the game."""
    out: set[str] = set()
    for sc in scenarios(game):
        _, steps = sc.replay()
        for step in steps:
            for ev in step.events:
                out.update(ev.clauses)
    return out
