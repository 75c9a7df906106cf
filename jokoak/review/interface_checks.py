"""Quality checks of the interface catalog (``messages.po``) and of the interpretation notes.

The source checks (:mod:`jokoak.review.source_checks`) read a Basque clause beside its translation; here the
source is an English msgid beside its eu, es or fr translation. Each entry is checked for:

* placeholders (``%(player)s``) and numbers in digits: the same in the translation;
* sentence count and brackets (translate-toolkit's pofilter checks), quotation marks, French
  spacing: a note whose last sentence was lost fails ``sentencecount``;
* the glossary in the interface: a game term of the msgid (``owner``, ``round``, ``bank``...,
  the ``interface`` words of ``content/glossary.yaml``) is rendered by its glossary stem, for
  the games the msgid belongs to (read from its ``#:`` locations); words the glossary says to
  avoid (``holder``) are flagged in the English msgids too;
* a note's quotations of the text: a quotation in the Basque note that is found in the Basque
  of the game's clauses is a quotation of the text; each language must quote as many passages
  of its own rendering of those clauses (the rendering shown beside the Basque).

A false positive is silenced per entry by a PO flag ``ignore-<check>`` (see :mod:`jokoak.review.source_checks`).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from .. import registry
from ..i18n import UI_DOMAIN
from ..content.glossary import Term, contains_phrase, glossary, has_expression
from ..i18n import interface_catalog
from ..content.notes import notes
from .source_checks import (Entry, Flag, _flag, _pofilter, drift_words, ignored_checks,
                            pofilter_params, typography_flags)
from ..content.segments import segments
from ..i18n.source_translations import translations

_PLACEHOLDER = re.compile(r"%\((\w+)\)[sdif]|%[sdif]")
_DIGITS = re.compile(r"\d+")
_QUOTED = re.compile(r"«\s*([^»]+?)\s*»|“([^”]+)”|\"([^\"]+)\"")
_SPACES = re.compile(r"[\s\u00a0\u202f]+")


@dataclass(frozen=True)
class UiEntry:
    """One msgid of the interface catalog with its translation(s) and PO flags."""

    msgid: str
    plural: str | None
    targets: tuple[str, ...]
    flags: frozenset[str]
    locations: tuple[str, ...]

    @property
    def games(self) -> frozenset[str]:
        """The games the msgid belongs to, read from the paths it was extracted from."""
        return frozenset(g for g in registry.plugins() for loc in self.locations if g in loc)

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags


def read_ui_catalog(path: Path, lang: str) -> list[UiEntry]:
    with path.open("rb") as fh:
        return ui_entries(read_po(fh, locale=lang, domain=UI_DOMAIN))


def ui_entries(catalog: Catalog) -> list[UiEntry]:
    out = []
    for m in catalog:
        if not m.id:
            continue
        ids = (m.id,) if isinstance(m.id, str) else tuple(m.id)
        strings = (m.string,) if isinstance(m.string, str) else tuple(m.string or ())
        out.append(UiEntry(ids[0], ids[1] if len(ids) > 1 else None,
                           tuple(s or "" for s in strings), frozenset(m.flags),
                           tuple(loc for loc, _line in m.locations)))
    return out


@lru_cache(maxsize=None)
def shipped_ui_entries(lang: str) -> tuple[UiEntry, ...]:
    catalog = interface_catalog(lang)   # the shared catalog with the games' own merged in
    return tuple(ui_entries(catalog)) if catalog is not None else ()


# --- one entry -------------------------------------------------------------------------------

def placeholder_problems(source: str, target: str) -> tuple[list[str], list[str]]:
    want = Counter(m.group(0) for m in _PLACEHOLDER.finditer(source))
    have = Counter(m.group(0) for m in _PLACEHOLDER.finditer(target))
    return sorted(set(want) - set(have)), sorted(set(have) - set(want))


def missing_digits(source: str, target: str) -> list[str]:
    """Numbers the English writes in digits that the translation lost (writing "6" for
    "sixes" is fine, so digits the translation adds are not counted)."""
    def digits(text: str) -> Counter[str]:
        return Counter(_DIGITS.findall(_PLACEHOLDER.sub(" ", text)))
    return sorted((digits(source) - digits(target)).elements())


_ORDINAL_DOT = re.compile(r"(\d)\.(?=\s+[^\W\d_A-Z])")   # Basque "3. jokalaria"
_WORD_DOT = re.compile(r"(?<=\w)\.(?=\w)")                  # "perudo.com", "1.59"
_DIGIT_START = re.compile(r"(?<=[.!?])(\s+)(?=\d)")           # ". 6ko batek..." starts one


def _for_pofilter(text: str) -> str:
    """The text as pofilter should count it: placeholders as a word, no dot that does not
    end a sentence (a Basque ordinal before a lowercase word, a dot inside a word), and a
    sentence that starts with a digit counted as one."""
    text = _WORD_DOT.sub("", _ORDINAL_DOT.sub(r"\1", _PLACEHOLDER.sub("X", text)))
    return _DIGIT_START.sub(r"\1X", text)


def _english_words(text: str, words: Iterable[str]) -> bool:
    text = _PLACEHOLDER.sub(" ", text)
    return any(contains_phrase(text, w) for w in words)


def _has_stem(text: str, stems: Iterable[str]) -> bool:
    norm = _SPACES.sub(" ", text).casefold()
    return any(re.search(r"(?<!\w)" + re.escape(s.casefold()), norm) for s in stems)


def interface_terms(games: Iterable[str]) -> list[Term]:
    games = set(games)
    return [t for t in glossary() if t.interface and games & set(t.games)]


def _said(term: Term, lang: str) -> str:
    """What the glossary says a concept is called in ``lang``: its interface stems, else its
    rendering (the Basque headword for Basque)."""
    stems = term.interface.get(lang, ())
    return " / ".join(stems) if stems else (term.eu if lang == "eu" else term.rendering[lang])


def concept_terms(entry: UiEntry, source: str) -> list[Term]:
    """The terms whose words to avoid are looked for in a translation of ``source``: those of
    the msgid's games (of every game for a msgid of no game's file, such as the guess view's)
    whose English words the msgid uses. A word is avoided for one concept: Basque *aukera* is
    the booklet's word for a choice, wrong only where the English says "chance"."""
    return [t for t in interface_terms(entry.games or registry.plugins())
            if t.avoid and _english_words(source, t.interface["en"])]


