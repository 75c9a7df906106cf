"""Quality checks of the translations of the Basque sources.

Each check looks at one entry (segment id, Basque, translation, status) and returns flags that
name the segment and the reason. Where translate-toolkit's pofilter has the check
(``translate.filters.checks.StandardChecker``: sentence count, end punctuation, doubled words,
brackets, punctuation spacing) it is used; the locale-aware numbers check, the glossary checks
and the length ratio are our own. Checks with severity ``error`` make ``python -m jokoak qa``
and the tests fail; ``warning`` flags are shown to the translator only.

Messages are English msgids (``N_``) with ``%(name)s`` parameters, so the page explains them
in the visitor's language and the command line and tests print them in English.

A false positive is silenced for one entry only, by a PO flag ``ignore-<check>`` on that entry
(``#, ignore-endpunc``), as Weblate does; never by editing the checks. The interface catalog and
the notes are checked by :mod:`jokoak.review.interface_checks`, spelling by :mod:`jokoak.review.spelling`.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from statistics import median
from typing import Any, Callable, Iterable, Sequence

from babel.messages.catalog import Catalog
from babel.numbers import format_decimal

from ..content.glossary import (Term, contains_avoided, find_terms, glossary, is_rendered,
                       leaves_basque)
from ..i18n import TARGET_LANGUAGES, load_catalog
from ..content.segments import Segment
from ..i18n.source_translations import FUZZY, TRANSLATED, UNTRANSLATED, singular, translations
from ..i18n.msgids import N_
from .. import registry

Gettext = Callable[[str], str]
ERROR, WARNING = "error", "warning"


@dataclass(frozen=True)
class CheckInfo:
    id: str
    title: str          # msgid
    explanation: str    # msgid: what the check looks for and why
    detail: str         # msgid with %(...)s parameters: what is wrong in this entry
    severity: str
    origin: str         # "pofilter" (translate-toolkit) or "jokoak"
    #: parameters whose values are msgids, shown translated (the roles of a payment)
    translated: tuple[str, ...] = ()


CHECKS: dict[str, CheckInfo] = {c.id: c for c in (
    CheckInfo("untranslated", N_("Untranslated"),
              N_("The clause has no translation yet."),
              N_("no translation"), ERROR, "jokoak"),
    CheckInfo("fuzzy", N_("Fuzzy"),
              N_("The Basque clause changed after it was translated: the old translation is "
                 "kept for reference but not shown to visitors until someone checks it."),
              N_("the Basque changed since this was translated"), ERROR, "jokoak"),
    CheckInfo("same_as_source", N_("Same as source"),
              N_("The translation is identical to the Basque. Only kept game names and kept "
                 "Basque terms may stay as they are."),
              N_("the translation is the Basque text"), ERROR, "jokoak"),
    CheckInfo("numbers", N_("Numbers"),
              N_("Every number written in digits in the Basque appears in the translation, "
                 "in the language's own form (25,4 in Spanish and French, 25.4 in English); "
                 "numbers are spelt out only where the Basque spells them."),
              N_("missing: %(missing)s; not in the Basque: %(extra)s"), ERROR, "jokoak"),
    CheckInfo("glossary", N_("Glossary consistency"),
              N_("Every glossary term in the Basque clause is translated by its glossary "
                 "rendering (or a listed inflected form); kept terms stay in Basque."),
              N_("“%(term)s” should be rendered as: %(expected)s"), ERROR, "jokoak"),
    CheckInfo("basque_term", N_("Basque term left in"),
              N_("A glossary term whose policy is to translate it appears in Basque in the "
                 "translation."),
              N_("“%(found)s” is left in Basque; the glossary says: %(expected)s"), ERROR,
              "jokoak"),
    CheckInfo("sentencecount", N_("Sentence count"),
              N_("The translation has as many sentences as the Basque clause."),
              N_("%(source)s sentences in the source, %(target)s in the translation"), ERROR,
              "pofilter"),
    CheckInfo("brackets", N_("Unbalanced brackets"),
              N_("The translation has the same brackets as the Basque."),
              N_("brackets missing: %(missing)s; added: %(added)s"), ERROR, "pofilter"),
    CheckInfo("quotes", N_("Unbalanced quotes"),
              N_("Every opening quotation mark in the translation is closed."),
              N_("unbalanced: %(marks)s"), ERROR, "jokoak"),
    CheckInfo("doublewords", N_("Doubled words"),
              N_("The same word twice in a row is usually a typing slip."),
              N_("repeated word: %(word)s"), ERROR, "pofilter"),
    CheckInfo("endpunc", N_("End punctuation"),
              N_("The translation ends with the same punctuation as the Basque (a list item "
                 "that ends with a comma continues the sentence)."),
              N_("the source ends with “%(source)s”, the translation with “%(target)s”"),
              WARNING, "pofilter"),
    CheckInfo("puncspacing", N_("Spacing around punctuation"),
              N_("The spacing after punctuation differs from the Basque (a comma with no space "
                 "after it, for instance). French spacing before punctuation is the check "
                 "“French spacing”."),
              N_("the spacing around punctuation differs from the source"), WARNING,
              "pofilter"),
    CheckInfo("typography", N_("French spacing"),
              N_("French puts a no-break space (U+00A0) before : and inside « », and a narrow "
                 "no-break space (U+202F) before ; ? !, so a line never starts with them."),
              N_("ordinary space at: %(where)s"), WARNING, "jokoak"),
    CheckInfo("length", N_("Length ratio"),
              N_("The translation is much shorter or longer than translations into this "
                 "language usually are: something may be missing or added."),
              N_("%(ratio)s times the Basque length; usual for this language: %(norm)s"),
              WARNING, "jokoak"),
    CheckInfo("placeholders", N_("Placeholders"),
              N_("Every placeholder of the English text, such as %(player)s, appears in the "
                 "translation, and no other."),
              N_("missing: %(missing)s; not in the English: %(extra)s"), ERROR, "jokoak"),
    CheckInfo("digits", N_("Numbers in digits"),
              N_("Every number the English text writes in digits appears in the translation "
                 "(the translation may write a number in digits that the English spells)."),
              N_("missing: %(missing)s"), ERROR, "jokoak"),
    CheckInfo("interface_glossary", N_("Glossary in the interface"),
              N_("A game term of the English text is translated by the glossary's rendering, "
                 "so one concept has one name in the rules, the notes and the interface."),
              N_("“%(term)s” should be rendered as: %(expected)s"), ERROR, "jokoak"),
    CheckInfo("drift", N_("Word to avoid"),
              N_("The glossary names a word that must not be used for this concept, because "
                 "the rules use another one."),
              N_("“%(found)s”: the glossary says %(expected)s"), ERROR, "jokoak"),
    CheckInfo("note_quote", N_("Quotation of the text"),
              N_("A note that quotes the Basque text quotes, in each language, the very "
                 "rendering shown beside the Basque."),
              N_("not in the rendering of the clauses: %(quotes)s"), ERROR, "jokoak"),
    CheckInfo("cross_numbers", N_("Numbers across the translations"),
              N_("The Spanish, French and English renderings of a clause write the same numbers "
                 "in digits (each in its own form: 25,4 / 25,4 / 25.4)."),
              N_("the translations differ: %(numbers)s"), ERROR, "jokoak"),
    CheckInfo("cross_glossary", N_("Glossary terms across the translations"),
              N_("Every glossary term of the Basque clause is rendered in each of the three "
                 "translations, not only in some of them."),
              N_("“%(term)s” is rendered in %(have)s but not in %(missing)s"), ERROR,
              "jokoak"),
    CheckInfo("payer_dropped", N_("Who pays: the payer"),
              N_("Where the game's engine has one party pay another for this clause and the "
                 "Basque names the payer, every translation names the payer as well, as the "
                 "one who pays."),
              N_("%(lang)s does not name the payer. In the game: payer %(payer)s, payee "
                 "%(payee)s"), ERROR, "jokoak", ("payer", "payee")),
    CheckInfo("payer_swapped", N_("Who pays: payer and payee swapped"),
              N_("The party that pays in the game is named, in the translation, as the one "
                 "who is paid."),
              N_("%(lang)s names the payer as the one paid. In the game: payer %(payer)s, "
                 "payee %(payee)s"), ERROR, "jokoak", ("payer", "payee")),
    CheckInfo("payee_dropped", N_("Who pays: the payee"),
              N_("Where the Basque names who is paid, every translation names that party as "
                 "the one who is paid."),
              N_("%(lang)s does not name the payee as the one paid. In the game: payer "
                 "%(payer)s, payee %(payee)s"), ERROR, "jokoak", ("payer", "payee")),
    CheckInfo("clause_terms", N_("Parties of the cited rule"),
              N_("A card line or a lesson step that cites a clause naming a party of the rule "
                 "(the auctioneer, the banker, the thrower, the innkeeper) names that party "
                 "too, by the glossary’s word, in every language: “is the auctioneer of the "
                 "next game” may not become “auctions the next game”."),
              N_("“%(term)s” of clause %(clause)s is not named; the glossary says: "
                 "%(expected)s"), ERROR, "jokoak"),
    CheckInfo("quantifiers", N_("Quantifiers of the cited rule"),
              N_("A card line, or a lesson step's feedback or why, that cites a clause with a "
                 "quantifier (gutxienez “at least”, bakarrik, soilik or besterik ez “only”, "
                 "gehienez “at most”) keeps it, in English and in every translation: “at least "
                 "half” may not become “half”."),
              N_("clause %(clause)s says “%(word)s”; the sentence has none of: %(expected)s"),
              ERROR, "jokoak"),
    CheckInfo("list_placeholder", N_("A list in a placeholder"),
              N_("A placeholder that the program fills with a list of names, one or several, "
                 "stands after a colon, where no verb has to agree with it in number."),
              N_("%(placeholder)s is a list of one or more names: put it after a colon"),
              ERROR, "jokoak"),
    CheckInfo("spelling", N_("Spelling"),
              N_("Every word is in the language's Hunspell dictionary or in the project's word "
                 "list (game terms and names)."),
              N_("unknown words: %(words)s"), ERROR, "jokoak"),
)}

#: The PO flag that silences one check on one entry (Weblate's convention).
IGNORE_PREFIX = "ignore-"


def ignored_checks(flags: Iterable[str]) -> frozenset[str]:
    """The checks an entry's PO flags silence (``ignore-endpunc`` -> ``endpunc``)."""
    return frozenset(f[len(IGNORE_PREFIX):] for f in flags if f.startswith(IGNORE_PREFIX))

