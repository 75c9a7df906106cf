"""A play page and a room are peers over one play session (:mod:`ui.play.page`): the page
draws the one-screen game, and a shared table is a set of hooks it is drawn with, never its
owner."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import ui.play.page as page_module
from ui.play.page import PlayPage, TableHooks
from ui.room import HOOKS

ROOT = Path(__file__).resolve().parent.parent


class Recorder:
    """Hooks that note what the page asked of them (``TableHooks``)."""

    def __init__(self, seated: bool) -> None:
        self.is_seated = seated
        self.asked: list[tuple[str, Any]] = []

    def restore(self, spec: Any) -> None:
        self.asked.append(("restore", spec))

    def seated(self, spec: Any) -> bool:
        self.asked.append(("seated", spec))
        return self.is_seated

    def draw_table(self, page: Any) -> None:
        self.asked.append(("draw_table", page))

    def above(self, spec: Any) -> None:
        self.asked.append(("above", spec))

    def below(self, page: Any, chosen: dict[str, Any]) -> None:
        self.asked.append(("below", chosen))


@pytest.fixture
def one_screen(monkeypatch):
    drawn: list[dict[str, Any]] = []

    def page(spec, intro, left, right, choices):
        drawn.append(choices())  # the new-game panel asks the page's choices

    monkeypatch.setattr(page_module, "one_screen_page", page)
    return drawn


def _page() -> PlayPage[Any]:
    spec = object()
    return PlayPage(spec=spec, intro="intro", table=lambda game: None,  # type: ignore[arg-type]
                    side=lambda game: None, choices=lambda: {"players": 4},
                    seat_view=lambda game, seat, spec: None,
                    seat_name=lambda game, seat: f"Player {seat + 1}")


def test_a_device_seated_at_a_shared_table_sees_that_table_and_no_one_screen_game(one_screen):
    page, hooks = _page(), Recorder(seated=True)
    page.draw(hooks)
    assert [name for name, _ in hooks.asked] == ["restore", "seated", "draw_table"]
    assert hooks.asked[-1][1] is page
    assert one_screen == []


def test_a_device_at_no_shared_table_sees_the_one_screen_game_between_the_tables_notes(
        one_screen):
    page, hooks = _page(), Recorder(seated=False)
    page.draw(hooks)
    assert [name for name, _ in hooks.asked] == ["restore", "seated", "above", "below"]
    assert one_screen == [{"players": 4}]
    assert hooks.asked[-1] == ("below", {"players": 4})  # the panel starts from the choices


def test_a_page_drawn_with_no_shared_table_is_the_one_screen_game_alone(one_screen):
    _page().draw()
    assert one_screen == [{"players": 4}]


def test_the_rooms_are_table_hooks_and_the_play_page_never_imports_the_room():
    hooks: TableHooks = HOOKS
    assert all(callable(getattr(hooks, name))
               for name in ("restore", "seated", "draw_table", "above", "below"))
    source = (ROOT / "ui/play/page.py").read_text(encoding="utf-8")
    assert "import" not in "".join(line for line in source.splitlines()
                                   if "room" in line and line.startswith(("from", "import")))


def test_the_room_is_short_modules_none_over_300_lines():
    lengths = {path.name: len(path.read_text(encoding="utf-8").splitlines())
               for path in (ROOT / "ui/room").glob("*.py")}
    assert len(lengths) > 1
    assert {name: n for name, n in lengths.items() if n > 300} == {}
