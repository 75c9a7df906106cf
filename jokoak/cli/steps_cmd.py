"""``jokoak steps [GAME ...] [--seed N]``: how many steps each step-through shows.

For every scenario of the games, and for each game's watched game ("Watch a whole game",
seeded), the number of actions of the record (played actions) and of reader steps once throws and
passes are folded (:mod:`jokoak.render.reader_steps`), as a Markdown table.
"""

from __future__ import annotations

import argparse

from .. import registry
from ..content.scenarios import scenarios
from ..render.reader_steps import WATCH_SEED, reader_steps, watched_record
from . import CliError
from .common import one_line_errors


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = one_line_errors(sub.add_parser(
        "steps", help="count the steps of each scenario and watched game, before and after folding"))
    p.add_argument("games", nargs="*", help=f"games (default: all: {', '.join(registry.plugins())})")
    p.add_argument("--seed", type=int, default=WATCH_SEED, help="seed of the watched game")
    p.set_defaults(run=run)


def count_rows(game: str, seed: int = WATCH_SEED) -> list[tuple[str, int, int]]:
    """(record name, played actions, reader steps) of each scenario, then of the watched game."""
    rows = []
    for sc in scenarios(game):
        _, raw, steps = reader_steps(game, sc.record, sc.engine)
        rows.append((sc.name, len(raw), len(steps)))
    _, raw, steps = reader_steps(game, watched_record(game, seed))
    rows.append((f"watched game (seed {seed})", len(raw), len(steps)))
    return rows


def run(args: argparse.Namespace) -> int:
    unknown = [g for g in args.games if g not in registry.plugins()]
    if unknown:
        raise CliError(f"unknown game {unknown[0]!r}; known: {', '.join(registry.plugins())}")
    print("| game | record | played actions | reader steps |")
    print("|---|---|---:|---:|")
    for game in args.games or registry.plugins():
        for name, raw, reader in count_rows(game, args.seed):
            print(f"| {game} | {name} | {raw} | {reader} |")
    return 0