#: The checks an entry must pass for the tests and the ``qa`` command.
ERROR_CHECKS = tuple(c for c, info in CHECKS.items() if info.severity == ERROR)


@dataclass(frozen=True)
class Entry:
    """One clause to check: shipped in a catalog or read from an uploaded file."""

    segment_id: str
    source: str
    target: str
    status: str
    previous_source: str | None = None
    flags: frozenset[str] = frozenset()     # the entry's PO flags (``ignore-<check>``)


@dataclass(frozen=True)
class Flag:
    check: str
    segment_id: str
    lang: str
    params: tuple[tuple[str, str], ...] = field(default=())

    @property
    def info(self) -> CheckInfo:
        return CHECKS[self.check]

    @property
    def severity(self) -> str:
        return self.info.severity

    def message(self, _: Gettext = lambda s: s) -> str:
        """The reason, in the language of ``_`` (English by default)."""
        params = dict(self.params)
        for name in self.info.translated:
            if name in params:
                params[name] = _(params[name])
        return _(self.info.detail) % params

    def __str__(self) -> str:
        return f"{self.segment_id} [{self.lang}] {self.check}: {self.message()}"


def _flag(check: str, entry: Entry, lang: str, **params: object) -> Flag:
    return Flag(check, entry.segment_id, lang, tuple((k, str(v)) for k, v in params.items()))


