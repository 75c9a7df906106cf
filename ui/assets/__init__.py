"""The booklet's own CSS and JavaScript, one file per block in this folder.

Each file is read once per process (:func:`asset`) and sent as Streamlit's pages send any
markup: ``st.html`` or ``st.markdown``. Keeping them out of Python strings lets ESLint and
Stylelint read them (tests/test_assets_lint.py) and tests/test_assets.py check that every
file a module names exists and every file here is used.

A script file is the *body* of a function: :func:`script` wraps it in one, so its names stay
its own (a ``return`` at its top ends it), and hands it the page's values as one JSON object,
the parameter ``jk``; text from the booklet never becomes code. Streamlit's sanitizer drops a
script with a less-than sign before a letter: :func:`script_json` escapes every ``<`` in the
values, and tests/test_assets.py keeps them out of the files.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

FOLDER = Path(__file__).resolve().parent


@functools.cache
def asset(name: str) -> str:
    """The text of ``name`` (a file of this folder, e.g. ``"touch.css"``), read once."""
    path = FOLDER / name
    if path.parent != FOLDER or path.suffix not in (".css", ".js", ".mjs"):
        raise ValueError(f"not an asset name: {name!r}")
    return path.read_text(encoding="utf-8")


def style(*names: str) -> str:
    """One ``<style>`` element holding the named CSS files, in order."""
    return "<style>" + "".join(asset(name) for name in names) + "</style>"


def script_json(value: Any) -> str:
    """``value`` as JSON that can stand inside a ``<script>`` element: no ``<`` (so no
    ``</script>``, and nothing Streamlit's sanitizer takes for a tag)."""
    return json.dumps(value).replace("<", "\\u003c")


def script(*names: str, data: Any = None) -> str:
    """One ``<script>`` element running the named JavaScript files, in order, as one
    function whose parameter ``jk`` is ``data`` (JSON)."""
    body = "".join(asset(name) for name in names)
    return ("<script>(function(jk){" + body + "\n})(" + script_json(data) + ");</script>")
