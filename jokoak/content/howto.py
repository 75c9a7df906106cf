"""The one-screen "How to play" card of each game: ``content/<game>/howto.yaml``.

A card is a summary of the Basque text in four fixed sections (the goal, a turn, scoring, the
end). Each line is an English msgid (translated through the ``messages`` catalog) that names
the clause ids it summarises, so a reader can check it against the Basque; where the text is
silent and the line states the booklet's default, ``choice`` names the interpretation note
(``content/<game>/notes.yaml``) that explains that choice. The file format::

    game: zaldi_zuria
    goal:
    - msgid: "Take the bank: throw exactly as many pips as it holds."
      clauses: [phase3.throw4.b, ending]
      choice: exact-hit-phase2        # optional: a note about one of those clauses
    turn: [...]
    scoring: [...]
    end: [...]

The file's shape is ``content/schemas/howto.schema.json`` (:mod:`jokoak.content.schema`).
:func:`check_card` lists every fault of a file, one clear sentence each (tests and the
catalog command show them): the schema's, then what only the game's text can tell (clause
ids, notes, the length); :func:`card` loads a valid card or raises :class:`HowtoError`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from .. import ROOT
from ..errors import ContentError
from .schema import faults as schema_faults
from ..i18n.msgids import N_

#: The sections of every card, in order, with their titles (msgids).
SECTIONS: tuple[tuple[str, str], ...] = (
    ("goal", N_("The goal")),
    ("turn", N_("A turn")),
    ("scoring", N_("Scoring")),
    ("end", N_("The end")),
)
SECTION_KEYS = tuple(key for key, _title in SECTIONS)
#: A card that fits one phone screen: at most this many lines in all.
MAX_LINES = 12


class HowtoError(ContentError):
    """A howto.yaml that does not describe a valid card; the message lists every fault."""


@dataclass(frozen=True)
class HowtoLine:
    msgid: str
    clauses: tuple[str, ...]
    choice: str | None = None     # the note explaining the booklet's default, if any


@dataclass(frozen=True)
class HowtoCard:
    game: str
    sections: tuple[tuple[str, tuple[HowtoLine, ...]], ...]   # (section key, lines), in order

    @property
    def lines(self) -> tuple[HowtoLine, ...]:
        return tuple(line for _key, lines in self.sections for line in lines)

    @property
    def clauses(self) -> tuple[str, ...]:
        """Every clause the card cites, in order of first citation."""
        return tuple(dict.fromkeys(c for line in self.lines for c in line.clauses))


def card_path(game: str) -> Path:
    from ..registry import plugin
    return ROOT / plugin(game).content / "howto.yaml"


def has_card(game: str) -> bool:
    return card_path(game).exists()


def check_card(game: str, raw: Any) -> list[str]:
    """Every fault of the parsed YAML ``raw`` as the card of ``game``; empty when valid."""
    from .notes import notes
    from .segments import segment_map
    faults = [str(fault) for fault in schema_faults("howto", raw, f"{game} howto")]
    if not isinstance(raw, dict):
        return faults
    if isinstance(raw.get("game"), str) and raw["game"] != game:
        faults.append(f"{game} howto: 'game' is {raw.get('game')!r}, expected {game!r}")
    known = segment_map(game)
    by_id = {note.id: note for note in notes(game)}
    count = 0
    for key in SECTION_KEYS:
        lines = raw.get(key)
        if not isinstance(lines, list):
            continue
        for n, line in enumerate(lines, 1):
            where = f"{game} howto, {key} line {n}"
            count += 1
            if not isinstance(line, dict):
                continue
            clauses = line.get("clauses")
            clauses = [c for c in clauses if isinstance(c, str)] if isinstance(clauses, list) else []
            for cid in clauses:
                if cid not in known:
                    faults.append(f"{where}: unknown clause id {cid!r} "
                                  f"(not in content/{game}/segments.yaml)")
                elif known[cid].kind == "artifact":
                    faults.append(f"{where}: clause {cid!r} is a scraping leftover, not a rule")
            choice = line.get("choice")
            if isinstance(choice, str):
                note = by_id.get(choice)
                if note is None:
                    faults.append(f"{where}: choice {choice!r} is not a note of "
                                  f"content/{game}/notes.yaml")
                elif clauses and not set(note.clauses) & set(clauses):
                    faults.append(f"{where}: note {choice!r} is about "
                                  f"{', '.join(note.clauses)}, none of the line's clauses")
    if count > MAX_LINES:
        faults.append(f"{game} howto: {count} lines, more than the {MAX_LINES} that fit "
                      f"one phone screen")
    return faults


def parse_card(game: str, raw: Any) -> HowtoCard:
    """The card ``raw`` describes, or :class:`HowtoError` listing every fault."""
    faults = check_card(game, raw)
    if faults:
        raise HowtoError("\n".join(faults))
    sections = tuple(
        (key, tuple(HowtoLine(msgid=line["msgid"], clauses=tuple(line["clauses"]),
                              choice=line.get("choice")) for line in raw[key]))
        for key in SECTION_KEYS)
    return HowtoCard(game=game, sections=sections)


@lru_cache(maxsize=None)
def card(game: str) -> HowtoCard:
    """The card of ``game`` from its ``howto.yaml`` (validated)."""
    raw = yaml.safe_load(card_path(game).read_text(encoding="utf-8"))
    return parse_card(game, raw)


def section_title(key: str) -> str:
    """The msgid of section ``key``'s title."""
    return dict(SECTIONS)[key]
