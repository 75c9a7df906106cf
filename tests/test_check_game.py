"""``python -m jokoak check-game <key>``: what a game's folder provides, lacks, which checks
each piece meets, and its traps in words; and CONTRIBUTING's recipe says the same pieces."""

from __future__ import annotations

import hashlib
import sys

import pytest

from games_support import GAMES
from jokoak import ROOT
from jokoak.__main__ import main
from jokoak.cli.checklist import PIECES


def check(capsys, *argv: str) -> tuple[int, str]:
    code = main(["check-game", *argv])
    return code, capsys.readouterr().out


@pytest.fixture
def project(tmp_path):
    """An empty project folder to put a half-written game in; its modules forgotten after."""
    (tmp_path / "jokoak" / "games").mkdir(parents=True)
    yield tmp_path
    for name in [m for m in sys.modules if m.startswith("jokoak.games.half_")]:
        del sys.modules[name]


@pytest.mark.parametrize("game", GAMES)
def test_every_shipped_game_has_every_required_piece_and_falls_in_no_trap(capsys, game):
    code, out = check(capsys, game)
    assert code == 0, out
    assert "every required piece is present" in out and "traps:\n  none found" in out
    provided = [line for line in out.splitlines() if line.startswith("  + ")]
    provided_optional = [line for line in provided if "; optional)" in line]
    assert len(provided) == len([p for p in PIECES if p.required]) + len(provided_optional)


def test_each_piece_is_said_with_where_it_lives_and_the_checks_it_meets(capsys):
    _code, out = check(capsys, GAMES[0])
    for piece in PIECES:
        where = piece.where.replace("<key>", GAMES[0])
        assert f"{piece.what} ({where}; " in out and ", ".join(piece.checks) in out


def test_a_folder_without_init_is_named_as_a_trap_and_fails(capsys, project):
    folder = project / "jokoak" / "games" / "half_noinit"
    folder.mkdir()
    (folder / "plugin.py").write_text("")
    code, out = check(capsys, "half_noinit", "--root", str(project))
    assert code == 1
    assert "  - the folder as a package (jokoak/games/half_noinit/__init__.py; required)" in out
    assert "! the folder has no __init__.py" in out
    assert "missing required pieces: the folder as a package, the plug-in" in out


TOY_PLUGIN = """\
from jokoak.plugin import GamePlugin, Pictures


def engine():
    import toygame
    return toygame.GAME


PLUGIN = GamePlugin("half_seeded", "erdia", "t", "o", "p", (), engine=engine,
                    pictures=lambda: Pictures(icon=lambda title, lang: "<svg/>"))
"""


def test_a_half_written_game_lacks_its_pieces_and_its_traps_are_said(capsys, project):
    folder = project / "jokoak" / "games" / "half_seeded"
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    (folder / "plugin.py").write_text(TOY_PLUGIN)
    content = project / "content" / "half_seeded"
    content.mkdir(parents=True)
    (content / "seed.eu.txt").write_bytes(b"Testua.\n")
    (content / "seed.eu.txt.sha256").write_text(
        hashlib.sha256(b"Testua.").hexdigest() + "  seed.eu.txt\n")
    code, out = check(capsys, "half_seeded", "--root", str(project))
    assert code == 1
    assert "  + the plug-in (jokoak/games/half_seeded/plugin.py; required)" in out
    assert "  + its small picture" in out and "  - its navigation drawing" in out
    assert "  - exact odds (jokoak/games/half_seeded/odds.py; optional)" in out
    assert "  - the Basque text and its checksum" in out
    traps = out.split("traps:\n")[1]
    assert "seed.eu.txt.sha256 does not hold the seed's SHA-256" in traps
    assert "seed.eu.txt ends with a newline" in traps


def recipe_rows() -> list[tuple[str, str, str, str]]:
    """The rows of CONTRIBUTING's table under "How to add a game": (what, where, required or
    optional, checked by)."""
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    section = text.split("## How to add a game", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ")][1:]
    out = []
    for row in rows:
        what, where, required, checks = [c.strip() for c in row.strip("|").split("|")][:4]
        out.append((what, where.strip("`"), required, checks))
    return out


def test_contributings_recipe_names_every_piece_check_game_knows_in_its_order():
    expected = [(p.what, p.where, "required" if p.required else "optional",
                 ", ".join(f"`{c}`" for c in p.checks)) for p in PIECES]
    assert recipe_rows() == expected
