"""Downloads that any replica can serve: the file goes inline, as a ``data:`` link.

``st.download_button`` keeps its bytes in the media storage of the one process that ran the
script and gives the browser a ``/media/…`` address to fetch; behind a round-robin load
balancer that request may reach another replica, which answers 404 (a deferred, callable
download is the same: its bytes land in the storage of the process that ran the callable).
A ``data:`` link carries the file in the page itself. Keep it for files of a few hundred kB
(a handout, not a catalog export): it travels with every rerun of the page that shows it.
"""

from __future__ import annotations

import base64

from .common import esc, html, lang

#: A data: link grows by a third over the file; past this the page itself gets slow.
MAX_INLINE_BYTES = 512 * 1024

DOWNLOAD_CSS = """<style>
a.jk-download{display:inline-flex;align-items:center;min-height:48px;padding:.4rem 1rem;
  border:1px solid #174ea6;border-radius:.5rem;color:#174ea6;text-decoration:none;
  font-weight:600;margin:.2rem 0}
a.jk-download:hover{background:#e8eefb}
</style>"""


def data_url(data: bytes, mime: str) -> str:
    return f"data:{mime};base64," + base64.b64encode(data).decode("ascii")


def inline_download(label: str, data: bytes, file_name: str, mime: str) -> None:
    """A download link holding ``data`` itself; ``label`` and ``file_name`` are escaped."""
    if len(data) > MAX_INLINE_BYTES:
        raise ValueError(f"{file_name}: {len(data)} bytes is too large to send inline")
    html(DOWNLOAD_CSS + f'<a class="jk-download" lang="{lang()}" download="{esc(file_name)}" '
         f'href="{data_url(data, mime)}">{esc(label)}</a>')
