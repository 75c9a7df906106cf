"""Time the zohn ahl Markov computations and print their figures (no assertions).

    python bench/zohn_ahl_markov.py

Exact (Fraction): throws, turns, first circuit, and the win probability with one scoring
stick a team (an acyclic chain). Certified (exact intervals from float solutions checked in
integer arithmetic, :mod:`jokoak.games.zohn_ahl.odds.bounds`): the win probability, the mean
length and the length distribution; "check again" re-runs only the exact checks of the
certificate. Numerical (float64, for comparison): Gauss–Seidel on the game reduced to its
scoring events ("some authors" falls back to the whole chain). The chain of a board is
built once and reused for every stick probability, as the page does. The machine is shared:
timings vary with its load (wall-clock seconds, this process's CPU seconds in brackets, and
the load average is printed).
"""

from __future__ import annotations

import os
import time
from fractions import Fraction
from typing import Any, Callable

from jokoak.games.zohn_ahl.engine import default_rules
from jokoak.games.zohn_ahl import odds as Z
from jokoak.games.zohn_ahl.odds import bounds as B

CASES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("basque_text", {}),
    ("nebakuthana", {}),
    ("ludii", {}),
    ("some_authors", {}),
    ("basque_text", {"stick_probability": Fraction(1, 3)}),
    ("basque_text", {"stick_probability": Fraction(9, 20)}),
    ("nebakuthana", {"stick_probability": Fraction(9, 20)}),
)


def timed(label: str, fn: Callable[[], Any]) -> Any:
    """Run ``fn`` and print its wall-clock time and this process's CPU time."""
    start, cpu = time.perf_counter(), time.process_time()
    result = fn()
    wall, used = time.perf_counter() - start, time.process_time() - cpu
    print(f"{label:<58} {wall:6.2f} s  (cpu {used:5.2f} s)")
    return result


def main() -> None:
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for ruleset in ("basque_text", "nebakuthana"):
        rules = default_rules(ruleset)
        print(f"\n== {ruleset}, fair sticks")
        print("  throw values:", {v: str(q) for v, q in Z.throw_values(rules).items()})
        print("  mean movement per turn:", Z.expected_turn_movement(rules))
        _, north, _ = Z.first_circuit(rules)
        print(f"  P(north creek on the first circuit) = {float(north):.6f}")
    for ruleset, opts in CASES:
        rules = default_rules(ruleset, **opts)
        name = ruleset + "".join(f" {k}={v}" for k, v in opts.items())
        print(f"\n== {name}")
        spec = Z.ChainSpec.of(rules)
        timed("  build the chain (once per board)", lambda: B.chain_arrays(spec))
        print(f"  {len(Z.game_chain(spec).states)} states")
        cert = timed("  certified win odds (float solves + exact checks)",
                     lambda: B.win_certificate(rules))
        timed("  check the certificate again (exact integers only)",
              lambda: B.verify_win_certificate(cert))
        odds = B.certified_win_odds(rules)
        start = odds.start_team_wins
        print(f"  P(start team wins) in [{float(start.lo):.13f}, {float(start.hi):.13f}]"
              f"  width {float(start.width):.1e}")
        print(f"  mean turns in [{float(odds.turns.lo):.9f}, {float(odds.turns.hi):.9f}],"
              f" mean throws <= {float(odds.throws_hi):.2f}")
        span = timed("  certified game length, 600 turns",
                     lambda: B.certified_game_length(rules, max_turns=600))
        print(f"  {span.turns} turns, P(longer) in [{float(span.tail_lo):.6e}, "
              f"{float(span.tail_hi):.6e}], slack {float(span.slack):.1e}")
        if ruleset != "some_authors":
            numeric = timed("  float win probability, event system (tol 1e-10)",
                            lambda: Z.win_odds(rules))
            print(f"  float P(start team wins) = {numeric.start_team_wins:.10f}"
                  f"  gap {numeric.gap:.1e}  sweeps {numeric.sweeps}")
    for per_side in (8, 10):
        rules = default_rules(scoring_sticks=1, sites_per_side=per_side)
        exact = timed(f"\n  exact win probability, 1 stick a team, {4 * per_side} sites",
                      lambda: Z.exact_win_probability(rules))
        print(f"  = {float(exact):.15f} ({len(str(exact.denominator))}-digit denominator)")
        odds = B.certified_win_odds(rules)
        print(f"  certified: in the interval {exact in odds.start_team_wins},"
              f" width {float(odds.width):.1e}")


if __name__ == "__main__":
    main()
