"""Keep what lives as long as the server out of Python's full garbage collections.

Python's full collection (generation 2) scans every object its collector tracks, and a server
that has loaded Streamlit, pandas, pyarrow, Altair, numpy, Babel and the booklet tracks a great
many, so a full collection, now and then in a run of taps, pauses every visitor's run on that
server for longer than a tap's whole run takes (``python bench/gc_probe.py 90`` prints the
pauses; docs/performance.md has the figures). Nearly all of those objects are the modules and
what they built at import, which live as long as the process.

So once per process, after the first visitor's first run, :func:`settle_once` imports what the
pages would import later (the games' modules and views, the charting and table libraries),
collects the garbage there is, and moves everything still alive into Python's permanent
generation (``gc.freeze``): a full collection then scans only what came since. It does so in a
thread of its own, so the first visitor's run ends without waiting for it. What it freezes is
never collected, so it runs once: the first visitor's own objects are frozen too, one session's
worth at most.
"""

from __future__ import annotations

import gc
import importlib
import logging
import pkgutil
import threading

from jokoak import registry

log = logging.getLogger("jokoak")

#: Imported by some pages only, on first use (charts, tables, the odds' solvers).
LIBRARIES = ("altair", "numpy", "pandas", "pyarrow")

_LOCK = threading.Lock()
_STARTED = False


def _modules() -> list[str]:
    """Every module a page of the booklet may import late: the libraries, then each game's
    modules and views (``jokoak.games.<key>.*``, ``ui.games.<key>.*``) that exist."""
    names = list(LIBRARIES)
    for key in registry.plugins():
        for package in (f"jokoak.games.{key}", f"ui.games.{key}"):
            module = registry.optional_module(package)
            if module is None:
                continue   # a game without a ``ui/games/<key>/`` package: nothing to import
            names.append(package)
            path = getattr(module, "__path__", None)
            if path is not None:
                names += [info.name for info in pkgutil.walk_packages(path, f"{package}.")]
    return names


def settle() -> int:
    """Import :func:`_modules`, collect, freeze; the number of objects frozen."""
    for name in _modules():
        try:
            importlib.import_module(name)
        except Exception as exc:   # a library missing here is imported by no page either
            log.debug("heap: %s not imported (%s)", name, exc)
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


def settle_once() -> bool:
    """Start :func:`settle` in a thread the first time it is asked in this process; False
    every later time."""
    global _STARTED
    with _LOCK:
        if _STARTED:
            return False
        _STARTED = True
    threading.Thread(target=settle, name="jokoak-heap", daemon=True).start()
    return True
