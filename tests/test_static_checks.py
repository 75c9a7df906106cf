"""The types, the layers and the lint are checks, not wishes: mypy, import-linter and ruff
run as tests.

All three read their settings from pyproject.toml (``[tool.mypy]``, ``[tool.importlinter]``,
``[tool.ruff]``), so
the command a developer types and the one CI runs are the same. Each game's engine module
assigns its ``GAME`` to a variable typed ``Game`` (``KEEPS_THE_ENGINE_PROTOCOLS``): mypy fails
as soon as a game stops satisfying the ``Game`` or ``GameState`` protocol
(``tests/test_registry.py`` checks every game has that line).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)


def test_mypy_finds_no_error_in_the_core_or_the_games_protocol_checks():
    result = run("-m", "mypy")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout


def test_ruff_finds_no_error_in_the_code_bench_or_tests():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr


def test_import_linter_contracts_hold_engine_games_odds_render_bots_ui():
    result = run("-c", "import sys; from importlinter.cli import lint_imports_command; "
                       "sys.exit(lint_imports_command())", "--no-cache")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout
