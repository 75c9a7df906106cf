"""The translators' workbench: aligned review rows, uploads for review, exports.

Pure: no Streamlit. An uploaded PO or XLIFF 1.2 file is parsed in memory (never stored, never
executed); every problem raises :class:`UploadError` with an English msgid and parameters the
page translates. Exports are written with the libraries translators' tools read: Babel (PO),
translate-toolkit (XLIFF 1.2, TMX, TBX).
"""

from __future__ import annotations

import csv
import difflib
import hashlib
import io
import re
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Sequence
from urllib.parse import quote

from babel.messages.pofile import PoFileError, read_po

from ..content.glossary import Term, terms_in
from ..errors import InputError
from .. import registry
from ..i18n import TARGET_LANGUAGES, language_name, po_path
from ..content.notes import Note, notes_for
from .source_checks import Entry, Flag, check_entries, shipped_entries
from ..content.segments import Segment, segment_map, segments
from ..i18n.source_translations import FUZZY, TRANSLATED, UNTRANSLATED
from ..i18n.msgids import N_


#: The largest file the page reads (the three sources' catalogs are about 20 kB each).
MAX_UPLOAD_BYTES = 512 * 1024
#: The longest translation of one clause the checks read. The longest
#: shipped clause or translation has under 300 characters; translate-toolkit's sentence count
#: takes time in the square of an entry's length (4,000 words: 8 s, holding the interpreter
#: lock, so every visitor waits), so a longer entry is refused before any check runs.
MAX_ENTRY_CHARS = 1000
#: The checks of one upload stop (and the upload is refused) after this many seconds; a
#: capped upload of every clause takes about a second.
REVIEW_SECONDS = 10.0
UTF8_BOM = b"\xef\xbb\xbf"
PO_SUFFIXES = (".po", ".pot")
XLIFF_SUFFIXES = (".xlf", ".xliff")
XLIFF_12 = "urn:oasis:names:tc:xliff:document:1.2"
_SAFE_TOKEN = re.compile(r"^[\w.\-]{1,40}$")


class UploadError(InputError):
    """An uploaded file the workbench refuses: ``msgid % params`` says why (translated); the
    parameters are kept as text, for the page to escape."""

    def __init__(self, msgid: str, **params: object) -> None:
        super().__init__(msgid, **{k: str(v) for k, v in params.items()})


def _shown(values: list[str], limit: int = 5) -> str:
    """A few ids from the file, for a message: only plain tokens, never the file's markup."""
    safe = [v if _SAFE_TOKEN.match(v) else "?" for v in values[:limit]]
    return ", ".join(safe) + (" …" if len(values) > limit else "")


@dataclass(frozen=True)
class Upload:
    game: str
    lang: str
    filename: str
    kind: str                       # "po" or "xliff"
    entries: dict[str, Entry] = field(hash=False)


def _decode_check(data: bytes) -> None:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        raise UploadError(N_("The file is not UTF-8 text.")) from None


def _read_po_entries(data: bytes) -> tuple[str | None, list[tuple[str, str, str, str, str | None]]]:
    """(language header, [(segment id, Basque, translation, status, previous Basque)])."""
    _decode_check(data)
    try:
        catalog = read_po(io.BytesIO(data), abort_invalid=True, charset="utf-8")
    except PoFileError as exc:
        line = re.search(r"(\d+)\s*$", str(exc))
        raise UploadError(N_("The PO file is broken near line %(line)s."),
                          line=line.group(1) if line else "?") from None
    except Exception:  # Babel raises several kinds on malformed input
        raise UploadError(N_("The file cannot be read as a PO file.")) from None
    header = catalog.locale_identifier if catalog.locale is not None else None
    if header is None:
        raw = catalog.mime_headers and dict(catalog.mime_headers).get("Language")
        header = str(raw) if raw else None
    out = []
    for msg in catalog:
        if not msg.id:
            continue
        if isinstance(msg.id, (list, tuple)):
            raise UploadError(N_("The file has plural entries; the sources have none."))
        target = msg.string if isinstance(msg.string, str) else ""
        status = UNTRANSLATED if not target else (FUZZY if msg.fuzzy else TRANSLATED)
        prev = " ".join(msg.previous_id) if msg.previous_id else None
        out.append((msg.context or "", msg.id, target or "", status, prev))
    return header, out


def _read_xliff_entries(data: bytes) -> tuple[str | None, list[tuple[str, str, str, str, str | None]]]:
    _decode_check(data)
    if re.search(rb"<!(DOCTYPE|ENTITY)", data):
        raise UploadError(N_("The XLIFF file declares a DOCTYPE or entities; they are not "
                             "accepted."))
    from translate.storage.xliff import xlifffile
    try:
        store = xlifffile.parsestring(data)
    except ValueError:
        raise UploadError(N_("Only XLIFF 1.2 is accepted (this looks like XLIFF 2).")) from None
    except Exception as exc:
        line = getattr(exc, "lineno", None)
        raise UploadError(N_("The XLIFF file is broken near line %(line)s."),
                          line=line if isinstance(line, int) else "?") from None
    root = store.document.getroot()
    if not root.tag.endswith("xliff") or not str(store.namespace).startswith(
            "urn:oasis:names:tc:xliff:document:1."):
        raise UploadError(N_("The file cannot be read as XLIFF 1.2."))
    out: list[tuple[str, str, str, str, str | None]] = []
    for unit in store.units:
        if unit.xmlelement.get("restype") == "x-gettext-domain-header":
            continue
        sid = unit.xmlelement.get("resname") or unit.xmlelement.get("id") or ""
        target = unit.target or ""
        status = UNTRANSLATED if not target else (FUZZY if unit.isfuzzy() else TRANSLATED)
        out.append((sid, unit.source or "", target, status, None))
    return store.gettargetlanguage(), out