def glossary_problems(entry: UiEntry, source: str, target: str, lang: str) -> list[Term]:
    """Terms whose English words are in the msgid and whose stem is not in the translation."""
    return [t for t in interface_terms(entry.games)
            if _english_words(source, t.interface["en"]) and t.interface.get(lang)
            and not _has_stem(target, t.interface[lang])]


def check_ui_entry(entry: UiEntry, lang: str) -> list[Flag]:
    """Every flag of one interface entry but those its PO flags silence."""
    skip = ignored_checks(entry.flags)
    return [f for f in _check_ui_entry(entry, lang) if f.check not in skip]


def _check_ui_entry(entry: UiEntry, lang: str) -> list[Flag]:
    key = Entry(entry.msgid, entry.msgid, "", "")
    if not any(entry.targets):
        return [_flag("untranslated", key, lang)]
    flags = []
    if entry.fuzzy:
        flags.append(_flag("fuzzy", key, lang))
    sources = [entry.msgid] + ([entry.plural] * (len(entry.targets) - 1) if entry.plural else [])
    for src, tgt in zip(sources, entry.targets):
        if not tgt:
            flags.append(_flag("untranslated", key, lang))
            continue
        missing, extra = placeholder_problems(src, tgt)
        if entry.plural:
            # a plural form may use any placeholder of either msgid; it must keep the shared ones
            singular, plural = (placeholder_problems(s, tgt) for s in (entry.msgid, entry.plural))
            missing = sorted(set(singular[0]) & set(plural[0]))
            extra = sorted(set(singular[1]) & set(plural[1]))
        if missing or extra:
            flags.append(_flag("placeholders", key, lang, missing=", ".join(missing) or "-",
                               extra=", ".join(extra) or "-"))
        if entry.plural is None:
            lost = missing_digits(src, tgt)
            if lost:
                flags.append(_flag("digits", key, lang, missing=", ".join(lost)))
        for name in ("sentencecount", "brackets"):
            reason = _pofilter(name, _for_pofilter(src), _for_pofilter(tgt), lang)
            if reason:
                flags.append(_flag(name, key, lang,
                                   **pofilter_params(name, reason, src, tgt)))
        flags += typography_flags(key, tgt, lang)
        for placeholder in list_placeholder_problems(entry, tgt):
            flags.append(_flag("list_placeholder", key, lang, placeholder=placeholder))
        for term in glossary_problems(entry, src, tgt, lang):
            flags.append(_flag("interface_glossary", key, lang, term=term.interface["en"][0],
                               expected=" / ".join(term.interface[lang])))
        for term, word in drift_words(_PLACEHOLDER.sub(" ", tgt), lang,
                                      concept_terms(entry, src)):
            flags.append(_flag("drift", key, lang, found=word, expected=_said(term, lang)))
    return _dedupe(flags)


