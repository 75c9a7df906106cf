"""The guides point at things that exist, and CI runs the test command the README gives.

A guide that names a file which was moved or removed sends a newcomer nowhere, and nothing
else notices: the code runs without it. So every relative link (with its ``#anchor``) and every
backticked path that starts at a top-level entry of the repository (``jokoak/...``,
``tests/...``, ``pyproject.toml``) must resolve. A path with a placeholder (``<key>``, ``<lang>``)
describes files a new game or language adds: its part before the first placeholder must exist,
and ``*`` or ``{a,b}`` must match at least one file.
"""

from __future__ import annotations

import re
import shlex
from glob import glob
from itertools import product
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GUIDES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "TRANSLATING.md",
          *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "content").glob("*.md"))]
#: Not part of the repository as shipped: made by the set-up or by tools.
NOT_SHIPPED = {".venv", ".git", "jokoak.egg-info", "__pycache__", ".pytest_cache",
               ".mypy_cache", ".ruff_cache"}
TOP_LEVEL = {p.name for p in ROOT.iterdir()} - NOT_SHIPPED

_LINK = re.compile(r"\]\(([^)\s]+)\)")
_CODE_SPAN = re.compile(r"`([^`\n]+)`")
_FENCE = re.compile(r"^```.*?^```", re.M | re.S)
_HEADING = re.compile(r"^#{1,6} +(.+?) *$", re.M)


def _ids(paths: list[Path]) -> list[str]:
    return [str(p.relative_to(ROOT)) for p in paths]


def anchors(markdown: str) -> set[str]:
    """The ``#anchors`` GitHub gives the headings of ``markdown`` (code blocks left out)."""
    found: set[str] = set()
    for title in _HEADING.findall(_FENCE.sub("", markdown)):
        text = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", r"\1", title).strip().lower()
        slug = re.sub(r"[^\w\- ]", "", text).replace(" ", "-")
        n = 0
        while (slug if n == 0 else f"{slug}-{n}") in found:
            n += 1
        found.add(slug if n == 0 else f"{slug}-{n}")
    return found


def broken_links(guide: Path) -> list[str]:
    """Relative links of ``guide`` to a file that is not there, or to a missing heading."""
    text = guide.read_text(encoding="utf-8")
    broken = []
    for target in _LINK.findall(text):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):   # http:, https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        file = (guide.parent / path).resolve() if path else guide
        if not file.exists():
            broken.append(target)
        elif anchor and file.suffix == ".md" and anchor not in anchors(
                file.read_text(encoding="utf-8")):
            broken.append(target)
    return broken


def _expand_braces(pattern: str) -> list[str]:
    parts = re.split(r"\{([^{}]*)\}", pattern)
    choices = [[p] if i % 2 == 0 else p.split(",") for i, p in enumerate(parts)]
    return ["".join(c) for c in product(*choices)]


def repo_paths(text: str) -> set[str]:
    """The words of ``text``'s code (spans and blocks) that name a path in the repository."""
    code = _CODE_SPAN.findall(_FENCE.sub("", text)) + _FENCE.findall(text)
    paths = set()
    for snippet in code:
        try:
            words = shlex.split(snippet, comments=True)
        except ValueError:
            words = snippet.split()
        for word in words:
            word = word.split("=")[-1].rstrip(",.;:)")
            word = re.sub(r":\d+(-\d+)?$", "", word)   # path:line
            first = word.split("/")[0]
            if first in TOP_LEVEL and ("/" in word or "." in word) and "://" not in word:
                paths.add(word)
    return paths


def _exists(path: str) -> bool:
    if "<" in path:    # a file a new game or language adds: its fixed part must exist
        return (ROOT / path.split("<")[0].rsplit("/", 1)[0]).exists()
    return bool(glob(str(ROOT / path), recursive=True)) if "*" in path else (ROOT / path).exists()