def _ids_from_sources(raw: list, game: str) -> list:
    """XLIFF from tools that drop the clause ids (po2xliff numbers its units): a unit whose id
    is not a clause id gets the clause with the same Basque text, repeated texts in order."""
    known = segment_map(game)
    queues: dict[str, list[str]] = {}
    for seg in segments(game):
        if seg.translatable:
            queues.setdefault(seg.text, []).append(seg.id)
    named = {sid for sid, *_ in raw if sid in known}
    for ids in queues.values():
        ids[:] = [i for i in ids if i not in named]
    out = []
    for sid, src, *rest in raw:
        if sid not in known and queues.get(src):
            sid = queues[src].pop(0)
        out.append((sid, src, *rest))
    return out


#: One entry of an uploaded file: (clause id, Basque, translation, status, previous Basque).
RawEntry = tuple[str, str, str, str, str | None]


def _read_entries(data: bytes, filename: str) -> tuple[str, str, list[RawEntry]]:
    """(kind, the language the file says, its entries); :class:`UploadError` if unreadable."""
    if len(data) > MAX_UPLOAD_BYTES:
        raise UploadError(N_("The file is too large: %(size)s bytes; the limit is %(limit)s."),
                          size=len(data), limit=MAX_UPLOAD_BYTES)
    if data.startswith(UTF8_BOM):   # editors on Windows write one; Babel reads it as text
        data = data[len(UTF8_BOM):]
    name = filename.lower()
    if name.endswith(PO_SUFFIXES):
        kind = "po"
        header, raw = _read_po_entries(data)
    elif name.endswith(XLIFF_SUFFIXES):
        kind = "xliff"
        header, raw = _read_xliff_entries(data)
    else:
        raise UploadError(N_("Only PO (.po) and XLIFF 1.2 (.xlf, .xliff) files can be reviewed."))
    return kind, (header or "").replace("-", "_").split("_")[0].lower(), raw


def _matches(raw: list[RawEntry], game: str) -> int:
    """How many of the file's entries are clauses of ``game``: by clause id and Basque text,
    or by Basque text alone (XLIFF from tools that number their units)."""
    try:
        known = segment_map(game)
    except OSError:        # a game without segments yet
        return 0
    texts = {seg.text for seg in known.values() if seg.translatable}
    return sum(1 for sid, src, *_ in raw
               if (sid in known and known[sid].text == src) or src in texts)


def game_name(game: str) -> str:
    """The name a person reads (``zaldi zuria``), not the key (``zaldi_zuria``)."""
    return registry.entry(game).name if game in registry.keys() else game


def game_of(raw: list[RawEntry], fallback: str) -> str:
    """The game whose clauses the file's entries are: the one most of them belong to
    (``fallback``, the game the page shows, on a tie or when none matches)."""
    scores = {key: _matches(raw, key) for key in registry.keys()}
    best = max(scores.values(), default=0)
    if best == 0 or scores.get(fallback) == best:
        return fallback
    return next(key for key, score in scores.items() if score == best)


def identify_upload(data: bytes, filename: str, game: str, lang: str) -> tuple[str, str]:
    """(game, language) of an uploaded catalog as the file itself says them: the language of
    its header, the game its clauses belong to. ``game`` and ``lang`` (the page's choice)
    stand where the file cannot be read; :func:`parse_upload` then says why."""
    try:
        _kind, found, raw = _read_entries(data, filename)
    except UploadError:
        return game, lang
    if found and found not in TARGET_LANGUAGES:
        raise UploadError(N_("The file says its language is “%(found)s”; the translations "
                             "reviewed here are in %(languages)s."),
                          found=found if _SAFE_TOKEN.match(found) else "?",
                          languages=", ".join(language_name(c) for c in TARGET_LANGUAGES))
    return game_of(raw, game), found or lang


