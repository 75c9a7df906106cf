"""Seed the review ledger with the independent readings of December 2026, as they were done.

Run from the repository (it needs its git history): ``python review/seed_ledger.py``. It
rewrites ``review/ledger/<lang>.jsonl`` from scratch, so run it only to re-create the seed;
readings recorded later with ``python -m jokoak qa record`` would be lost (re-record them).

For each review (:data:`REVIEWS`) the script takes the catalogs and content as they stood at
the commit the reviewer read (``git archive``), works out which renderings the review's own
method section says it read (:func:`scope`), and hashes each text as it was then. Every entry
the review found flawed (``review/seed_2026_12_findings.yaml``: the review's finding id, the
language, the English msgid or clause it names) is recorded as flawed with its severity;
a finding that matches no entry stops the script. A rendering read by several reviews gets
the latest reading; readings of the same text are merged (their checks joined, flawed if any
found it flawed). Only entries that exist now are written; the hash is the text's as read, so
an entry changed since shows as "changed".
"""

from __future__ import annotations

import io
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import yaml
from babel.messages.pofile import read_po

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))

from jokoak import GAMES  # noqa: E402
from jokoak.review.ledger import FLAWED_VERDICT, OK, Review, reminder, write_ledger  # noqa: E402
from jokoak.review.renderings import (_yaml_uses, clause_id, renderings, text_hash,  # noqa: E402
                                      ui_id)

FINDINGS = HERE / "seed_2026_12_findings.yaml"
LANGS = ("eu", "es", "fr", "en")
MEANING_EN = ("meaning-vs-english", "grammar", "terms")
MEANING_EU = ("meaning-vs-basque", "grammar", "terms")


@dataclass
class Entry:
    """One rendering at a commit."""

    id: str
    hash: str
    msgid: str          # the English msgid, or the Basque clause
    text: str           # the rendering
    locations: tuple[str, ...] = ()
    kinds: frozenset[str] = frozenset()


@dataclass
class Snapshot:
    commit: str
    entries: dict[str, dict[str, Entry]] = field(default_factory=dict)   # lang -> id -> entry
    notes: dict[str, set[str]] = field(default_factory=dict)   # game:note id -> msgids


def _forms(value: Any) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, (list, tuple)) else (value,)


def snapshot(commit: str) -> Snapshot:
    """The renderings of every language at ``commit``."""
    data = subprocess.run(["git", "archive", commit, "content", "locales"], cwd=REPO,
                          check=True, capture_output=True).stdout
    snap = Snapshot(commit)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        with tarfile.open(fileobj=io.BytesIO(data)) as tar:
            tar.extractall(root, filter="data")
        kinds: dict[str, set[str]] = {}
        try:
            for msgid, use in _yaml_uses(root):
                kinds.setdefault(msgid, set()).add(use.kind)
        except Exception as exc:  # an old lesson format: the kinds come from paths alone
            print(f"{commit}: content kinds not read ({exc})", file=sys.stderr)
        for game in GAMES:
            path = root / "content" / "notes" / f"{game}.yaml"
            raw = yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else []
            raw = raw.get("notes", []) if isinstance(raw, dict) else raw or []
            for note in raw:
                snap.notes[f"{game}:{note['id']}"] = {note.get("title", ""), note.get("body", "")}
        with (root / "locales" / "messages.pot").open("rb") as fh:
            template = read_po(fh)
        en: dict[str, Entry] = {}
        for msg in template:
            if not msg.id:
                continue
            ids = _forms(msg.id)
            en[ui_id(ids[0], msg.context)] = Entry(
                ui_id(ids[0], msg.context), text_hash(*ids), ids[0], " | ".join(ids),
                tuple(p for p, _ in msg.locations), frozenset(kinds.get(ids[0], ())))
        snap.entries["en"] = en
        for lang in ("eu", "es", "fr"):
            out: dict[str, Entry] = {}
            path = root / "locales" / lang / "LC_MESSAGES" / "messages.po"
            with path.open("rb") as fh:
                catalog = read_po(fh, locale=lang)
            for msg in catalog:
                if not msg.id or msg.fuzzy or not all(_forms(msg.string)):
                    continue
                ids, forms = _forms(msg.id), _forms(msg.string)
                eid = ui_id(ids[0], msg.context)
                base = en.get(eid)
                out[eid] = Entry(eid, text_hash(*ids, *forms), ids[0], " | ".join(forms),
                                 base.locations if base else (),
                                 base.kinds if base else frozenset())
            snap.entries[lang] = out
        for lang in ("es", "fr", "en"):
            out = snap.entries.setdefault(lang, {})
            for game in GAMES:
                path = root / "locales" / lang / "LC_MESSAGES" / f"{game}.po"
                if not path.exists():
                    continue
                with path.open("rb") as fh:
                    catalog = read_po(fh, locale=lang)
                for msg in catalog:
                    if not msg.id or msg.fuzzy or not msg.string or not msg.context:
                        continue
                    text = _forms(msg.string)[0]
                    cid = clause_id(game, msg.context)
                    out[cid] = Entry(cid, text_hash(_forms(msg.id)[0], text), _forms(msg.id)[0],
                                     text, kinds=frozenset({"clause"}))
    return snap


