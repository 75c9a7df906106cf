"""The review ledger: who read which rendering, when, what they checked and what they found.

One file per language, ``review/ledger/<lang>.jsonl``, one JSON object per line and per
entry (sorted by id, so a diff shows one line per review)::

    {"id": "ui:3f0c9a1b2d4e", "hash": "0123456789abcdef", "verdict": "ok",
     "checks": ["meaning-vs-english", "grammar", "terms"], "reviewer": "independent ...",
     "date": "2026-12-07", "severity": "", "note": "", "text": "The first words ..."}

``id`` and ``hash`` are those of :mod:`jokoak.review.renderings`: the hash is of the text
the reviewer read (a translation's with its source), so a text changed since makes the entry
unreviewed again. ``text`` is only a reminder for people reading the file (its first words);
nothing checks it. The state of a rendering (:func:`state_of`):

* ``reviewed`` — its line's hash is the text's now and the verdict is ``ok``;
* ``flawed`` — the reviewer read this very text and found it flawed (not approved);
* ``changed`` — reviewed once, but the text (or its source) changed since;
* ``never`` — no line.

A line that cannot be read (not JSON, a missing or unknown field value, a second line for one
id, an id no rendering has now) is a :class:`LedgerProblem` naming the file and line:
``python -m jokoak qa`` reports it as an error; ``python -m jokoak qa prune`` drops the lines
of entries that are gone (a reworded msgid is a new entry).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Collection, Iterable

from .. import ROOT
from ..i18n import LANGUAGES
from .renderings import Rendering, entry_ids, renderings, text_hash

#: The gate: when True, ``python -m jokoak qa`` fails while a rule statement (a card line, a
#: lesson instruction, feedback or why, a refusal, an event sentence) is not reviewed in
#: some language. On since 2026-12-07, when the back-reading of every rule statement was recorded.
RULE_STATEMENTS_MUST_BE_REVIEWED = True

LEDGER_DIR = ROOT / "review" / "ledger"
REVIEWED, FLAWED, CHANGED, NEVER = "reviewed", "flawed", "changed", "never"
STATES = (REVIEWED, FLAWED, CHANGED, NEVER)
OK, FLAWED_VERDICT = "ok", "flawed"
VERDICTS = (OK, FLAWED_VERDICT)
#: What a reader may have checked.
CHECKS = ("meaning-vs-english", "meaning-vs-basque", "back-translation", "grammar", "terms",
          "child-reading")
#: How bad a flaw is (the reviews' own categories).
SEVERITIES = ("meaning", "grammar", "consistency", "child-readability", "typography")
FIELDS = ("id", "hash", "verdict", "checks", "reviewer", "date", "severity", "note", "text")
REQUIRED = ("id", "hash", "verdict", "checks", "reviewer", "date")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_HASH = re.compile(r"^[0-9a-f]{16}$")
TEXT_REMINDER = 60


@dataclass(frozen=True)
class Review:
    """One reading of one rendering."""

    id: str
    hash: str
    verdict: str
    checks: tuple[str, ...]
    reviewer: str
    date: str
    severity: str = ""
    note: str = ""
    text: str = ""

    def line(self) -> str:
        data = {"id": self.id, "hash": self.hash, "verdict": self.verdict,
                "checks": list(self.checks), "reviewer": self.reviewer, "date": self.date,
                "severity": self.severity, "note": self.note, "text": self.text}
        return json.dumps(data, ensure_ascii=False)


@dataclass(frozen=True)
class LedgerProblem:
    """A line of a ledger (or of a reader's results file) that cannot be taken."""

    path: str
    line: int
    reason: str
    severity: str = "error"

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.reason}" if self.line else \
            f"{self.path}: {self.reason}"


def ledger_path(lang: str, folder: Path | None = None) -> Path:
    return (folder or LEDGER_DIR) / f"{lang}.jsonl"


