"""The shape of every content file, as JSON Schema, and one translated message per fault.

Each kind of content file (a lesson, a scenario, a how-to card, the glossary ...) has its
schema in ``content/schemas/<kind>.schema.json``. The same file serves two readers: editors
running the YAML language server (``.vscode/settings.json`` maps the content files to their
schemas) underline a fault while it is typed, and the loaders validate with it before reading
a file, so the editor and the booklet cannot disagree on what a file may hold. What a schema
cannot say (a clause id that exists, a move the engine allows, a note about the right clause)
stays in the loaders. The schemas are draft-07 (``if``/``then``, ``definitions``): the YAML
language server reads that draft whole, and the loaders validate with the same draft.

Messages. A schema node's ``errorMessage`` (the key the YAML language server shows) says in
English what was expected there: a field's ("must be a non-empty msgid") follows the field's
name, an item's or the whole file's ("a step is a mapping with ...") stands alone. It is an
msgid: ``python -m jokoak catalogs`` extracts it (:func:`jokoak.i18n.catalogs.extract_schema`). A
fault names the file (as its loader names it), the place in the document (``step 2: choice
1: field 'label'``) and what was expected: the ``errorMessage`` of the deepest schema node on
the failing path that has one. A missing field and unknown fields are said the same way in
every kind of file. Only the first fault in document order is reported by the loaders that
stop at one (lessons, scenarios ...); the how-to card lists them all.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterable, Mapping, Sequence

from jsonschema import Draft7Validator, ValidationError
from jsonschema.validators import extend

from .. import ROOT
from ..errors import ContentError
from ..i18n.msgids import N_

Gettext = Callable[[str], str]
SCHEMA_DIR = ROOT / "content" / "schemas"

#: Every kind of content file: its schema's name and the files it describes (globs from the
#: repository's root, as ``.vscode/settings.json`` maps them for editors).
KINDS: dict[str, tuple[str, ...]] = {
    "lesson": ("content/*/lessons/*.yaml",),
    "scenario": ("content/*/scenarios/*.yaml",),
    "howto": ("content/*/howto.yaml",),
    "glossary": ("content/glossary.yaml", "content/*/glossary.yaml"),
    "notes": ("content/*/notes.yaml",),
    "segments": ("content/*/segments.yaml", "tests/toygame_content/segments.yaml"),
    "exemptions": ("content/*/coverage.yaml", "content/*/lesson_coverage.yaml"),
    "rule_switches": ("content/*/rule_switches.yaml",),
    "translator_comments": ("content/*/translator_comments.yaml",),
}

#: How an item of a list is named in a message, by the list's field ("" for a file that is a
#: list): ``step 2``, ``goal line 1``.
ITEM_NAMES: dict[str, str] = {
    "steps": N_("step %(n)s"),
    "choices": N_("choice %(n)s"),
    "events": N_("event pattern %(n)s"),
    "terms": N_("term %(n)s"),
    "segments": N_("segment %(n)s"),
    "notes": N_("note %(n)s"),
    "": N_("note %(n)s"),
    "goal": N_("%(section)s line %(n)s"),
    "turn": N_("%(section)s line %(n)s"),
    "scoring": N_("%(section)s line %(n)s"),
    "end": N_("%(section)s line %(n)s"),
}
#: An item of any other list.
ITEM = N_("%(section)s item %(n)s")
MISSING = N_("missing field %(field)s")
UNKNOWN = N_("unknown field(s) %(fields)s (the fields are %(known)s)")
FIELD = N_("field %(field)s %(expected)s")

FIELD_AT = N_("field %(field)s")

#: Schema keywords followed in a schema path by a name or an index of their own.
_NAMED = {"properties", "patternProperties", "prefixItems", "allOf", "anyOf", "oneOf",
          "dependentSchemas", "definitions"}
#: Keywords that descend into one part of the document (one step of its path); of these, a
#: part reached through ``properties`` is a field the schema names, the others are data (the
#: clause ids of rule_switches.yaml) or list items.
_INTO_DOCUMENT = {"properties", "patternProperties", "prefixItems", "additionalProperties",
                  "items", "contains"}


def _is_integer(checker: Any, instance: Any) -> bool:
    """YAML's integers only: ``true`` is not a seat and ``1.0`` not a count (JSON Schema would
    take ``1.0``; the loaders never did)."""
    return isinstance(instance, int) and not isinstance(instance, bool)


_Validator = extend(Draft7Validator,
                    type_checker=Draft7Validator.TYPE_CHECKER.redefine("integer",
                                                                            _is_integer))


@lru_cache(maxsize=None)
def schema(kind: str) -> dict[str, Any]:
    """The schema of a kind of content file (``content/schemas/<kind>.schema.json``)."""
    loaded: dict[str, Any] = json.loads((SCHEMA_DIR / f"{kind}.schema.json").read_text(
        encoding="utf-8"))
    return loaded


@lru_cache(maxsize=None)
def validator(kind: str) -> Any:
    return _Validator(schema(kind))


#: A part of a fault's place: its msgid, the msgid's values, and text that follows as it is.
Part = tuple[str, tuple[tuple[str, Any], ...], str]


@dataclass(frozen=True)
class Fault:
    """One fault of a content file: where it is and what was expected, as msgids with their
    values, so it can be said in any language (:meth:`text`); ``str()`` says it in English."""

    file: str
    #: the place, from the top of the document down: (msgid, values, what follows it as it
    #: is: the id of an item that has one) of each part
    place: tuple[Part, ...]
    msgid: str
    values: tuple[tuple[str, Any], ...] = ()
    #: values that are msgids themselves (what a field was expected to be)
    translated: tuple[str, ...] = ()

    def text(self, gettext: Gettext = lambda s: s) -> str:
        parts = [self.file] + [(gettext(m) % dict(v) if v else gettext(m)) + after
                               for m, v, after in self.place]
        values = {k: gettext(v) if k in self.translated else v for k, v in self.values}
        parts.append(gettext(self.msgid) % values if values else gettext(self.msgid))
        return ": ".join(parts)

    def __str__(self) -> str:
        return self.text()


def _shown(value: Any) -> str:
    """A value of the document in a message, as it would be written (``7``, ``'x'``)."""
    return repr(value) if isinstance(value, (str, int, float, bool)) or value is None else (
        "a mapping" if isinstance(value, dict) else "a list" if isinstance(value, list)
        else repr(value))


def _walk(root: Mapping[str, Any], schema_path: Sequence[Any]
          ) -> tuple[list[tuple[Any, int]], list[bool]]:
    """The schema nodes an error's schema path passes through, each with how many steps of
    the document's path lead to it (``$ref`` is followed where the path leaves its node), and
    for each step of the document's path whether it is a field the schema names."""
    nodes: list[tuple[Any, int]] = [(root, 0)]
    declared: list[bool] = []
    node: Any = root
    keys = list(schema_path)[:-1]       # the last key is the keyword that failed
    i = 0
    while i < len(keys):
        key = keys[i]
        while isinstance(node, dict) and key not in node and "$ref" in node:
            node = _resolve(root, node["$ref"])
            nodes.append((node, len(declared)))
        if not isinstance(node, dict) or key not in node:
            break
        if key in _INTO_DOCUMENT:
            declared.append(key == "properties")
        if key in _NAMED and i + 1 < len(keys):
            node = node[key][keys[i + 1]]
            i += 2
        else:
            node = node[key]
            i += 1
        nodes.append((node, len(declared)))
    while isinstance(node, dict) and "$ref" in node:
        node = _resolve(root, node["$ref"])
        nodes.append((node, len(declared)))
    return nodes, declared


