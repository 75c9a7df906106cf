"""The review ledger on the command line: ``python -m jokoak qa <action>``.

* ``qa unreviewed [--lang L] [--kind K ...] [--state S ...] [--rules]`` — every rendering
  not reviewed, one line each: language, state, kind, id, text;
* ``qa backread-export --lang L [--only-unreviewed] [--kind K ...] [--format jsonl|tsv]
  [--output FILE] [--template FILE]`` — what an independent reader of L gets (never the
  English, but in en), and a results file to fill in;
* ``qa record FILE [--lang L]`` — a reader's results into the ledger (all lines or none);
* ``qa prune`` — drop the ledger lines of entries that are gone.

The plain ``qa`` prints the counts by language, kind and state (part ``ledger``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..i18n import LANGUAGES
from . import CliError


def register_actions(qa: argparse.ArgumentParser) -> None:
    from ..review.ledger import STATES
    from ..review.renderings import KINDS
    actions = qa.add_subparsers(dest="qa_action", metavar="ACTION")
    p = actions.add_parser("unreviewed", help="list every rendering not reviewed")
    p.add_argument("--lang", choices=LANGUAGES, help="only this language")
    p.add_argument("--kind", action="append", choices=KINDS, help="only this kind (repeatable)")
    p.add_argument("--state", action="append", choices=[s for s in STATES if s != "reviewed"],
                   help="only this state (repeatable)")
    p.add_argument("--rules", action="store_true", help="only rule statements")
    p.set_defaults(run=run_unreviewed)
    p = actions.add_parser("backread-export",
                           help="renderings for an independent back-reading (no English)")
    p.add_argument("--lang", required=True, choices=LANGUAGES)
    p.add_argument("--only-unreviewed", action="store_true",
                   help="only renderings not reviewed (never, changed or flawed)")
    p.add_argument("--kind", action="append", choices=KINDS, help="only this kind (repeatable)")
    p.add_argument("--rules", action="store_true", help="only rule statements")
    p.add_argument("--format", choices=("jsonl", "tsv"), default="jsonl")
    p.add_argument("--output", type=Path, help="write here (default: standard output)")
    p.add_argument("--template", type=Path,
                   help="also write a results file to fill in (tab-separated) here")
    p.set_defaults(run=run_export)
    p = actions.add_parser("record", help="write a reader's results file into the ledger")
    p.add_argument("file", type=Path)
    p.add_argument("--lang", choices=LANGUAGES, help="the language of lines without one")
    p.set_defaults(run=run_record)
    p = actions.add_parser("prune", help="drop the ledger lines of entries that are gone")
    p.set_defaults(run=run_prune)


def _kinds(args: argparse.Namespace) -> list[str]:
    from ..review.renderings import RULE_KINDS
    kinds = list(args.kind or ())
    if getattr(args, "rules", False):
        kinds = [k for k in (kinds or sorted(RULE_KINDS)) if k in RULE_KINDS]
    return kinds


def _short(text: str, width: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[:width - 1] + "…"


def run_unreviewed(args: argparse.Namespace) -> int:
    from ..review.ledger import REVIEWED, statuses
    kinds = _kinds(args)
    n = 0
    for lang in [args.lang] if args.lang else LANGUAGES:
        found, problems = statuses(lang)
        for p in problems:
            print(f"error: {p}")
        for s in found:
            if s.state == REVIEWED or (kinds and s.rendering.kind not in kinds) \
                    or (args.state and s.state not in args.state):
                continue
            n += 1
            print(f"{lang}\t{s.state}\t{s.rendering.kind}\t{s.rendering.id}\t"
                  f"{_short(s.rendering.text)}")
    print(f"{n} rendering(s) not reviewed", file=sys.stderr)
    return 0


def run_export(args: argparse.Namespace) -> int:
    from ..review.backread import export_rows, export_text, results_template
    rows = export_rows(args.lang, args.only_unreviewed, _kinds(args))
    text = export_text(rows, args.format)
    if args.output:
        args.output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    if args.template:
        args.template.write_text(results_template(rows), encoding="utf-8")
    print(f"{len(rows)} rendering(s) of {args.lang} exported", file=sys.stderr)
    return 0


def run_record(args: argparse.Namespace) -> int:
    from ..review.backread import record
    from ..review.ledger import clear_caches
    if not args.file.is_file():
        raise CliError(f"no such file: {args.file}")
    written, problems = record(args.file, args.lang)
    for p in problems:
        print(f"error: {p}")
    if problems:
        print(f"{len(problems)} error(s): nothing written")
        return 1
    clear_caches()
    for lang, n in sorted(written.items()):
        print(f"{lang}: {n} review(s) recorded")
    return 0


def run_prune(args: argparse.Namespace) -> int:
    from ..review.ledger import prune
    for lang in LANGUAGES:
        try:
            dropped = prune(lang)
        except ValueError as exc:
            raise CliError(f"the {lang} ledger has malformed lines; mend them first: {exc}") \
                from None
        for r in dropped:
            print(f"{lang}: dropped {r.id} ({r.text})")
    return 0


def ledger_part(lang: str | None, detail: bool = False) -> list[tuple[str, object]]:
    """The ``ledger`` part of a plain ``qa`` run: prints the counts by kind and state per
    language and returns the problems (the ledgers' lines, the gate's rule statements)."""
    from ..review.ledger import STATES, counts, gate_problems, statuses
    problems: list[tuple[str, object]] = []
    print(f"{'ledger':<12} {'lang':<4} {'kind':<20} " + " ".join(f"{s:>8}" for s in STATES))
    for lg in [lang] if lang else LANGUAGES:
        found, bad = statuses(lg)
        for kind, row in sorted(counts(found).items()):
            print(f"{'':<12} {lg:<4} {kind:<20} " + " ".join(f"{row[s]:>8}" for s in STATES))
        problems.extend((str(p), _Flag(p.severity)) for p in bad)
        problems.extend((str(p), _Flag("error")) for p in gate_problems(lg, found))
    return problems


class _Flag:
    """What the qa command needs of a problem: its severity."""

    def __init__(self, severity: str) -> None:
        self.severity = severity