# --- numbers ---------------------------------------------------------------------------------

#: Basque writes decimals with a comma and no space ("25,4"); "1, 2" is a list.
_BASQUE_NUMBER = re.compile(r"(?<![\d.,])\d+(?:,\d+)?")
_TARGET_NUMBER = re.compile(r"(?<![\d.,])\d+(?:[.,]\d+)?")


def _locale_number(basque: str, lang: str) -> str:
    value = Decimal(basque.replace(",", "."))
    decimals = len(basque.split(",")[1]) if "," in basque else 0
    pattern = "0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(value, pattern, locale=lang)


def expected_numbers(source: str, lang: str) -> Counter[str]:
    """The source's digit numbers as ``lang`` writes them (``25,4`` -> ``25.4`` in English)."""
    return Counter(_locale_number(n, lang) for n in _BASQUE_NUMBER.findall(source))


def number_problems(source: str, target: str, lang: str) -> tuple[list[str], list[str]]:
    """(numbers missing from the translation, digit numbers the Basque does not have)."""
    want = expected_numbers(source, lang)
    have = Counter(_TARGET_NUMBER.findall(target))
    missing = sorted((want - have).elements())
    extra = sorted((have - want).elements())
    return missing, extra


# --- one entry -------------------------------------------------------------------------------

