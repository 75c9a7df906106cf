"""Every rendering a visitor reads, one per entry and language, with its kind and its hash.

Two families of entries:

* **interface entries** — each msgid of ``locales/messages.pot`` and of each game's own
  ``content/<game>/locales/<game>-ui.pot`` (lesson texts, how-to card lines, notes, refusals,
  event sentences, buttons...). Its English rendering is the msgid itself (the source); its eu,
  es and fr renderings are the translations a visitor sees (translated, not fuzzy), in
  ``messages.po`` and the games' ``<game>-ui.po`` (:func:`jokoak.i18n.interface_catalog`).
  Id: ``ui:`` and 12 hex digits of the SHA-256 of the msgctxt and msgid, so the id is the
  msgid's: a new English wording is a new entry.
* **clause translations** — each translatable segment of a game's Basque text in es, fr and
  en (``content/<game>/locales/<lang>/LC_MESSAGES/<game>.po``). Id: ``clause:<game>:<segment id>``.

The hash of a rendering covers what it was made from: a translation's hash covers its source
(the English msgid, or the Basque clause) and the translation, so a changed source makes the
translation unreviewed too; the English source's hash covers the msgid and its plural.

The kind says what the entry is, read off where the msgid stands: the key of a lesson step
(``instruction``, ``feedback``, ``why``, ``hint``, an answer's ``label``; a wrong answer's
``why`` is a ``lesson-why`` too), a how-to card
line, a note, a refusal (a msgid in an engine's ``reason(...)`` or in a ``refusals`` module),
an event sentence (a msgid of the ``describe*`` functions of a game's ``render.py``, of the
functions they call and of the constants they read), with the clauses the engine cites when
it emits that kind of event. A msgid used in
several places takes the first kind of :data:`KINDS` it has. Pure: reads files, no Streamlit.
"""

from __future__ import annotations

import ast
import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

import yaml
from babel.messages.pofile import read_po

from .. import ROOT, registry
from ..content.segments import segment_map, segments
from ..i18n import LANGUAGES, TARGET_LANGUAGES, game_ui_domain, interface_catalog, pot_path
from ..i18n.source_translations import TRANSLATED, translations

UI_DOMAIN = "messages"

#: Kinds, strongest first: a msgid used as a card line and a button is a card line.
KINDS: tuple[str, ...] = (
    "card-line", "lesson-instruction", "lesson-feedback", "lesson-why", "refusal", "event",
    "lesson-hint", "lesson-answer", "lesson-caption", "note", "clause", "scenario",
    "author-message", "interface")
#: The rule statements: CI fails while one of them is unreviewed in any language (when the
#: gate is on, :data:`jokoak.review.ledger.RULE_STATEMENTS_MUST_BE_REVIEWED`).
RULE_KINDS: frozenset[str] = frozenset(
    {"card-line", "lesson-instruction", "lesson-feedback", "lesson-why", "refusal", "event"})

LESSON_KEYS = {"instruction": "lesson-instruction", "feedback": "lesson-feedback",
               "why": "lesson-why", "hint": "lesson-hint", "label": "lesson-answer",
               "title": "lesson-caption", "caption": "lesson-caption"}
#: The gettext calls and the positions of their msgids.
GETTEXT_CALLS = {"_": (0,), "N_": (0,), "Nn_": (0, 1), "gettext": (0,), "ngettext": (0, 1),
                 "pgettext": (1,)}
#: The engine's refusals of a move (not its refusals of a setup or an option's value).
REFUSAL_CALLS = {"reason", "Reason", "not_legal", "IllegalAction"}


@dataclass(frozen=True)
class Rendering:
    """One entry in one language, as a visitor reads it now."""

    id: str
    lang: str
    kind: str
    text: str                     # the rendering (plural forms joined by " | ")
    source: str                   # the English msgid (interface) or the Basque clause
    hash: str
    game: str = ""                # the game the entry belongs to, if any
    clauses: tuple[str, ...] = ()  # Basque clause ids the entry cites (of ``game``)

    @property
    def is_rule(self) -> bool:
        return self.kind in RULE_KINDS


