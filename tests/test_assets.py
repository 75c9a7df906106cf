"""ui/assets/: every file a module names exists, every file is named by a module, and what
the loader sends cannot be broken out of.

A name is found as a quoted ``"<name>.css"``, ``"<name>.js"`` or ``"<name>.mjs"`` in ui/'s
Python files (the loader's own module aside). A ``.js`` file is a script sent with
``st.html`` (:func:`ui.assets.script`), a ``.mjs`` file an ES module of a components.v2
element. A script file must hold no ``<`` before a letter, ``/``, ``!`` or
``?`` (Streamlit's sanitizer drops such a script element: it never runs) and no style file a
``</style``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ui import assets

ROOT = Path(__file__).resolve().parent.parent
UI = ROOT / "ui"
NAMED = re.compile(r"""["']([\w-]+\.(?:css|js|mjs))["']""")


def _named() -> dict[str, list[str]]:
    """Each asset name quoted in ui/'s Python files, with the files that name it."""
    found: dict[str, list[str]] = {}
    for path in sorted(UI.rglob("*.py")):
        if path.parent == assets.FOLDER:
            continue
        for name in NAMED.findall(path.read_text(encoding="utf-8")):
            found.setdefault(name, []).append(str(path.relative_to(ROOT)))
    return found


def _files() -> set[str]:
    return {p.name for p in assets.FOLDER.iterdir() if p.suffix in (".css", ".js", ".mjs")}


def test_every_asset_a_module_names_exists():
    missing = {name: where for name, where in _named().items() if name not in _files()}
    assert not missing, missing


def test_every_asset_file_is_named_by_a_module():
    assert _named(), "no module names an asset: the scan is broken"
    assert not _files() - set(_named()), sorted(_files() - set(_named()))


def test_the_assets_folder_holds_only_styles_scripts_and_the_loader():
    others = {p.name for p in assets.FOLDER.iterdir()
              if p.suffix not in (".css", ".js", ".mjs") and p.name not in ("__init__.py", "__pycache__")}
    assert not others, others


@pytest.mark.parametrize("name", sorted(n for n in _files() if n.endswith(".js")))
def test_a_script_file_holds_no_markup_like_text_the_sanitizer_would_drop(name):
    assert not re.search(r"<[\w/!?]", assets.asset(name))


@pytest.mark.parametrize("name", sorted(n for n in _files() if n.endswith(".css")))
def test_a_style_file_cannot_close_its_style_element(name):
    assert "</style" not in assets.asset(name).lower()


def test_values_handed_to_a_script_cannot_close_it_or_become_code():
    hostile = "</script><script>alert(1)</script><b>"
    markup = assets.script("focus_next.js", data={"selector": hostile})
    body = markup[len("<script>"):-len("</script>")]
    assert markup.startswith("<script>") and markup.endswith("</script>")
    assert "<" not in body
    assert body.endswith('({"selector": "\\u003c/script>\\u003cscript>alert(1)\\u003c/script>'
                         '\\u003cb>"});')


def test_only_files_of_the_assets_folder_are_read():
    for name in ("../common.py", "__init__.py", "missing.txt", "/etc/hostname"):
        with pytest.raises(ValueError):
            assets.asset(name)


def test_an_asset_is_read_once_per_process(monkeypatch):
    assets.asset.cache_clear()
    reads: list[Path] = []
    original = Path.read_text

    def counting(self: Path, *args: object, **kwargs: object) -> str:
        reads.append(self)
        return original(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "read_text", counting)
    first = assets.style("booklet.css")
    assert assets.style("booklet.css") == first and len(reads) == 1


def test_a_style_is_its_file_inside_one_style_element():
    assert assets.style("booklet.css", "boards.css") == (
        "<style>" + assets.asset("booklet.css") + assets.asset("boards.css") + "</style>")


def test_the_face_pickers_style_names_the_face_buttons_key():
    from ui.games.peruludo import play
    assert f"[class*='st-key-{play.KEY}_face']" in assets.asset("face_picker.css")


def test_the_arming_bar_lasts_as_long_as_a_control_waits():
    from ui import tap_manners
    from ui.step_controls import ARM_MS
    assert f":root{{--jk-arm-ms:{ARM_MS}ms}}" in tap_manners.tap_style()
    assert "animation:jk-arming var(--jk-arm-ms)" in assets.asset("tap_manners.css")
    assert f'"arm": {ARM_MS}' in tap_manners.tap_script()


def test_the_phone_menus_label_is_a_css_string_that_cannot_close_the_style():
    from ui.shell import menu_label_css
    css = menu_label_css('Menu</style><script>"x"')
    assert css.count("</style>") == 2 and "<script" not in css
    assert "content:var(--jk-menu-label)" in assets.asset("menu_label.css")
