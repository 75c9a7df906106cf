"""The translations exported for translators' tools: the shipped PO, XLIFF 1.2 and TMX (written
with Babel and translate-toolkit, the libraries those tools read) and the review as CSV.

Each exported translation carries its state in the review ledger (:mod:`.ledger`), as
Weblate's approved state travels: in the PO a flag (``reviewed``, ``review-flawed``,
``review-changed``, ``unreviewed``), in the XLIFF the target's ``state`` (``final`` for a
reviewed one; ``needs-review-translation`` for a flawed or changed one, or a fuzzy one;
``translated`` for one never reviewed). The unit's ``approved`` stays translate-toolkit's
"not fuzzy" (an upload reads ``approved="no"`` as fuzzy).
"""

from __future__ import annotations

import csv
import io
from typing import Any, Sequence


from ..i18n import po_path
from .rows import Row
from .uploads import XLIFF_12
from .source_checks import Entry, shipped_entries
from ..i18n.source_translations import FUZZY, TRANSLATED
from .ledger import CHANGED, FLAWED, NEVER, REVIEWED, review_state
from .renderings import clause_id

#: The PO flag of each review state.
REVIEW_FLAGS = {REVIEWED: "reviewed", FLAWED: "review-flawed", CHANGED: "review-changed",
                NEVER: "unreviewed"}
#: The XLIFF 1.2 ``state`` of each review state (a fuzzy entry: needs-review-translation).
XLIFF_STATES = {REVIEWED: "final", FLAWED: "needs-review-translation",
                CHANGED: "needs-review-translation", NEVER: "translated"}


def _review_of(game: str, lang: str, e: Entry) -> str | None:
    """The ledger's state of a shipped translation (None: no translation a visitor sees)."""
    if e.status != TRANSLATED or not e.target:
        return None
    return review_state(clause_id(game, e.segment_id), lang, e.source, e.target)


def catalog_po(game: str, lang: str) -> bytes:
    """The shipped catalog as in the repository, each translation flagged with its review
    state (:data:`REVIEW_FLAGS`); written as ``python -m jokoak catalogs`` writes catalogs."""
    from babel.messages.pofile import read_po, write_po
    with po_path(lang, game).open("rb") as fh:
        catalog = read_po(fh, locale=lang, domain=game)
    by_id = {e.segment_id: e for e in shipped_entries(game, lang)}
    for msg in catalog:
        entry = by_id.get(msg.context or "")
        if entry is None:
            continue
        state = _review_of(game, lang, entry)
        if state is not None:
            msg.flags.add(REVIEW_FLAGS[state])
    _exported_header(catalog, game, lang)
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, sort_output=False, include_previous=True,
             include_lineno=False)
    return buf.getvalue()


def _exported_header(catalog: Any, game: str, lang: str) -> None:
    """The header a translator's tool shows, without Babel's placeholders ("Jokoak VERSION",
    "FIRST AUTHOR <EMAIL@ADDRESS>"): which game's clauses, in which language, for review."""
    catalog.project = "Jokoak"
    catalog.version = game
    catalog.msgid_bugs_address = ""
    catalog.last_translator = ""
    catalog.language_team = lang
    catalog.header_comment = (f"# The clauses of {game}'s Basque source, translated into {lang}: "
                              "exported from the Jokoak translators' page for review.\n#")


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
        target = unit.xmlelement.find(f"{{{XLIFF_12}}}target")
        state = _review_of(game, lang, e)
        if target is not None and (state is not None or e.status == FUZZY):
            target.set("state", XLIFF_STATES.get(state or "", "needs-review-translation"))
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

