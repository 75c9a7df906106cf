"""``jokoak qa [--lang L] [--game G] [--only PART] [--warnings]``: translation QA.

Three parts, all by default:

* ``sources`` — translated / fuzzy / untranslated counts per game and language of the Basque
  sources, and their checks (:mod:`jokoak.review.source_checks`);
* ``interface`` — the interface catalog and the notes in eu, es and fr, and the English msgids
  (:mod:`jokoak.review.interface_checks`);
* ``spelling`` — every catalog and note through Hunspell (:mod:`jokoak.review.spelling`);
* ``lessons`` — every lesson step replayed with its rule switched off and under the other
  readings of the notes about it, and each guess against its position
  (:mod:`jokoak.content.lesson_checks`);
* ``ledger`` — the review ledger (``review/ledger/``): how many renderings are reviewed,
  flawed, changed since their review or never reviewed, by language and kind; its malformed
  or unknown lines are errors, and, with the gate on, every rule statement not reviewed
  (:mod:`jokoak.review.ledger`). Its actions (``qa unreviewed``, ``qa backread-export``,
  ``qa record``, ``qa prune``) are in :mod:`jokoak.cli.ledger_cmd`.

Prints every error (and with ``--warnings`` every warning) as ``where [lang] check: reason``.
Exits 1 if any error was found, so CI can run it beside pytest. A false positive is silenced
per entry by a PO flag ``ignore-<check>``, never here.
"""

from __future__ import annotations

import argparse

from .. import registry
from ..i18n import TARGET_LANGUAGES
from . import CliError

PARTS = ("sources", "interface", "spelling", "lessons", "ledger")
INTERFACE_LANGUAGES = ("eu", "es", "fr", "en")


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser("qa", help="translation statistics and quality checks")
    known = sorted(set(TARGET_LANGUAGES) | set(INTERFACE_LANGUAGES))
    p.add_argument("--lang", help=f"only this language ({', '.join(known)})")
    p.add_argument("--game", help=f"only this game's sources ({', '.join(registry.plugins())})")
    p.add_argument("--only", choices=PARTS, help="only this part of the checks")
    p.add_argument("--warnings", action="store_true", help="also list warnings")
    p.set_defaults(run=run)
    from .ledger_cmd import register_actions
    register_actions(p)


def _short(text: str, width: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[:width - 1] + "…"


def run(args: argparse.Namespace) -> int:
    from ..content.lesson_checks import Problem
    from ..review.source_checks import ERROR, Flag, check_catalog, shipped_cross_target_flags
    from ..i18n.source_translations import statistics

    known = set(TARGET_LANGUAGES) | set(INTERFACE_LANGUAGES)
    if args.lang is not None and args.lang not in known:
        raise CliError(f"unknown language {args.lang!r}; known: {', '.join(sorted(known))}")
    if args.game is not None and args.game not in registry.plugins():
        raise CliError(f"unknown game {args.game!r}; known: {', '.join(registry.plugins())}")
    parts = [args.only] if args.only else list(PARTS)
    if args.game and not args.only:
        parts = ["sources"]
    problems: list[tuple[str, Flag | Problem]] = []
    if "sources" in parts:
        games = [args.game] if args.game else list(registry.plugins())
        langs = [lg for lg in TARGET_LANGUAGES if args.lang in (None, lg)]
        print(f"{'game':<12} {'lang':<4} {'translated':>10} {'fuzzy':>6} {'untranslated':>12}")
        for game in games:
            for lang in langs:
                counts = statistics(game, lang)
                print(f"{game:<12} {lang:<4} {counts['translated']:>10} {counts['fuzzy']:>6} "
                      f"{counts['untranslated']:>12}")
                problems.extend((f"{game}:{f}", f) for f in check_catalog(game, lang))
            if not args.lang:
                problems.extend((f"{game}:{f}", f) for f in shipped_cross_target_flags(game))
    if "interface" in parts:
        from ..review.interface_checks import check_english_catalog, check_ui_catalog, shipped_ui_entries
        for lang in (lg for lg in INTERFACE_LANGUAGES if args.lang in (None, lg)):
            if lang == "en":
                flags = check_english_catalog()
            else:
                entries = shipped_ui_entries(lang)
                print(f"interface    {lang:<4} {sum(1 for e in entries if all(e.targets)):>10} "
                      f"{sum(1 for e in entries if e.fuzzy):>6} "
                      f"{sum(1 for e in entries if not all(e.targets)):>12}")
                flags = check_ui_catalog(lang)
            problems.extend((f"messages:{_short(f.segment_id)} [{f.lang}] {f.check}: "
                             f"{f.message()}", f) for f in flags)
    if "spelling" in parts:
        from ..review.spelling import check_spelling
        problems.extend((str(p), p) for p in check_spelling(
            [lg for lg in INTERFACE_LANGUAGES if args.lang in (None, lg)]))
    if "lessons" in parts and args.lang is None:
        from ..content.lesson_checks import lesson_problems
        problems.extend((str(p), p) for p in lesson_problems())
    if "ledger" in parts:
        from .ledger_cmd import ledger_part
        problems.extend(ledger_part(args.lang))  # type: ignore[arg-type]
    n_errors = sum(1 for _, f in problems if f.severity == ERROR)
    for text, flag in problems:
        if flag.severity == ERROR or args.warnings:
            print(f"{flag.severity}: {text}")
    print(f"{n_errors} error(s), {len(problems) - n_errors} warning(s)")
    return 1 if n_errors else 0
