"""``jokoak rules GAME [--json]``: the rules record — options and named rulesets."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any

from .common import load_game, one_line_errors


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = one_line_errors(sub.add_parser("rules", help="list a game's options and rulesets with their sources"))
    p.add_argument("game")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(run=run)


def _plain(value: Any) -> Any:
    return str(value) if isinstance(value, Fraction) else value


def run(args: argparse.Namespace) -> int:
    game, _ = load_game(args.game)
    data: dict[str, Any] = {
        "game": game.name,
        "options": [{"name": o.name, "description": o.description, "default": _plain(o.default),
                     "justification": o.justification,
                     "choices": [_plain(c) for c in o.choices]} for o in game.options],
        "rulesets": [{"name": r.name, "title": r.title, "provenance": r.provenance,
                      "values": {k: _plain(v) for k, v in r.values.items()}}
                     for r in game.rulesets],
    }
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=1))
        return 0
    print(f"# {game.name}: options")
    for o in data["options"]:
        choices = f" (one of {', '.join(map(str, o['choices']))})" if o["choices"] else ""
        print(f"  {o['name']} = {o['default']}{choices}\n      {o['description']} "
              f"[{o['justification']}]")
    print("# rulesets (the first is the Basque text's reading)")
    for r in data["rulesets"]:
        values = ", ".join(f"{k}={v}" for k, v in r["values"].items()) or "defaults"
        print(f"  {r['name']}: {r['title']} — {r['provenance']}\n      {values}")
    return 0
