"""What a game's folder must hold for CI, and the traps a new game falls into: the list
``python -m jokoak check-game <key>`` reads out, and CONTRIBUTING's recipe is tested against.

Each :class:`Piece` names where it lives, whether CI requires it, and the test files that
check it; its ``present`` test looks at the files and the plug-in, never runs the suite. The
traps (:func:`traps`) are the faults no message points to: a folder Python does not see as a
package, a seed whose checksum or last byte is off, a handout drawing too wide to grow on the
pupil's sheet or drawn with ``scale()``.
"""

from __future__ import annotations

import ast
import hashlib
import re
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Callable

from ..plugin import GamePlugin

#: A handout drawing narrower than this (height / width) is held by the page's width, so the
#: pupil's sheet, which leaves out the clause ids, cannot draw it larger.
TALL_ENOUGH = 0.6


@dataclass(frozen=True)
class Folder:
    """A game's key, the project folder it is checked in, and its plug-in (``None`` when it
    cannot be loaded: ``error`` says why)."""

    key: str
    root: Path
    plugin: GamePlugin | None
    error: str = ""

    @property
    def games(self) -> Path:
        return self.root / "jokoak" / "games" / self.key

    def content(self, *parts: str) -> Path:
        base = Path(self.plugin.content) if self.plugin is not None else Path("content") / self.key
        return (base if base.is_absolute() else self.root / base).joinpath(*parts)

    def seed(self) -> Path:
        base = Path(self.plugin.seed) if self.plugin is not None else Path("content") / self.key / "seed.eu.txt"
        return base if base.is_absolute() else self.root / base


@dataclass(frozen=True)
class Piece:
    """One piece of a game: ``what`` it is, ``where`` it lives (``<key>`` for the game's key),
    ``required`` by CI or optional, the test files that ``checks`` it, and a test that it is
    ``present`` in a folder."""

    what: str
    where: str
    required: bool
    checks: tuple[str, ...]
    present: Callable[[Folder], bool]


def _seed_sound(f: Folder) -> bool:
    seed, recorded = f.seed(), f.seed().with_name(f.seed().name + ".sha256")
    if not (seed.is_file() and recorded.is_file()):
        return False
    digest = recorded.read_text(encoding="ascii").split(maxsplit=1)[:1]
    return digest == [hashlib.sha256(seed.read_bytes()).hexdigest()]


def _loads(f: Folder, name: str) -> bool:
    """The plug-in's ``name`` capability builds without raising (``None``: absent)."""
    if f.plugin is None or getattr(f.plugin, name) is None:
        return False
    try:
        getattr(f.plugin, name)()
    except Exception:
        return False
    return True


def _has_nav(f: Folder) -> bool:
    try:
        return f.plugin is not None and f.plugin.drawings().nav is not None
    except Exception:
        return False


def _engine_proved(f: Folder) -> bool:
    engine = f.games / "engine.py"
    return (_loads(f, "engine") and engine.is_file()
            and "KEEPS_THE_ENGINE_PROTOCOLS: Game = GAME" in engine.read_text(encoding="utf-8"))


def _catalogs(f: Folder) -> bool:
    """The source's catalogs (es, fr, en) and the game's own interface catalogs (eu, es, fr)."""
    folder = f.content("locales")
    source = all((folder / lang / "LC_MESSAGES" / f"{f.key}.po").is_file()
                 for lang in ("es", "fr", "en"))
    interface = all((folder / lang / "LC_MESSAGES" / f"{f.key}-ui.po").is_file()
                    for lang in ("eu", "es", "fr"))
    return source and interface


def _view(f: Folder, name: str) -> bool:
    """``ui/games/<key>/__init__.py`` declares ``VIEWS = GameViews(<name>=...)`` (read, not
    imported: the core never imports the Streamlit side)."""
    path = f.root / "ui" / "games" / f.key / "__init__.py"
    if not path.is_file():
        return False
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                and any(isinstance(t, ast.Name) and t.id == "VIEWS" for t in node.targets)):
            return any(k.arg == name for k in node.value.keywords)
    return False


