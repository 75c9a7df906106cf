"""Interpretation notes: where the Basque text is silent or ambiguous, the reading we chose.

``content/<game>/notes.yaml`` (in the game's own folder) is a list of ``{id, clauses, title, body, option}``; title and
body are English msgids (translated through the ``messages`` catalog), ``clauses`` the segment
ids the note is about, ``option`` the engine option that offers the alternatives (or null). ``reading`` says what the
option's default is: ``choice`` (the default; the text is silent or ambiguous there and the
booklet chose a reading, which lessons and cards mark) or ``text`` (the default is what the
text says, and the option offers another source's rule). The file's shape is
``content/schemas/notes.schema.json`` (:mod:`jokoak.content.schema`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import yaml

from .. import ROOT
from ..errors import ContentError
from .schema import check_schema
from .segments import segment_map


@dataclass(frozen=True)
class Note:
    game: str
    id: str
    clauses: tuple[str, ...]
    title: str
    body: str
    option: str | None = None
    reading: str = "choice"

    @property
    def is_choice(self) -> bool:
        """Whether the note explains a reading the booklet chose (not the text's own rule)."""
        return self.reading == "choice"


@lru_cache(maxsize=None)
def notes(game: str) -> tuple[Note, ...]:
    # derived from the key, not the registry: a test's game that no registry lists has none
    path = ROOT / "content" / game / "notes.yaml"
    if not path.exists():
        return ()
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    check_schema("notes", raw, f"{game}/notes.yaml", ContentError)
    if isinstance(raw, dict):
        raw = raw.get("notes")
    known = segment_map(game)
    out = []
    for item in raw or ():
        clauses = tuple(item.get("clauses") or ())
        unknown = [c for c in clauses if c not in known]
        if unknown:
            raise ContentError(f"{game} note {item['id']}: unknown clause ids {unknown}")
        reading = item.get("reading", "choice")
        out.append(Note(game=game, id=item["id"], clauses=clauses, title=item["title"],
                        body=item["body"], option=item.get("option"), reading=reading))
    return tuple(out)


def notes_for(game: str, clause_ids: set[str] | frozenset[str]) -> list[Note]:
    """Notes about any of ``clause_ids``, in file order."""
    return [n for n in notes(game) if set(n.clauses) & set(clause_ids)]
