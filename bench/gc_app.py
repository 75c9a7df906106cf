"""The booklet as bench/gc_probe.py runs it: app.py, with each of Python's full collections
(generation 2) written to ``JOKOAK_GC_LOG`` (wall-clock start, milliseconds, and the objects
the collector tracks outside the frozen ones, which the next full collection scans), and, with
``JOKOAK_GC_NO_FREEZE=1``, without ui/heap.py's freeze (what the booklet did before it)."""

import gc
import json
import os
import time

import ui.heap
from ui.shell import run

if not getattr(gc, "_jokoak_probe", False):        # once per process, not once per run
    gc._jokoak_probe = True  # type: ignore[attr-defined]
    started = [0.0, 0.0]

    def timed(phase: str, info: dict) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            started[:] = [time.time(), time.perf_counter()]
            return
        with open(os.environ["JOKOAK_GC_LOG"], "a") as log:
            ms = (time.perf_counter() - started[1]) * 1000
            log.write(json.dumps([started[0], ms, len(gc.get_objects())]) + "\n")

    gc.callbacks.append(timed)
    if os.environ.get("JOKOAK_GC_NO_FREEZE") == "1":
        ui.heap.settle_once = lambda: False

run()
