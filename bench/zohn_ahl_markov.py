"""Time the zohn ahl Markov computations and print their figures (no assertions).

    python bench/zohn_ahl_markov.py

Exact (Fraction): throws, turns, first circuit, and the win probability with one scoring
stick a team (an acyclic chain). Numerical (float64, from the same exact chain): the win
probability by Gauss–Seidel on the game reduced to its scoring events (the "some authors"
ruleset falls back to the whole chain) and the game length by pushing the mass turn by turn.
The machine's load matters: BLAS is avoided in the loops, but timings vary.
"""

from __future__ import annotations

import time
from fractions import Fraction

from jokoak.games.zohn_ahl import default_rules
from jokoak.odds import zohn_ahl as Z


def timed(label, fn):
    start = time.perf_counter()
    result = fn()
    print(f"{label:<58} {time.perf_counter() - start:7.2f} s")
    return result


def main() -> None:
    for ruleset in ("basque_text", "nebakuthana"):
        rules = default_rules(ruleset)
        print(f"\n== {ruleset}, fair sticks")
        print("  throw values:", {v: str(q) for v, q in Z.throw_values(rules).items()})
        print("  mean movement per turn:", Z.expected_turn_movement(rules))
        _, north, _ = Z.first_circuit(rules)
        print(f"  P(north creek on the first circuit) = {float(north):.6f}")
    for ruleset, opts in (("basque_text", {}), ("nebakuthana", {}), ("some_authors", {}),
                          ("ludii", {}), ("basque_text", {"stick_probability": Fraction(1, 3)})):
        rules = default_rules(ruleset, **opts)
        name = ruleset + "".join(f" {k}={v}" for k, v in opts.items())
        print(f"\n== {name}")
        spec = Z.ChainSpec.of(rules)
        timed("  build the chain", lambda: Z.game_chain(spec))
        system = timed("  reduce it to scoring events", lambda: Z.event_system(spec))
        if system is not None:
            print(f"  {len(system.index)} phases, {len(system.entries)} landing phases")
        else:
            print("  too large to reduce: whole-chain Gauss-Seidel")
        odds = timed("  win probability (tol 1e-10)", lambda: Z.win_odds(rules))
        print(f"  P(start team wins) = {odds.start_team_wins:.10f}  gap {odds.gap:.1e}  "
              f"sweeps {odds.sweeps}")
        span = timed("  game length, 600 turns", lambda: Z.game_length(rules, max_turns=600))
        print(f"  mean length >= {span.mean_lower_bound():.2f} turns, tail {span.tail:.2e}")
    for per_side in (8, 10):
        rules = default_rules(scoring_sticks=1, sites_per_side=per_side)
        exact = timed(f"\n  exact win probability, 1 stick a team, {4 * per_side} sites",
                      lambda: Z.exact_win_probability(rules))
        print(f"  = {float(exact):.15f} ({len(str(exact.denominator))}-digit denominator)")


if __name__ == "__main__":
    main()
