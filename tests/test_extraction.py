"""Every translatable string in the code reaches the catalog template.

Babel's own Python extractor on Python 3.11 reads an f-string as one token, so
``f"{_('Home')}"`` would stay English for every visitor; ``jokoak.i18n.catalogs.extract_python``
adds those calls. This test walks the code with ``ast`` and checks each literal gettext call
is in the template.
"""

import ast

from jokoak import ROOT
from jokoak.i18n.catalogs import GETTEXT_FUNCTIONS, extract_python, ui_template

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
