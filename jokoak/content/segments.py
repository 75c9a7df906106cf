"""The segment model: each seed cut into citable clauses, rebuilt byte for byte.

A segment is the unit a person cites (``phase2.throw4.c``), an engine event applies and a
translator translates. The maps live in ``content/<game>/segments.yaml``; their shape is
``content/schemas/segments.schema.json`` (:mod:`jokoak.content.schema`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from .. import ROOT, registry
from ..errors import ContentError
from .schema import check_schema


@dataclass(frozen=True)
class Segment:
    """One clause of a Basque source: ``text`` followed in the seed by ``after``."""

    game: str
    id: str
    kind: str
    text: str
    after: str = "\n"
    reason: str | None = None

    @property
    def translatable(self) -> bool:
        """Artifacts are scraping leftovers: shown as they are, never translated."""
        return self.kind != "artifact"


def seed_path(game: str) -> Path:
    return ROOT / registry.plugin(game).seed


def content_dir(game: str) -> Path:
    """``content/<game>/`` (or wherever the game's registry entry puts its content)."""
    return ROOT / registry.plugin(game).content


def seed_text(game: str) -> str:
    return seed_path(game).read_bytes().decode("utf-8")


@lru_cache(maxsize=None)
def segments(game: str) -> tuple[Segment, ...]:
    """The game's segments in source order (validated: the schema's kinds, unique ids)."""
    data = yaml.safe_load((content_dir(game) / "segments.yaml").read_text(encoding="utf-8"))
    check_schema("segments", data, f"{game}/segments.yaml", ContentError)
    out = [Segment(game=game, id=raw["id"], kind=raw["kind"], text=raw["text"],
                   after=raw.get("after", "\n"), reason=raw.get("reason"))
           for raw in data["segments"]]
    ids = [s.id for s in out]
    if len(set(ids)) != len(ids):
        raise ContentError(f"{game}: duplicate segment ids")
    return tuple(out)


def segment_map(game: str) -> dict[str, Segment]:
    return {s.id: s for s in segments(game)}


def rebuild(game: str) -> str:
    """The seed as the segments spell it: must equal :func:`seed_text` exactly."""
    return "".join(s.text + s.after for s in segments(game))


def blocks(game: str) -> list[list[Segment]]:
    """Segments grouped by the seed's lines (a paragraph may hold several clauses)."""
    out: list[list[Segment]] = [[]]
    for seg in segments(game):
        out[-1].append(seg)
        if seg.after == "\n":
            out.append([])
    return [b for b in out if b]
