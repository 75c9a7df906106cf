"""The core's map (CONTRIBUTING.md, "Layout") names every package and top-level module of
jokoak/, and every package says in its own docstring what it holds: a newcomer reading the
map, then the packages, never meets a module the map does not place."""

from __future__ import annotations

import ast
import re

import pytest

from jokoak import ROOT

CORE = ROOT / "jokoak"


def layout_section() -> str:
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    return text.split("## Layout", 1)[1].split("\n## ", 1)[0]


def core_parts() -> list[str]:
    """``jokoak/<package>/`` and ``jokoak/<module>.py`` (not ``__init__``/``__main__``)."""
    packages = [f"jokoak/{p.name}/" for p in CORE.iterdir()
                if p.is_dir() and (p / "__init__.py").exists()]
    modules = [f"jokoak/{p.name}" for p in CORE.glob("*.py") if not p.name.startswith("__")]
    return sorted(packages + modules)


@pytest.mark.parametrize("part", core_parts())
def test_the_map_places_every_package_and_module_of_the_core(part):
    named = set(re.findall(r"`(jokoak/[\w/.]+)`", layout_section()))
    assert part in named, f"{part} is missing from CONTRIBUTING.md's map of the core"


@pytest.mark.parametrize("package", [p for p in core_parts() if p.endswith("/")])
def test_every_package_says_what_it_holds(package):
    init = ROOT / package / "__init__.py"
    docstring = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
    assert docstring and len(docstring.split()) >= 8, f"{init}: a docstring saying what is here"


def test_the_map_names_no_part_that_is_gone():
    for path in set(re.findall(r"`(jokoak/[\w/.]+)`", layout_section())):
        assert (ROOT / path).exists(), f"CONTRIBUTING.md's map names {path}, which is gone"