def _resolve(root: Mapping[str, Any], ref: str) -> Any:
    """A local reference (``#/definitions/msgid``), the only kind the content schemas use."""
    node: Any = root
    for part in ref.lstrip("#/").split("/"):
        node = node[part]
    return node


def _place(doc: Any, path: Sequence[Any], declared: Sequence[bool]) -> tuple[list[Part],
                                                                              list[str]]:
    """The place parts of ``path`` (``step 1``, ``choice 2``) and the field names it ends in
    (``['label']``; nested fields are joined with dots)."""
    parts: list[Part] = []
    fields: list[str] = []
    node = doc
    for i, key in enumerate(path):
        if isinstance(key, int):
            parent = fields.pop() if fields else ""
            parts += _field_part(fields)
            fields = []
            noun = ITEM_NAMES.get(parent, ITEM)
            values: tuple[tuple[str, Any], ...] = (("n", key + 1),)
            if "%(section)s" in noun:
                values += (("section", parent),)
            item = node[key] if isinstance(node, list) and key < len(node) else None
            ident = item.get("id") if isinstance(item, dict) else None
            parts.append((noun, values, f" ({ident})" if isinstance(ident, str) and ident else ""))
        elif i < len(declared) and declared[i]:
            fields.append(str(key))
        else:
            parts += _field_part(fields)
            fields = []
            parts.append(("%(key)s", (("key", str(key)),), ""))
        if isinstance(node, dict):
            node = node.get(key)
        elif isinstance(node, list) and isinstance(key, int) and key < len(node):
            node = node[key]
        else:
            node = None
    return parts, fields