# --- what each review read (from its own method section) -------------------------------------

def _at(entry: Entry, *prefixes: str) -> bool:
    return any(loc.startswith(prefixes) for loc in entry.locations)


LESSON_OR_CARD = ("content/zaldi_zuria/lessons/", "content/peruludo/lessons/",
                  "content/zohn_ahl/lessons/", "content/zaldi_zuria/howto.yaml",
                  "content/peruludo/howto.yaml", "content/zohn_ahl/howto.yaml")
#: lessons-and-cards-2026-12: "every lesson, how-to, room, kiosk, handout, operator, guess and
#: pass-and-play msgid with its eu/es/fr translation".
DUMPED = LESSON_OR_CARD + ("ui/room.py", "ui/kiosk.py", "jokoak/handout.py",
                           "jokoak/render/handout.py", "ui/operator_views.py",
                           "app_pages/operator.py", "ui/guess.py", "jokoak/odds/guesses.py",
                           "ui/play.py", "ui/peruludo_play.py", "ui/zaldi_zuria_play.py",
                           "ui/zohn_ahl_play.py", "ui/lesson.py", "jokoak/howto.py",
                           "jokoak/render/howto.py")
NOTES = ("content/notes/",)


def scope_translations(lang: str, e: Entry, _base: Snapshot | None) -> tuple[str, ...] | None:
    """translations-2026-12: every clause in es/fr/en; all interface entries in eu/es/fr; the
    notes in four languages (the English msgids beyond the notes only for terms, §3.4)."""
    if "clause" in e.kinds:
        return MEANING_EU
    if lang != "en":
        return MEANING_EN
    return MEANING_EU if _at(e, *NOTES) else None


def scope_lessons(lang: str, e: Entry, _base: Snapshot | None) -> tuple[str, ...] | None:
    """lessons-and-cards-2026-12: the lessons and cards against the Basque (rule fidelity,
    the English source); the dumped lesson, card, room, kiosk, handout, operator, guess and
    pass-and-play msgids with their translations. Not the notes' translations, the
    scenarios, the translators' views or the rest (its random sample cannot be rebuilt)."""
    if "clause" in e.kinds:
        return None
    if lang == "en":
        return ("meaning-vs-basque", "grammar") if _at(e, *LESSON_OR_CARD) else None
    return MEANING_EN if _at(e, *DUMPED) else None