def text_hash(*parts: str) -> str:
    """16 hex digits of the SHA-256 of the parts (as a JSON list: no separator ambiguity)."""
    data = json.dumps(list(parts), ensure_ascii=False).encode("utf-8")
    return hashlib.sha256(data).hexdigest()[:16]


def ui_id(msgid: str, context: str | None = None) -> str:
    key = f"{context or ''}\x04{msgid}".encode("utf-8")
    return "ui:" + hashlib.sha256(key).hexdigest()[:12]


def clause_id(game: str, segment: str) -> str:
    return f"clause:{game}:{segment}"


# --- kinds -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Use:
    kind: str
    game: str = ""
    clauses: tuple[str, ...] = ()


def _yaml_uses(root: Path) -> Iterator[tuple[str, Use]]:
    """(msgid, use) for the content files whose place says what a text is."""
    for game in registry.plugins():
        folder = root / "content" / game
        for path in sorted((folder / "lessons").glob("*.yaml")):
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
            for key in ("title", "caption"):
                if isinstance(data.get(key), str):
                    yield data[key], Use("lesson-caption", game)
            for step in data.get("steps") or ():
                teaches = tuple(step.get("teaches") or ())
                for key in ("instruction", "feedback", "why", "hint"):
                    if isinstance(step.get(key), str):
                        yield step[key], Use(LESSON_KEYS[key], game, teaches)
                for choice in step.get("choices") or ():
                    if isinstance(choice, dict) and isinstance(choice.get("label"), str):
                        yield choice["label"], Use("lesson-answer", game, teaches)
                    if isinstance(choice, dict) and isinstance(choice.get("why"), str):
                        yield choice["why"], Use("lesson-why", game, teaches)
        howto = folder / "howto.yaml"
        if howto.exists():
            data = yaml.safe_load(howto.read_text(encoding="utf-8")) or {}
            for section in ("goal", "turn", "scoring", "end"):
                for line in data.get(section) or ():
                    if isinstance(line, dict) and isinstance(line.get("msgid"), str):
                        yield line["msgid"], Use("card-line", game,
                                                 tuple(line.get("clauses") or ()))
        for path in sorted((folder / "scenarios").glob("*.yaml")):
            for text in _yaml_strings(yaml.safe_load(path.read_text(encoding="utf-8"))):
                yield text, Use("scenario", game)
        notes = folder / "notes.yaml"
        if not notes.exists():  # a tree from before the notes moved into the game's folder
            notes = root / "content" / "notes" / f"{game}.yaml"   # (review/seed_ledger.py)
        if notes.exists():
            raw = yaml.safe_load(notes.read_text(encoding="utf-8")) or []
            if isinstance(raw, dict):
                raw = raw.get("notes") or []
            for note in raw:
                for key in ("title", "body"):
                    if isinstance(note.get(key), str):
                        yield note[key], Use("note", game, tuple(note.get("clauses") or ()))


def _yaml_strings(node: Any) -> Iterator[str]:
    from ..i18n.catalogs import YAML_MSGID_KEYS
    if isinstance(node, dict):
        for key, value in node.items():
            if key in YAML_MSGID_KEYS and isinstance(value, str) and value.strip():
                yield value
            else:
                yield from _yaml_strings(value)
    elif isinstance(node, list):
        for item in node:
            yield from _yaml_strings(item)


def _call_name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(
        func, ast.Attribute) else ""


def _msgids_in(node: ast.AST) -> Iterator[str]:
    """The msgids of the gettext calls under ``node`` (singular and plural)."""
    for call in ast.walk(node):
        if isinstance(call, ast.Call) and _call_name(call) in GETTEXT_CALLS:
            for i in GETTEXT_CALLS[_call_name(call)]:
                arg = call.args[i] if i < len(call.args) else None
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    yield arg.value