def _field_part(fields: Sequence[str]) -> list[Part]:
    return [(FIELD_AT, (("field", _quoted(fields)),), "")] if fields else []


def _quoted(fields: Sequence[str]) -> str:
    return repr(".".join(fields))


def _order(doc: Any, path: Sequence[Any]) -> tuple[int, ...]:
    """Where ``path`` is in the document: list indexes and each key's place in its mapping,
    so the first fault in the file comes first."""
    out = []
    node = doc
    for key in path:
        if isinstance(node, dict):
            keys = list(node)
            out.append(keys.index(key) if key in keys else len(keys))
            node = node.get(key)
        elif isinstance(node, list) and isinstance(key, int):
            out.append(key)
            node = node[key] if key < len(node) else None
        else:
            out.append(0)
    return tuple(out)


def fault_of(kind: str, doc: Any, error: ValidationError, file: str) -> Fault:
    """The one message for a jsonschema error (see the module's docstring)."""
    root = schema(kind)
    nodes, declared = _walk(root, list(error.absolute_schema_path))
    path = list(error.absolute_path)
    if error.validator == "required":
        parts, fields = _place(doc, path, declared)
        required = error.validator_value if isinstance(error.validator_value, list) else []
        missing = next((k for k in required if not (
            isinstance(error.instance, dict) and k in error.instance)), "?")
        return Fault(file, tuple(parts + _field_part(fields)), MISSING,
                     (("field", repr(missing)),))
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        parts, fields = _place(doc, path, declared)
        node = nodes[-1][0]
        known = [str(k) for k in node.get("properties", {})]
        extra = sorted(str(k) for k in error.instance if k not in known)
        return Fault(file, tuple(parts + _field_part(fields)), UNKNOWN,
                     (("fields", ", ".join(extra)), ("known", ", ".join(known))))
    message, depth = "", 0
    for node, at in reversed(nodes):
        if isinstance(node, dict) and isinstance(node.get("errorMessage"), str):
            message, depth = node["errorMessage"], at
            break
    parts, fields = _place(doc, path[:depth], declared)
    if "%(value)s" in message:
        return Fault(file, tuple(parts + _field_part(fields)), message,
                     (("value", _shown(error.instance)),))
    if fields:
        return Fault(file, tuple(parts), FIELD,
                     (("field", _quoted(fields)), ("expected", message)),
                     translated=("expected",))
    return Fault(file, tuple(parts), message)


def faults(kind: str, doc: Any, file: str) -> list[Fault]:
    """Every fault of ``doc`` (a parsed file of ``kind``), the first in the document first."""
    errors = sorted(validator(kind).iter_errors(doc),
                    key=lambda e: _order(doc, list(e.absolute_path)))
    out: list[Fault] = []
    for error in errors:
        fault = fault_of(kind, doc, error, file)
        if fault not in out:
            out.append(fault)
    return out


def first_fault(kind: str, doc: Any, file: str) -> Fault | None:
    found = faults(kind, doc, file)
    return found[0] if found else None


def check_schema(kind: str, data: Any, where: str, error: type[ContentError]) -> None:
    """Raise ``error`` with the first fault of ``data`` against the schema of ``kind``; it
    says itself in any language as the fault does (:meth:`Fault.text`)."""
    fault = first_fault(kind, data, where)
    if fault is not None:
        exc = error(str(fault))
        exc.said = fault.text
        raise exc


def schema_messages(kinds: Iterable[str] = KINDS) -> list[str]:
    """Every ``errorMessage`` of the schemas (msgids; the catalogs' test reads them)."""
    out: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "errorMessage" and isinstance(value, str):
                    out.append(value)
                else:
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    for kind in kinds:
        walk(schema(kind))
    return out
