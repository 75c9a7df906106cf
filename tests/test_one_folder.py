"""One folder for real: a game's files sit under its own folders, ``jokoak/games/<key>/``,
``ui/games/<key>/`` and ``content/<key>/`` (seed, clauses, notes, golden text, glossary terms,
its catalogs), and no shared file holds what belongs to one game alone, so adding a game adds
files and edits none. Its tests (``tests/test_<key>_*.py``) and benches (``bench/``) are the
exception: they are files of the test suite and the benches, added beside the others."""

import os

import yaml
from babel.messages.pofile import read_po

from games_support import GAMES
from jokoak import ROOT

#: Folders that are no part of the project's files (tools, caches, the tests' and benches' own).
SKIPPED = {".git", ".venv", "venv", ".mypy_cache", ".ruff_cache", ".pytest_cache", "__pycache__",
           "node_modules", ".ci", "build", "dist", "tests", "bench"}


def own_folders(game):
    return (f"jokoak/games/{game}/", f"ui/games/{game}/", f"content/{game}/")


def project_files():
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIPPED and not d.endswith(".egg-info")]
        for name in files:
            yield os.path.relpath(os.path.join(folder, name), ROOT).replace(os.sep, "/")


def owner(path):
    """The game whose folders hold ``path``, else None (read here from the path itself, not
    from the code that splits the catalogs)."""
    return next((g for g in GAMES if path.startswith(own_folders(g))), None)


def test_every_file_named_after_a_game_lies_in_its_own_folders():
    files = list(project_files())
    assert len(files) > 100
    astray = [path for path in files for game in GAMES
              if game in path and not path.startswith(own_folders(game))]
    assert astray == []


def test_each_game_keeps_its_seed_notes_golden_text_and_catalogs_in_its_folder():
    for game in GAMES:
        folder = ROOT / "content" / game
        for name in ("seed.eu.txt", "seed.eu.txt.sha256", "segments.yaml", "golden.txt",
                     f"locales/{game}.pot", f"locales/{game}-ui.pot"):
            assert (folder / name).is_file(), f"{game}: {name}"


def test_the_shared_locales_folder_holds_only_the_shared_interface_catalogs():
    names = {path.name for path in (ROOT / "locales").rglob("*") if path.is_file()}
    assert names == {"messages.pot", "messages.po"}


def test_the_shared_catalogs_name_no_place_in_a_games_folders():
    paths = [ROOT / "locales" / "messages.pot", *(ROOT / "locales").glob("*/LC_MESSAGES/*.po")]
    inside = []
    for path in paths:
        with path.open("rb") as fh:
            for msg in read_po(fh):
                inside += [f"{path.relative_to(ROOT)}: {where}: {msg.id!r:.60}"
                           for where, _line in msg.locations if owner(where) is not None]
    assert inside == []


def test_a_games_own_catalog_names_only_places_in_that_games_folders():
    for game in GAMES:
        with (ROOT / "content" / game / "locales" / f"{game}-ui.pot").open("rb") as fh:
            template = read_po(fh)
        assert len(template) > 0, game
        assert {owner(p) for m in template if m.id for p, _l in m.locations} == {game}


def test_the_shared_glossary_holds_only_terms_several_games_use():
    shared = yaml.safe_load((ROOT / "content" / "glossary.yaml").read_text(encoding="utf-8"))
    assert [t["id"] for t in shared["terms"] if len(t["games"]) < 2] == []
    for game in GAMES:
        own = yaml.safe_load((ROOT / "content" / game / "glossary.yaml").read_text("utf-8"))
        assert {tuple(t["games"]) for t in own["terms"]} == {(game,)}