def _clause_args(call: ast.Call, known: set[str]) -> tuple[str, ...]:
    found = []
    for arg in call.args[1:]:
        for node in ast.walk(arg):
            if isinstance(node, ast.Constant) and node.value in known:
                found.append(node.value)
    return tuple(dict.fromkeys(found))


def _keyed_clauses(tree: ast.Module, known: set[str]) -> dict[str, tuple[str, ...]]:
    """msgid -> clauses, where one dict of the module maps keys to msgids and another the same
    keys to clause ids (``AT_LEAST["more"]`` and ``DECIDING_CLAUSE["more"]``)."""
    clause_of: dict[str, str] = {}
    msgids_of: dict[str, list[str]] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Dict):
            continue
        for key, value in zip(node.keys, node.values):
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                continue
            if isinstance(value, ast.Constant) and value.value in known:
                clause_of[key.value] = value.value
            else:
                msgids_of.setdefault(key.value, []).extend(_msgids_in(value))
    out: dict[str, list[str]] = {}
    for name, msgids in msgids_of.items():
        if name in clause_of:
            for msgid in msgids:
                out.setdefault(msgid, []).append(clause_of[name])
    return {m: tuple(dict.fromkeys(c)) for m, c in out.items()}


def _constants(tree: ast.Module) -> dict[str, ast.AST]:
    """The module's top-level assignments by name (``_DOIA_ON_TURN = N_("...")``)."""
    return {t.id: n.value for n in tree.body if isinstance(n, (ast.Assign, ast.AnnAssign))
            and n.value is not None
            for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
            if isinstance(t, ast.Name)}


def _msgids_with_constants(node: ast.AST, constants: dict[str, ast.AST]) -> Iterator[str]:
    """The msgids under ``node`` and in the module constants it names."""
    yield from _msgids_in(node)
    for name in ast.walk(node):
        if isinstance(name, ast.Name) and name.id in constants:
            yield from _msgids_in(constants[name.id])


def _event_clauses(folder: Path, known: set[str]) -> dict[str, tuple[str, ...]]:
    """Event kind -> the clauses the game's engine cites when it emits it
    (``event("kind", clauses, ...)`` in the game's modules)."""
    out: dict[str, list[str]] = {}
    for path in sorted(folder.glob("*.py")):
        if path.name in ("render.py", "bots.py"):
            continue
        for call in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(call, ast.Call) and _call_name(call) == "event" and call.args
                    and isinstance(call.args[0], ast.Constant)
                    and isinstance(call.args[0].value, str)):
                continue
            found = out.setdefault(call.args[0].value, [])
            for arg in call.args[1:2]:
                for node in ast.walk(arg):
                    if isinstance(node, ast.Constant) and node.value in known \
                            and node.value not in found:
                        found.append(node.value)
    return {kind: tuple(clauses) for kind, clauses in out.items()}


def _sentence_msgids(tree: ast.Module) -> Iterator[str]:
    """The msgids of a ``render.py``'s event sentences: those in its ``describe*`` functions,
    in the functions they call and in the module's constants they read (the table's pictures
    and the jump list's labels are interface)."""
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    constants = {t.id: n for n in tree.body if isinstance(n, (ast.Assign, ast.AnnAssign))
                 for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
                 if isinstance(t, ast.Name)}
    todo = [name for name in functions if name.startswith("describe")]
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        node = functions.get(name) or constants.get(name)
        if node is None:
            continue
        yield from _msgids_in(node)
        for used in ast.walk(node):
            if isinstance(used, ast.Name) and (used.id in functions or used.id in constants):
                todo.append(used.id)