def _dedupe(flags: list[Flag]) -> list[Flag]:
    return list(dict.fromkeys(flags))


def check_english_msgids(entries: Iterable[UiEntry]) -> list[Flag]:
    """The English msgids against the glossary's words to avoid (``holder`` for ``owner``)."""
    out = []
    for e in entries:
        if "drift" in ignored_checks(e.flags):
            continue
        key = Entry(e.msgid, e.msgid, "", "")
        for text in filter(None, (e.msgid, e.plural)):
            for term, word in drift_words(_PLACEHOLDER.sub(" ", text), "en",
                                          interface_terms(e.games)):
                out.append(_flag("drift", key, "en", found=word,
                                 expected=" / ".join(term.interface["en"])))
    return _dedupe(out)


# --- placeholders filled with a list --------------------------------------------------------

#: ``_("...") % {...}`` in the code, with the msgid's string literals and the mapping's body
_FORMATTED = re.compile(r"""_\(\s*((?:"(?:[^"\\]|\\.)*"\s*)+)\)\s*%\s*\{([^{}]*)\}""")
_JOINED = re.compile(r"""["'](\w+)["']\s*:\s*(?:"[^"]*"|'[^']*')\.join\(""")
_CODE_DIRS = ("ui", "jokoak", "app_pages")


@lru_cache(maxsize=None)
def list_placeholders() -> dict[str, frozenset[str]]:
    """msgid -> the placeholders the code fills with a joined list (``", ".join(names)``),
    read from the code itself, so a new one is checked without anyone declaring it."""
    import ast
    import warnings

    from .. import ROOT
    out: dict[str, set[str]] = {}
    for folder in _CODE_DIRS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for m in _FORMATTED.finditer(path.read_text(encoding="utf-8")):
                names = _JOINED.findall(m.group(2))
                if not names:
                    continue
                with warnings.catch_warnings():   # a literal of the code, as Python reads it
                    warnings.simplefilter("ignore", DeprecationWarning)
                    msgid = "".join(ast.literal_eval(lit) for lit in
                                    re.findall(r'"(?:[^"\\]|\\.)*"', m.group(1)))
                out.setdefault(msgid, set()).update(f"%({n})s" for n in names)
    return {k: frozenset(v) for k, v in out.items()}


_AFTER_COLON = r":[\s\u00a0\u202f]*"


