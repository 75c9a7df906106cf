"""A seeded tournament: the Bayesian ``expert`` against today's ``hard`` level (prints figures).

    python bench/peruludo_tournament.py [games] [ruleset]

Three players a table, one expert and two hard players, the expert in each seat equally
often; then two-player games, one of each, seats alternating. Prints the expert's wins with a
95 % interval (normal approximation), beside the share a player equal to the others would get.
"""

from __future__ import annotations

import math
import sys
import time

from jokoak.games.peruludo.bots import POLICIES
from jokoak.engine.core import make_rules
from jokoak.engine.record import playout
from jokoak.games.peruludo.engine import GAME


def table(players: int) -> dict:
    return {"players": players, "dice": [5] * players, "ages": [30 + i for i in range(players)]}


def run(players: int, games: int, ruleset: str) -> tuple[int, int]:
    rules = make_rules(GAME, ruleset)
    wins = 0
    for seed in range(games):
        expert_seat = seed % players
        policies = {i: POLICIES["expert" if i == expert_seat else "hard"] for i in range(players)}
        _, final = playout(GAME, rules, table(players), seed, policies)
        wins += final.winner == expert_seat
    return wins, games


def report(label: str, wins: int, games: int, fair: float) -> None:
    share = wins / games
    half = 1.96 * math.sqrt(share * (1 - share) / games)
    print(f"{label}: expert won {wins} of {games} = {share:.3f} "
          f"(95 % interval {share - half:.3f}-{share + half:.3f}; an equal player {fair:.3f})")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    ruleset = sys.argv[2] if len(sys.argv) > 2 else "basque_text"
    start = time.perf_counter()
    report(f"{ruleset}, 3 players (expert + 2 hard)", *run(3, games, ruleset), 1 / 3)
    report(f"{ruleset}, 2 players (expert vs hard)", *run(2, games, ruleset), 1 / 2)
    print(f"({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
