"""Time the exact chance models: every throw distribution (target: under 10 ms each) and
zohn ahl's exact win probability (target: under 2 s). Prints figures; never asserts.

    python bench/exact_models.py
"""

from __future__ import annotations

import statistics
import time

from jokoak.engine.core import CHANCE, make_rules
from jokoak import registry


def best_of(fn, repeat: int = 7) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def first_chance_state(game):
    """The first chance node of a default game (the first throw)."""
    rules = make_rules(game)
    state = game.new_initial_state(rules, game.default_setup(rules))
    while state.current_player() != CHANCE:
        moves = [a for a in state.legal_actions() if a != "abandon"]
        state, _ = state.apply(moves[0])
    return state


def main() -> None:
    for name, plugin in registry.plugins().items():
        game = plugin.game()
        odds_tables = plugin.odds_tables()
        if odds_tables is None:
            continue    # a game without odds has nothing to time here
        state = first_chance_state(game)
        low, mid = best_of(state.chance_outcomes)
        print(f"{name:<12} one throw's chance outcomes      best {low*1000:7.2f} ms  "
              f"median {mid*1000:7.2f} ms")
        for ruleset in game.rulesets:
            rules = make_rules(game, ruleset.name)
            low, mid = best_of(lambda: odds_tables(rules), repeat=3)
            print(f"{name:<12} all odds tables ({ruleset.name:<16}) best {low*1000:7.1f} ms  "
                  f"median {mid*1000:7.1f} ms")


if __name__ == "__main__":
    main()
