"""``jokoak qa [--lang L] [--game G] [--warnings]``: translation statistics and QA flags.

Prints translated / fuzzy / untranslated counts per game and language, then every error (and
with ``--warnings`` every warning) as ``game:segment [lang] check: reason``. Exits 1 if any
error was found, so CI can run it beside pytest.
"""

from __future__ import annotations

import argparse

from .. import GAMES
from ..i18n import TARGET_LANGUAGES
from . import CliError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("qa", help="translation statistics and quality checks of the sources")
    p.add_argument("--lang", help=f"only this language ({', '.join(TARGET_LANGUAGES)})")
    p.add_argument("--game", help=f"only this game ({', '.join(GAMES)})")
    p.add_argument("--warnings", action="store_true", help="also list warnings")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..qa import ERROR, Flag, check_catalog
    from ..translations import statistics

    if args.lang is not None and args.lang not in TARGET_LANGUAGES:
        raise CliError(f"unknown language {args.lang!r}; known: {', '.join(TARGET_LANGUAGES)}")
    if args.game is not None and args.game not in GAMES:
        raise CliError(f"unknown game {args.game!r}; known: {', '.join(GAMES)}")
    games = [args.game] if args.game else list(GAMES)
    langs = [args.lang] if args.lang else list(TARGET_LANGUAGES)
    print(f"{'game':<12} {'lang':<4} {'translated':>10} {'fuzzy':>6} {'untranslated':>12}")
    problems: list[tuple[str, Flag]] = []
    for game in games:
        for lang in langs:
            counts = statistics(game, lang)
            print(f"{game:<12} {lang:<4} {counts['translated']:>10} {counts['fuzzy']:>6} "
                  f"{counts['untranslated']:>12}")
            problems.extend((game, f) for f in check_catalog(game, lang))
    n_errors = sum(1 for _, f in problems if f.severity == ERROR)
    for game, flag in problems:
        if flag.severity == ERROR or args.warnings:
            print(f"{flag.severity}: {game}:{flag}")
    print(f"{n_errors} error(s), {len(problems) - n_errors} warning(s)")
    return 1 if n_errors else 0