def _reached(nodes: list[ast.stmt], names: dict[str, ast.AST]) -> Iterator[ast.AST]:
    """``nodes`` and the module functions and constants they name, transitively."""
    seen: set[str] = set()
    todo: list[ast.AST] = list(nodes)
    while todo:
        node = todo.pop()
        yield node
        for used in ast.walk(node):
            if isinstance(used, ast.Name) and used.id in names and used.id not in seen:
                seen.add(used.id)
                todo.append(names[used.id])


def _kinds_of_msgids(tree: ast.Module, kinds: set[str]) -> dict[str, set[str]]:
    """msgid -> the event kinds it describes in a ``render.py``: the msgids under
    ``if k == "kind":`` (or ``in (...)``, and in the functions and constants that branch
    uses), the values of dicts keyed by kind and the labels of ``("kind", label)`` pairs."""
    names: dict[str, ast.AST] = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    names.update(_constants(tree))
    out: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Compare):
            named = {c.value for c in ast.walk(node.test)
                     if isinstance(c, ast.Constant) and c.value in kinds}
            if not named:
                continue
            for part in _reached(node.body, names):
                for msgid in _msgids_in(part):
                    out.setdefault(msgid, set()).update(named)
        elif isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values):
                if isinstance(key, ast.Constant) and key.value in kinds:
                    for msgid in _msgids_in(value):
                        out.setdefault(msgid, set()).add(key.value)
        elif isinstance(node, ast.Tuple) and node.elts and isinstance(node.elts[0], ast.Constant) \
                and node.elts[0].value in kinds:
            for value in node.elts[1:]:
                for msgid in _msgids_in(value):
                    out.setdefault(msgid, set()).add(node.elts[0].value)
    return out


def _python_uses(root: Path) -> Iterator[tuple[str, Use]]:
    """Refusals and event sentences in the engines (the kinds only code can tell)."""
    for path in sorted((root / "jokoak").rglob("*.py")):
        rel = path.relative_to(root).parts
        if "bots" in rel or path.name == "bots.py":
            continue
        game = rel[2] if len(rel) > 3 and rel[1] == "games" else ""
        known = set(segment_map(game)) if game in registry.plugins() else set()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if path.name == "refusals.py":
            keyed = _keyed_clauses(tree, known)
            for msgid in _msgids_in(tree):
                yield msgid, Use("refusal", game, keyed.get(msgid, ()))
        constants = _constants(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name in REFUSAL_CALLS | {"refusal"}:
                for msgid in _msgids_with_constants(node, constants):
                    yield msgid, Use("refusal", game)
            if isinstance(node, ast.Call) and _call_name(node) in REFUSAL_CALLS:
                for msgid in _msgids_with_constants(node, constants):
                    yield msgid, Use("refusal", game, _clause_args(node, known))
        if path.name == "render.py" and game:
            emitted = _event_clauses(path.parent, known)
            kinds = _kinds_of_msgids(tree, set(emitted))
            for msgid in _sentence_msgids(tree):
                clauses = [c for kind in sorted(kinds.get(msgid, ())) for c in emitted[kind]]
                yield msgid, Use("event", game, tuple(dict.fromkeys(clauses)))


@lru_cache(maxsize=None)
def msgid_uses() -> dict[str, Use]:
    """msgid -> its strongest use (by :data:`KINDS`), with the clauses all its uses cite."""
    all_uses: dict[str, list[Use]] = {}
    for msgid, use in [*_yaml_uses(ROOT), *_python_uses(ROOT)]:
        all_uses.setdefault(msgid, []).append(use)
    best: dict[str, Use] = {}
    for msgid, uses in all_uses.items():
        top = min(uses, key=lambda u: KINDS.index(u.kind))
        clauses = [c for u in uses if u.game == top.game for c in u.clauses]
        best[msgid] = Use(top.kind, top.game, tuple(dict.fromkeys(clauses)))
    return best


def _default_kind(locations: list[tuple[str, Any]]) -> str:
    paths = [p for p, _ in locations]
    if paths and all(p.startswith("content/schemas/") for p in paths):
        return "author-message"
    return "interface"


# --- renderings --------------------------------------------------------------------------------

def _template() -> Any:
    """The interface's template: the shared ``messages.pot`` and each game's own."""
    with pot_path(UI_DOMAIN).open("rb") as fh:
        merged = read_po(fh, domain=UI_DOMAIN)
    for game in registry.plugins():
        path = pot_path(game_ui_domain(game))
        if path.exists():
            with path.open("rb") as fh:
                for msg in read_po(fh, domain=game_ui_domain(game)):
                    if msg.id:
                        merged[msg.id] = msg
    return merged


def _forms(value: Any) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, (list, tuple)) else (value,)