def list_placeholder_problems(entry: UiEntry, target: str) -> list[str]:
    """The list placeholders of the msgid a translation does not put after a colon (a
    plural entry goes through ngettext and may agree with its count; a msgid that is only
    the list, such as "%(names)s and %(last)s", is not checked)."""
    if entry.plural is not None or len(_PLACEHOLDER.sub(" ", entry.msgid).split()) < 2:
        return []   # ngettext agrees with its count; "%(names)s and %(last)s" is the list
    return [p for p in sorted(list_placeholders().get(entry.msgid, ()))
            if p in target and not re.search(_AFTER_COLON + re.escape(p), target)]


# --- the parties of the clauses a card line or lesson step cites ------------------------------

def clause_term_flags(lang: str, targets: dict[str, str] | None = None) -> list[Flag]:
    """Card lines and lesson steps that leave out a party their cited clauses name: in the
    English msgid (``lang="en"``) or in its translation (``targets``: msgid -> translation)."""
    from ..content.lesson_checks import cited_roles, sentences

    out = []
    for game in registry.plugins():
        for _where, msgid, clauses in sentences(game):
            text = msgid if lang == "en" else (targets or {}).get(msgid, "")
            if not text:
                continue
            for term in cited_roles(game, clauses):
                words = term.interface.get(lang, ())
                named = (_english_words(text, words) if lang == "en"
                         else _has_stem(_PLACEHOLDER.sub(" ", text), words))
                if words and not named:
                    clause = next(c for c in clauses if term in cited_roles(game, (c,)))
                    out.append(_flag("clause_terms", Entry(msgid, msgid, "", ""), lang,
                                     term=term.eu, clause=clause,
                                     expected=" / ".join(words)))
    return _dedupe(out)


# --- the quantifiers of the clauses a rule sentence cites -----------------------------------

RuleSentence = tuple[str, str, tuple[str, ...]]


def quantifier_flags(lang: str, targets: dict[str, str] | None = None,
                     said: Iterable[tuple[str, RuleSentence]] | None = None) -> list[Flag]:
    """Rule sentences (card lines; lesson steps' feedback and whys) whose cited clause
    has a quantifier (*gutxienez* "at least", *bakarrik* / *soilik* "only", *gehienez* "at
    most": the glossary's ``quantifiers``) and whose text has none of its expressions in
    ``lang``: in the English msgid (``lang="en"``) or in its translation (``targets``).
    ``said``: (game, (where, msgid, clauses)) of the sentences to check, default every
    card line and lesson step of the shipped games."""
    from ..content.lesson_checks import cited_quantifiers, rule_sentences

    if said is None:
        said = [(game, sentence) for game in registry.plugins() for sentence in rule_sentences(game)]
    out = []
    for game, (_where, msgid, clauses) in said:
        text = msgid if lang == "en" else (targets or {}).get(msgid, "")
        if not text:
            continue
        for clause, quantifier, word in cited_quantifiers(game, clauses):
            expected = quantifier.rendering.get(lang, ())
            if expected and has_expression(_PLACEHOLDER.sub(" ", text), expected) is None:
                out.append(_flag("quantifiers", Entry(msgid, msgid, "", ""), lang,
                                 clause=clause, word=word, expected=" / ".join(expected)))
    return _dedupe(out)


# --- notes: quotations of the text -----------------------------------------------------------

def _norm_quote(text: str) -> str:
    text = text.replace("’", "'").replace("\u2011", "-")
    return _SPACES.sub(" ", text).strip(" .,;:").casefold()


def quotations(text: str) -> list[str]:
    """The quoted passages of a text (« », “ ” and straight double quotes)."""
    return [next(g for g in m.groups() if g) for m in _QUOTED.finditer(text)]


@lru_cache(maxsize=None)
def _clause_texts(game: str, lang: str) -> tuple[str, ...]:
    """The game's clauses as shown in ``lang``, normalised: the Basque itself for eu, and for
    every language the artifacts, which are shown untranslated."""
    artifacts = tuple(_norm_quote(s.text) for s in segments(game) if not s.translatable)
    if lang == "eu":
        return tuple(_norm_quote(s.text) for s in segments(game))
    return artifacts + tuple(_norm_quote(t.text) for t in translations(game, lang) if t.text)