def display_path(path: Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def review_from(data: object, where: str, line: int) -> tuple[Review | None, list[LedgerProblem]]:
    """A :class:`Review` from one parsed line, or the problems that stop it."""
    def problem(reason: str) -> tuple[None, list[LedgerProblem]]:
        return None, [LedgerProblem(where, line, reason)]

    if not isinstance(data, dict):
        return problem("not a JSON object")
    unknown = sorted(set(data) - set(FIELDS) - {"lang", "kind", "source", "basque"})
    if unknown:
        return problem(f"unknown field(s) {', '.join(unknown)}; known: {', '.join(FIELDS)}")
    missing = [k for k in REQUIRED if data.get(k) in (None, "", [])]
    if missing:
        return problem(f"missing {', '.join(missing)}")
    for key in FIELDS:
        if key != "checks" and key in data and not isinstance(data[key], str):
            return problem(f"{key} must be text")
    checks = data["checks"]
    if isinstance(checks, str):
        checks = [c.strip() for c in re.split(r"[,;]", checks) if c.strip()]
    if not isinstance(checks, list) or not all(isinstance(c, str) for c in checks):
        return problem("checks must be a list of names")
    bad = [c for c in checks if c not in CHECKS]
    if bad:
        return problem(f"unknown check(s) {', '.join(bad)}; known: {', '.join(CHECKS)}")
    if data["verdict"] not in VERDICTS:
        return problem(f"verdict {data['verdict']!r} is not one of {', '.join(VERDICTS)}")
    severity = data.get("severity") or ""
    if data["verdict"] == FLAWED_VERDICT and severity not in SEVERITIES:
        return problem(f"a flawed entry needs a severity, one of {', '.join(SEVERITIES)}")
    if data["verdict"] == OK and severity:
        return problem("an entry found ok has no severity")
    if not _HASH.match(data["hash"]):
        return problem(f"hash {data['hash']!r} is not 16 hex digits")
    if not _DATE.match(data["date"]):
        return problem(f"date {data['date']!r} is not YYYY-MM-DD")
    return Review(id=data["id"], hash=data["hash"], verdict=data["verdict"],
                  checks=tuple(dict.fromkeys(checks)), reviewer=data["reviewer"].strip(),
                  date=data["date"], severity=severity, note=data.get("note") or "",
                  text=data.get("text") or ""), []


@dataclass
class Ledger:
    """One language's ledger file as read: its reviews by id and what could not be read."""

    lang: str
    path: Path
    reviews: dict[str, Review] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)
    problems: list[LedgerProblem] = field(default_factory=list)


def read_ledger(lang: str, folder: Path | None = None,
                known: Collection[str] | None = None) -> Ledger:
    """Parse ``lang``'s ledger; with ``known`` (the ids of the entries that exist), a line
    for another entry is a problem too."""
    path = ledger_path(lang, folder)
    ledger = Ledger(lang, path)
    if not path.exists():
        return ledger
    where = display_path(path)
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not raw.strip():
            continue
        try:
            data = json.loads(raw)
        except json.JSONDecodeError as exc:
            ledger.problems.append(LedgerProblem(where, n, f"not JSON ({exc.msg})"))
            continue
        review, problems = review_from(data, where, n)
        ledger.problems.extend(problems)
        if review is None:
            continue
        if review.id in ledger.reviews:
            ledger.problems.append(LedgerProblem(
                where, n, f"a second line for {review.id} (the first is line "
                          f"{ledger.lines[review.id]})"))
            continue
        if known is not None and review.id not in known:
            ledger.problems.append(LedgerProblem(
                where, n, f"unknown entry {review.id}: no {lang} entry has this id now (its "
                          "msgid reworded or gone? `python -m jokoak catalogs` or "
                          "`python -m jokoak qa prune` drops the line)"))
            continue
        ledger.reviews[review.id] = review
        ledger.lines[review.id] = n
    return ledger


