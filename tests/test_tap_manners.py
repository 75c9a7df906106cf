"""The scripts a lesson and kiosk play put into the page survive ``st.html``'s sanitizer:
DOMPurify drops an element whose text holds ``<`` before a letter or ``/`` (its guard against
markup hidden in text), and a script dropped so never runs (the tap manners did not, once)."""

from __future__ import annotations

import re

import pytest

from ui import shell, sound, tap_manners


def _script_body(markup: str) -> str:
    found = re.search(r"<script>(.*)</script>", markup, re.S)
    assert found, markup[:80]
    return found.group(1)


@pytest.mark.parametrize("markup", [
    tap_manners.tap_script(),
    sound.chime_script("x"),
    shell.document_language_html("fr", "<b>Menu</b></script>"),
], ids=["tap_manners", "chime", "document_language"])
def test_a_page_script_holds_no_markup_like_text_the_sanitizer_would_drop(markup):
    assert not re.search(r"<[\w/!?]", _script_body(markup))