#: A quotation of one word ("in a creek" for *errekan*) is a scare quote, not a quotation.
MIN_QUOTED_WORDS = 2


def quotes_of_the_text(quotes: Iterable[str], game: str, lang: str) -> list[str]:
    """The quotations that are passages of the game's clauses as shown in ``lang``."""
    texts = _clause_texts(game, lang)
    return [q for q in quotes if any(_norm_quote(q) in t for t in texts)]


def note_games() -> dict[str, str]:
    """msgid of every note body -> its game."""
    return {n.body.strip(): g for g in registry.plugins() for n in notes(g)}


def check_note_quotes(lang: str, targets: dict[str, str], basque: dict[str, str],
                      bodies: dict[str, str] | None = None) -> list[Flag]:
    """Notes of ``lang`` that quote fewer passages of their rendering than the Basque note does.

    ``targets`` and ``basque`` map a note body msgid to its translation in ``lang`` and in eu;
    ``bodies`` maps note msgids to their game (the shipped notes by default). English
    (``lang="en"``) checks the msgid itself against the English rendering.
    """
    out = []
    for msgid, game in (note_games() if bodies is None else bodies).items():
        eu_quotes = [q for q in quotes_of_the_text(quotations(basque.get(msgid, "")), game, "eu")
                     if len(q.split()) >= MIN_QUOTED_WORDS]
        text = msgid if lang == "en" else targets.get(msgid, "")
        if not eu_quotes or not text:
            continue
        mine = quotations(text)
        matched = quotes_of_the_text(mine, game, lang)
        if len(matched) < len(eu_quotes):
            wrong = [q for q in mine if q not in matched] or ["-"]
            out.append(_flag("note_quote", Entry(msgid, msgid, "", ""), lang,
                             quotes=" | ".join(wrong)))
    return out


# --- a whole catalog -------------------------------------------------------------------------

def check_ui_catalog(lang: str, entries: Iterable[UiEntry] | None = None) -> list[Flag]:
    """Every flag of an interface catalog (the shipped one unless ``entries`` are given)."""
    entries = list(shipped_ui_entries(lang) if entries is None else entries)
    flags = [f for e in entries for f in check_ui_entry(e, lang)]
    basque = {e.msgid: (e.targets[0] if e.targets else "") for e in shipped_ui_entries("eu")}
    mine = {e.msgid: (e.targets[0] if e.targets else "") for e in entries}
    skip = {e.msgid for e in entries if "note_quote" in ignored_checks(e.flags)}
    flags += [f for f in check_note_quotes(lang, mine, basque) if f.segment_id not in skip]
    silenced = {e.msgid for e in entries if "clause_terms" in ignored_checks(e.flags)}
    flags += [f for f in clause_term_flags(lang, mine) if f.segment_id not in silenced]
    unbound = {e.msgid for e in entries if "quantifiers" in ignored_checks(e.flags)}
    flags += [f for f in quantifier_flags(lang, mine) if f.segment_id not in unbound]
    return flags


def check_english_catalog() -> list[Flag]:
    """The English side: msgids against the words to avoid, notes against the EN rendering."""
    entries = shipped_ui_entries("eu")
    basque = {e.msgid: (e.targets[0] if e.targets else "") for e in entries}
    skip = {e.msgid for e in entries if "note_quote" in ignored_checks(e.flags)}
    silenced = {e.msgid for e in entries if "clause_terms" in ignored_checks(e.flags)}
    unbound = {e.msgid for e in entries if "quantifiers" in ignored_checks(e.flags)}
    return check_english_msgids(entries) + [
        f for f in check_note_quotes("en", {}, basque) if f.segment_id not in skip] + [
        f for f in clause_term_flags("en") if f.segment_id not in silenced] + [
        f for f in quantifier_flags("en") if f.segment_id not in unbound]
