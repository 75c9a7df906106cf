"""The translators' review rows: each clause's Basque beside each language's translation, its
quality flags, glossary terms, notes and a link to the step that plays it.

The rows of the shipped catalogs, or of an uploaded file (:mod:`.uploads`) compared with the
shipped ones (unchanged, changed, newly translated, removed, with a word diff); an upload's
review is computed once per content and kept. Pure: no Streamlit; drawn by
:mod:`jokoak.render.review`, exported by :mod:`.exports`.
"""

from __future__ import annotations

import difflib
import hashlib
import re
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence
from urllib.parse import quote


from ..content.glossary import Term, terms_in
from ..content.notes import Note, notes_for
from .uploads import Upload, UploadError, identify_upload, parse_upload
from .source_checks import Entry, Flag, check_entries, shipped_entries
from .ledger import review_state
from .renderings import clause_id
from ..content.segments import Segment, segments
from ..i18n.source_translations import FUZZY, TRANSLATED, UNTRANSLATED
from ..i18n.msgids import N_

#: The checks of one upload stop (and the upload is refused) after this many seconds; a
#: capped upload of every clause takes about a second.
REVIEW_SECONDS = 10.0


# --- comparison with the shipped catalog ----------------------------------------------------

SAME, CHANGED, ADDED, EMPTIED = "same", "changed", "added", "emptied"
CHANGE_LABELS = {SAME: N_("unchanged"), CHANGED: N_("changed"), ADDED: N_("newly translated"),
                 EMPTIED: N_("translation removed")}


def change_of(uploaded: Entry, shipped: Entry | None) -> str:
    """How an uploaded entry differs from the shipped translation of the same clause."""
    old = shipped.target if shipped is not None else ""
    if uploaded.target == old and (shipped is None or shipped.status == uploaded.status):
        return SAME
    if not old:
        return ADDED
    if not uploaded.target:
        return EMPTIED
    return CHANGED


def word_diff(old: str, new: str) -> list[tuple[str, str]]:
    """(op, text) pieces, op in equal/delete/insert, word by word (each word with its spaces)."""
    a, b = re.findall(r"\s*\S+\s*", old), re.findall(r"\s*\S+\s*", new)
    out: list[tuple[str, str]] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(("equal", "".join(a[i1:i2])))
        else:
            if i2 > i1:
                out.append(("delete", "".join(a[i1:i2])))
            if j2 > j1:
                out.append(("insert", "".join(b[j1:j2])))
    return out


# --- "see it in play" ------------------------------------------------------------------------

@lru_cache(maxsize=None)
def clause_steps(game: str) -> dict[str, tuple[str, int]]:
    """Clause id -> (scenario name, step number) of the first scenario step that cites it.

    The step is a reader step of the step-through (:mod:`jokoak.render.reader_steps`), as ``?step=``
    counts them. Each scenario is replayed once and the index cached; a game without
    scenarios (or whose engine is not there yet) simply has no links.
    """
    try:
        from ..content.scenarios import scenarios
        from ..render.reader_steps import reader_steps
        items = scenarios(game)
    except Exception:
        return {}
    out: dict[str, tuple[str, int]] = {}
    for sc in items:
        try:
            _, _raw, steps = reader_steps(game, sc.record, sc.engine)
        except Exception:
            continue
        for step in steps:
            for clause in step.clauses:
                out.setdefault(clause, (sc.name, step.index))
    return out


def play_link(game: str, scenario: str, step: int, ui_lang: str) -> str:
    """The game page's step-through at that step, in the visitor's language."""
    return (f"/{quote(game)}?view=step&scenario={quote(scenario)}&step={int(step)}"
            f"&lang={quote(ui_lang)}")


# --- review rows -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Cell:
    lang: str
    entry: Entry
    flags: tuple[Flag, ...]
    change: str | None = None       # against the shipped catalog, for an upload
    shipped: Entry | None = None
    #: the review ledger's state of this very text (reviewed, flawed, changed, never), or
    #: None when there is no translation a visitor sees
    review: str | None = None

    @property
    def has_problem(self) -> bool:
        return bool(self.flags) or self.entry.status != TRANSLATED


@dataclass(frozen=True)
class Row:
    segment: Segment
    cells: tuple[Cell, ...]
    terms: tuple[Term, ...]
    notes: tuple[Note, ...]
    play: tuple[str, int] | None


def _safe_notes(game: str, clause: str) -> tuple[Note, ...]:
    try:
        return tuple(notes_for(game, {clause}))
    except Exception:  # a broken notes file must not hide the review
        return ()


