"""Languages, per-visitor translators and locale-aware number formatting.

Translations are never process-global (no ``gettext.install``): every visitor gets a
:class:`Translator` for their own language, looked up from a cache shared read-only by all
sessions. Catalogs are read straight from the ``.po`` files with Babel (no compiled ``.mo``
to go stale); fuzzy entries are ignored, so an outdated translation never reaches a visitor.

The rest of the package: :mod:`.msgids` (``N_``, the marker every module uses),
:mod:`.catalogs` (Babel extraction and update, ``python -m jokoak catalogs``) and
:mod:`.source_translations` (the Basque sources' translations, one per clause and language).
These names live here, in the package itself, because every page and renderer asks for a
translator: ``from jokoak.i18n import translator``.
"""

from __future__ import annotations

import gettext as gettext_module
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from babel import Locale, negotiate_locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from babel.numbers import NumberPattern, parse_pattern

from .. import ROOT

#: UI languages, in the order the switch shows them. Basque first: it is the source.
LANGUAGES: tuple[str, ...] = ("eu", "es", "fr", "en")
DEFAULT_LANGUAGE = "eu"
#: Languages the Basque sources are translated into.
TARGET_LANGUAGES: tuple[str, ...] = ("es", "fr", "en")
#: The language of msgids in the code.
SOURCE_UI_LANGUAGE = "en"

LOCALES = ROOT / "locales"


def normalize_language(value: object) -> str | None:
    """A supported code for ``value`` (``"FR"``, ``"fr-CA"``), else None: junk is ignored."""
    if not isinstance(value, str) or not 1 < len(value) < 36:
        return None
    code = value.strip().replace("_", "-").split("-")[0].lower()
    return code if code in LANGUAGES else None


def negotiate_language(preferred: Iterable[str] | str | None) -> str:
    """Pick the visitor's language from browser locales (``"fr-CA"``), else Basque."""
    if isinstance(preferred, str):
        preferred = [preferred]
    wanted = [p.replace("-", "_") for p in (preferred or []) if isinstance(p, str) and p]
    found = negotiate_locale(wanted, list(LANGUAGES), sep="_") if wanted else None
    if found is None:
        for p in wanted:
            code = normalize_language(p)
            if code:
                return code
    return found or DEFAULT_LANGUAGE


@lru_cache(maxsize=64)
def language_name(code: str) -> str:
    """The language's own name (``euskara``, ``español``), capitalised for a switch
    (remembered: Babel parses the locale on each call, and every page's language switch
    asks on every rerun)."""
    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


@lru_cache(maxsize=None)
def language_name_in(code: str, ui_lang: str) -> str:
    """The language's name as a sentence in ``ui_lang`` writes it ("en francés", "in French"):
    not its own name, which a switch shows (:func:`language_name`)."""
    return Locale.parse(code).get_display_name(ui_lang) or code


#: The shared interface's gettext domain (its catalogs in ``locales/``).
UI_DOMAIN = "messages"


#: A game's own interface domain is its key and this: ``<key>-ui``.
GAME_UI_SUFFIX = "-ui"


def game_ui_domain(game: str) -> str:
    """The domain of the interface msgids only ``game`` uses (its views, refusals, lessons)."""
    return f"{game}{GAME_UI_SUFFIX}"


def is_interface_domain(domain: str) -> bool:
    """The shared interface's domain or a game's interface domain (not a game's source)."""
    return domain == UI_DOMAIN or domain.endswith(GAME_UI_SUFFIX)


def catalog_folder(domain: str) -> Path:
    """Where a domain's catalogs live: the shared interface's (``messages``) in ``locales/``,
    a game's own (its source, domain ``<key>``; its interface, ``<key>-ui``) in the game's
    folder, ``content/<key>/locales/``, so a new game adds its catalogs and edits none."""
    if domain == UI_DOMAIN:
        return LOCALES
    return ROOT / "content" / domain.removesuffix(GAME_UI_SUFFIX) / "locales"


def po_path(lang: str, domain: str) -> Path:
    return catalog_folder(domain) / lang / "LC_MESSAGES" / f"{domain}.po"


def pot_path(domain: str) -> Path:
    """A domain's template (``messages.pot``, ``<key>.pot``, ``<key>-ui.pot``)."""
    return catalog_folder(domain) / f"{domain}.pot"


@lru_cache(maxsize=None)
def load_catalog(lang: str, domain: str) -> Catalog | None:
    path = po_path(lang, domain)
    if not path.exists():
        return None
    with path.open("rb") as fh:
        return read_po(fh, locale=lang, domain=domain)


