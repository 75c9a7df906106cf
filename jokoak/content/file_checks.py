"""The checks every content file shares: a scenario (:mod:`jokoak.content.scenarios`) and a lesson
(:mod:`jokoak.content.lessons`) begin alike, and their coverage files are read alike.

Why one module: both kinds of file are written by hand and read by the same authors, so a
fault must be worded the same way in both (``<game>/<name>: field 'options': ...``); one copy
of each check keeps the wording from drifting apart. The shape of a file (its fields, their
types) is its JSON Schema's (:mod:`jokoak.content.schema`); what is checked here is what a
schema cannot say (clause ids that exist, rules the engine accepts). Each loader passes its
own exception class (``error``) so its callers keep catching what they caught, and keeps what
is its own (a scenario's steps, a lesson's questions) in its own module. No file here knows a
game.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any, Iterable, Mapping

import yaml

from .. import registry
from ..errors import ContentError
from .schema import check_schema
from ..engine.core import Event, Game, Rules, RulesError, make_rules


def is_msgid(value: Any) -> bool:
    """A text a translator can be given: a non-blank string."""
    return isinstance(value, str) and bool(value.strip())


def read_document(where: str, text: str, *, kind: str, error: type[ContentError]) -> Any:
    """The file's YAML, valid against the schema of its ``kind``."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f" at line {mark.line + 1}" if mark is not None else ""
        raise error(f"{where}: not valid YAML{line} ({exc.__class__.__name__})") from None
    check_schema(kind, data, where, error)
    return data


def game_engine(where: str, game: str, engine: Game | None, error: type[ContentError]) -> Game:
    """``engine`` if a test passed one, else the registered game's."""
    if engine is not None:
        return engine
    try:
        return registry.plugin(game).game()
    except (KeyError, ModuleNotFoundError):
        raise error(f"{where}: unknown or unavailable game {game!r}") from None


def file_rules(where: str, engine: Game, data: Mapping[str, Any],
               error: type[ContentError]) -> Rules:
    """The rules the file's ``ruleset`` and ``options`` name (a fraction option may be
    written ``2/5``, as YAML has no fractions)."""
    options = dict(data.get("options") or {})
    for opt in engine.options:
        if opt.name in options and isinstance(opt.default, Fraction):
            try:
                options[opt.name] = Fraction(str(options[opt.name]))
            except (ValueError, ZeroDivisionError):
                raise error(f"{where}: field 'options': {opt.name} is not a fraction") from None
    try:
        return make_rules(engine, data.get("ruleset"), **options)
    except RulesError as exc:
        field_name = "options" if "option" in str(exc) else "ruleset"
        raise error(f"{where}: field {field_name!r}: {exc}") from None


def check_known(at: str, name: str, clauses: Iterable[str], known: set[str],
                error: type[ContentError]) -> None:
    """Every clause id the field names is a segment id of the game's source."""
    for clause in clauses:
        if clause not in known:
            raise error(f"{at}: field {name!r}: unknown clause id {clause!r}")


def check_cited(at: str, name: str, clauses: Iterable[str], events: Iterable[Event],
                error: type[ContentError]) -> None:
    """The clauses a step claims are cited by the events the engine gave for it: a file
    cannot claim to show a rule the engine did not apply."""
    fired = {c for ev in events for c in ev.clauses}
    missing = [c for c in clauses if c not in fired]
    if missing:
        raise error(f"{at}: field {name!r}: the step's events do not cite {', '.join(missing)}")


def folder_texts(folder: Path) -> list[tuple[str, str]]:
    """``(name, text)`` of each ``*.yaml`` file of ``folder``, in file-name order (the order
    the booklet offers them in); none if there is no such folder."""
    if not folder.is_dir():
        return []
    return [(p.stem, p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.yaml"))]


# ---- coverage files ---------------------------------------------------------------------------

def read_exemptions(path: Path, label: str) -> dict[str, Any]:
    """``exempt:`` of a coverage file (``{}`` if absent); ``label`` names it in the message."""
    if not path.exists():
        return {}
    data = read_document(label, path.read_text(encoding="utf-8"), kind="exemptions",
                         error=ContentError)
    return dict((data or {}).get("exempt") or {})


def exemption_problems(file_name: str, exempt: Mapping[str, Any],
                       kinds: Mapping[str, str]) -> list[str]:
    """What is wrong with the exemptions themselves: an id that is no segment of the
    source (``kinds``: segment id -> kind), or one without a reason."""
    problems = []
    unknown = sorted(str(k) for k in exempt if k not in kinds)
    if unknown:
        problems.append(f"{file_name} exempts unknown segment id(s): {', '.join(unknown)}")
    empty = sorted(str(k) for k, why in exempt.items() if not is_msgid(why))
    if empty:
        problems.append(f"{file_name} exempts without a reason: {', '.join(empty)}")
    return problems
