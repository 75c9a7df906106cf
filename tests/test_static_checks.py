"""The types, the layers and the lint are checks, not wishes: mypy, import-linter and ruff
run as tests.

All three read their settings from pyproject.toml (``[tool.mypy]``, ``[tool.importlinter]``,
``[tool.ruff]``), so
the command a developer types and the one CI runs are the same. Each game's engine module
assigns its ``GAME`` to a variable typed ``Game`` (``KEEPS_THE_ENGINE_PROTOCOLS``): mypy fails
as soon as a game stops satisfying the ``Game`` or ``GameState`` protocol
(``tests/test_registry.py`` checks every game has that line). The core (``jokoak``) and the
Streamlit helpers (``ui``) are held to ``mypy --strict``: the flags of their override in
pyproject.toml are compared with mypy's own list, so a flag a newer mypy adds to ``--strict``
is asked for too.
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


def _strict_flags() -> tuple[dict[str, object], dict[str, object]]:
    """What ``mypy --strict`` changes from mypy's defaults: (per-module flags, global flags)."""
    from mypy.main import process_options
    from mypy.options import PER_MODULE_OPTIONS

    _files, strict = process_options(["--strict", "--config-file", "", "-c", "pass"])
    _files, default = process_options(["--config-file", "", "-c", "pass"])
    changed = {name: getattr(strict, name) for name in dir(strict)
               if not name.startswith("_") and not callable(getattr(strict, name))
               and getattr(strict, name) != getattr(default, name)}
    changed.pop("strict", None)   # not a flag of its own on every mypy
    per_module = {k: v for k, v in changed.items() if k in PER_MODULE_OPTIONS}
    return per_module, {k: v for k, v in changed.items() if k not in per_module}


def _modules(package: str) -> list[str]:
    names = []
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def test_mypy_checks_every_core_and_ui_module_with_the_strict_flags():
    import os

    from mypy.config_parser import parse_config_file
    from mypy.options import Options

    per_module, global_flags = _strict_flags()
    assert "warn_return_any" in per_module and "disallow_any_generics" in per_module
    options = Options()
    before = os.environ.get("MYPY_CONFIG_FILE_DIR")
    try:
        parse_config_file(options, lambda: None, str(ROOT / "pyproject.toml"))
    finally:   # the parser leaves the config's folder in the environment
        if before is None:
            os.environ.pop("MYPY_CONFIG_FILE_DIR", None)
        else:
            os.environ["MYPY_CONFIG_FILE_DIR"] = before
    loose_globals = {k: getattr(options, k) for k, v in global_flags.items()
                     if getattr(options, k) != v}
    assert not loose_globals, f"[tool.mypy] lacks these flags of --strict: {loose_globals}"
    modules = _modules("jokoak") + _modules("ui")
    assert "jokoak.engine.core" in modules and "ui.lesson" in modules
    loose = {}
    for module in modules:
        checked = options.clone_for_module(module)
        off = sorted(k for k, v in per_module.items() if getattr(checked, k) != v)
        if off:
            loose[module] = off
    assert not loose, f"modules checked without --strict's flags: {loose}"


def test_ruff_finds_no_error_in_the_code_bench_or_tests():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr


def test_import_linter_contracts_hold_engine_games_odds_render_bots_ui():
    result = run("-c", "import sys; from importlinter.cli import lint_imports_command; "
                       "sys.exit(lint_imports_command())", "--no-cache")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout
