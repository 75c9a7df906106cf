"""Extract and update every gettext catalog with Babel.

Two kinds of domain:

* the interface: msgids in English in the code (``_()``, ``N_()``) and in the content YAML
  (scenario titles and captions, option descriptions...), extracted with the mapping in
  ``pyproject.toml`` (``[tool.babel]``); languages eu, es, fr. A msgid that one game alone
  uses (its code and content folders) is in that game's domain ``<key>-ui``, in its folder
  (``content/<key>/locales/``); the others in the shared ``messages`` (``locales/``).
  At run time a visitor's translator reads both (:func:`jokoak.i18n.interface_catalog`).
* one domain per game — the Basque source: msgctxt = segment id, msgid = the Basque
  segment; languages es, fr, en; its catalogs sit in the game's own folder
  (``content/<key>/locales/``, :func:`jokoak.i18n.catalog_folder`). ``Catalog.update`` keeps
  translations whose segment changed as *fuzzy*, with the previous Basque text kept (``#|``) for the stale-diff view.

``python -m jokoak catalogs`` rewrites what is out of date; ``stale_catalogs()`` lists it.
"""

from __future__ import annotations

import ast
import copy
import io
import json
import re
import tomllib
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator, cast

import yaml
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from .. import ROOT, registry
from ..content.schema import check_schema
from ..content.segments import content_dir, segments
from ..errors import ContentError
from .calls import BABEL_KEYWORDS, gettext_calls
from . import (LANGUAGES, SOURCE_UI_LANGUAGE, TARGET_LANGUAGES, UI_DOMAIN,
               clear_caches, game_ui_domain, is_interface_domain, po_path, pot_path)

PROJECT = "Jokoak"
#: A fixed header date keeps regenerated catalogs byte-stable (no churn in git).
FIXED_DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)
#: What a Babel extractor yields: (line, gettext function or None, msgid or msgids, comments);
#: Babel's Python extractor gives None for an argument that is not a string.
Extracted = tuple[int, str | None, str | tuple[str | None, ...] | None, list[str]]

#: YAML keys whose values are msgids.
YAML_MSGID_KEYS = ("title", "caption", "description", "label", "summary", "body", "msgid",
                   "instruction", "hint", "feedback", "why")


def extract_yaml(fileobj: Any, keywords: Any, comment_tags: Any,
                 options: Any) -> Iterator[Extracted]:
    """Babel extractor for content YAML: the values of msgid keys, anywhere in the tree."""
    data = yaml.safe_load(fileobj.read().decode("utf-8"))

    def walk(node: Any) -> Iterator[Extracted]:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in YAML_MSGID_KEYS and isinstance(value, str) and value.strip():
                    yield (0, None, value, [])
                else:
                    yield from walk(value)
        elif isinstance(node, list):
            for item in node:
                yield from walk(item)

    yield from walk(data)


def extract_schema(fileobj: Any, keywords: Any, comment_tags: Any,
                   options: Any) -> Iterator[Extracted]:
    """Babel extractor for the content files' JSON Schemas (``content/schemas``): each
    ``errorMessage``, what a field of a content file was expected to be; a fault in a content
    file says it (:mod:`jokoak.content.schema`). Nothing else of a schema is shown."""
    text = fileobj.read().decode("utf-8")
    for lineno, line in enumerate(text.splitlines(), 1):
        for message in _ERROR_MESSAGE.findall(line):
            yield (lineno, None, json.loads(f'"{message}"'),
                   ["What a content file was expected to hold, in a message for the "
                    "booklet's authors"])


_ERROR_MESSAGE = re.compile(r'"errorMessage":\s*"((?:[^"\\]|\\.)*)"')


def extract_python(fileobj: Any, keywords: Any, comment_tags: Any,
                   options: Any) -> Iterator[Extracted]:
    """Babel's Python extractor, plus the gettext calls it cannot see (:mod:`.calls`): a plural
    through a local name of any spelling (``plural = plural_of(_)``), and the calls inside
    f-strings (on Python 3.11 the tokenizer reads an f-string as a single token, so
    ``f"<th>{_('Basque')}</th>"`` escapes Babel's extractor)."""
    from babel.messages.extract import extract_python as babel_extract_python

    source = fileobj.read()
    seen: set[tuple[Any, Any]] = set()   # (function, msgid or tuple of msgids)
    # Babel annotates its extractors' tuples as (lineno, message, comments, context), but its
    # Python extractor yields (lineno, funcname, message, comments), as every extractor here.
    for lineno, funcname, message, comments in cast(Iterator[Extracted], babel_extract_python(
            io.BytesIO(source), keywords, comment_tags, options)):
        seen.add((funcname, message if isinstance(message, (str, type(None))) else tuple(message)))
        yield lineno, funcname, message, comments
    for lineno, funcname, strings in gettext_calls(ast.parse(source)):
        found = strings[0] if len(strings) == 1 else strings
        if (funcname, found) not in seen:
            seen.add((funcname, found))
            yield lineno, funcname, found, []


