"""What the room views' AppTest modules share (tests/test_room_views.py, the class screen's
tests/test_class_screen.py): rooms kept in the test's own SQLite file, so no test sees
another's rooms or budgets, and the page's text as a visitor reads it."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest


def rooms_in_own_sqlite(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, extra: str = "",
                        settings_name: str = "jokoak.toml") -> None:
    """Point ``JOKOAK_SETTINGS`` at a settings file in ``tmp_path`` whose ``[rooms]`` store
    is a SQLite file there, with ``extra`` lines of ``[rooms]`` settings. The views read
    the ``[rooms]`` settings once per file (``ui.room.settings``), so a test that changes
    them names a file of its own (``settings_name``)."""
    settings = tmp_path / settings_name
    settings.write_text(f'[rooms]\nstore = "sqlite:{tmp_path / "rooms.sqlite3"}"\n{extra}\n')
    monkeypatch.setenv("JOKOAK_SETTINGS", str(settings))


def page_text(at: AppTest) -> str:
    return " ".join(m.value for m in at.markdown)
