"""The glossary of game terms: finding terms in a Basque segment, checking renderings, exports.

The glossary fixes one rendering per term and language and a policy (``translate`` or
``keep`` the Basque word). A term of one game alone lives in that game's folder
(``content/<key>/glossary.yaml``), the terms several games share and the quantifiers in
``content/glossary.yaml``: a new game adds its terms and edits no shared file. Basque is agglutinative, so a term's ``forms`` are stems matched
at the start of a word (``ostatu`` finds ``ostatuaren``); the longest form wins where forms
overlap (``ahl harri`` before ``ahl``, ``puntuazio-zotz`` before ``zotz``). Renderings are
whole words or phrases in the translation: inflected forms are listed as ``variants``. The
file's shape is ``content/schemas/glossary.schema.json`` (:mod:`jokoak.content.schema`).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

import yaml

from .. import ROOT, registry
from ..errors import ContentError
from .schema import check_schema
from .segments import content_dir
from ..i18n import LANGUAGES, TARGET_LANGUAGES

GLOSSARY_PATH = ROOT / "content" / "glossary.yaml"
#: Spaces a translation may use inside a phrase (French no-break spaces), matched as one space.
_SPACES = re.compile(r"[\s\u00a0\u202f]+")


@dataclass(frozen=True)
class Term:
    id: str
    eu: str
    forms: tuple[str, ...]
    policy: str
    games: tuple[str, ...]
    rendering: dict[str, str] = field(hash=False, compare=False)
    variants: dict[str, tuple[str, ...]] = field(hash=False, compare=False)
    definition: dict[str, str] = field(hash=False, compare=False)
    only_in: tuple[str, ...] = ()
    not_in: tuple[str, ...] = ()
    #: the concept in the interface: English words of a msgid -> stems of its rendering per
    #: language (``{"en": ("owner", "owners"), "eu": ("jabe",), ...}``)
    interface: dict[str, tuple[str, ...]] = field(default_factory=dict, hash=False,
                                                  compare=False)
    #: words that must not name the concept, per language (``{"en": ("holder",)}``); a word
    #: ending in ``*`` is a stem (``kostat*`` finds ``kostatzen``). English words are avoided
    #: everywhere; a translation's only where its English names the concept
    avoid: dict[str, tuple[str, ...]] = field(default_factory=dict, hash=False, compare=False)
    #: a party of a rule (the auctioneer, the banker, the thrower, the innkeeper): a lesson
    #: step or card line that cites a clause naming the party names it too, in every language
    role: bool = False
    #: a concept of the interface only (chance, cost): never looked for in the Basque sources
    interface_only: bool = False

    def applies(self, game: str, segment_id: str | None) -> bool:
        """Whether the term is looked for in this game's segment (game name vs. the card)."""
        if game not in self.games:
            return False
        if self.interface_only and segment_id is not None:
            return False
        if segment_id is None:
            return True
        if self.only_in and segment_id not in self.only_in:
            return False
        return segment_id not in self.not_in

    def accepted(self, lang: str) -> tuple[str, ...]:
        """The rendering and its listed variants: any of them satisfies the glossary."""
        return (self.rendering[lang], *self.variants.get(lang, ()))

    def gloss(self, lang: str) -> str:
        """A tooltip for a visitor reading ``lang``: rendering and definition in that language."""
        definition = self.definition.get(lang) or self.definition.get("en", "")
        if lang in self.rendering and self.rendering[lang].casefold() != self.eu.casefold():
            return f"{self.rendering[lang]}: {definition}"
        return definition


@dataclass(frozen=True)
class Match:
    """A term found in a Basque text: ``text[start:end]`` is the whole inflected word."""

    term: Term
    start: int
    end: int
    text: str


class GlossaryError(ContentError):
    """A glossary file that breaks the format (unknown policy, missing rendering...)."""


def _as_tuple(value: str | Iterable[Any] | None) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    return tuple(str(v) for v in value)


def parse_glossary(data: Any, where: str = "glossary.yaml") -> tuple[Term, ...]:
    """Validate the YAML mapping; raises :class:`GlossaryError` naming the term at fault."""
    check_schema("glossary", data, where, GlossaryError)
    out = []
    seen = set()
    for raw in (data or {}).get("terms") or []:
        tid = raw["id"]
        if tid in seen:
            raise GlossaryError(f"{where}: term {tid!r}: duplicate id")
        seen.add(tid)
        rendering = {k: str(v) for k, v in raw["rendering"].items()}
        forms = tuple(f.casefold() for f in _as_tuple(raw.get("forms")) or (raw["eu"],))
        ui = dict(raw.get("interface") or {})
        avoid = {k: _as_tuple(v) for k, v in (ui.pop("avoid", None) or {}).items()}
        interface = {k: _as_tuple(v) for k, v in ui.items()}
        out.append(Term(
            id=tid, eu=str(raw["eu"]), forms=forms, policy=raw["policy"],
            games=_as_tuple(raw.get("games")), rendering=rendering,
            variants={k: _as_tuple(v) for k, v in (raw.get("variants") or {}).items()},
            definition={k: str(v or "") for k, v in (raw.get("definition") or {}).items()},
            only_in=_as_tuple(raw.get("only_in")), not_in=_as_tuple(raw.get("not_in")),
            interface=interface, avoid=avoid, role=bool(raw.get("role", False)),
            interface_only=bool(raw.get("interface_only", False))))
    return tuple(out)