#: lessons-cards-play-2026-12-07's sample: every card line and every feedback line, and the
#: kiosk (first) lessons' captions, instructions, whys, answers and hints (its 34 kiosk,
#: room and speaker strings are named in the findings file only where flawed).
SAMPLE_KINDS = {"card-line", "lesson-feedback"}
FIRST_LESSONS = ("content/zaldi_zuria/lessons/01_", "content/peruludo/lessons/01_",
                 "content/zohn_ahl/lessons/01_")


def in_sample(e: Entry) -> bool:
    return bool(e.kinds & SAMPLE_KINDS) or (_at(e, *FIRST_LESSONS) and not _at(e, *NOTES))


#: "The scenarios, the translators' pages and the seed translations were read only for V/O
#: items" (lessons-cards-play-2026-12-07, Method and limits): their new entries are not read,
#: but those its findings name (read, and found flawed).
READ_ONLY_FOR_FINDINGS = ("content/zaldi_zuria/scenarios/", "content/peruludo/scenarios/",
                          "content/zohn_ahl/scenarios/", "ui/translators_views.py",
                          "app_pages/translators.py", "jokoak/render/review.py",
                          "jokoak/review/", "jokoak/render/glossary_table.py",
                          "jokoak/content/glossary.py")


def scope_play(lang: str, e: Entry, base: Snapshot | None) -> tuple[str, ...] | None:
    """lessons-cards-play-2026-12-07 at 159a528: everything new or changed since 75b9fbe in
    every language, the notes included; the 137-entry sample back-translated; every rule
    sentence of the lessons and cards (English) against the Basque; the child's reading on
    the English of the kiosk lessons. Not the seed translations (read only for V/O items)."""
    if "clause" in e.kinds:
        return None
    old = base.entries.get(lang, {}).get(e.id) if base else None
    new_or_changed = (old is None or old.hash != e.hash) and not (
        e.locations and all(loc.startswith(READ_ONLY_FOR_FINDINGS) for loc in e.locations))
    if lang == "en":
        checks: list[str] = []
        if _at(e, *LESSON_OR_CARD):
            checks += ["meaning-vs-basque", "grammar"]
        if in_sample(e):
            checks += ["child-reading"]
        if new_or_changed:
            checks += ["grammar", "terms"]
        return tuple(dict.fromkeys(checks)) or None
    if in_sample(e):
        return ("back-translation", "meaning-vs-english", "grammar", "terms")
    return MEANING_EN if new_or_changed else None


@dataclass(frozen=True)
class ReviewSource:
    name: str
    commit: str
    date: str
    reviewer: str
    scope: Callable[[str, Entry, Snapshot | None], tuple[str, ...] | None]
    base: str | None = None   # the commit "new or changed" is measured against


#: The reviews, oldest first. translations-2026-12.md gives no commit; its line numbers (es
#: "The table as text" 4492, fr "Stop the game here" 4643, "Proven from the rules" 4584) and its
#: 881 interface entries are those of fff1f70 (2026-11-29), before its fixes (f0d8be0,
#: 2026-12-01). The other two name their commit.
REVIEWS = (
    ReviewSource("translations-2026-12", "fff1f70", "2026-12-01",
                 "independent review translations-2026-12.md (read at fff1f70)",
                 scope_translations),
    ReviewSource("lessons-and-cards-2026-12", "75b9fbe", "2026-12-02",
                 "independent review lessons-and-cards-2026-12.md (read at 75b9fbe)",
                 scope_lessons),
    ReviewSource("lessons-cards-play-2026-12-07", "159a528", "2026-12-07",
                 "independent back-reading lessons-cards-play-2026-12-07.md (read at 159a528)",
                 scope_play, base="75b9fbe"),
)


# --- findings ----------------------------------------------------------------------------------

