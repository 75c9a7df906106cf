"""A test-only page: the booklet's renderers fed with hostile catalog strings.

Served by tests/test_browser_hostile.py; every hostile string must reach the browser as text.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import jokoak.render.source as source  # noqa: E402
from jokoak.i18n.source_translations import SegmentTranslation, translation_map  # noqa: E402
from ui.common import html  # noqa: E402

HOSTILE = ('<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">'
           '[click](javascript:window.__pwned=3) <b onmouseover="window.__pwned=4">bold</b>')

real = translation_map("zaldi_zuria", "en")
forged = {k: SegmentTranslation(v.segment, "en", HOSTILE, v.status) for k, v in real.items()}
source.translation_map = lambda game, lang: forged


def hostile_gettext(message: str) -> str:
    return HOSTILE if message in ("Basque original", "Translation") else message


html(source.source_html("zaldi_zuria", "en", hostile_gettext))
