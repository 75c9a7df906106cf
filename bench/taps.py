"""Taps per visitor decision in whole peruludo games, through the real play controller.

    python bench/taps.py [games] [opponents]

Each seeded game is played by the play view's own controller (:mod:`ui.play`, with the
view's :data:`ui.games.peruludo.play.SPEC`): the others' beats are ticked as the page's fragment
would, and the visitor's seat is played by the "medium" computer player choosing what a
person would. Each of its decisions is costed in taps as the view offers it:

* a bid among the one-tap quick bids (the lowest legal bid of each face), palero or doia: 1;
* any other bid: open "Another bid" (1) + the − / + taps from the builder's start (the lowest
  legal bid) + a face tap if the face differs + "Bid" (1);
* plus one "Start a new game" per game and any "Skip"/"Finish the game for me" tap (one when
  the visitor is out). Nothing else needs a tap: lifts, rounds and declined doias go by.

Prints taps, decisions and their ratio (target: at most 1.3 taps a decision).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ui.play as play  # noqa: E402
from jokoak.engine.core import CHANCE  # noqa: E402
from jokoak.engine.driver import advance  # noqa: E402
from jokoak.games.peruludo.bots import POLICIES  # noqa: E402
from ui.games.peruludo.play import SPEC, VISITOR, quick_bids  # noqa: E402


def bid_taps(state, action: str) -> int:
    if not action.startswith("bid:") or action in quick_bids(state):
        return 1
    q, f = (int(x) for x in action.split(":")[1:])
    first = next(a for a in state.legal_actions() if a.startswith("bid:"))
    q0, f0 = (int(x) for x in first.split(":")[1:])
    return 1 + abs(q - q0) + (f != f0) + 1


def play_one(seed: int, opponents: int) -> tuple[int, int]:
    game = play.fresh_session(SPEC, "basque_text", {"opponents": opponents, "level": "medium"},
                              seed=seed)
    taps, chooser, clock = 1, POLICIES["medium"], 0.0
    out_tapped = False
    rng = random.Random(seed)
    for _ in range(100_000):
        state = game.position.state
        if state.is_terminal():
            break
        clock += 10.0
        seat = state.current_player()
        if seat == VISITOR and state.phase == "bid":
            action = chooser(state, rng)
            taps += bid_taps(state, action)
            assert play.accept_tap(SPEC, game, play.token(game), VISITOR, action, clock)
        elif seat == VISITOR and state.phase == "doia" and chooser(state, rng) == "doia":
            taps += 1
            assert play.accept_tap(SPEC, game, play.token(game), VISITOR, "doia", clock)
        elif state.counts[VISITOR] == 0 and not out_tapped:
            taps += 1  # "Finish the game for me"
            out_tapped = True
            game.position = advance(game.position, play.table_of(SPEC, game), None)
        else:
            game.moved_at = 0.0
            before = game.position.length
            game.position = advance(game.position, play.table_of(SPEC, game), SPEC.beat)
            assert game.position.length != before or seat == CHANCE
    return taps, play.decisions_made(game)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    opponents = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    total_taps = total_decisions = 0
    for seed in range(games):
        taps, decisions = play_one(seed, opponents)
        total_taps += taps
        total_decisions += decisions
    print(f"peruludo, {games} games, {opponents} computer players: {total_taps} taps for "
          f"{total_decisions} visitor decisions = {total_taps / total_decisions:.2f} taps per "
          f"decision (target 1.3; before the controller: 179 / 27 = 6.6)")


if __name__ == "__main__":
    main()