_SPACE = re.compile(r"[\s\u00a0\u202f]+")
_QUOTE_PAIRS = (("«", "»"), ("“", "”"), ("‘", "’"))


def _norm(text: str) -> str:
    return _SPACE.sub(" ", text).strip().casefold()


def only_kept_terms(source: str, game: str, segment_id: str) -> bool:
    """Whether the Basque is nothing but kept terms (a game name, "Doia"): may stay as is."""
    rest, last = [], 0
    for m in find_terms(source, game, segment_id):
        if m.term.policy != "keep":
            return False
        rest.append(source[last:m.start])
        last = m.end
    rest.append(source[last:])
    return not re.search(r"\w", "".join(rest))


def unbalanced_quotes(text: str) -> list[str]:
    """Quotation marks that are opened and not closed (or the reverse)."""
    out = [f"{a}{b}" for a, b in _QUOTE_PAIRS[:2] if text.count(a) != text.count(b)]
    if text.count('"') % 2:
        out.append('"')
    return out


_FRENCH_SPACE = re.compile(r" [;:?!»]|« ")


def french_spacing_problems(text: str) -> list[str]:
    """French punctuation preceded (or « followed) by an ordinary, breakable space."""
    return [repr(m.group(0)) for m in _FRENCH_SPACE.finditer(text)]


def typography_flags(entry: Entry, target: str, lang: str) -> list[Flag]:
    """The quotation marks and French spacing of a translation: one check for the sources'
    clauses and the interface's msgids (:mod:`jokoak.review.interface_checks`) alike."""
    flags = []
    quotes = unbalanced_quotes(target)
    if quotes:
        flags.append(_flag("quotes", entry, lang, marks=" ".join(quotes)))
    if lang == "fr":
        spots = french_spacing_problems(target)
        if spots:
            flags.append(_flag("typography", entry, lang, where=" ".join(spots)))
    return flags


@lru_cache(maxsize=None)
def _checker(lang: str) -> Any:  # translate-toolkit's StandardChecker
    from translate.filters.checks import CheckerConfig, StandardChecker
    return StandardChecker(checkerconfig=CheckerConfig(targetlanguage=lang))


_COUNTS = re.compile(r"(\d+)\D+(\d+)")
_BRACKET_REASON = re.compile(r"(Added|Missing) ((?:'[^']+'(?:, )?)+)")


def pofilter_params(name: str, reason: str, source: str, target: str) -> dict[str, str]:
    """The parameters of our own message for a pofilter failure, so the reason is shown in the
    translator's language instead of translate-toolkit's English."""
    if name == "sentencecount":
        m = _COUNTS.search(reason)
        return {"source": m.group(1), "target": m.group(2)} if m else {"source": "?",
                                                                       "target": "?"}
    if name == "brackets":
        found = {kind: " ".join(re.findall(r"'([^']+)'", marks))
                 for kind, marks in _BRACKET_REASON.findall(reason)}
        return {"missing": found.get("Missing", "-"), "added": found.get("Added", "-")}
    if name == "doublewords":
        m = re.search(r"'([^']+)'", reason)
        return {"word": m.group(1) if m else "?"}
    if name == "endpunc":
        return {"source": source.rstrip()[-1:] or " ", "target": target.rstrip()[-1:] or " "}
    return {}


