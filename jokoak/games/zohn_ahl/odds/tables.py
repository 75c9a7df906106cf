"""Zohn ahl's whole-game figures over the odds page's grid, proven once and kept in a table.

The proven solver (:mod:`jokoak.games.zohn_ahl.odds.bounds`) takes seconds for one ruleset and one
stick probability; a visitor moving the slider must not wait for it. So the page's whole grid
(every ruleset, stick probabilities 10 %, 15 %, ... 90 %) is solved and proven by one command,
and the results are kept in ``tables.json`` beside this module:

    python -m jokoak.games.zohn_ahl.odds.tables            # after a rules change (only what changed)
    python -m jokoak.games.zohn_ahl.odds.tables --all      # after a solver change (everything)
    python -m jokoak.games.zohn_ahl.odds.tables --check    # exit 1 if the table is stale

Each entry is keyed by :func:`figures_key`: a digest of everything the game's chain depends on
(:class:`~jokoak.games.zohn_ahl.odds.ChainSpec`: board length, scoring sticks, options, the exact
throw probabilities), the start state and the table's settings. A rules change (a board of
32 sites instead of 40, another throw value) changes the key, so a stale entry is never used:
:func:`game_figures` then falls back to the live solver, and the test suite fails until the
table is regenerated. The figures in the table are the solver's own intervals, each proven
by its integer certificate when it was generated; tests recompute grid points live and
require the same intervals.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
import time
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

from jokoak.engine.core import Rules, make_rules
from jokoak.games.zohn_ahl.odds import bounds as ZB
from jokoak.games.zohn_ahl.odds.chain import ChainSpec, start_state

TABLE_PATH = Path(__file__).with_name("tables.json")
#: The odds page's stick-probability slider, in percent: (lowest, highest, step).
PERCENT_GRID = (10, 90, 5)
#: Turns of the length table (the rest is reported as still going), and its stopping mass.
LENGTH_TURNS = 400
LENGTH_TOL = 1e-9
#: Bumped when the table's layout or what it holds changes.
FORMAT = 1


def percents() -> tuple[int, ...]:
    low, high, step = PERCENT_GRID
    return tuple(range(low, high + 1, step))


@dataclass(frozen=True)
class GameFigures:
    """The whole game for one ruleset and stick probability, as proven intervals.

    ``length[t - 1]`` is a proven lower bound on P(the game ends during turn t), for
    t = 1..len(length); ``tail_hi`` an upper bound on P(it lasts longer).
    """

    first_team: int
    start: ZB.Interval
    other: ZB.Interval
    turns: ZB.Interval
    length: tuple[Fraction, ...]
    tail_hi: Fraction


def figures_key(rules: Rules) -> str:
    """A digest of what the whole-game figures depend on (see the module docstring)."""
    what = (FORMAT, ChainSpec.of(rules), start_state(rules), LENGTH_TURNS, LENGTH_TOL)
    return hashlib.sha256(repr(what).encode()).hexdigest()[:32]


def compute_figures(rules: Rules) -> GameFigures:
    """The live proven solver: seconds per call."""
    odds = ZB.certified_win_odds(rules)
    span = ZB.certified_game_length(rules, max_turns=LENGTH_TURNS, tol=LENGTH_TOL)
    return GameFigures(odds.first_team, odds.start_team_wins, odds.other_team_wins,
                       odds.turns, span.lo, span.tail_hi)


def grid_rules(game: Any = None) -> Iterator[tuple[str, int, Rules]]:
    """Every (ruleset, percent, rules) the odds page offers."""
    if game is None:
        from jokoak.games.zohn_ahl.engine import GAME as game
    for ruleset in game.rulesets:
        for percent in percents():
            yield ruleset.name, percent, make_rules(game, ruleset.name,
                                                    stick_probability=Fraction(percent, 100))


# ---------------------------------------------------------------- the table on disk

def _interval_text(interval: ZB.Interval) -> list[str]:
    return [str(interval.lo), str(interval.hi)]


def _interval(texts: list[str]) -> ZB.Interval:
    return ZB.Interval(Fraction(texts[0]), Fraction(texts[1]))


def _entry(ruleset: str, percent: int, figures: GameFigures) -> dict[str, Any]:
    scale = math.lcm(*(q.denominator for q in figures.length))
    return {"ruleset": ruleset, "percent": percent, "first_team": figures.first_team,
            "start": _interval_text(figures.start), "other": _interval_text(figures.other),
            "turns": _interval_text(figures.turns), "length_scale": scale,
            "length": [int(q * scale) for q in figures.length],
            "tail_hi": str(figures.tail_hi)}


def _figures(entry: dict[str, Any]) -> GameFigures:
    scale = entry["length_scale"]
    return GameFigures(entry["first_team"], _interval(entry["start"]),
                       _interval(entry["other"]), _interval(entry["turns"]),
                       tuple(Fraction(units, scale) for units in entry["length"]),
                       Fraction(entry["tail_hi"]))


@lru_cache(maxsize=4)
def load_entries(path: Path = TABLE_PATH) -> dict[str, dict[str, Any]]:
    """The table's raw entries by key (empty when there is no table or it is unreadable)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if data.get("format") != FORMAT:
        return {}
    entries: dict[str, dict[str, Any]] = data.get("entries", {})
    return entries


