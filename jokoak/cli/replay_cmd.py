"""``jokoak replay FILE [--game G] [--json]``: each step's events with their clause ids.

FILE is a scenario (YAML; the game comes from ``content/<game>/scenarios/`` in its path or
``--game``) or a record (JSON, as written by ``Record.to_json``).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ..engine.core import Game, SetupError
from ..engine.harness import format_event
from ..engine.record import Record, RecordError, replay
from . import CliError
from ..i18n.msgids import N_
from .common import (clauses_of, engine_error, event_actor_name, load_game, one_line_errors,
                     seat_name)


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = one_line_errors(sub.add_parser("replay", help="replay a scenario (YAML) or record (JSON), step by step"))
    p.add_argument("file", type=Path, help="scenario .yaml or record .json")
    p.add_argument("--game", help="the game, when the scenario's path does not tell")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(run=run)


#: The largest scenario or record read (the shipped ones are a few kB; a record of a whole
#: zohn ahl game about 100 kB). A file is read only up to this size, so ``/dev/zero`` or a
#: pipe without end is refused at once.
MAX_FILE_BYTES = 1024 * 1024
#: How deep lists and mappings may nest in a file (a record needs four levels).
MAX_NESTING = 32


def _read(path: Path) -> str:
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise CliError(f"no such file: {path}") from None
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.__class__.__name__}") from None
    if len(data) > MAX_FILE_BYTES:
        raise CliError(N_("%(file)s is larger than %(limit)s bytes; it is not read."),
                       file=str(path), limit=MAX_FILE_BYTES)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise CliError(N_("%(file)s is not UTF-8 text."), file=str(path)) from None


def nesting_depth(text: str) -> int:
    """How deep brackets and braces nest in JSON or flow-style YAML, quoted text skipped.

    An apostrophe opens a quote only where a YAML scalar can start (not inside a word, as in
    "the runner's"); block-style YAML nests by indentation, which costs its parser no depth.
    """
    depth = deepest = 0
    quote = None
    escaped = False
    previous = " "
    for char in text:
        if quote:
            if escaped:
                escaped = False
            elif char == "\\" and quote == '"':
                escaped = True
            elif char == quote:
                quote = None
        elif char == '"' or (char == "'" and not previous.isalnum()):
            quote = char
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth = max(0, depth - 1)
        previous = char
    return deepest


def _check_nesting(path: Path, text: str) -> None:
    if nesting_depth(text) > MAX_NESTING:
        raise CliError(N_("%(file)s nests lists or mappings more than %(limit)s levels deep."),
                       file=str(path), limit=MAX_NESTING)


def _load(args: argparse.Namespace) -> tuple[Record, Game, tuple[str | None, ...]]:
    text = _read(args.file)
    _check_nesting(args.file, text)
    if args.file.suffix.lower() == ".json":
        try:
            name = json.loads(text).get("game")
        except (json.JSONDecodeError, AttributeError, RecursionError):
            name = None
        if args.game and isinstance(name, str) and args.game != name:
            raise CliError(f"{args.file}: the record is a {name} game, not {args.game}")
        games = {name: load_game(name)[0]} if isinstance(name, str) else {}
        try:
            record = Record.from_json(text, games)
        except RecordError as exc:
            raise CliError(f"{args.file}: {exc}") from None
        return record, games[record.game], ()
    from ..content.scenarios import game_from_path, parse_scenario
    name = args.game or game_from_path(args.file)
    if name is None:
        raise CliError(f"{args.file}: cannot tell the game from the path; pass --game")
    game, module = load_game(name)
    try:   # a fault of the file (a ScenarioError) is said by the command line's main
        scenario = parse_scenario(name, args.file.stem, text, engine=game,
                                  clauses=clauses_of(name, module))
    except RecursionError:
        raise CliError(N_("%(file)s nests lists or mappings more than %(limit)s levels deep."),
                       file=str(args.file), limit=MAX_NESTING) from None
    return scenario.record, game, scenario.step_captions


def run(args: argparse.Namespace) -> int:
    record, game, captions = _load(args)
    try:
        initial, steps = replay(game, record)
    except SetupError as exc:
        raise engine_error(exc, f"{args.file}: field 'setup': {exc}") from None
    except RecordError as exc:
        raise CliError(f"{args.file}: {exc}") from None
    final = steps[-1].after if steps else initial
    if args.json:
        print(json.dumps({
            "game": record.game, "rules": record.rules.to_json(), "setup": record.setup,
            "steps": [{"index": s.index, "actor": s.actor, "action": s.action,
                       "caption": captions[s.index - 1] if captions else None,
                       "events": [e.to_json() for e in s.events]} for s in steps],
            "terminal": final.is_terminal(),
            "returns": final.returns() if final.is_terminal() else None,
        }, ensure_ascii=False, indent=1))
        return 0
    print(f"# {record.game}, ruleset {record.rules.ruleset}, {len(steps)} steps"
          " (P1 = Player 1 = seat 0 of the setup)")
    name = event_actor_name(game)
    for s in steps:
        caption = captions[s.index - 1] if captions else None
        print(f"{s.index:4d} {seat_name(s.actor):>6} {s.action}"
              + (f"    # {caption}" if caption else ""))
        for ev in s.events:
            print(f"{'':12}{format_event(ev, name)}")
    if final.is_terminal():
        print(f"# end: returns {final.returns()}")
    return 0
