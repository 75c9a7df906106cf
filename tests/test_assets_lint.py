"""The booklet's scripts and styles (ui/assets/) pass ESLint and Stylelint.

The linters come from the npm registry into .ci/node (.ci/run installs them, pinned). Without
them the test is skipped on a developer's machine and fails under CI (``CI`` set): a CI that
lost them would otherwise pass without linting anything. Each linter is first shown a broken
file under ui/assets/'s name, so a configuration that no longer reaches the folder fails too.
The settings: eslint.config.cjs and .stylelintrc.json at the repository's root.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULES = ROOT / ".ci" / "node" / "node_modules"
ASSETS = ROOT / "ui" / "assets"


def _linter(name: str) -> Path:
    tool = MODULES / ".bin" / name
    if tool.exists():
        return tool
    hint = (f"{name} is not installed (npm install --prefix .ci/node eslint @eslint/js globals "
            "stylelint stylelint-config-recommended, at the versions .ci/run pins)")
    if os.environ.get("CI"):
        pytest.fail(f"CI is set but {hint}")
    pytest.skip(f"{hint}: skipped")


def _run(tool: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(tool), *args], cwd=ROOT, input=stdin, capture_output=True,
                          text=True, timeout=300, env={**os.environ, "NODE_PATH": str(MODULES)})


def _eslint(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return _run(_linter("eslint"), "--max-warnings", "0", *args, stdin=stdin)


def _stylelint(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return _run(_linter("stylelint"), "--config-basedir", str(MODULES), *args, stdin=stdin)


def test_every_script_of_the_booklet_passes_eslint():
    for probe, given in (("probe.js", "jk"), ("probe.mjs", "JK")):
        broken = _eslint("--stdin", "--stdin-filename", f"ui/assets/{probe}",
                         stdin=f"if ({given}.x == 1) {{ undefinedHelper(); }}\n")
        assert broken.returncode == 1, broken.stdout + broken.stderr
        assert "no-undef" in broken.stdout and "eqeqeq" in broken.stdout, broken.stdout
        assert f"'{given}' is not defined" not in broken.stdout, broken.stdout
    result = _eslint(str(ASSETS.relative_to(ROOT)))
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_style_of_the_booklet_passes_stylelint():
    broken = _stylelint("--stdin-filename", "ui/assets/probe.css",
                        stdin="a{colr:red}\na{color:red}\n")
    assert broken.returncode == 2, broken.stdout + broken.stderr
    assert "property-no-unknown" in broken.stdout + broken.stderr
    result = _stylelint(str((ASSETS / "*.css").relative_to(ROOT)))
    assert result.returncode == 0, result.stdout + result.stderr
