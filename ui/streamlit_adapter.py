"""Every use of Streamlit's own modules beyond ``import streamlit as st``, in one place.

Streamlit's documented API is ``st.*``; the modules under it (``streamlit.runtime...``,
``streamlit.dataframe_util``, ``streamlit.delta_generator``, ``streamlit.navigation``) may
move or change in any release. The booklet needs a few of them: the types of a container
and of a page (for annotations), the Arrow conversion a chart's data goes through, and a
fragment's rerun asked from a timer as a widget's callback would ask it. They are imported
here alone, so an upgrade that moves one breaks this module and its test
(``tests/test_streamlit_adapter.py``, which checks each name and signature relied on),
not a page.
"""

from __future__ import annotations

from typing import Any, NoReturn

import streamlit as st
from streamlit.delta_generator import DeltaGenerator
from streamlit.errors import StreamlitAPIException
from streamlit.navigation.page import StreamlitPage

__all__ = ["DeltaGenerator", "StreamlitPage", "arrow_bytes", "rerun_fragment"]


def arrow_bytes(data: Any) -> bytes:
    """``data`` (rows, a table) as the Arrow IPC bytes Streamlit itself makes of a chart's
    data: a chart's table made once by the same conversion gives the same bytes."""
    from streamlit.dataframe_util import convert_anything_to_arrow_bytes
    return convert_anything_to_arrow_bytes(data)


def rerun_fragment(key: str) -> NoReturn:
    """Run the fragment ``key`` again, alone (not the whole page, which costs several times
    more), from a fragment's own timer. Streamlit reruns a fragment by its key from a
    widget's callback only, so the rerun is asked as a callback would ask it (the same
    request). Where Streamlit's inner module differs, the whole page runs again instead
    (the same drawing, at a higher cost)."""
    try:
        from streamlit.runtime.scriptrunner_utils.script_run_context import (RunLocation,
                                                                             ThreadState)
        as_callback = ThreadState.scoped(run_location=RunLocation.CALLBACK)
    except (ImportError, AttributeError, TypeError, RuntimeError):
        st.rerun()
    try:
        with as_callback:
            st.rerun(key)
    except StreamlitAPIException:
        st.rerun()
    raise AssertionError("st.rerun returns only outside a script run")  # pragma: no cover
