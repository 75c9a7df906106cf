"""The gettext calls of the code, found by what a function is, not by what it is called here.

Babel's Python extractor knows a call by the name before its bracket, so a plural written
``plural = plural_of(_)`` then ``plural("1 die", "%(n)s dice", n)`` would escape the catalogs
while ``ngettext = plural_of(_)`` is extracted. :func:`plural_names` finds every local name a
module binds to a plural function whatever that name is, and :func:`gettext_calls` yields each
call through one of them (and every gettext call inside an f-string, which Babel's tokenizer
cannot see on Python 3.11), so :func:`jokoak.i18n.catalogs.extract_python` extracts them all.
"""

from __future__ import annotations

import ast
from typing import Iterator

#: The gettext functions and how many leading string arguments are msgids (``pgettext``: the
#: context, then the msgid). ``Nn_`` marks a plural whose count is given where it is shown.
GETTEXT_FUNCTIONS: dict[str, int] = {"_": 1, "N_": 1, "Nn_": 2, "gettext": 1, "ngettext": 2,
                                     "pgettext": 2}
#: The same for Babel's extractor (argument positions, 1-based; ``c``: the context).
BABEL_KEYWORDS: dict[str, object] = {"_": None, "N_": None, "Nn_": (1, 2), "gettext": None,
                                     "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
#: Functions that return the visitor's plural function (:func:`jokoak.render.plural_of`).
PLURAL_FACTORIES = frozenset({"plural_of"})
#: What a plural function's annotation says it is.
PLURAL_ANNOTATIONS = frozenset({"Ngettext", "Callable[[str, str, int], str]"})


def _name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _is_plural_value(value: ast.AST) -> bool:
    """``plural_of(_)``, ``tr.ngettext``, ``ngettext``, ``Nn_``: a plural function."""
    if isinstance(value, ast.Call):
        return _name(value.func) in PLURAL_FACTORIES
    return _name(value) in ("ngettext", "Nn_")


def plural_names(tree: ast.AST) -> frozenset[str]:
    """Every name the module binds to a plural function: assigned one (``say = tr.ngettext``,
    ``plural = plural_of(_)``), imported as one (``from ui.common import ngettext as nt``) or
    a parameter annotated as one (``pick: Ngettext``); ``ngettext`` and ``Nn_`` always."""
    found = {"ngettext", "Nn_"}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and _is_plural_value(node.value):
            found.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
              and node.value is not None and _is_plural_value(node.value)):
            found.add(node.target.id)
        elif isinstance(node, ast.ImportFrom):
            found.update(a.asname for a in node.names if a.asname and a.name in ("ngettext", "Nn_"))
        elif isinstance(node, ast.arg) and node.annotation is not None:
            annotation = ast.unparse(node.annotation).replace('"', "").replace("'", "")
            if annotation.removesuffix(" | None") in PLURAL_ANNOTATIONS:
                found.add(node.arg)
    return frozenset(found)


def _strings(call: ast.Call, count: int) -> tuple[str, ...] | None:
    """The first ``count`` arguments, if they are all string literals."""
    strings = [a.value for a in call.args[:count]
               if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return tuple(strings) if len(strings) == count else None


def gettext_calls(tree: ast.AST) -> Iterator[tuple[int, str, tuple[str, ...]]]:
    """(line, the gettext function it stands for, its msgids) for each call through a local
    plural name that is not ``ngettext`` itself, and each gettext call inside an f-string:
    the calls Babel's own extractor misses (it sees the others, and they are not repeated)."""
    plurals = plural_names(tree) - {"ngettext", "Nn_"}
    in_fstrings = {id(call) for joined in ast.walk(tree) if isinstance(joined, ast.JoinedStr)
                   for call in ast.walk(joined) if isinstance(call, ast.Call)}
    for call in ast.walk(tree):
        if not isinstance(call, ast.Call):
            continue
        name = call.func.id if isinstance(call.func, ast.Name) else ""
        if name in plurals or (isinstance(call.func, ast.Call)       # plural_of(_)("…", "…", n)
                               and _name(call.func.func) in PLURAL_FACTORIES):
            strings = _strings(call, 2)
            if strings is not None:
                yield call.lineno, "ngettext", strings
        elif id(call) in in_fstrings and name in GETTEXT_FUNCTIONS:
            strings = _strings(call, GETTEXT_FUNCTIONS[name])
            if strings is not None:
                yield call.lineno, name, strings
