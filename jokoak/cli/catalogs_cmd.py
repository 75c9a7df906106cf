"""``jokoak catalogs [--check]``: extract UI strings and segments, update every catalog, and
drop the review ledger's lines of entries that are gone (:func:`jokoak.review.ledger.prune`)."""

from __future__ import annotations

import argparse

from .. import ROOT


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser("catalogs", help="extract and update all gettext catalogs (Babel)")
    p.add_argument("--check", action="store_true", help="only list stale catalogs; exit 1 if any")
    p.add_argument("--domain", help="only this domain: messages, a game name (its source) or "
                                    "<game>-ui (its own interface words)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..i18n.catalogs import stale_catalogs, update_catalogs
    if args.check:
        stale = stale_catalogs(args.domain)
        for path in stale:
            print(f"stale: {path.relative_to(ROOT)}")
        return 1 if stale else 0
    for path in update_catalogs(args.domain):
        print(f"wrote {path.relative_to(ROOT)}")
    prune_ledgers()
    return 0


def prune_ledgers() -> None:
    """The review ledger follows the catalogs, as a catalog drops its obsolete entries: the
    lines of entries that are gone (a reworded msgid, a removed clause) are dropped."""
    from ..i18n import LANGUAGES
    from ..review import ledger, renderings
    renderings.clear_caches()
    for lang in LANGUAGES:
        try:
            dropped = ledger.prune(lang)
        except ValueError as exc:  # a malformed line: qa names it; the catalogs are written
            print(f"review ledger {lang} not pruned: {exc}")
            continue
        for review in dropped:
            print(f"review ledger {lang}: dropped {review.id} ({review.text})")
    ledger.clear_caches()