def parse_upload(data: bytes, filename: str, game: str, lang: str) -> Upload:
    """Read an uploaded catalog for ``game`` and ``lang``; :class:`UploadError` says what is wrong."""
    kind, found, raw = _read_entries(data, filename)
    if not found:
        raise UploadError(N_("The file does not say its language (a Language header in a PO "
                             "file, target-language in XLIFF)."))
    if found != lang:
        raise UploadError(N_("The file says its language is “%(found)s”, not “%(expected)s”."),
                          found=found if _SAFE_TOKEN.match(found) else "?", expected=lang)
    if not raw:
        raise UploadError(N_("The file has no entries."))
    known = segment_map(game)
    if kind == "xliff":
        raw = _ids_from_sources(raw, game)
    unknown = [sid for sid, *_ in raw if sid not in known or not known[sid].translatable]
    if unknown:
        raise UploadError(N_("Entries whose segment id %(game)s does not have (%(count)s): "
                             "%(ids)s."), count=len(unknown), game=game_name(game),
                          ids=_shown(unknown))
    too_long = [sid for sid, _src, target, *_ in raw if len(target) > MAX_ENTRY_CHARS]
    if too_long:
        raise UploadError(N_("Entries longer than %(limit)s characters (%(count)s): %(ids)s. "
                             "A clause's translation is a sentence or two."),
                          limit=MAX_ENTRY_CHARS, count=len(too_long), ids=_shown(too_long))
    mismatched = [sid for sid, src, *_ in raw if src != known[sid].text]
    if mismatched:
        raise UploadError(N_("Entries whose Basque text does not match the source (%(count)s): "
                             "%(ids)s. Update the file from the current catalog first."),
                          count=len(mismatched), ids=_shown(mismatched))
    entries = {sid: Entry(sid, src, tgt, status, prev) for sid, src, tgt, status, prev in raw}
    return Upload(game, lang, filename, kind, entries)


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
                              old if is_upload else None))
        rows.append(Row(seg, tuple(cells), tuple(terms_in(seg.text, game, seg.id)),
                        _safe_notes(game, seg.id), steps.get(seg.id)))
    return rows


@dataclass(frozen=True)
class UploadReview:
    """An upload's review, computed once: its rows, or the reason it was refused; ``game``
    and ``lang`` are those the file was checked as (see :func:`identify_upload`)."""

    upload: Upload | None
    rows: tuple[Row, ...] = ()
    error: UploadError | None = None
    game: str = ""
    lang: str = ""


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
                search: str = "", changed_only: bool = False) -> list[Row]:
    """The rows a translator asked for: problems, one status, a search in any column."""
    needle = search.strip().casefold()
    out = []
    for row in rows:
        if only_problems and not any(c.has_problem for c in row.cells):
            continue
        if status and not any(c.entry.status == status for c in row.cells):
            continue
        if changed_only and not any(c.change not in (None, SAME) for c in row.cells):
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


# --- exports ---------------------------------------------------------------------------------

def catalog_po(game: str, lang: str) -> bytes:
    """The shipped catalog, byte for byte as in the repository."""
    return po_path(lang, game).read_bytes()


def catalog_xliff(game: str, lang: str) -> bytes:
    """XLIFF 1.2 (translate-toolkit): trans-unit id = segment id; fuzzy entries need review."""
    from lxml import etree
    from translate.storage.xliff import xlifffile
    skeleton = (f'<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="{XLIFF_12}">'
                f'<file original="{game}" source-language="eu" target-language="{lang}" '
                f'datatype="po"><body></body></file></xliff>').encode()
    store = xlifffile.parsestring(skeleton)
    for e in shipped_entries(game, lang):
        unit = store.addsourceunit(e.source, filename=game)
        unit.setid(e.segment_id)
        unit.xmlelement.set("resname", e.segment_id)
        if e.target:
            unit.settarget(e.target)
        if e.status == FUZZY:
            unit.markfuzzy(True)
    etree.cleanup_namespaces(store.document)
    return bytes(store)


def catalog_tmx(game: str, lang: str) -> bytes:
    """TMX 1.4 (translate-toolkit) of the up-to-date translations; the note is the segment id."""
    from translate.storage.tmx import tmxfile
    store = tmxfile(sourcelanguage="eu", targetlanguage=lang)
    for e in shipped_entries(game, lang):
        if e.status == TRANSLATED:
            store.addtranslation(e.source, "eu", e.target, lang, comment=e.segment_id)
    return bytes(store)


REPORT_COLUMNS = ("game", "segment", "lang", "status", "change", "check", "severity",
                  "message", "basque", "translation")


#: A cell starting with one of these is a formula to a spreadsheet (``=HYPERLINK(...)``,
#: ``+1``, ``-1``, ``@SUM``, and tab or CR, which some programs strip before looking).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(cell: str) -> str:
    """A CSV cell a spreadsheet shows as text: a formula-like start gets a leading ``'``
    (OWASP's advice against CSV injection; the apostrophe is not shown by the programs)."""
    return "'" + cell if cell.startswith(FORMULA_STARTS) else cell


def report_csv(game: str, rows: Sequence[Row]) -> str:
    """The review as a spreadsheet: one line per flag (or per clause without flags).

    Translations come from uploaded files, so every cell is made :func:`spreadsheet_safe`.
    """
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(REPORT_COLUMNS)
    for row in rows:
        for c in row.cells:
            base = [game, row.segment.id, c.lang, c.entry.status, c.change or ""]
            tail = [row.segment.text, c.entry.target]
            lines = [["", "", ""]] if not c.flags else [[f.check, f.severity, f.message()]
                                                         for f in c.flags]
            for middle in lines:
                writer.writerow([spreadsheet_safe(v) for v in base + middle + tail])
    return buf.getvalue()