def _pofilter(name: str, source: str, target: str, lang: str) -> str | None:
    """The failure reason of a translate-toolkit check (None if it passes)."""
    from translate.filters.checks import FilterFailure
    try:
        ok = getattr(_checker(lang), name)(source, target)
    except FilterFailure as exc:
        return str(exc)
    return None if ok else name


POFILTER_CHECKS = ("sentencecount", "brackets", "doublewords", "endpunc", "puncspacing")


def check_entry(entry: Entry, lang: str, game: str, *,
                norm: float | None = None) -> list[Flag]:
    """Every flag of one entry but those its PO flags silence (``norm``: usual length ratio)."""
    skip = ignored_checks(entry.flags)
    return [f for f in _check_entry(entry, lang, game, norm) if f.check not in skip]


def drift_words(text: str, lang: str, terms: Iterable[Term]) -> list[tuple[Term, str]]:
    """Words the glossary says to avoid in ``lang`` (``holder`` for ``owner``) found in text."""
    out = []
    for term in terms:
        for word in term.avoid.get(lang, ()):
            if contains_avoided(text, word):
                out.append((term, word))
    return out


def _check_entry(entry: Entry, lang: str, game: str, norm: float | None) -> list[Flag]:
    if entry.status == UNTRANSLATED or not entry.target:
        return [_flag("untranslated", entry, lang)]
    flags = []
    if entry.status == FUZZY:
        flags.append(_flag("fuzzy", entry, lang))
    src, tgt = entry.source, entry.target
    if _norm(src) == _norm(tgt) and not only_kept_terms(src, game, entry.segment_id):
        flags.append(_flag("same_as_source", entry, lang))
    missing, extra = number_problems(src, tgt, lang)
    if missing or extra:
        flags.append(_flag("numbers", entry, lang, missing=", ".join(missing) or "-",
                           extra=", ".join(extra) or "-"))
    for term in dict.fromkeys(m.term for m in find_terms(src, game, entry.segment_id)):
        if not is_rendered(term, lang, tgt):
            flags.append(_flag("glossary", entry, lang, term=term.eu,
                               expected=" / ".join(term.accepted(lang))))
        left = leaves_basque(term, lang, tgt)
        if left:
            flags.append(_flag("basque_term", entry, lang, found=left,
                               expected=term.rendering[lang]))
    # the English words to avoid; a translation's avoid lists are the interface's (a clause
    # may say "dire doia" for *doia esan*, where a card line says "annoncez doia")
    for term, word in drift_words(tgt, lang, (t for t in glossary() if t.applies(game, None)
                                              and lang == "en")):
        flags.append(_flag("drift", entry, lang, found=word, expected=term.rendering[lang]))
    for name in POFILTER_CHECKS:
        reason = _pofilter(name, src, tgt, lang)
        if reason:
            flags.append(_flag(name, entry, lang, **pofilter_params(name, reason, src, tgt)))
    flags += typography_flags(entry, tgt, lang)
    if norm and len(src) >= 20:
        ratio = len(tgt) / len(src)
        if not 0.5 <= ratio / norm <= 2.0:
            flags.append(_flag("length", entry, lang, ratio=f"{ratio:.2f}", norm=f"{norm:.2f}"))
    return flags


# --- across the three targets ----------------------------------------------------------------

def _digits_as_english(text: str) -> Counter[str]:
    return Counter(n.replace(",", ".") for n in _TARGET_NUMBER.findall(text))


