"""Operator: the translators' tools, printable handouts and the settings' status.

Listed only with ``[operator] enabled = true`` and never in a kiosk visit (ui/shell.py):
a kiosk visitor must not reach a file uploader or the exports.
"""

import streamlit as st

from ui.common import _
from ui.operator_views import handouts, settings_status
from ui.counters import operator_tab as counts_tab
from ui.speech import status as speech_status
from ui.translators_views import workbench

st.title(_("Operator"))
tabs = st.tabs([_("Handouts"), _("Settings"), _("Translators"), _("Read-aloud"),
                _("Where visitors stumble")])
with tabs[0]:
    handouts()
with tabs[1]:
    settings_status()
with tabs[2]:
    workbench()
with tabs[3]:
    speech_status()
with tabs[4]:
    counts_tab()