#: Every piece, in the order of CONTRIBUTING's recipe (a test keeps the two the same).
PIECES: tuple[Piece, ...] = (
    Piece("the folder as a package", "jokoak/games/<key>/__init__.py", True,
          ("tests/test_registry.py",), lambda f: (f.games / "__init__.py").is_file()),
    Piece("the plug-in", "jokoak/games/<key>/plugin.py", True, ("tests/test_registry.py",),
          lambda f: f.plugin is not None),
    Piece("the engine", "jokoak/games/<key>/engine.py", True,
          ("tests/test_conformance.py", "tests/test_registry.py", "mypy"), _engine_proved),
    Piece("its small picture", "jokoak/games/<key>/pictures.py", True,
          ("tests/test_registry.py",), lambda f: _loads(f, "pictures")),
    Piece("its navigation drawing", "jokoak/games/<key>/pictures.py", False,
          ("tests/test_kiosk.py",), _has_nav),
    Piece("the Basque text and its checksum", "content/<key>/seed.eu.txt", True,
          ("tests/test_seeds.py",), _seed_sound),
    Piece("its clauses", "content/<key>/segments.yaml", True, ("tests/test_segments.py",),
          lambda f: f.content("segments.yaml").is_file()),
    Piece("the how-to-play card", "content/<key>/howto.yaml", True,
          ("tests/test_registry.py", "tests/test_howto.py", "tests/test_handout.py"),
          lambda f: f.content("howto.yaml").is_file()),
    Piece("scenarios citing every clause", "content/<key>/scenarios/", True,
          ("tests/test_clause_coverage.py", "tests/test_handout.py"),
          lambda f: any(f.content("scenarios").glob("*.yaml"))),
    Piece("a golden playthrough", "content/<key>/golden.txt", True, ("tests/test_golden.py",),
          lambda f: f.content("golden.txt").is_file()),
    Piece("its catalogs", "content/<key>/locales/", True,
          ("tests/test_catalogs.py", "tests/test_spelling.py"), _catalogs),
    Piece("the renderer", "jokoak/games/<key>/render.py", True,
          ("tests/test_handout.py", "tests/test_steps.py", "tests/test_stepper.py"),
          lambda f: _loads(f, "renderer")),
    Piece("exact odds", "jokoak/games/<key>/odds.py", False,
          ("tests/test_cli.py",), lambda f: _loads(f, "odds")),
    Piece("computer players and their hint", "jokoak/games/<key>/bots.py", False,
          ("tests/test_conformance.py",), lambda f: _loads(f, "bots")),
    Piece("chances to guess", "jokoak/games/<key>/guesses.py", False,
          ("tests/test_guesses.py",), lambda f: _loads(f, "guesses")),
    Piece("notes", "content/<key>/notes.yaml", False, ("tests/test_catalogs.py",),
          lambda f: f.content("notes.yaml").is_file()),
    Piece("an odds view", "ui/games/<key>/__init__.py", False,
          ("tests/test_registry.py", "tests/test_game_views.py"), lambda f: _view(f, "odds")),
    Piece("a play view", "ui/games/<key>/__init__.py", False,
          ("tests/test_play_views.py", "tests/test_game_views.py"), lambda f: _view(f, "play")),
    Piece("lessons", "content/<key>/lessons/", False,
          ("tests/test_lessons_format.py", "tests/test_lesson_views.py"),
          lambda f: any(f.content("lessons").glob("*.yaml"))),
)


def load(key: str, root: Path) -> Folder:
    """The folder of ``key`` under the project folder ``root``, its plug-in loaded if it can
    be (the folder is put on the games' path for that, as a test's toy is)."""
    games = import_module("jokoak.games")
    where = str(root / "jokoak" / "games")
    added = where not in games.__path__
    if added:
        games.__path__.append(where)
    try:
        module = import_module(f"jokoak.games.{key}.plugin")
        found = getattr(module, "PLUGIN", None)
        if not isinstance(found, GamePlugin) or found.key != key:
            return Folder(key, root, None, f"plugin.py has no PLUGIN = GamePlugin({key!r}, ...)")
        return Folder(key, root, found)
    except Exception as exc:
        return Folder(key, root, None, f"{exc.__class__.__name__}: {exc}")
    finally:
        if added:
            games.__path__.remove(where)


def traps(folder: Folder) -> list[str]:
    """The traps the folder has fallen into, each said in words."""
    found = []
    if folder.games.is_dir() and not (folder.games / "__init__.py").is_file():
        found.append("the folder has no __init__.py: Python does not see it as a package, so "
                     "the registry refuses it (add an empty __init__.py)")
    seed = folder.seed()
    if seed.is_file():
        if not _seed_sound(folder):
            found.append(f"{seed.name}.sha256 does not hold the seed's SHA-256 (cd "
                         f"{seed.parent.relative_to(folder.root) if seed.is_relative_to(folder.root) else seed.parent} && "
                         f"sha256sum {seed.name} > {seed.name}.sha256)")
        if seed.read_bytes().endswith(b"\n"):
            found.append(f"{seed.name} ends with a newline: the clauses rebuild the text byte "
                         "for byte and have none (tests/test_segments.py)")
    found += _handout_traps(folder)
    return found


def _handout_traps(folder: Folder) -> list[str]:
    if folder.plugin is None or folder.plugin.renderer is None:
        return []
    try:
        from ..render.handout import drawing_svg
        svg, _title = drawing_svg(folder.key, "eu")
    except Exception:
        return []
    found = []
    if "scale(" in svg:
        found.append("the handout's drawing uses SVG scale(): the PDF library draws it at the "
                     "wrong size (tests/test_handout.py); draw at the final size")
    box = re.search(r'viewBox="[\d.-]+ [\d.-]+ ([\d.]+) ([\d.]+)"', svg)
    if box and float(box.group(2)) / float(box.group(1)) < TALL_ENOUGH:
        found.append(f"the handout's drawing is {box.group(1)} wide and {box.group(2)} tall: "
                     f"below {TALL_ENOUGH} of its width in height it cannot grow on the "
                     "pupil's sheet (tests/test_handout.py)")
    return found


def report(folder: Folder) -> tuple[list[str], bool]:
    """The lines ``check-game`` prints, and whether every required piece is present."""
    have = [p for p in PIECES if p.present(folder)]
    lack = [p for p in PIECES if p not in have]

    def where(piece: Piece) -> str:
        return piece.where.replace("<key>", folder.key)

    def line(sign: str, piece: Piece) -> str:
        kind = "required" if piece.required else "optional"
        return f"  {sign} {piece.what} ({where(piece)}; {kind}): checked by {', '.join(piece.checks)}"

    lines = [f"game {folder.key}"]
    if folder.error:
        lines.append(f"  the plug-in cannot be loaded: {folder.error}")
    lines += ["provides:"] + [line("+", p) for p in have]
    lines += ["lacks:"] + ([line("-", p) for p in lack] or ["  nothing"])
    found = traps(folder)
    lines += ["traps:"] + ([f"  ! {t}" for t in found] or ["  none found"])
    ready = not any(p.required for p in lack)
    lines.append("every required piece is present" if ready
                 else "missing required pieces: " + ", ".join(p.what for p in lack if p.required))
    return lines, ready
