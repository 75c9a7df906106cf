"""The server's long-lived heap is kept out of Python's full collections (ui/heap.py): once per
process, after the first run, the pages' late imports are done, the garbage collected and what
is alive frozen, so that a full collection no longer stops every visitor's run for about 100 ms."""

from __future__ import annotations

import json
import subprocess
import sys
import threading

from streamlit.testing.v1 import AppTest

from jokoak import ROOT
import ui.heap as heap


def test_the_heap_is_settled_once_however_many_runs_ask_at_once(monkeypatch):
    monkeypatch.setattr(heap, "_STARTED", False)
    settled = threading.Event()
    calls = []

    def settle():
        calls.append(threading.current_thread().name)
        settled.set()
        return 0

    monkeypatch.setattr(heap, "settle", settle)
    answers = []
    askers = [threading.Thread(target=lambda: answers.append(heap.settle_once()))
              for _ in range(8)]
    for asker in askers:
        asker.start()
    for asker in askers:
        asker.join()
    assert settled.wait(10)
    assert sorted(answers) == [False] * 7 + [True]
    assert calls == ["jokoak-heap"]           # in a thread of its own, not the run's


def test_the_first_run_of_the_booklet_asks_for_it(monkeypatch):
    monkeypatch.setattr(heap, "_STARTED", False)
    asked = []
    monkeypatch.setattr(heap, "settle", lambda: asked.append(True) or 0)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.run()
    assert not at.exception
    assert heap._STARTED
    at.run()
    heap_threads = [t for t in threading.enumerate() if t.name == "jokoak-heap"]
    for thread in heap_threads:
        thread.join(10)
    assert asked == [True]


SETTLE = """
import gc, json, sys
import ui.heap as heap
frozen = heap.settle()
print(json.dumps({"frozen": frozen, "scanned": len(gc.get_objects(generation=2)),
                  "modules": sorted(m for m in heap._modules() if m not in sys.modules)}))
"""


def test_settling_imports_every_late_module_and_leaves_little_for_a_full_collection():
    done = subprocess.run([sys.executable, "-c", SETTLE], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=True)
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["modules"] == []
    assert "ui.games.peruludo.play" in heap._modules()
    assert "jokoak.games.zohn_ahl.odds.bounds" in heap._modules()
    # the libraries and the booklet, frozen; a full collection scans almost none of it
    assert found["frozen"] > 50_000
    assert found["scanned"] < found["frozen"] / 20