@lru_cache(maxsize=128)
def _table_figures(key: str, path: Path) -> GameFigures | None:
    entry = load_entries(path).get(key)
    return None if entry is None else _figures(entry)


def table_figures(rules: Rules, path: Path = TABLE_PATH) -> GameFigures | None:
    """The table's figures for these rules, or None where the table has no entry for them."""
    return _table_figures(figures_key(rules), path)


def table_win_chance(rules: Rules, path: Path = TABLE_PATH) -> ZB.Interval | None:
    """The table's proven interval for the starting team's chance of winning, read alone: a
    curve over the grid needs 17 of them, and a whole entry holds hundreds of fractions."""
    entry = load_entries(path).get(figures_key(rules))
    return None if entry is None else _interval(entry["start"])


def game_figures(rules: Rules, path: Path = TABLE_PATH) -> tuple[GameFigures, bool]:
    """The figures, and whether they came from the table (else from the live solver)."""
    found = table_figures(rules, path)
    if found is not None:
        return found, True
    return compute_figures(rules), False


def stale_points(path: Path = TABLE_PATH) -> list[tuple[str, int]]:
    """Grid points whose rules have no entry in the table (after a rules change)."""
    entries = load_entries(path)
    return [(name, percent) for name, percent, rules in grid_rules()
            if figures_key(rules) not in entries]


def write_table(path: Path = TABLE_PATH, progress: Any = None, reuse: bool = True) -> int:
    """Solve and prove every grid point, and write the table; returns its entry count.

    With ``reuse``, entries whose key is still current (their rules did not change) are kept
    as they are; ``--all`` recomputes everything (after a change to the solver itself).
    """
    kept = load_entries(path) if reuse else {}
    entries = {}
    for name, percent, rules in grid_rules():
        key = figures_key(rules)
        if key in kept:
            entries[key] = kept[key]
            continue
        start = time.perf_counter()
        entries[key] = _entry(name, percent, compute_figures(rules))
        if progress:
            progress(f"{name} {percent} %: {time.perf_counter() - start:.1f} s")
    data = {"format": FORMAT,
            "about": "zohn ahl whole-game figures, proven by jokoak.games.zohn_ahl.odds.bounds; "
                     "generated by: python -m jokoak.games.zohn_ahl.odds.tables",
            "entries": entries}
    path.write_text(json.dumps(data, separators=(",", ":"), sort_keys=True) + "\n",
                    encoding="utf-8")
    load_entries.cache_clear()
    _table_figures.cache_clear()
    return len(entries)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m jokoak.games.zohn_ahl.odds.tables",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="list grid points missing from the table; exit 1 if any")
    parser.add_argument("--all", action="store_true",
                        help="recompute every entry, not only those whose rules changed")
    args = parser.parse_args(argv)
    if args.check:
        stale = stale_points()
        for name, percent in stale:
            print(f"stale: {name} {percent} %")
        return 1 if stale else 0
    count = write_table(progress=lambda line: print(line, file=sys.stderr, flush=True),
                        reuse=not args.all)
    print(f"{count} entries written to {TABLE_PATH.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
