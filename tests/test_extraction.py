"""Every translatable string in the code reaches the catalog template.

Babel's own Python extractor on Python 3.11 reads an f-string as one token, so
``f"{_('Home')}"`` would stay English for every visitor; ``jokoak.i18n.catalogs.extract_python``
adds those calls. This test walks the code with ``ast`` and checks each literal gettext call
is in the template. A plural is extracted whatever the local name of the function that says
it (``plural = plural_of(_)``): :mod:`jokoak.i18n.calls`.
"""

import ast
import io
import re

from babel.messages.extract import extract

from jokoak import ROOT
from jokoak.i18n.calls import BABEL_KEYWORDS, GETTEXT_FUNCTIONS
from jokoak.i18n.catalogs import extract_python, ui_template

SOURCES = ["app.py", "app_pages", "ui", "jokoak"]


def python_files():
    for entry in SOURCES:
        path = ROOT / entry
        yield from ([path] if path.is_file() else sorted(path.rglob("*.py")))


def literal_msgids(tree: ast.AST) -> set[str]:
    found = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in GETTEXT_FUNCTIONS and node.args
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            found.add(node.args[0].value)
    return found


def test_every_literal_gettext_call_is_in_the_template():
    template = {m.id if isinstance(m.id, str) else m.id[0] for m in ui_template() if m.id}
    missing = []
    for path in python_files():
        for msgid in literal_msgids(ast.parse(path.read_text(encoding="utf-8"))):
            if msgid not in template:
                missing.append(f"{path.relative_to(ROOT)}: {msgid[:50]!r}")
    assert not missing, missing


def test_gettext_calls_inside_fstrings_are_extracted():
    import io
    code = b'x = f"<th>{_(\'Basque\')}</th>{N_(\'Glossary\')}"\ny = _("Home")\n'
    keywords = {"_": None, "N_": None}
    found = [m for _l, _f, m, _c in extract_python(io.BytesIO(code), keywords, (), {})]
    assert sorted(found) == ["Basque", "Glossary", "Home"]


#: Plural calls through local names of every spelling the code could use.
ALIASES = b"""
from jokoak.render import plural_of
from ui.common import ngettext as count_words
def a(_, n):
    plural = plural_of(_)
    return plural("one apple", "%(n)s apples", n)
def b(tr, n):
    say = tr.ngettext
    return say("one pear", "%(n)s pears", n)
def c(n, pick: "Callable[[str, str, int], str]"):
    return pick("one plum", "%(n)s plums", n)
def d(n):
    return count_words("one fig", "%(n)s figs", n)
def e(_, n):
    return plural_of(_)("one lime", "%(n)s limes", n)
def f(n, nt: Ngettext):
    return nt("one kiwi", "%(n)s kiwis", n)
"""


def extracted_plurals(code: bytes) -> set[tuple[str, str]]:
    found = extract(extract_python, io.BytesIO(code), keywords=BABEL_KEYWORDS)
    return {tuple(message) for _line, message, _comments, _context in found
            if isinstance(message, tuple)}


def test_a_plural_is_extracted_whatever_the_local_name_of_ngettext():
    assert extracted_plurals(ALIASES) == {
        ("one apple", "%(n)s apples"), ("one pear", "%(n)s pears"), ("one plum", "%(n)s plums"),
        ("one fig", "%(n)s figs"), ("one lime", "%(n)s limes"), ("one kiwi", "%(n)s kiwis")}


def _text(value: str) -> bool:
    """English words (not an id, a path or a selector): a plural's singular or plural."""
    return bool(re.search(r"[A-Za-z]", value)) and (bool(re.search(r"\s|%\(", value))
                                                    or value.isalpha())


def plural_calls(tree: ast.AST) -> list[tuple[int, str, str]]:
    """Calls that look like a plural, whatever the function is called: two English texts, then
    a count (an expression, not a literal or a msgid)."""
    found = []
    for call in ast.walk(tree):
        if not (isinstance(call, ast.Call) and len(call.args) >= 3):
            continue
        one, many, count = call.args[:3]
        if not all(isinstance(a, ast.Constant) and isinstance(a.value, str) and _text(a.value)
                   for a in (one, many)):
            continue
        literal = (ast.Constant, ast.Tuple, ast.List, ast.Dict, ast.Set, ast.JoinedStr)
        marked = isinstance(count, ast.Call) and getattr(count.func, "id", "") in GETTEXT_FUNCTIONS
        if not isinstance(count, literal) and not marked:
            found.append((call.lineno, one.value, many.value))
    return found


def test_the_plural_finder_of_this_test_sees_every_alias():
    assert {(one, many) for _l, one, many in plural_calls(ast.parse(ALIASES))} == \
        extracted_plurals(ALIASES)


def test_every_plural_call_in_the_code_is_extracted_as_a_plural():
    template = {tuple(m.id) for m in ui_template() if isinstance(m.id, (list, tuple))}
    calls = [(path, call) for path in python_files()
             for call in plural_calls(ast.parse(path.read_text(encoding="utf-8")))]
    missing = [f"{path.relative_to(ROOT)}:{line}: {one[:40]!r}" for path, (line, one, many) in calls
               if (one, many) not in template]
    assert len(calls) > 20 and not missing, missing
