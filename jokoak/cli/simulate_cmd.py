"""``jokoak simulate GAME --games N --seed S [--ruleset R] [--policy P] [--json]``.

Plays N seeded games (game i uses seed S+i, so any one can be replayed alone) with the
game's computer players (``jokoak.bots.<game>.POLICIES``; ``random`` is always there) in every
seat, and prints wins per seat and game lengths.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from ..engine.core import SetupError
from ..engine.record import playout, random_policy
from . import CliError
from ..i18n.msgids import N_
from .common import build_rules, engine_error, load_game, one_line_errors, policies_of

#: The most games one run plays: zaldi zuria, the slowest, plays about six a second, so
#: 20,000 games take about an hour (a million took two days). Longer runs print progress.
MAX_GAMES = 20_000
#: A progress line on stderr at most this often (seconds), from the first one on.
PROGRESS_SECONDS = 5.0


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = one_line_errors(sub.add_parser("simulate", help="play seeded games between computer players"))
    p.add_argument("game")
    p.add_argument("--games", type=int, required=True, help="how many games")
    p.add_argument("--seed", type=int, required=True, help="seed of the first game")
    p.add_argument("--ruleset", help="named ruleset (default: the Basque text's reading)")
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help="override an option")
    p.add_argument("--policy", help="computer player for every seat (default: the first)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(run=run)


def winners(returns: list[float]) -> list[int]:
    """Seats with the best return; nobody when every seat has the same (a draw)."""
    if not returns or len(set(returns)) == 1:
        return []
    best = max(returns)
    return [i for i, r in enumerate(returns) if r == best]


def run(args: argparse.Namespace) -> int:
    if not 1 <= args.games <= MAX_GAMES:
        raise CliError(N_("--games must be between %(minimum)s and %(maximum)s."),
                       minimum=1, maximum=MAX_GAMES)
    game, module = load_game(args.game)
    rules = build_rules(game, args.ruleset, args.option)
    policies = policies_of(args.game, module)
    policies.setdefault("random", random_policy)
    name = args.policy or next(iter(policies))
    if name not in policies:
        raise CliError(f"unknown policy {name!r}; known: {', '.join(policies)}")
    policy = policies[name]
    wins: dict[int, int] = {}
    lengths: list[int] = []
    draws = unfinished = 0
    shown = time.monotonic()
    try:
        setup = game.default_setup(rules)
        for i in range(args.games):
            if time.monotonic() - shown >= PROGRESS_SECONDS:
                print(f"simulate: {i} of {args.games} games played", file=sys.stderr, flush=True)
                shown = time.monotonic()
            record, final = playout(game, rules, setup, args.seed + i, policy)
            lengths.append(len(record.actions))
            if not final.is_terminal():
                unfinished += 1
                continue
            returns = final.returns()
            for seat in range(len(returns)):
                wins.setdefault(seat, 0)
            best = winners(returns)
            if not best:
                draws += 1
            for seat in best:
                wins[seat] += 1
    except SetupError as exc:
        raise engine_error(exc, f"setup: {exc}") from None
    summary = {"game": game.name, "ruleset": rules.ruleset, "policy": name,
               "games": args.games, "seeds": [args.seed, args.seed + args.games - 1],
               "wins": {str(k): v for k, v in sorted(wins.items())}, "draws": draws,
               "unfinished": unfinished,
               "length": {"mean": sum(lengths) / len(lengths), "min": min(lengths),
                          "max": max(lengths)}}
    if args.json:
        print(json.dumps(summary, indent=1))
        return 0
    print(f"{game.name}, ruleset {rules.ruleset}, policy {name}: {args.games} games, "
          f"seeds {args.seed}-{args.seed + args.games - 1}")
    print("wins per seat: " + ", ".join(f"{k}: {v}" for k, v in sorted(wins.items()))
          + f"; draws: {draws}; unfinished: {unfinished}")
    length = summary["length"]
    print(f"length (actions): mean {length['mean']:.1f}, min {length['min']}, max {length['max']}")
    return 0