def game_glossary_path(game: str) -> Path:
    """The glossary of the terms only ``game`` uses, in its own folder."""
    return content_dir(game) / "glossary.yaml"


def glossary(path: Path | None = None) -> tuple[Term, ...]:
    """Every term of the project glossary: each game's own terms (games in the registry's
    order, each file in its order), then the shared ones; or the terms of one file."""
    if path is not None:
        return _glossary_file(path)
    return _project_glossary(tuple(registry.plugins()))


@lru_cache(maxsize=None)
def _glossary_file(path: Path) -> tuple[Term, ...]:
    where = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else path.name
    return parse_glossary(yaml.safe_load(path.read_text(encoding="utf-8")) or {}, where)


@lru_cache(maxsize=None)
def _project_glossary(games: tuple[str, ...]) -> tuple[Term, ...]:
    files = [game_glossary_path(g) for g in games] + [GLOSSARY_PATH]
    terms = [t for path in files if path.is_file() for t in _glossary_file(path)]
    twice = sorted({t.id for t in terms if sum(u.id == t.id for u in terms) > 1})
    if twice:
        raise GlossaryError(f"glossary: terms defined twice: {', '.join(twice)}")
    return tuple(terms)


def term_map() -> dict[str, Term]:
    return {t.id: t for t in glossary()}


@lru_cache(maxsize=None)
def _stem_pattern(form: str) -> re.Pattern[str]:
    # a stem at the start of a word, extended to the end of the inflected word
    return re.compile(r"(?<!\w)" + re.escape(form).replace(r"\ ", r"\s+") + r"\w*", re.IGNORECASE)


def find_terms(text: str, game: str, segment_id: str | None = None,
               terms: Iterable[Term] | None = None) -> list[Match]:
    """The glossary terms in a Basque text, longest form first, never overlapping, in order."""
    candidates = []
    for term in (glossary() if terms is None else terms):
        if not term.applies(game, segment_id):
            continue
        for form in term.forms:
            for m in _stem_pattern(form).finditer(text):
                candidates.append((-len(form), m.start(), m.end(), term))
    taken: list[Match] = []
    for _neg, start, end, term in sorted(candidates, key=lambda c: (c[0], c[1])):
        if any(start < t.end and t.start < end for t in taken):
            continue
        taken.append(Match(term, start, end, text[start:end]))
    return sorted(taken, key=lambda m: m.start)


def terms_in(text: str, game: str, segment_id: str | None = None) -> list[Term]:
    """The distinct terms of a Basque segment, in order of first appearance."""
    return list(dict.fromkeys(m.term for m in find_terms(text, game, segment_id)))


def _normalise(text: str) -> str:
    return _SPACES.sub(" ", text).casefold()


def contains_phrase(translation: str, phrase: str) -> bool:
    """``phrase`` as whole words in ``translation`` (case and no-break spaces ignored)."""
    pattern = r"(?<!\w)" + re.escape(_normalise(phrase)) + r"(?!\w)"
    return re.search(pattern, _normalise(translation)) is not None


def contains_avoided(text: str, word: str) -> bool:
    """An avoid-list entry in ``text``: a whole word or phrase, or a stem (``kostat*``) at the
    start of a word."""
    if word.endswith("*"):
        pattern = r"(?<!\w)" + re.escape(_normalise(word[:-1]))
        return re.search(pattern, _normalise(text)) is not None
    return contains_phrase(text, word)


def is_rendered(term: Term, lang: str, translation: str) -> bool:
    """Whether the translation uses the term's rendering or one of its listed variants."""
    return any(contains_phrase(translation, form) for form in term.accepted(lang))


def leaves_basque(term: Term, lang: str, translation: str) -> str | None:
    """The Basque form a ``translate`` term left in the translation (None if it did not)."""
    if term.policy != "translate":
        return None
    rendered = [_normalise(r) for r in term.accepted(lang)]
    for form in term.forms:
        if any(form in r for r in rendered):
            continue
        found = _stem_pattern(form).search(_SPACES.sub(" ", translation))
        if found:
            return found.group(0)
    return None


# --- exports ---------------------------------------------------------------------------------

