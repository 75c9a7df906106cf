"""``jokoak check-game KEY [--root DIR]``: what a game's folder provides, what it lacks, which
checks (test files) each piece meets, and the traps it has fallen into, in plain lines.

Exit 0 when every piece CI requires is present (:data:`jokoak.cli.checklist.PIECES`), 1
otherwise; a trap is said but does not change the exit status (some no test notices).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from .. import ROOT
from .checklist import load, report
from .common import one_line_errors


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = one_line_errors(sub.add_parser(
        "check-game", help="say what a game's folder provides, lacks and which checks it meets"))
    p.add_argument("game", help="the game's key (its folder's name)")
    p.add_argument("--root", type=Path, default=ROOT,
                   help="the project folder to look in (default: this one)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    lines, ready = report(load(args.game, args.root.resolve()))
    print("\n".join(lines))
    return 0 if ready else 1
