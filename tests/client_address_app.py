"""A page that shows the address the rooms' per-client limits see (tests/test_client_address.py)."""

import streamlit as st

from ui.clients import address

st.markdown(f"client-address:{address(['127.0.0.1', '::1'])}")