CSV_COLUMNS = ("id", "policy", "games", "eu", *(f"{lg}" for lg in TARGET_LANGUAGES),
               *(f"{lg}_variants" for lg in TARGET_LANGUAGES),
               *(f"definition_{lg}" for lg in LANGUAGES))


def export_csv(terms: Iterable[Term] | None = None) -> str:
    """One row per term: renderings, variants (``|``-separated) and the four definitions."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for t in (glossary() if terms is None else terms):
        writer.writerow([t.id, t.policy, " ".join(t.games), t.eu,
                         *(t.rendering[lg] for lg in TARGET_LANGUAGES),
                         *("|".join(t.variants.get(lg, ())) for lg in TARGET_LANGUAGES),
                         *(t.definition.get(lg, "") for lg in LANGUAGES)])
    return buf.getvalue()


def export_tbx(terms: Iterable[Term] | None = None, lang: str | None = None) -> bytes:
    """TBX written by translate-toolkit: Basque term -> rendering (one language or all three).

    The toolkit's TBX store holds one source and one target per entry, so each term gives one
    entry per target language; the definition is the entry's note, the policy a note too.
    """
    from translate.storage.tbx import tbxfile

    store = tbxfile(sourcelanguage="eu")
    for t in (glossary() if terms is None else terms):
        for lg in ([lang] if lang else TARGET_LANGUAGES):
            unit = store.addsourceunit(t.eu)
            unit.settarget(t.rendering[lg], lang=lg)
            unit.setid(f"{t.id}.{lg}")
            unit.addnote(f"{t.id} ({t.policy}): {t.definition.get(lg, '')}", origin="translator")
    return bytes(store)


def read_tbx(data: bytes) -> list[tuple[str, str]]:
    """(source, target) pairs of a TBX file, read back with translate-toolkit."""
    from translate.storage.tbx import tbxfile

    store = tbxfile.parsestring(data)
    return [(u.source, u.target) for u in store.units]


# ---- quantifiers of the rules -----------------------------------------------------------------

@dataclass(frozen=True)
class Quantifier:
    """A quantifier of the rules (*gutxienez* "at least"): the Basque words that put it in a
    clause, phrases where those words are no quantifier (*gutxienez punturen bat*, "with some
    pips"), and the expressions that render it in each language (``…`` stands for the words
    in between: French "n’… qu’")."""

    id: str
    basque: tuple[str, ...]
    not_in: tuple[str, ...]
    rendering: dict[str, tuple[str, ...]] = field(hash=False, compare=False)


def parse_quantifiers(data: Any, where: str = "glossary.yaml") -> tuple[Quantifier, ...]:
    """The ``quantifiers:`` of the glossary file (validated with the glossary's schema)."""
    check_schema("glossary", data, where, GlossaryError)
    out = []
    for raw in (data or {}).get("quantifiers") or []:
        out.append(Quantifier(
            id=str(raw["id"]), basque=_as_tuple(raw["basque"]),
            not_in=_as_tuple(raw.get("not_in")),
            rendering={k: _as_tuple(v) for k, v in raw["rendering"].items()}))
    return tuple(out)


@lru_cache(maxsize=None)
def quantifiers(path: Path = GLOSSARY_PATH) -> tuple[Quantifier, ...]:
    """Every quantifier of the project glossary, in file order."""
    return parse_quantifiers(yaml.safe_load(path.read_text(encoding="utf-8")) or {}, path.name)


def _quantifier_text(text: str) -> str:
    return _normalise(text.replace("’", "'"))


@lru_cache(maxsize=None)
def _expression_pattern(expression: str) -> re.Pattern[str]:
    parts = [_quantifier_text(p).strip() for p in expression.split("…")]
    pieces = []
    for part in parts:
        start = r"(?<!\w)" + re.escape(part)
        pieces.append(start if part.endswith("'") else start + r"(?!\w)")
    return re.compile(r"[^.;:!?]{0,60}?".join(pieces))


def has_expression(text: str, expressions: Iterable[str]) -> str | None:
    """The first of ``expressions`` found in ``text`` (whole words; ``…``: words between)."""
    norm = _quantifier_text(text)
    return next((e for e in expressions if _expression_pattern(e).search(norm)), None)


def clause_quantifiers(text: str, found: Iterable[Quantifier] | None = None
                       ) -> list[tuple[Quantifier, str]]:
    """The quantifiers of a Basque clause, each with the Basque word that puts it there."""
    norm = _quantifier_text(text)
    out = []
    for q in quantifiers() if found is None else found:
        bare = norm
        for phrase in q.not_in:
            bare = bare.replace(_quantifier_text(phrase), " ")
        word = has_expression(bare, q.basque)
        if word is not None:
            out.append((q, word))
    return out