@lru_cache(maxsize=None)
def interface_renderings(lang: str) -> tuple[Rendering, ...]:
    """Every msgid's rendering in ``lang`` (en: the msgid; eu/es/fr: the translation a
    visitor sees, so untranslated and fuzzy entries have none)."""
    uses = msgid_uses()
    catalog = None if lang == "en" else interface_catalog(lang)
    out = []
    for msg in _template():
        if not msg.id:
            continue
        ids = _forms(msg.id)
        use = uses.get(ids[0]) or Use(_default_kind(list(msg.locations)))
        source = " | ".join(ids)
        if lang == "en":
            text, digest = source, text_hash(*ids)
        else:
            found = catalog.get(msg.id, context=msg.context) if catalog is not None else None
            if found is None or found.fuzzy or not all(_forms(found.string)):
                continue
            forms = _forms(found.string)
            text, digest = " | ".join(forms), text_hash(*ids, *forms)
        out.append(Rendering(ui_id(ids[0], msg.context), lang, use.kind, text, source, digest,
                             use.game, use.clauses))
    return tuple(out)


@lru_cache(maxsize=None)
def clause_renderings(lang: str) -> tuple[Rendering, ...]:
    """Every clause translation in ``lang`` a visitor sees (up to date, not fuzzy)."""
    if lang not in TARGET_LANGUAGES:
        return ()
    out = []
    for game in registry.plugins():
        for t in translations(game, lang):
            if t.status != TRANSLATED:
                continue
            out.append(Rendering(clause_id(game, t.segment.id), lang, "clause", t.text,
                                 t.segment.text, text_hash(t.segment.text, t.text), game,
                                 (t.segment.id,)))
    return tuple(out)


def renderings(lang: str) -> tuple[Rendering, ...]:
    """Every rendering of ``lang`` (one of :data:`jokoak.i18n.LANGUAGES`)."""
    if lang not in LANGUAGES:
        raise KeyError(lang)
    return interface_renderings(lang) + clause_renderings(lang)


def rendering_map(lang: str) -> dict[str, Rendering]:
    return {r.id: r for r in renderings(lang)}


@lru_cache(maxsize=None)
def entry_ids(lang: str) -> frozenset[str]:
    """Every entry that exists now for ``lang``, shown to a visitor or not (an entry whose
    translation is fuzzy or missing still exists: its ledger line is not unknown)."""
    ids = {ui_id(_forms(msg.id)[0], msg.context) for msg in _template() if msg.id}
    if lang in TARGET_LANGUAGES:
        ids |= {clause_id(game, seg.id) for game in registry.plugins() for seg in segments(game)
                if seg.translatable}
    return frozenset(ids)


def basque_clauses(rendering: Rendering) -> list[tuple[str, str]]:
    """(clause id, Basque text) of the clauses a rendering cites."""
    if not rendering.game:
        return []
    known = {s.id: s.text for s in segments(rendering.game)}
    return [(c, known[c]) for c in rendering.clauses if c in known]


def clear_caches() -> None:
    """Forget what was read (tests that rewrite catalogs or content)."""
    msgid_uses.cache_clear()
    entry_ids.cache_clear()
    interface_renderings.cache_clear()
    clause_renderings.cache_clear()