def missing(path: str) -> bool:
    return not any(_exists(p) for p in _expand_braces(path))


@pytest.mark.parametrize("guide", GUIDES, ids=_ids(GUIDES))
def test_every_relative_link_of_a_guide_leads_to_a_file_and_heading_that_exist(guide):
    assert broken_links(guide) == []


@pytest.mark.parametrize("guide", GUIDES, ids=_ids(GUIDES))
def test_every_repository_path_a_guide_names_exists(guide):
    paths = repo_paths(guide.read_text(encoding="utf-8"))
    assert sorted(p for p in paths if missing(p)) == []


def test_the_checks_find_a_missing_file_a_missing_heading_and_a_missing_path(tmp_path):
    guide = tmp_path / "guide.md"
    guide.write_text("# Set-ups\n\n## A kiosk: one PC\n\n[ok](#a-kiosk-one-pc) [no](#nowhere)"
                     " [gone](gone.md) [web](https://example.org/x)\n", encoding="utf-8")
    assert broken_links(guide) == ["#nowhere", "gone.md"]
    found = repo_paths("Run `python bench/nowhere.py 3` with `jokoak.toml`, see "
                       "`ui/heap.py:12`, `jokoak/games/<key>/engine.py`, `not/a/top/path`.\n"
                       "```sh\ncat deploy/missing.conf  # deploy/in_a_comment.conf\n```\n")
    assert found == {"bench/nowhere.py", "jokoak.toml", "ui/heap.py",
                     "jokoak/games/<key>/engine.py", "deploy/missing.conf"}
    assert [p for p in sorted(found) if missing(p)] == ["bench/nowhere.py", "deploy/missing.conf"]
    assert missing("jokoak/nowhere/<key>/x.py") and not missing("locales/{es,fr}/LC_MESSAGES")


def test_ci_runs_the_readmes_test_command_verbatim():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Run the tests", 1)[1]
    command = re.search(r"```sh\n(.+?)\n```", section, re.S).group(1).strip()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert command in ci


def test_the_readme_stays_short_and_its_start_command_installs_and_runs_the_app():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 250
    section = readme.split("## Start the booklet", 1)[1]
    command = re.search(r"```sh\n(.+?)\n```", section, re.S).group(1)
    assert "pip install -q -e ." in command and command.endswith("streamlit run app.py")


def cited_pages(text: str) -> set[str]:
    """The guides ``text`` cites by path: ``docs/<page>.md``, ``content/<NAME>.md`` and the
    three top-level guides."""
    return set(re.findall(r"(?<![\w/.-])(docs/[\w-]+\.md|content/[A-Z]+\.md|README\.md"
                          r"|CONTRIBUTING\.md|TRANSLATING\.md)\b", text))


def test_every_guide_the_code_and_settings_cite_exists():
    cited: dict[str, list[str]] = {}
    sources = [p for folder in ("jokoak", "ui", "app_pages", "bench", "deploy", "tests")
               for p in (ROOT / folder).rglob("*") if p.is_file() and p.suffix != ".pyc"]
    sources += [ROOT / "jokoak.toml", ROOT / "pyproject.toml", ROOT / ".ci" / "run"]
    for source in sources:
        for page in cited_pages(source.read_text(encoding="utf-8", errors="replace")):
            cited.setdefault(page, []).append(str(source.relative_to(ROOT)))
    assert "docs/rooms.md" in cited and "README.md" in cited  # the search finds citations
    assert {page: where for page, where in cited.items() if not (ROOT / page).exists()} == {}


def test_a_cited_guide_is_found_in_prose_and_paths_but_not_inside_another_name():
    assert cited_pages("(docs/rooms.md, \"Why\"); see README.md and CONTRIBUTING.md's recipe; "
                       "content/LESSONS.md, mydocs/x.md, a/README.md, NOTES.md") == {
        "docs/rooms.md", "README.md", "CONTRIBUTING.md", "content/LESSONS.md"}