def write_ledger(lang: str, reviews: Iterable[Review], folder: Path | None = None) -> Path:
    """Write ``lang``'s ledger: one line per review, sorted by id."""
    path = ledger_path(lang, folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [r.line() for r in sorted(reviews, key=lambda r: r.id)]
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def state_of(rendering: Rendering, review: Review | None) -> str:
    if review is None:
        return NEVER
    if review.hash != rendering.hash:
        return CHANGED
    return REVIEWED if review.verdict == OK else FLAWED


@dataclass(frozen=True)
class Status:
    """A rendering with its state and the review that gives it (if any)."""

    rendering: Rendering
    state: str
    review: Review | None


def statuses(lang: str, folder: Path | None = None) -> tuple[list[Status], list[LedgerProblem]]:
    """Every rendering of ``lang`` with its state, and the ledger's problems."""
    ledger = read_ledger(lang, folder, entry_ids(lang))
    out = [Status(r, state_of(r, ledger.reviews.get(r.id)), ledger.reviews.get(r.id))
           for r in renderings(lang)]
    return out, ledger.problems


@lru_cache(maxsize=None)
def shipped_states(lang: str) -> dict[str, str]:
    """id -> state of every rendering of ``lang`` in the shipped ledger (pages, exports)."""
    found, _problems = statuses(lang)
    return {s.rendering.id: s.state for s in found}


@lru_cache(maxsize=None)
def _shipped_reviews(lang: str) -> dict[str, Review]:
    """The shipped ledger's reviews of ``lang`` (its problems are ``qa``'s to report)."""
    return read_ledger(lang).reviews


def review_state(entry_id: str, lang: str, *parts: str) -> str:
    """The state of a text in the shipped ledger: ``parts`` are what its hash covers (for a
    clause translation, the Basque clause and the translation), so an uploaded or edited
    text that differs from what was read is "changed" (or "never")."""
    review = _shipped_reviews(lang).get(entry_id)
    if review is None:
        return NEVER
    if review.hash != text_hash(*parts):
        return CHANGED
    return REVIEWED if review.verdict == OK else FLAWED


def counts(found: Iterable[Status]) -> dict[str, dict[str, int]]:
    """kind -> state -> number of renderings."""
    out: dict[str, dict[str, int]] = {}
    for s in found:
        row = out.setdefault(s.rendering.kind, {state: 0 for state in STATES})
        row[s.state] += 1
    return out


def gate_problems(lang: str, found: Iterable[Status]) -> list[LedgerProblem]:
    """With the gate on, an error per rule statement of ``lang`` that is not reviewed."""
    if not RULE_STATEMENTS_MUST_BE_REVIEWED:
        return []
    where = display_path(ledger_path(lang))
    return [LedgerProblem(where, 0, f"rule statement {s.rendering.id} ({s.rendering.kind}, "
                                    f"{s.state}) is not reviewed: {_short(s.rendering.text)}")
            for s in found if s.rendering.is_rule and s.state != REVIEWED]


def prune(lang: str, folder: Path | None = None) -> list[Review]:
    """Drop the lines of entries that no longer exist; returns the dropped reviews."""
    known = entry_ids(lang)
    ledger = read_ledger(lang, folder)
    if ledger.problems:
        raise ValueError("; ".join(str(p) for p in ledger.problems))
    dropped = [r for r in ledger.reviews.values() if r.id not in known]
    if dropped:
        write_ledger(lang, [r for r in ledger.reviews.values() if r.id in known], folder)
    return dropped


def _short(text: str, width: int = TEXT_REMINDER) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[:width - 1] + "…"


def reminder(text: str) -> str:
    """The ``text`` field of a line: the rendering's first words."""
    return _short(text)


def clear_caches() -> None:
    shipped_states.cache_clear()
    _shipped_reviews.cache_clear()


__all__ = ["CHECKS", "LANGUAGES", "Ledger", "LedgerProblem", "Review", "STATES", "Status",
           "counts", "gate_problems", "prune", "read_ledger", "shipped_states", "state_of",
           "statuses", "write_ledger"]
