"""Translation files a translator uploads for review: a PO or XLIFF 1.2 file read in memory.

The file is never stored and never executed; it is read with Babel (PO) or translate-toolkit
(XLIFF), capped in size and per entry, and matched to a game and a language
by what it says about itself. Every problem raises :class:`UploadError` with an English msgid
and parameters the Translators page translates. Its rows are checked by :mod:`.rows`.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field

from babel.messages.pofile import PoFileError, read_po

from ..errors import InputError
from .. import registry
from ..i18n import TARGET_LANGUAGES, language_name
from .source_checks import Entry
from ..content.segments import segment_map, segments
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


#: A file cut short (a download or a copy that stopped): said as such, not as a bad file.
CUT_SHORT = N_("The file ends in the middle of an entry, near line %(line)s: it seems cut "
               "short. Upload the whole file.")
BROKEN_NEAR = N_("The PO file is broken near line %(line)s.")


def _decode_check(data: bytes) -> None:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.reason == "unexpected end of data":    # a character cut in two at the end
            raise UploadError(CUT_SHORT, line=data.count(b"\n") + 1) from None
        raise UploadError(N_("The file is not UTF-8 text.")) from None


#: The lines a PO file is made of: comments, blank lines, a keyword with its quoted string,
#: a quoted string that goes on the one before. Babel reads past an unterminated string or an
#: entry with no msgstr (a file cut short was taken for a shorter file), so the page checks.
_PO_KEYWORD = re.compile(r'^(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+(".*)$')
_PO_STRING = re.compile(r'^"(?:[^"\\]|\\.)*"\s*$')


def _po_syntax_check(text: str) -> None:
    """:class:`UploadError` naming the line where a PO file stops being one: a string not
    closed, a line that is none of a PO file's, an entry without its ``msgstr`` (at the end
    of the file: cut short)."""
    lines = text.splitlines()
    open_entry: int | None = None      # the line of a msgid whose msgstr has not come yet
    in_entry = False
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            in_entry = False
            continue
        keyword = _PO_KEYWORD.match(line)
        string = keyword.group(1) if keyword else line
        if keyword is None and not in_entry or not _PO_STRING.match(string):
            raise UploadError(CUT_SHORT if number == len(lines) else BROKEN_NEAR, line=number)
        if keyword is not None:
            if line.startswith(("msgctxt", "msgid")) and open_entry is None:
                open_entry = number
            elif line.startswith("msgstr"):
                open_entry = None
        in_entry = True
    if open_entry is not None:
        raise UploadError(CUT_SHORT, line=open_entry)


def _read_po_entries(data: bytes) -> tuple[str | None, list[tuple[str, str, str, str, str | None]]]:
    """(language header, [(segment id, Basque, translation, status, previous Basque)])."""
    _decode_check(data)
    _po_syntax_check(data.decode("utf-8"))
    try:
        catalog = read_po(io.BytesIO(data), abort_invalid=True, charset="utf-8")
    except PoFileError as exc:
        line = re.search(r"(\d+)\s*$", str(exc))
        raise UploadError(BROKEN_NEAR, line=line.group(1) if line else "?") from None
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


def _ids_from_sources(raw: list[RawEntry], game: str) -> list[RawEntry]:
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
    out: list[RawEntry] = []
    for sid, src, target, status, previous in raw:
        if sid not in known and queues.get(src):
            sid = queues[src].pop(0)
        out.append((sid, src, target, status, previous))
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
    return registry.plugin(game).name if game in registry.plugins() else game


def game_of(raw: list[RawEntry], fallback: str) -> str:
    """The game whose clauses the file's entries are: the one most of them belong to
    (``fallback``, the game the page shows, on a tie or when none matches)."""
    scores = {key: _matches(raw, key) for key in registry.plugins()}
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