def review_rows(game: str, langs: tuple[str, ...], upload: Upload | None = None,
                budget: float | None = None) -> list[Row]:
    """One row per translatable clause: Basque, each language's entry, flags, terms, notes.

    With ``budget`` (seconds), the checks stop with an :class:`UploadError` once it is spent.
    """
    deadline = None if budget is None else time.monotonic() + budget
    per_lang: dict[str, dict[str, Entry]] = {}
    flags: dict[str, dict[str, list[Flag]]] = {}
    shipped: dict[str, dict[str, Entry]] = {}
    for lg in langs:
        shipped[lg] = {e.segment_id: e for e in shipped_entries(game, lg)}
        if upload is not None and upload.lang == lg:
            entries = {sid: upload.entries.get(sid, Entry(sid, e.source, "", UNTRANSLATED))
                       for sid, e in shipped[lg].items()}
        else:
            entries = shipped[lg]
        per_lang[lg] = entries
        flags[lg] = {}
        for entry in entries.values():
            if deadline is not None and time.monotonic() >= deadline:
                raise UploadError(N_("Checking the file took too long (the limit is %(seconds)s s), "
                                     "so it was not reviewed."), seconds=int(budget or 0))
            for f in check_entries((entry,), lg, game):
                flags[lg].setdefault(f.segment_id, []).append(f)
    steps = clause_steps(game)
    rows = []
    for seg in segments(game):
        if not seg.translatable:
            continue
        cells = []
        for lg in langs:
            entry = per_lang[lg][seg.id]
            is_upload = upload is not None and upload.lang == lg
            old = shipped[lg].get(seg.id)
            cells.append(Cell(lg, entry, tuple(flags[lg].get(seg.id, ())),
                              change_of(entry, old) if is_upload else None,
                              old if is_upload else None, review_of(game, lg, seg.text, entry)))
        rows.append(Row(seg, tuple(cells), tuple(terms_in(seg.text, game, seg.id)),
                        _safe_notes(game, seg.id), steps.get(seg.id)))
    return rows


def review_of(game: str, lang: str, basque: str, entry: Entry) -> str | None:
    """The ledger's state of a translation (:func:`jokoak.review.ledger.review_state`)."""
    if entry.status != TRANSLATED or not entry.target:
        return None
    return review_state(clause_id(game, entry.segment_id), lang, basque, entry.target)


@dataclass(frozen=True)
class UploadReview:
    """An upload's review, computed once: its rows, or the reason it was refused; ``game``
    and ``lang`` are those the file was checked as (see :func:`identify_upload`)."""

    upload: Upload | None
    rows: tuple[Row, ...] = ()
    error: UploadError | None = None
    game: str = ""
    lang: str = ""

    @property
    def missing(self) -> int:
        """How many of the game's clauses the file does not hold (a partial file, or one cut
        short at an entry's end, which reads as a whole shorter file): they are rows too,
        shown as not translated, and the page says how many."""
        return len(self.rows) - len(self.upload.entries) if self.upload is not None else 0


#: Reviews by (content hash, file name, game, language): a rerun of the page (a click, a
#: keystroke in the search box) finds the review here instead of checking the file again.
_REVIEWS: "OrderedDict[tuple[str, str, str, str], UploadReview]" = OrderedDict()
_REVIEWS_LOCK = threading.Lock()
REVIEW_CACHE_SIZE = 16


def review_upload(data: bytes, filename: str, game: str, lang: str,
                  budget: float = REVIEW_SECONDS) -> UploadReview:
    """Parse and check an upload once per content: later calls with the same bytes (from any
    visitor) get the same review, refusals included, without re-running a check.

    The file is checked as the game and language it is (:func:`identify_upload`); ``game``
    and ``lang``, the page's choice, stand only where the file does not say."""
    key = (hashlib.sha256(data).hexdigest(), filename, game, lang)
    with _REVIEWS_LOCK:
        hit = _REVIEWS.get(key)
        if hit is not None:
            _REVIEWS.move_to_end(key)
            return hit
    try:
        game, lang = identify_upload(data, filename, game, lang)
        upload = parse_upload(data, filename, game, lang)
        review = UploadReview(upload, tuple(review_rows(game, (lang,), upload, budget)),
                              game=game, lang=lang)
    except UploadError as exc:
        review = UploadReview(None, (), exc, game=game, lang=lang)
    with _REVIEWS_LOCK:
        _REVIEWS[key] = review
        while len(_REVIEWS) > REVIEW_CACHE_SIZE:
            _REVIEWS.popitem(last=False)
    return review


def filter_rows(rows: Sequence[Row], *, only_problems: bool = False, status: str | None = None,
                search: str = "", changed_only: bool = False,
                review: str | None = None) -> list[Row]:
    """The rows a translator asked for: problems, one status, one review state (of the
    ledger), a search in any column."""
    needle = search.strip().casefold()
    out = []
    for row in rows:
        if only_problems and not any(c.has_problem for c in row.cells):
            continue
        if status and not any(c.entry.status == status for c in row.cells):
            continue
        if changed_only and not any(c.change not in (None, SAME) for c in row.cells):
            continue
        if review and not any(c.review == review for c in row.cells):
            continue
        if needle and needle not in row.segment.text.casefold() and not any(
                needle in c.entry.target.casefold() for c in row.cells) \
                and needle not in row.segment.id.casefold():
            continue
        out.append(row)
    return out


def statistics_of(rows: Sequence[Row]) -> dict[str, dict[str, int]]:
    """Per language: translated / fuzzy / untranslated counts, errors and warnings."""
    out: dict[str, dict[str, int]] = {}
    for row in rows:
        for c in row.cells:
            s = out.setdefault(c.lang, {TRANSLATED: 0, FUZZY: 0, UNTRANSLATED: 0,
                                        "errors": 0, "warnings": 0})
            s[c.entry.status] = s.get(c.entry.status, 0) + 1
            s["errors"] += sum(1 for f in c.flags if f.severity == "error")
            s["warnings"] += sum(1 for f in c.flags if f.severity != "error")
    return out

