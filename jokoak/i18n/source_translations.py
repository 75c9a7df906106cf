"""The translations of the Basque sources: one entry per segment and language, with status.

Read from ``content/<game>/locales/<lang>/LC_MESSAGES/<game>.po`` (msgctxt = segment id). A fuzzy entry is a
translation whose Basque segment changed since: it is reported, never shown as current.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from . import TARGET_LANGUAGES, load_catalog
from ..content.segments import Segment, segments

TRANSLATED, FUZZY, UNTRANSLATED, NOT_TRANSLATABLE = "translated", "fuzzy", "untranslated", "artifact"


@dataclass(frozen=True)
class SegmentTranslation:
    segment: Segment
    lang: str
    text: str            # the translation ('' unless status is translated or fuzzy)
    status: str
    previous_source: str | None = None   # the Basque it was made from, when fuzzy

    @property
    def current(self) -> str | None:
        """The text to show a visitor: only an up-to-date translation."""
        return self.text if self.status == TRANSLATED else None


@lru_cache(maxsize=None)
def translations(game: str, lang: str) -> tuple[SegmentTranslation, ...]:
    """Every segment of ``game`` with its ``lang`` translation and status, in source order."""
    if lang not in TARGET_LANGUAGES:
        raise KeyError(lang)
    catalog = load_catalog(lang, game)
    out = []
    for seg in segments(game):
        if not seg.translatable:
            out.append(SegmentTranslation(seg, lang, "", NOT_TRANSLATABLE))
            continue
        msg = catalog.get(seg.text, context=seg.id) if catalog is not None else None
        if msg is None or not msg.string:
            out.append(SegmentTranslation(seg, lang, "", UNTRANSLATED))
        elif msg.fuzzy:
            prev = " ".join(msg.previous_id) if msg.previous_id else None
            out.append(SegmentTranslation(seg, lang, singular(msg.string), FUZZY, prev))
        else:
            out.append(SegmentTranslation(seg, lang, singular(msg.string), TRANSLATED))
    return tuple(out)


def translation_map(game: str, lang: str) -> dict[str, SegmentTranslation]:
    return {t.segment.id: t for t in translations(game, lang)}


def statistics(game: str, lang: str) -> dict[str, int]:
    """Counts of translated / fuzzy / untranslated segments (artifacts left out)."""
    counts = {TRANSLATED: 0, FUZZY: 0, UNTRANSLATED: 0}
    for t in translations(game, lang):
        if t.status in counts:
            counts[t.status] += 1
    return counts


def singular(string: str | tuple[str, ...] | list[str]) -> str:
    """A segment's translation: Babel types ``Message.string`` as text or plural forms, but a
    segment is never plural (were it, its first form is the singular)."""
    return string if isinstance(string, str) else string[0]