@lru_cache(maxsize=None)
def interface_catalog(lang: str) -> Catalog | None:
    """The whole interface in ``lang``: the shared ``messages`` catalog with every game's own
    interface catalog (``<key>-ui``) merged in; ``None`` without a shared catalog (English,
    the msgids' language). What a visitor's translator and the translators' review read."""
    path = po_path(lang, UI_DOMAIN)
    if not path.exists():
        return None
    with path.open("rb") as fh:
        merged = read_po(fh, locale=lang, domain=UI_DOMAIN)
    for game in games_with_interface_catalogs():
        own = load_catalog(lang, game_ui_domain(game))
        for msg in own or ():
            if msg.id:
                merged[msg.id] = msg
    return merged


def games_with_interface_catalogs() -> tuple[str, ...]:
    """The games whose folder holds an interface template (``content/<key>/locales/<key>-ui.pot``),
    read off the files, not asked of the registry: the registry's plug-ins name the engine, and
    the languages sit below every game (a game without such a catalog has no sentence of its own)."""
    return tuple(sorted(path.parent.parent.name for path in
                        (ROOT / "content").glob(f"*/locales/*{GAME_UI_SUFFIX}.pot")
                        if path.stem == game_ui_domain(path.parent.parent.name)))


class Translator:
    """gettext-style lookups for one language and domain (the visitor's own). The interface
    (``messages``) is the shared catalog with the games' own merged in."""

    def __init__(self, lang: str, domain: str = UI_DOMAIN) -> None:
        self.lang = lang
        self.domain = domain
        self._table: dict[tuple[str | None, str], str | tuple[str, ...]] = {}
        catalog = interface_catalog(lang) if domain == UI_DOMAIN else load_catalog(lang, domain)
        # The catalog's own Plural-Forms rule picks the form (French has three in CLDR).
        self._plural = gettext_module.c2py(catalog.plural_expr if catalog is not None
                                           else "(n != 1)")
        if catalog is not None:
            for msg in catalog:
                if not msg.id or msg.fuzzy:
                    continue
                key = msg.id[0] if isinstance(msg.id, (list, tuple)) else msg.id
                if isinstance(msg.string, (list, tuple)):
                    if all(msg.string):
                        self._table[(msg.context, key)] = tuple(msg.string)
                elif msg.string:
                    self._table[(msg.context, key)] = msg.string

    def gettext(self, message: str) -> str:
        found = self._table.get((None, message))
        return found if isinstance(found, str) else message

    def pgettext(self, context: str, message: str) -> str:
        found = self._table.get((context, message))
        return found if isinstance(found, str) else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        found = self._table.get((None, singular))
        if isinstance(found, tuple):
            index = self._plural(abs(n))
            return found[min(index, len(found) - 1)]
        return singular if n == 1 else plural

    __call__ = gettext


@lru_cache(maxsize=None)
def translator(lang: str, domain: str = UI_DOMAIN) -> Translator:
    """The shared, read-only translator for a language (safe across sessions)."""
    if lang not in LANGUAGES:
        lang = DEFAULT_LANGUAGE
    return Translator(lang, domain)


@lru_cache(maxsize=64)
def _number_pattern(lang: str, kind: str, digits: int) -> tuple[NumberPattern, Locale]:
    """Parsed Babel patterns, once per language: charts format hundreds of numbers a run."""
    locale = Locale.parse(lang)
    if kind == "percent":
        pattern = locale.percent_formats[None].pattern
        if digits:
            pattern = pattern.replace("#,##0", "#,##0." + "0" * digits, 1)
    else:
        pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return parse_pattern(pattern), locale


@lru_cache(maxsize=8192)
def format_number(value: int | float | Fraction, lang: str, digits: int = 0) -> str:
    """``12.345,6`` in Basque, ``12,345.6`` in English (remembered: pages format the same
    axis labels and table cells on every rerun, and Babel's formatting is slow)."""
    if isinstance(value, Fraction):
        value = float(value)
    pattern, locale = _number_pattern(lang, "decimal", digits)
    formatted: str = pattern.apply(value, locale)
    return formatted


@lru_cache(maxsize=8192)
def format_percent_value(value: float | Fraction, lang: str, digits: int = 1) -> str:
    """A probability as a percent in the locale's own pattern (Basque: ``%\u00a023,4``);
    remembered like :func:`format_number`."""
    if isinstance(value, Fraction):
        value = float(value)
    pattern, locale = _number_pattern(lang, "percent", digits)
    formatted: str = pattern.apply(value, locale)
    return formatted


def clear_caches() -> None:
    """Forget loaded catalogs (after ``python -m jokoak catalogs`` rewrote them)."""
    load_catalog.cache_clear()
    interface_catalog.cache_clear()
    translator.cache_clear()