def cross_target_flags(segment_id: str, source: str, targets: dict[str, str],
                       game: str) -> list[Flag]:
    """Checks of one clause across its translations (no translation tool does this): the
    renderings agree with each other on the numbers in digits and on the glossary terms of
    the Basque, and each names who pays whom as the engine's payment for the clause does,
    where the game's folder has a ``who_pays`` check (zaldi zuria's,
    :mod:`jokoak.games.zaldi_zuria.who_pays`). ``targets`` maps a language to its rendering;
    empty ones are left out."""
    present = {lg: tx for lg, tx in targets.items() if tx}
    key = Entry(segment_id, source, "", "")
    flags = []
    found = registry.plugins().get(game)
    who_pays = found.payment_check() if found is not None else None
    for lg, text in present.items():
        if who_pays is None:
            break
        for problem, (payers, payees) in who_pays.problems(segment_id, source, text, lg):
            params = (("lang", lg), ("payer", who_pays.role_label(payers)),
                      ("payee", who_pays.role_label(payees)))
            flags.append(Flag(problem, segment_id, lg, params))
    if len(present) < 2:
        return flags
    lang = "/".join(present)
    numbers = {lg: _digits_as_english(tx) for lg, tx in present.items()}
    if len({tuple(sorted(n.items())) for n in numbers.values()}) > 1:
        shown = "; ".join(f"{lg}: {' '.join(sorted(n.elements())) or '-'}"
                          for lg, n in numbers.items())
        flags.append(_flag("cross_numbers", key, lang, numbers=shown))
    for term in dict.fromkeys(m.term for m in find_terms(source, game, segment_id)):
        have = [lg for lg, tx in present.items() if is_rendered(term, lg, tx)]
        if have and len(have) < len(present):
            flags.append(_flag("cross_glossary", key, lang, term=term.eu,
                               have=", ".join(have),
                               missing=", ".join(lg for lg in present if lg not in have)))
    return flags


def shipped_cross_target_flags(game: str) -> list[Flag]:
    """The cross-target checks of every translatable clause of a shipped game."""
    maps = {lg: {e.segment_id: e for e in shipped_entries(game, lg)} for lg in TARGET_LANGUAGES}
    out = []
    for sid, entry in maps[TARGET_LANGUAGES[0]].items():
        targets = {lg: maps[lg][sid].target for lg in TARGET_LANGUAGES
                   if sid in maps[lg] and maps[lg][sid].status == TRANSLATED}
        out += cross_target_flags(sid, entry.source, targets, game)
    return out


# --- catalogs --------------------------------------------------------------------------------

def shipped_entries(game: str, lang: str) -> list[Entry]:
    """The shipped catalog's entries with their PO flags (artifacts are never translated)."""
    catalog = load_catalog(lang, game)

    def po_flags(seg: Segment) -> frozenset[str]:
        msg = catalog.get(seg.text, context=seg.id) if catalog is not None else None
        return frozenset(msg.flags) if msg is not None else frozenset()

    return [Entry(t.segment.id, t.segment.text, t.text, t.status, t.previous_source,
                  po_flags(t.segment))
            for t in translations(game, lang) if t.segment.translatable]


def catalog_entries(catalog: Catalog, game: str) -> list[Entry]:
    """The entries of a source catalog read from a file (an old version, an upload...)."""
    from ..content.segments import segments
    out = []
    for seg in segments(game):
        if not seg.translatable:
            continue
        msg = catalog.get(seg.text, context=seg.id)
        if msg is None or not msg.string:
            out.append(Entry(seg.id, seg.text, "", UNTRANSLATED))
        else:
            out.append(Entry(seg.id, seg.text, singular(msg.string),
                             FUZZY if msg.fuzzy else TRANSLATED, None, frozenset(msg.flags)))
    return out


@lru_cache(maxsize=None)
def length_norm(lang: str) -> float:
    """The median translation/Basque length ratio over every shipped translated clause."""
    ratios = [len(t.text) / len(t.segment.text) for g in registry.plugins()
              for t in translations(g, lang) if t.status == TRANSLATED and len(t.segment.text) >= 20]
    return median(ratios) if ratios else 1.0


def check_entries(entries: Iterable[Entry], lang: str, game: str) -> list[Flag]:
    norm = length_norm(lang)
    return [f for e in entries for f in check_entry(e, lang, game, norm=norm)]


def check_catalog(game: str, lang: str) -> list[Flag]:
    """Every flag of a shipped catalog, in source order."""
    return check_entries(shipped_entries(game, lang), lang, game)


def errors(flags: Sequence[Flag]) -> list[Flag]:
    return [f for f in flags if f.severity == ERROR]
