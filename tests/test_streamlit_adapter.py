"""The one module that imports Streamlit's own modules (:mod:`ui.streamlit_adapter`): each
name and signature it relies on still exists, so a Streamlit upgrade that moves or changes
one fails here, loudly, instead of a page quietly drawing itself whole at every poll."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest
import streamlit as st

ROOT = Path(__file__).resolve().parent.parent
ADAPTER = "ui/streamlit_adapter.py"
#: ``streamlit.<module>`` names a page may import beside ``streamlit`` itself: the
#: documented API (components, the test harness is for tests only).
PUBLIC = ("streamlit", "streamlit.components.v1")


def test_the_adapter_imports_with_this_streamlit():
    import ui.streamlit_adapter as adapter
    assert set(adapter.__all__) == {"DeltaGenerator", "StreamlitPage", "arrow_bytes",
                                    "rerun_fragment"}


def test_a_fragment_is_rerun_as_a_callback_by_the_private_thread_state_streamlit_keeps():
    from streamlit.runtime.scriptrunner_utils.script_run_context import (RunLocation,
                                                                         ThreadState)
    assert RunLocation.CALLBACK.value == "callback"
    scoped = inspect.signature(ThreadState.scoped)
    assert any(p.kind is inspect.Parameter.VAR_KEYWORD for p in scoped.parameters.values())
    fields = inspect.get_annotations(
        __import__("streamlit.runtime.scriptrunner_utils.script_run_context",
                   fromlist=["_FragmentThreadStateFields"])._FragmentThreadStateFields)
    assert "run_location" in fields


def test_st_rerun_takes_a_fragment_key_as_its_scope():
    scope = inspect.signature(st.rerun).parameters.get("scope")
    assert scope is not None and scope.default == "app"
    assert scope.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD,
                          inspect.Parameter.POSITIONAL_ONLY)
    from streamlit.errors import StreamlitAPIException
    assert issubclass(StreamlitAPIException, Exception)


def test_the_arrow_conversion_of_a_charts_rows_gives_a_readable_table():
    import pyarrow as pa

    from ui.streamlit_adapter import arrow_bytes
    table = pa.ipc.open_stream(arrow_bytes([{"face": "1", "p": 0.5}, {"face": "2", "p": 0.5}])
                               ).read_all()
    assert table.num_rows == 2 and "face" in table.column_names


def test_the_container_and_page_types_are_what_st_returns():
    from ui.streamlit_adapter import DeltaGenerator, StreamlitPage
    assert isinstance(st.container(), DeltaGenerator)
    assert isinstance(st.Page(lambda: None, title="x", url_path="x"), StreamlitPage)


def test_no_other_ui_module_imports_a_streamlit_module_beyond_the_public_api():
    offenders = []
    for path in sorted([*(ROOT / "ui").rglob("*.py"), *(ROOT / "app_pages").rglob("*.py"),
                        ROOT / "app.py"]):
        relative = path.relative_to(ROOT).as_posix()
        if relative == ADAPTER:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level
                     else [])
            offenders += [f"{relative}: {name}" for name in names
                          if name.startswith("streamlit") and name not in PUBLIC]
    assert offenders == []


@pytest.mark.parametrize("broken", [ImportError, AttributeError])
def test_a_moved_thread_state_falls_back_to_rerunning_the_whole_page(monkeypatch, broken):
    import streamlit.runtime.scriptrunner_utils.script_run_context as context

    from ui import streamlit_adapter
    asked = []

    def rerun(*args):
        asked.append(args)
        raise RuntimeError("stop")  # st.rerun never returns

    def moved(**_kwargs):
        raise broken("moved")

    monkeypatch.setattr(context.ThreadState, "scoped", staticmethod(moved))
    monkeypatch.setattr(streamlit_adapter.st, "rerun", rerun)
    with pytest.raises(RuntimeError, match="stop"):
        streamlit_adapter.rerun_fragment("jokoak_room_area")
    assert asked == [()]
