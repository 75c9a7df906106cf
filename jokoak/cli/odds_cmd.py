"""``jokoak odds GAME [--ruleset R] [--option n=v] [--param n=v] [--json]``: exact odds tables.

Prints the odds tables of the game's plug-in (a game without them is refused with one line):
every probability as an exact fraction ``p/q`` and as a decimal rounded from it.
"""

from __future__ import annotations

import argparse
import json

from . import CliError
from .common import (build_rules, decimal_text, engine_error, fraction_text, load_game,
                     odds_tables_of, one_line_errors, parse_param, split_assignments)


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = one_line_errors(sub.add_parser("odds", help="print a game's exact odds tables"))
    p.add_argument("game")
    p.add_argument("--ruleset", help="named ruleset (default: the Basque text's reading)")
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help="override an option")
    p.add_argument("--param", action="append", metavar="NAME=VALUE",
                   help="a parameter of the tables (e.g. dice=5)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    game, module = load_game(args.game)
    rules = build_rules(game, args.ruleset, args.option)
    params = {k: parse_param(v) for k, v in split_assignments(args.param, "--param").items()}
    tables_of = odds_tables_of(args.game, module)
    try:
        tables = tables_of(rules, **params)
    except TypeError as exc:
        raise CliError(f"odds tables of {args.game}: bad parameters ({exc})") from None
    except (ValueError, KeyError) as exc:   # the rules' refusals (RefusedByRules) among them
        raise engine_error(exc, f"odds tables of {args.game}: {exc}") from None
    if args.json:
        print(json.dumps([{
            "name": t.name, "title": t.title, "params": dict(t.params),
            "is_distribution": t.is_distribution,
            "rows": [{"label": str(label), "fraction": fraction_text(v),
                      "decimal": decimal_text(v)} for label, v in t.rows],
            "total": fraction_text(t.total()),
        } for t in tables], ensure_ascii=False, indent=1))
        return 0
    print(f"# {game.name}, ruleset {rules.ruleset}")
    for t in tables:
        params_text = ", ".join(f"{k}={v}" for k, v in t.params)
        print(f"\n== {t.name}: {t.title}" + (f" ({params_text})" if params_text else ""))
        width = max((len(str(label)) for label, _ in t.rows), default=1)
        for label, value in t.rows:
            print(f"  {str(label):<{width}}  {fraction_text(value):>15}  {decimal_text(value)}")
        if t.is_distribution:
            print(f"  {'total':<{width}}  {fraction_text(t.total()):>15}")
    return 0