def flawed_entries(review: str, snap: Snapshot, covered: dict[str, dict[str, tuple[str, ...]]]
                   ) -> dict[tuple[str, str], tuple[str, str]]:
    """(lang, id) -> (severity, note) of the review's findings; an unmatched finding stops.
    An entry a finding names was read by the review: it joins ``covered`` if not there."""
    out: dict[tuple[str, str], tuple[str, str]] = {}
    items = yaml.safe_load(FINDINGS.read_text(encoding="utf-8"))
    for item in items:
        if item["review"] != review:
            continue
        hits = 0
        for lang in item["langs"]:
            for e in snap.entries.get(lang, {}).values():
                if "clause" in item and e.id != f"clause:{item['clause']}":
                    continue
                interface = any(k in item for k in ("msgid", "exact", "note_id", "where"))
                if interface and "clause" in e.kinds:
                    continue
                if "msgid" in item and item["msgid"] not in e.msgid:
                    continue
                if "exact" in item and item["exact"] != e.msgid:
                    continue
                if "note_id" in item and e.msgid not in snap.notes.get(item["note_id"], ()):
                    continue
                if "where" in item and not _at(e, item["where"]):
                    continue
                if "text" in item and item["text"] not in e.text:
                    continue
                if "kind" in item and item["kind"] not in e.kinds:
                    continue
                if e.id not in covered.setdefault(lang, {}):
                    # read in a sample the script cannot rebuild: the finding says it was read
                    covered[lang][e.id] = MEANING_EU if "clause" in e.kinds or lang == "en" \
                        else MEANING_EN
                hits += 1
                note = f"{item['finding']}: {item['note']}"
                old = out.get((lang, e.id))
                out[(lang, e.id)] = (old[0], f"{old[1]}; {note}") if old else (
                    item["severity"], note)
        if not hits:
            raise SystemExit(f"finding {review} {item['finding']} matches no entry it read: {item}")
    return out


def main() -> int:
    current = {lang: {r.id: r for r in renderings(lang)} for lang in LANGS}
    chosen: dict[str, dict[str, Review]] = {lang: {} for lang in LANGS}
    bases: dict[str, Snapshot] = {}
    for source in REVIEWS:
        snap = snapshot(source.commit)
        base = None
        if source.base:
            base = bases.get(source.base) or snapshot(source.base)
        bases[source.commit] = snap
        covered: dict[str, dict[str, tuple[str, ...]]] = {}
        for lang in LANGS:
            for e in snap.entries.get(lang, {}).values():
                checks = source.scope(lang, e, base)
                if checks:
                    covered.setdefault(lang, {})[e.id] = checks
        flawed = flawed_entries(source.name, snap, covered)
        for lang in LANGS:
            for eid, checks in covered.get(lang, {}).items():
                if eid not in current[lang]:
                    continue
                e = snap.entries[lang][eid]
                severity, note = flawed.get((lang, eid), ("", ""))
                review = Review(eid, e.hash, FLAWED_VERDICT if severity else OK, checks,
                                source.reviewer, source.date, severity, note, reminder(e.text))
                chosen[lang][eid] = merged(chosen[lang].get(eid), review)
        print(f"{source.name}: " + ", ".join(
            f"{lang} {len(covered.get(lang, {}))} read, "
            f"{sum(1 for k in flawed if k[0] == lang)} flawed" for lang in LANGS))
    for lang in LANGS:
        write_ledger(lang, chosen[lang].values())
    return 0


def merged(old: Review | None, new: Review) -> Review:
    """The later reading; two readings of the same text joined (flawed if either found it)."""
    if old is None or old.hash != new.hash:
        return new
    worst = old if old.verdict == FLAWED_VERDICT and new.verdict != FLAWED_VERDICT else new
    note = "; ".join(n for n in (old.note, new.note) if n)
    return Review(new.id, new.hash, worst.verdict, tuple(dict.fromkeys(old.checks + new.checks)),
                  f"{old.reviewer}; {new.reviewer}", new.date, worst.severity,
                  note if worst.verdict == FLAWED_VERDICT else "", new.text)


if __name__ == "__main__":
    sys.exit(main())
