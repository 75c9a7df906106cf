"""Load bench: simulated visitors on replicas behind nginx, booklet against a bare app.

    python bench/replicas_load.py [--visitors 60] [--seconds 180] [--replicas 2]
                                  [--think 5-10] [--seed 1]

Starts ``--replicas`` servers of the bare app (bench/bare_app.py) behind Debian's nginx
(deploy/nginx.conf, plain round robin), puts ``--visitors`` visitors on it for ``--seconds``,
then does the same with the booklet. Each visitor opens a page, then presses the page's
"Next" button after a think time drawn from ``--think`` seconds (seeded), again and again:
on the booklet that is the step-through of one of the three games (``scenario=__watch__``,
as ``bench/web_bench.py steps`` measures in a browser), back to step 0 at its end. There
"Next" is a control of the step's one element (ui/step_controls.py): a tap is its ``go``
event, sent as the browser sends it (the element's trigger widget, a rerun of the fragment
the element is in); on the bare app it is a Streamlit button (a whole rerun).

Visitors speak Streamlit's own websocket protocol (the BackMsg/ForwardMsg protobufs of
``streamlit.proto``) as the browser does: 60 Chromium pages would not fit on two cores
beside the servers. Click-to-settled is the time from sending the click until the server's
``script_finished`` for that run, every element of the run received (no browser drawing).
An error is a websocket that closes or fails, a run that does not settle within 30 s, an
exception or error box in a run, or a page without its "Next" button (or control). Prints a table and the
machine's load average; never asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import websockets
from streamlit.components.v2.bidi_component.main import _make_trigger_id
from streamlit.proto.Alert_pb2 import Alert
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from replicas_support import Replicas  # noqa: E402

SETTLE_TIMEOUT = 30.0
GAMES = ("zaldi_zuria", "peruludo", "zohn_ahl")
#: The step-through's one element (ui/step_controls.py): its key holds this.
STEP_CONTROLS_KEY = "jokoak_step_controls_"
#: A run that ended well: the whole script's, or a fragment's (a tap in the step-through).
FINISHED_OK = (ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY)


@dataclass(frozen=True)
class Target:
    """What a visitor opens and which button it presses."""

    name: str
    script: str
    pages: tuple[tuple[str, str], ...]   # (page name, query string) visitors cycle through
    button: str = "Next"


BARE = Target("bare app", str(ROOT / "bench" / "bare_app.py"), (("", ""),))
BOOKLET = Target("booklet", "app.py",
                 tuple((g, "lang=en&view=step&scenario=__watch__") for g in GAMES))


@dataclass
class Tally:
    clicks: list[float] = field(default_factory=list)   # click-to-settled, seconds
    loads: list[float] = field(default_factory=list)    # first run of a page, seconds
    errors: Counter = field(default_factory=Counter)
    bytes_in: int = 0


class RunFailed(Exception):
    """A run that did not settle cleanly (an exception or an error box in it, no button to
    press); its kind is counted as an error."""


@contextmanager
def counting_faults(errors: Counter[str]) -> Iterator[None]:
    """Count what ends a visitor's work in ``errors``, by kind, instead of raising it: a run
    that failed, one that did not settle in time, a broken websocket (this bench's visitors
    and the class bench's alike)."""
    try:
        yield
    except RunFailed as exc:
        errors[str(exc)] += 1
    except asyncio.TimeoutError:
        errors[f"no settle within {SETTLE_TIMEOUT:.0f} s"] += 1
    except (OSError, websockets.WebSocketException) as exc:
        errors[f"websocket: {exc.__class__.__name__}"] += 1


def rerun_message(url: str, page: str, query: str, widgets: list[WidgetState] = (),
                  fragment: str = "", timer: bool = False, page_hash: str = "") -> bytes:
    """The message a browser tab sends to rerun ``page`` (with these widgets' values): the
    whole script, or one ``fragment``; ``timer``: a poll timer's rerun, not a person's.

    ``page_hash``: the page on screen, as the last ``navigation`` message named it (a browser
    sends it with every rerun after the first). Without it Streamlit takes the rerun for a
    change of page and drops the state of every widget the message does not carry: the
    step-through element's state, so the first tap of a session found no value and moved
    nothing."""
    msg = BackMsg()
    state = msg.rerun_script
    state.query_string = query
    state.page_name = page
    state.context_info.url = f"{url}/{page}"
    state.context_info.locale = "en-GB"
    state.context_info.timezone = "UTC"
    state.widget_states.widgets.extend(widgets)
    if fragment:
        state.fragment_id = fragment
    if page_hash:
        state.page_script_hash = page_hash
    state.is_auto_rerun = timer
    return msg.SerializeToString()


class Visitor:
    def __init__(self, url: str, page: str, query: str, button: str, tally: Tally) -> None:
        self.url, self.page, self.query, self.button = url, page, query, button
        self.start_query = query
        self.tally = tally
        self.buttons: dict[str, tuple[str, bool]] = {}
        #: the step-through's controls element of the last run: (its id, its fragment, its
        #: data as ui.stepper.controls_data made it), or None
        self.steps: tuple[str, str, dict] | None = None
        self.page_hash = ""     # the page on screen (the last navigation message)
        self.ws: websockets.ClientConnection | None = None

    def rerun(self, widgets: list[WidgetState] = (), fragment: str = "") -> bytes:
        return rerun_message(self.url, self.page, self.query, widgets, fragment,
                             page_hash=self.page_hash)

    async def run_once(self, message: bytes) -> float:
        """Send ``message``; seconds until its run has finished successfully."""
        assert self.ws is not None
        self.buttons = {}
        self.steps = None
        start = time.perf_counter()
        await self.ws.send(message)
        problem = None
        while True:
            raw = await asyncio.wait_for(self.ws.recv(), SETTLE_TIMEOUT)
            self.tally.bytes_in += len(raw)
            fwd = ForwardMsg()
            fwd.ParseFromString(raw)
            kind = fwd.WhichOneof("type")
            if kind == "page_info_changed":
                self.query = fwd.page_info_changed.query_string
            elif kind == "navigation":
                self.page_hash = fwd.navigation.page_script_hash
            elif kind == "delta" and fwd.delta.WhichOneof("type") == "new_element":
                element = fwd.delta.new_element
                what = element.WhichOneof("type")
                if what == "button":
                    self.buttons[element.button.id] = (element.button.label,
                                                       element.button.disabled)
                elif (what == "bidi_component"
                      and STEP_CONTROLS_KEY in element.bidi_component.id
                      and element.bidi_component.WhichOneof("data") == "json"):
                    self.steps = (element.bidi_component.id, fwd.delta.fragment_id,
                                  json.loads(element.bidi_component.json))
                elif what == "exception":
                    problem = "exception in a run"
                elif what == "alert" and element.alert.format == Alert.ERROR:
                    problem = "error box in a run"
            elif kind == "session_event" and fwd.session_event.WhichOneof("type") in (
                    "script_compilation_exception",):
                problem = "script does not compile"
            elif kind == "script_finished":
                status = fwd.script_finished
                if status in FINISHED_OK:
                    if problem:
                        raise RunFailed(problem)
                    return time.perf_counter() - start
                if status == ForwardMsg.FINISHED_WITH_COMPILE_ERROR:
                    raise RunFailed("script does not compile")

    def next_button(self) -> str | None:
        for wid, (label, disabled) in self.buttons.items():
            if label == self.button and not disabled:
                return wid
        return None

    def next_step(self) -> bytes | None:
        """The step-through's "Next" tap as its element sends it: a ``go`` event {to, from:
        the step on screen} on the element's trigger widget, rerunning the element's fragment;
        None at the end (no next step)."""
        assert self.steps is not None
        element, fragment, data = self.steps
        to = next((move["to"] for move in data["moves"] if move["name"] == self.button.lower()),
                  None)
        if to is None:
            return None
        event = [{"event": "go", "value": {"to": to, "from": data["step"]}}]
        return self.rerun([WidgetState(id=_make_trigger_id(element, "events"),
                                       json_trigger_value=json.dumps(event))], fragment)

    async def visit(self, deadline: float, rng: random.Random, think: tuple[float, float]) -> None:
        with counting_faults(self.tally.errors):
            async with websockets.connect(
                    self.url.replace("http://", "ws://") + "/_stcore/stream",
                    subprotocols=["streamlit"], max_size=None, open_timeout=SETTLE_TIMEOUT) as ws:
                self.ws = ws
                self.tally.loads.append(await self.run_once(self.rerun()))
                while time.monotonic() + think[1] < deadline:
                    await asyncio.sleep(rng.uniform(*think))
                    if self.steps is not None:
                        tap = self.next_step()
                        if tap is None:
                            self.query = self.start_query     # the end: from step 0 again
                            self.tally.loads.append(await self.run_once(self.rerun()))
                        else:
                            self.tally.clicks.append(await self.run_once(tap))
                        continue
                    button = self.next_button()
                    if button is None:
                        if any(label == self.button for label, _ in self.buttons.values()):
                            self.query = self.start_query     # the end: from step 0 again
                            self.tally.loads.append(await self.run_once(self.rerun()))
                            continue
                        raise RunFailed(f"no {self.button!r} button")
                    self.tally.clicks.append(await self.run_once(
                        self.rerun([WidgetState(id=button, trigger_value=True)])))


async def load(url: str, target: Target, visitors: int, seconds: float,
               think: tuple[float, float], seed: int) -> Tally:
    tally = Tally()
    deadline = time.monotonic() + seconds
    tasks = []
    for i in range(visitors):
        page, query = target.pages[i % len(target.pages)]
        rng = random.Random(seed * 1000 + i)
        visitor = Visitor(url, page, query, target.button, tally)

        async def start(v: Visitor = visitor, r: random.Random = rng, n: int = i) -> None:
            await asyncio.sleep(n * min(10.0, seconds / 10) / max(visitors, 1))  # ramp up
            await v.visit(deadline, r, think)

        tasks.append(asyncio.create_task(start()))
    await asyncio.gather(*tasks)
    return tally


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def measure(target: Target, args: argparse.Namespace) -> Tally:
    with Replicas(args.replicas, script=target.script) as replicas:
        # one page load on each replica first: imports and caches warm, as after a deploy
        asyncio.run(load(replicas.url, target, args.replicas * len(target.pages), 1.0,
                         (0.1, 0.2), args.seed + 99))
        before = os.getloadavg()
        tally = asyncio.run(load(replicas.url, target, args.visitors, args.seconds,
                                 args.think, args.seed))
        after = os.getloadavg()
    print(f"  {target.name}: load average {before[0]:.2f} before, {after[0]:.2f} after "
          f"(1 min), {after[1]:.2f} (5 min)", flush=True)
    return tally


def row(name: str, tally: Tally, base: float | None) -> str:
    med = statistics.median(tally.clicks) if tally.clicks else float("nan")
    ratio = f"{med / base:5.2f}x" if base else "1.00x"
    errors = sum(tally.errors.values())
    return (f"{name:<10} {len(tally.clicks):>7} {errors:>7} {med * 1000:>9.0f} "
            f"{quantile(tally.clicks, 0.9) * 1000:>9.0f} {quantile(tally.clicks, 0.99) * 1000:>9.0f} "
            f"{statistics.median(tally.loads) * 1000 if tally.loads else float('nan'):>9.0f} "
            f"{tally.bytes_in / 1e6:>8.1f} {ratio:>7}")


def think_range(text: str) -> tuple[float, float]:
    low, _, high = text.partition("-")
    return float(low), float(high or low)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visitors", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=180)
    parser.add_argument("--replicas", type=int, default=2)
    parser.add_argument("--think", type=think_range, default=(5.0, 10.0),
                        help="seconds between a visitor's clicks, LOW-HIGH (default 5-10)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{args.visitors} visitors, {args.seconds:.0f} s, {args.replicas} replicas behind "
          f"nginx, think {args.think[0]:g}-{args.think[1]:g} s, {os.cpu_count()} cores",
          flush=True)
    bare = measure(BARE, args)
    booklet = measure(BOOKLET, args)
    print(f"\n{'':<10} {'clicks':>7} {'errors':>7} {'median ms':>9} {'p90 ms':>9} "
          f"{'p99 ms':>9} {'load ms':>9} {'MB in':>8} {'ratio':>7}")
    base = statistics.median(bare.clicks) if bare.clicks else None
    print(row("bare app", bare, None))
    print(row("booklet", booklet, base))
    for name, tally in (("bare app", bare), ("booklet", booklet)):
        for kind, n in tally.errors.most_common():
            print(f"  {name} error: {kind} x{n}")


if __name__ == "__main__":
    main()