def _babel_config() -> tuple[list[tuple[str, str]], dict[str, dict[str, Any]], dict[str, Any]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["babel"]
    method_map, options_map = [], {}
    for entry in config["mappings"]:
        for pattern in ([entry["pattern"]] if isinstance(entry["pattern"], str) else entry["pattern"]):
            method_map.append((pattern, entry["method"]))
            options_map[pattern] = {k: v for k, v in entry.items() if k not in ("method", "pattern")}
    return method_map, options_map, dict(BABEL_KEYWORDS)


def ui_template() -> Catalog:
    """The ``messages`` template, extracted from the code and content right now."""
    method_map, options_map, keywords = _babel_config()
    catalog = Catalog(project=PROJECT, domain=UI_DOMAIN, creation_date=FIXED_DATE,
                      locale=SOURCE_UI_LANGUAGE, fuzzy=False)
    extractors = {"yaml": "jokoak.i18n.catalogs:extract_yaml",
                  "schema": "jokoak.i18n.catalogs:extract_schema",
                  "python": "jokoak.i18n.catalogs:extract_python"}
    method_map = [(p, extractors.get(m, m)) for p, m in method_map]
    for filename, lineno, message, comments, context in extract_from_dir(
            ROOT, method_map, options_map, keywords=keywords, comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True, directory_filter=_directory_filter):
        catalog.add(message, None, [(filename.replace("\\", "/"), lineno)],
                    auto_comments=comments, context=context)
    return catalog


def _directory_filter(dirpath: str) -> bool:
    name = Path(dirpath).name
    return not (name.startswith(".") or name in {"tests", "bench", "build", "dist", "__pycache__"}
                or name.endswith(".egg-info") or name == "venv")


def source_template(game: str) -> Catalog:
    """The game's source template: one entry per translatable segment, msgctxt = id."""
    catalog = Catalog(project=PROJECT, domain=game, creation_date=FIXED_DATE, locale="eu",
                      fuzzy=False)
    comments = _translator_comments(game)
    for seg in segments(game):
        if not seg.translatable:
            continue
        auto = [f"kind: {seg.kind}"] + comments.get(seg.id, [])
        catalog.add(seg.text, None, [(f"content/{game}/seed.eu.txt", 0)], auto_comments=auto,
                    context=seg.id)
    return catalog


def _translator_comments(game: str) -> dict[str, list[str]]:
    """``content/<game>/translator_comments.yaml``: segment id -> comments (``#.``)."""
    path = content_dir(game) / "translator_comments.yaml"
    if not path.exists():
        return {}
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    check_schema("translator_comments", data, f"{game}/translator_comments.yaml", ContentError)
    return {k: ([v] if isinstance(v, str) else list(v)) for k, v in (data or {}).items()}


def _games() -> tuple[str, ...]:
    """The games' keys, in the registry's order (one interface and one source domain each)."""
    return tuple(registry.plugins())


def game_of(path: str) -> str | None:
    """The game whose folders hold ``path`` (``jokoak/games/<key>/``, ``ui/games/<key>/``,
    ``content/<key>/``), else ``None`` (the shared code and content)."""
    parts = path.split("/")
    if parts[:2] in (["jokoak", "games"], ["ui", "games"]) and len(parts) > 3:
        key = parts[2]
    elif parts[0] == "content" and len(parts) > 2:
        key = parts[1]
    else:
        return None
    return key if key in _games() else None


def interface_templates() -> dict[str, Catalog]:
    """The interface's templates, from one extraction (:func:`ui_template`): each game's
    ``<key>-ui`` holds every msgid its own folders use, with those places; ``messages`` holds
    the msgids the shared code and content use, with their places. A msgid used in both sits
    in both, with the same translation (the update takes it from whichever catalog has it).
    So adding a game adds its own catalogs and changes no other: neither the shared one nor
    another game's."""
    full = ui_template()
    out = {domain: Catalog(project=PROJECT, domain=domain, creation_date=FIXED_DATE,
                           locale=SOURCE_UI_LANGUAGE, fuzzy=False)
           for domain in (UI_DOMAIN, *(game_ui_domain(g) for g in _games()))}
    entries: dict[str, list[tuple[tuple[str, int, str], Message]]] = {d: [] for d in out}
    for msg in full:
        if not msg.id:
            continue
        places: dict[str, list[tuple[str, int]]] = {}
        for path, line in msg.locations:
            game = game_of(path)
            domain = UI_DOMAIN if game is None else game_ui_domain(game)
            places.setdefault(domain, []).append((path, line))
        for domain, locations in places.items():
            own = copy.copy(msg)
            own.locations = locations
            first = min(locations)
            entries[domain].append(((first[0], first[1], str(_key(msg)[1])), own))
    # Each catalog in the order of its own first places (file, line): another game's places,
    # extracted before or after, move nothing in it.
    for domain, found in entries.items():
        for _place, own in sorted(found, key=lambda entry: entry[0]):
            out[domain][own.id] = own
    return out


def domains() -> list[tuple[str, tuple[str, ...]]]:
    """(domain, languages with a .po) for every catalog the project keeps: the shared
    interface, each game's interface, each game's source."""
    ui_langs = tuple(code for code in LANGUAGES if code != SOURCE_UI_LANGUAGE)
    return ([(UI_DOMAIN, ui_langs)] + [(game_ui_domain(g), ui_langs) for g in _games()]
            + [(g, TARGET_LANGUAGES) for g in _games()])


def template(domain: str) -> Catalog:
    if is_interface_domain(domain):
        return interface_templates()[domain]
    return source_template(domain)


def _render(catalog: Catalog, **kw: Any) -> bytes:
    buf = io.BytesIO()
    # No line numbers in "#:" references: moving code must not make every catalog stale.
    write_po(buf, catalog, width=100, sort_output=False, include_previous=True,
             include_lineno=False, **kw)
    return buf.getvalue()


def _key(message: Message) -> tuple[str | None, str]:
    ids = message.id
    return message.context, ids if isinstance(ids, str) else ids[0]


def _interface_pool(lang: str) -> dict[tuple[str | None, str], Message]:
    """Every entry of ``lang``'s interface catalogs on disk, shared and the games': a msgid
    that moves between them (one game's alone, then shared) keeps its translation exactly."""
    pool: dict[tuple[str | None, str], Message] = {}
    for domain in (UI_DOMAIN, *(game_ui_domain(g) for g in _games())):
        path = po_path(lang, domain)
        if path.exists():
            with path.open("rb") as fh:
                for msg in read_po(fh, locale=lang, domain=domain):
                    if msg.id:
                        pool.setdefault(_key(msg), msg)
    return pool


def updated_catalogs(only: str | None = None) -> dict[Path, bytes]:
    """Every catalog file as it should be now (templates and updated translations).

    ``only`` restricts the work to one domain (``messages``, ``<key>-ui`` or a game)."""
    out: dict[Path, bytes] = {}
    interface: dict[str, Catalog] = {}
    pools: dict[str, dict[tuple[str | None, str], Message]] = {}
    for domain, langs in domains():
        if only is not None and domain != only:
            continue
        if is_interface_domain(domain):
            interface = interface or interface_templates()
            tmpl = interface[domain]
        else:
            tmpl = source_template(domain)
        out[pot_path(domain)] = _render(tmpl, omit_header=False)
        for lang in langs:
            path = po_path(lang, domain)
            if path.exists():
                with path.open("rb") as fh:
                    catalog = read_po(fh, locale=lang, domain=domain)
            else:
                catalog = Catalog(project=PROJECT, domain=domain, locale=lang,
                                  creation_date=FIXED_DATE, fuzzy=False)
            if is_interface_domain(domain):
                pool = pools.setdefault(lang, _interface_pool(lang))
                for msg in tmpl:
                    if msg.id and catalog.get(msg.id, msg.context) is None and _key(msg) in pool:
                        moved = copy.copy(pool[_key(msg)])
                        catalog[moved.id] = moved
            catalog.update(tmpl, no_fuzzy_matching=False, update_header_comment=False,
                           keep_user_comments=True)
            catalog.obsolete.clear()
            catalog.revision_date = FIXED_DATE
            catalog.creation_date = FIXED_DATE
            out[path] = _render(catalog)
    return out


def stale_catalogs(only: str | None = None) -> list[Path]:
    """Catalog files that differ from what the code and the segments say they should be."""
    return [p for p, data in updated_catalogs(only).items()
            if not p.exists() or p.read_bytes() != data]


def update_catalogs(only: str | None = None) -> list[Path]:
    """Rewrite every stale catalog; returns the files written."""
    written = []
    for path, data in updated_catalogs(only).items():
        if not path.exists() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            written.append(path)
    clear_caches()
    return written
