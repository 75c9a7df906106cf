"""Translators: the workbench — aligned review, QA checks, uploads for review, exports."""

import streamlit as st

from ui.common import _
from ui.translators_views import workbench

st.title(_("Translators"))
st.write(_("Every clause of the Basque source beside its Spanish, French and English rendering, "
           "with the state of each translation, the automatic checks and the glossary."))
workbench()
