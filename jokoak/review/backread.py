"""An independent back-reading: what a reader gets, and how their results enter the ledger.

:func:`export_lines` writes, for each rendering of one language (by default only those not
reviewed), its id, hash, kind and text, and the Basque clauses it rests on — never the
English, so a reader of eu, es or fr back-translates without seeing what it should say. An
English (source) rendering comes with the Basque clauses it cites, for a check of its meaning
against the Basque.

:func:`record` takes the reader's results file (JSON lines, or a tab-separated file with a
header row) with, per line, ``id``, ``hash``, ``checks``, ``verdict`` (ok / flawed),
``severity`` (for a flawed one), ``note``, ``reviewer``, ``date`` and ``lang`` (or the
language given once), checks every line and writes them into the ledger, or writes nothing
and returns the problems: an unknown entry, a hash that is not the text's now (the text
changed since the export), a malformed line — each naming the file and line.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Iterable, Sequence

from ..i18n import LANGUAGES
from .ledger import (REVIEWED, LedgerProblem, Review, Status, display_path, read_ledger,
                     reminder, review_from, statuses, write_ledger)
from .renderings import Rendering, basque_clauses, rendering_map

EXPORT_FIELDS = ("id", "lang", "hash", "kind", "state", "text", "basque")
RESULT_FIELDS = ("id", "lang", "hash", "checks", "verdict", "severity", "note", "reviewer",
                 "date")


def export_rows(lang: str, only_unreviewed: bool = True, kinds: Sequence[str] = (),
                folder: Path | None = None) -> list[dict[str, object]]:
    """What a reader of ``lang`` gets, one dict per rendering (no English but in ``en``)."""
    found, _problems = statuses(lang, folder)
    rows = []
    for s in found:
        if only_unreviewed and s.state == REVIEWED:
            continue
        if kinds and s.rendering.kind not in kinds:
            continue
        rows.append(_row(s))
    return rows


def _row(s: Status) -> dict[str, object]:
    r = s.rendering
    return {"id": r.id, "lang": r.lang, "hash": r.hash, "kind": r.kind, "state": s.state,
            "text": r.text,
            "basque": [{"clause": f"{r.game}:{cid}", "text": text}
                       for cid, text in basque_clauses(r)]}


def _cell(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def export_text(rows: Iterable[dict[str, object]], fmt: str = "jsonl") -> str:
    """The rows as JSON lines, or as a tab-separated table (Basque clauses joined by
    `` || ``; a tab or newline in a text written ``\\t``, ``\\n``)."""
    if fmt == "jsonl":
        return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter="\t", lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
    writer.writerow(EXPORT_FIELDS)
    for row in rows:
        basque = " || ".join(f"{b['clause']}: {b['text']}" for b in row["basque"])  # type: ignore[attr-defined]
        writer.writerow([_cell(str(row[k])) for k in EXPORT_FIELDS[:-1]] + [_cell(basque)])
    return buf.getvalue()


def results_template(rows: Iterable[dict[str, object]]) -> str:
    """A results file to fill in (tab-separated): id, lang and hash filled, the rest empty."""
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter="\t", lineterminator="\n")
    writer.writerow(RESULT_FIELDS)
    for row in rows:
        writer.writerow([row["id"], row["lang"], row["hash"], "", "", "", "", "", ""])
    return buf.getvalue()


def _read_results(path: Path) -> tuple[list[tuple[int, object]], list[LedgerProblem]]:
    """(line number, parsed object) per line of a results file."""
    where = display_path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return [], [LedgerProblem(where, 0, f"cannot be read: {exc}")]
    items: list[tuple[int, object]] = []
    problems: list[LedgerProblem] = []
    if path.suffix in (".tsv", ".tab", ".txt"):
        lines = text.splitlines()
        if not lines:
            return [], [LedgerProblem(where, 1, "empty file: a header row is needed")]
        header = [h.strip() for h in lines[0].split("\t")]
        missing = [f for f in ("id", "hash", "checks", "verdict", "reviewer", "date")
                   if f not in header]
        if missing:
            return [], [LedgerProblem(where, 1, f"the header row lacks {', '.join(missing)}")]
        for n, row in enumerate(csv.reader(lines[1:], delimiter="\t"), 2):
            if not any(c.strip() for c in row):
                continue
            if len(row) > len(header):
                problems.append(LedgerProblem(where, n, f"{len(row)} cells for {len(header)} "
                                                        "columns"))
                continue
            items.append((n, {k: v.strip() for k, v in zip(header, row) if v.strip()}))
        return items, problems
    for n, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            items.append((n, json.loads(raw)))
        except json.JSONDecodeError as exc:
            problems.append(LedgerProblem(where, n, f"not JSON ({exc.msg})"))
    return items, problems


def check_results(path: Path, lang: str | None = None
                  ) -> tuple[dict[str, list[Review]], list[LedgerProblem]]:
    """The reviews of a results file by language, and every problem of its lines."""
    where = display_path(path)
    items, problems = _read_results(path)
    by_lang: dict[str, list[Review]] = {}
    seen: dict[tuple[str, str], int] = {}
    maps: dict[str, dict[str, Rendering]] = {}
    for n, data in items:
        if not isinstance(data, dict):
            problems.append(LedgerProblem(where, n, "not a JSON object"))
            continue
        data = {k: v for k, v in data.items() if k not in ("kind", "state", "text", "basque",
                                                           "source")}
        line_lang = data.pop("lang", None) or lang
        if line_lang not in LANGUAGES:
            problems.append(LedgerProblem(where, n, f"language {line_lang!r} is not one of "
                                                    f"{', '.join(LANGUAGES)} (give --lang)"))
            continue
        review, found = review_from(data, where, n)
        problems.extend(found)
        if review is None:
            continue
        known = maps.setdefault(line_lang, rendering_map(line_lang))
        rendering = known.get(review.id)
        if rendering is None:
            problems.append(LedgerProblem(where, n, f"unknown entry {review.id} in {line_lang}"))
            continue
        if review.hash != rendering.hash:
            problems.append(LedgerProblem(
                where, n, f"stale hash for {review.id} ({line_lang}): the text is "
                          f"{rendering.hash} now, not {review.hash}; it changed after the "
                          "export, so this reading is of another text: export it again"))
            continue
        if (line_lang, review.id) in seen:
            problems.append(LedgerProblem(where, n, f"{review.id} ({line_lang}) is already on "
                                                    f"line {seen[(line_lang, review.id)]}"))
            continue
        seen[(line_lang, review.id)] = n
        by_lang.setdefault(line_lang, []).append(
            Review(**{**review.__dict__, "text": reminder(rendering.text)}))
    return by_lang, problems


def record(path: Path, lang: str | None = None, folder: Path | None = None
           ) -> tuple[dict[str, int], list[LedgerProblem]]:
    """Write a results file into the ledgers: all of it, or nothing if a line is wrong.

    Returns the number of reviews written per language, and the problems."""
    by_lang, problems = check_results(path, lang)
    ledgers = {lg: read_ledger(lg, folder) for lg in by_lang}
    for ledger in ledgers.values():
        problems.extend(ledger.problems)
    if problems:
        return {}, problems
    written = {}
    for lg, reviews in by_lang.items():
        merged = dict(ledgers[lg].reviews)
        for review in reviews:
            merged[review.id] = review
        write_ledger(lg, merged.values(), folder)
        written[lg] = len(reviews)
    return written, []
