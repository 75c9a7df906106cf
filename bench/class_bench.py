"""Class bench: a class on one server, seated in rooms and in the step-through, against the
bare app in the same run.

    python bench/class_bench.py [--seated 10] [--steppers 10] [--bare N] [--seconds 60]
                                [--think 2-4] [--move 2-6] [--seed 1]

Starts one server of the booklet (app.py, its rooms in an SQLite file of a temporary folder)
and one of the bare app (bench/bare_app.py), then, for ``--seconds``, all at once:

* ``--seated`` devices sitting two by two at peruludo rooms of two people (rooms opened in the
  store as "Open a room" opens them; each device opens its room's address, ``?room=<code>``,
  with its seat's secret in its cookie, as a reload does). A device keeps the poll timers the server
  asks for (``auto_rerun``: the browser's ``setInterval`` sending a fragment rerun, changed or
  stopped when the server says so) and, on its turn, thinks ``--move`` seconds and taps a
  quick bid (or palero); asked about doia, it calls it one time in five;
* ``--steppers`` visitors in the step-through (``view=step&scenario=__watch__`` of the three
  games, as bench/web_bench.py and bench/replicas_load.py), pressing "Next" every ``--think``
  seconds, from step 0 again at the end;
* ``--bare`` visitors (default: seated + steppers) pressing the bare app's "Next" as often.

Each kind of page is loaded once before (imports and caches warm, as after a deploy).
Visitors speak Streamlit's websocket protocol (``streamlit.proto``) as the browser does, as
bench/replicas_load.py does. Tap-to-settled: from sending the tap to the ``script_finished``
of the first successful run after it that drew something (a poll that draws nothing is not
it). Only taps, polls and CPU inside the ``--seconds`` window count (pages are loaded before). Prints, for each group, taps, median and p95 tap-to-settled and their ratio to the bare
app's; for the seated devices the polls due (timer firings) and delivered (runs of a poll
timer's fragment that ended: polls sent while another run was under way are folded into one
by Streamlit), the messages a poll brings, and how soon a move shows on the other device of its
room (from the mover's tap settled to the other's first drawing that ended after the tap was
sent: 0 when the other device drew the move before the mover's own run ended); each server's CPU
(from /proc, share of one core) and the load average. Never asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import websockets
from streamlit.components.v2.bidi_component.main import _make_trigger_id
from streamlit.proto.Alert_pb2 import Alert
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

# tests/ on the path for browser_support (the tests' server: logs, CPU seconds)
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
# the same reading of results and of --think, the same rerun message and fault counting
from replicas_load import RunFailed, counting_faults, quantile, rerun_message, think_range
from browser_support import Server

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from jokoak.service.seat_secret import COOKIE as SEAT_COOKIE  # noqa: E402

SETTLE_TIMEOUT = 30.0
GAMES = ("zaldi_zuria", "peruludo", "zohn_ahl")
ROOM_KEY = "jokoak_room_peruludo_"
#: The step-through's one element (ui/step_controls.py): its key holds this.
STEP_CONTROLS_KEY = "jokoak_step_controls_"
#: A run that ended: also one "stopped early for a rerun", as Streamlit reports a run that
#: finished while another request (a poll) was waiting, before it starts that one.
OK = (ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY,
      ForwardMsg.FINISHED_EARLY_FOR_RERUN)


@dataclass
class Group:
    """What one kind of visitor measured."""

    name: str
    taps: list[float] = field(default_factory=list)
    errors: Counter = field(default_factory=Counter)
    polls_due: int = 0
    polls_delivered: int = 0
    poll_messages: list[int] = field(default_factory=list)   # messages of a run drawing nothing
    shown: list[float] = field(default_factory=list)         # a move reaching the other device


class Session:
    """One browser tab: a websocket, its reader, and the poll timers the server asks for."""

    def __init__(self, url: str, page: str, query: str, group: Group,
                 secret: str | None = None) -> None:
        self.url, self.page, self.query, self.group = url, page, query, group
        #: the seat's secret, sent as the browser sends its cookie (jokoak/service/seat_secret.py)
        self.secret = secret
        #: the buttons of the last whole drawing: id -> (label, disabled, its fragment)
        self.buttons: dict[str, tuple[str, bool, str]] = {}
        self._buttons: dict[str, tuple[str, bool, str]] = {}
        #: the step-through's controls element of the last whole drawing: (its id, its
        #: fragment, its data as ui.stepper.controls_data made it), or None
        self.steps: tuple[str, str, dict] | None = None
        self._steps: tuple[str, str, dict] | None = None
        self.ws: websockets.ClientConnection | None = None
        self.timers: dict[str, tuple[float, asyncio.Task]] = {}
        self.counting = False            # inside the measured window
        self.tap_sent: float | None = None
        self._run_of: list[str] = []     # the fragments the run under way reruns
        self.polled: set[str] = set()    # every fragment a poll timer was set for
        self.tap_done = asyncio.Event()
        self.drew_at = 0.0               # when the last run that drew something finished
        self.drawn = asyncio.Event()
        self._drew = False
        self._messages = 0
        self._problem: str | None = None
        self.page_hash = ""              # the page on screen (the last navigation message)

    def backmsg(self, widgets: list[WidgetState] = (), fragment: str = "",
                timer: bool = False) -> bytes:
        return rerun_message(self.url, self.page, self.query, widgets, fragment, timer,
                             self.page_hash)

    async def read(self) -> None:
        assert self.ws is not None
        async for raw in self.ws:
            fwd = ForwardMsg()
            fwd.ParseFromString(raw)
            await self._handle(fwd, fwd.WhichOneof("type"))

    async def _handle(self, fwd: ForwardMsg, kind: str | None) -> None:
        """What the browser does with one message."""
        self._messages += 1
        if kind == "new_session":
            self._run_of = list(fwd.metadata.run.fragment_ids)
            if not self._run_of:
                for fragment in list(self.timers):   # a whole run: the browser drops every
                    self._stop(fragment)             # timer, the run sends them again
        elif kind == "page_info_changed":
            self.query = fwd.page_info_changed.query_string
        elif kind == "navigation":
            self.page_hash = fwd.navigation.page_script_hash
        elif kind == "auto_rerun":
            self._timer(fwd.auto_rerun.fragment_id, fwd.auto_rerun.interval)
        elif kind == "stop_auto_rerun":
            for fragment in fwd.stop_auto_rerun.fragment_ids:
                self._stop(fragment)
        elif kind == "delta" and fwd.delta.WhichOneof("type") == "new_element":
            if not self._drew:
                self._buttons = {}
                self._steps = None
            self._drew = True
            element = fwd.delta.new_element
            what = element.WhichOneof("type")
            if what == "button":
                self._buttons[element.button.id] = (element.button.label,
                                                    element.button.disabled,
                                                    fwd.delta.fragment_id)
            elif (what == "bidi_component" and STEP_CONTROLS_KEY in element.bidi_component.id
                  and element.bidi_component.WhichOneof("data") == "json"):
                self._steps = (element.bidi_component.id, fwd.delta.fragment_id,
                               json.loads(element.bidi_component.json))
            elif what == "exception":
                self._problem = f"exception in a run: {element.exception.message[:80]}"
            elif what == "alert" and element.alert.format == Alert.ERROR:
                self._problem = "error box in a run"
        elif kind == "script_finished":
            self._finished(fwd.script_finished)

    def _finished(self, status: int) -> None:
        now = time.perf_counter()
        drew, messages = self._drew, self._messages
        self._drew, self._messages = False, 0
        if self._problem:
            if self.counting:
                self.group.errors[self._problem] += 1
            self._problem = None
        if status not in OK:
            return
        if drew:
            self.buttons = self._buttons   # the buttons of the last whole drawing
            self.steps = self._steps
            self.drew_at = now
            self.drawn.set()
        if drew and self.tap_sent is not None:
            if self.counting:
                self.group.taps.append(now - self.tap_sent)
            self.tap_sent = None
            self.tap_done.set()
        elif self.counting and any(f in self.polled for f in self._run_of):  # a poll's run
            # polls of two timers folded into one run (the slow and the fast poll firing
            # together) are both delivered
            self.group.polls_delivered += sum(1 for f in self._run_of if f in self.polled)
            if not drew:
                self.group.poll_messages.append(messages)

    def _timer(self, fragment: str, interval: float) -> None:
        if fragment in self.timers and self.timers[fragment][0] == interval:
            return
        self._stop(fragment)
        self.polled.add(fragment)
        self.timers[fragment] = (interval, asyncio.create_task(self._tick(fragment, interval)))

    def _stop(self, fragment: str) -> None:
        found = self.timers.pop(fragment, None)
        if found is not None:
            found[1].cancel()

    async def _tick(self, fragment: str, interval: float) -> None:
        """The browser's ``setInterval``: each firing is a poll due."""
        while True:
            await asyncio.sleep(interval)
            if self.counting:
                self.group.polls_due += 1
            await self.ws.send(self.backmsg(fragment=fragment, timer=True))

    async def load(self) -> None:
        self.drawn.clear()
        await self.ws.send(self.backmsg())
        try:
            await asyncio.wait_for(self.drawn.wait(), SETTLE_TIMEOUT)
        except asyncio.TimeoutError:
            raise RunFailed(f"a page load not drawn within {SETTLE_TIMEOUT:.0f} s") from None

    async def tap(self, button: str) -> None:
        """Tap ``button`` as the browser does: a button inside a fragment reruns that
        fragment only."""
        fragment = self.buttons[button][2] if button in self.buttons else ""
        await self._tap(WidgetState(id=button, trigger_value=True), fragment)

    async def go(self, to: int) -> None:
        """Tap the step-through's control that leads to step ``to``, as its element sends it
        (ui/step_controls.py): a ``go`` event {to, from: the step on screen} on the element's
        trigger widget, rerunning the fragment the element is in."""
        assert self.steps is not None
        element, fragment, data = self.steps
        event = [{"event": "go", "value": {"to": to, "from": data["step"]}}]
        await self._tap(WidgetState(id=_make_trigger_id(element, "events"),
                                    json_trigger_value=json.dumps(event)), fragment)

    async def _tap(self, widget: WidgetState, fragment: str) -> None:
        self.tap_done.clear()
        self.tap_sent = time.perf_counter()
        await self.ws.send(self.backmsg([widget], fragment))
        try:
            await asyncio.wait_for(self.tap_done.wait(), SETTLE_TIMEOUT)
        except asyncio.TimeoutError:
            raise RunFailed(f"a tap not settled within {SETTLE_TIMEOUT:.0f} s") from None

    def close(self) -> None:
        for fragment in list(self.timers):
            self._stop(fragment)


async def connected(session: Session, work) -> None:
    """Run ``work(session)`` on an open websocket, counting what goes wrong."""
    with counting_faults(session.group.errors):
        cookie = {"Cookie": f"{SEAT_COOKIE}={session.secret}"} if session.secret else None
        async with websockets.connect(
                session.url.replace("http://", "ws://") + "/_stcore/stream",
                subprotocols=["streamlit"], max_size=None, open_timeout=SETTLE_TIMEOUT,
                additional_headers=cookie) as ws:
            session.ws = ws
            reader = asyncio.create_task(session.read())
            try:
                await work(session)
            finally:
                session.close()
                reader.cancel()


# ---- the three kinds of visitor -------------------------------------------------------------
async def next_presser(session: Session, start: float, end: float, think: tuple[float, float],
                       rng: random.Random, label: str = "Next") -> None:
    """Press "Next" every ``think`` seconds; at the end (no "Next" offered), "Start".
    In the step-through "Next" is a control of its one element (ui/step_controls.py), on the
    bare app a Streamlit button."""
    first_query = session.query
    await session.load()
    await asyncio.sleep(max(0.0, start - time.monotonic()))
    session.counting = True
    while time.monotonic() + think[1] < end:
        await asyncio.sleep(rng.uniform(*think))
        if session.steps is not None:
            moves = {move["name"]: move["to"] for move in session.steps[2]["moves"]}
            # at the end "Next" is off: "Start" (the step is kept by the session, so
            # loading the page again would show the end again)
            to = moves.get("next")
            await session.go(to if to is not None else moves.get("first") or 0)
            continue
        button = next((wid for wid, (text, off, _f) in session.buttons.items()
                       if text == label and not off), None)
        if button is None:
            session.query = first_query
            await session.load()
            continue
        await session.tap(button)
    session.counting = False


def _room_move(session: Session, rng: random.Random) -> str | None:
    """The tap a person at this seat makes now, if any: a quick bid (or palero, one time in
    four), or doia one time in five; None when it is not this seat's move."""
    offered = [wid for wid, (_label, off, _f) in session.buttons.items()
               if ROOM_KEY in wid and not off and "_leave" not in wid]
    quick = sorted(w for w in offered if "_quick" in w)
    palero = [w for w in offered if "_palero_" in w]
    doia = [w for w in offered if "_doia_" in w]
    if quick or palero:
        if palero and (not quick or rng.random() < 0.25):
            return palero[0]
        return quick[0]
    if doia and rng.random() < 0.2:
        return doia[0]
    return None


async def seated(session: Session, start: float, end: float, think: tuple[float, float],
                 rng: random.Random, peer: list[Session]) -> None:
    """Sit at the seat its address names; poll as told; on its turn, think, then tap."""
    await session.load()
    await asyncio.sleep(max(0.0, start - time.monotonic()))
    session.counting = True
    while time.monotonic() + think[1] < end:
        move = _room_move(session, rng)
        if move is None:
            session.drawn.clear()
            try:
                await asyncio.wait_for(session.drawn.wait(), max(0.1, end - time.monotonic()))
            except asyncio.TimeoutError:
                break
            continue
        await asyncio.sleep(rng.uniform(*think))
        if _room_move(session, rng) is None:      # the table moved on while it thought
            continue
        sent = time.perf_counter()
        await session.tap(_room_move(session, rng) or move)
        moved = time.perf_counter()
        for other in peer:
            if other is not session:
                asyncio.create_task(_shown(other, sent, moved, end))
    session.counting = False


async def _shown(other: Session, sent: float, moved: float, end: float) -> None:
    """How long after ``moved`` (the mover's tap settled) the other device has drawn the table
    again: its first drawing that ended after the tap was ``sent``, 0 when it ended before
    the mover's own run did (a device woken by the move's write can draw it first; measured
    from ``moved`` alone, such a drawing was missed and the next one, a beat later, counted)."""
    while time.monotonic() < end:
        if other.drew_at >= sent:
            other.group.shown.append(max(0.0, other.drew_at - moved))
            return
        other.drawn.clear()
        try:
            await asyncio.wait_for(other.drawn.wait(), max(0.1, end - time.monotonic()))
        except asyncio.TimeoutError:
            return


# ---- rooms ----------------------------------------------------------------------------------
def open_rooms(store_file: Path, count: int, seed: int) -> list[tuple[str, str, str]]:
    """``count`` peruludo rooms of two people, as "Open a room" and "Join the room" make
    them: (code, first device's token, second device's token)."""
    from jokoak.games.peruludo.engine import GAME
    from jokoak.service.rooms import join, new_device, open_room
    from jokoak.service.room_stores import SqliteRoomStore
    from ui import play
    from ui.games.peruludo.play import SPEC

    store = SqliteRoomStore(store_file)
    rooms = []
    for i in range(count):
        fresh = play.fresh_session(SPEC, "basque_text",
                                   {"players": 2, "people": [0, 1], "level": "medium"},
                                   seed=seed * 1000 + i)
        first, second = new_device(), new_device()
        room = open_room(store, fresh.position.record, fresh.choices, first)
        join(store, room.code, {GAME.name: GAME}, second)
        rooms.append((room.code, first, second))
    return rooms


async def warm(booklet: Server, bare: Server, rooms: list[tuple[str, str, str]]) -> None:
    """Each kind of page loaded once, one after the other, before the class arrives: the
    imports and caches warm, as after a deploy (and no first run of Altair's schemas in
    twenty threads at once, which fails)."""
    pages: list[tuple[str, ...]] = [(bare.url, "", "")] + [
        (booklet.url, game, "lang=en&view=step&scenario=__watch__") for game in GAMES]
    if rooms:
        code, token, _other = rooms[0]
        pages.append((booklet.url, "peruludo", f"lang=en&view=play&room={code}", token))
    for url, page, query, *secret in pages:
        session = Session(url, page, query, Group("warm-up"), *secret)
        await connected(session, Session.load)
        for kind, count in session.group.errors.items():
            print(f"  warm-up of {page or 'the bare app'}: {kind} x{count}", flush=True)


# ---- the run ---------------------------------------------------------------------------------
async def class_run(booklet: Server, bare: Server, rooms: list[tuple[str, str, str]],
                    args: argparse.Namespace, cpu_at: list[tuple[float, float, float]]
                    ) -> dict[str, Group]:
    """Every visitor at once; ``cpu_at`` gets both servers' CPU seconds when the measured
    window opens and when it closes."""
    groups = {name: Group(name) for name in ("seated", "step-through", "bare app")}
    ramp = min(10.0, args.seconds / 6)
    start = time.monotonic() + ramp + 5.0      # every page loaded before the window opens
    end = start + args.seconds
    work = []
    n = 0
    for code, *tokens in rooms:
        pair = [Session(booklet.url, "peruludo", f"lang=en&view=play&room={code}",
                        groups["seated"], token) for token in tokens]
        for session in pair:
            rng = random.Random(args.seed * 7919 + n)
            work.append((n, session, lambda s, r=rng, p=pair: seated(s, start, end, args.move,
                                                                     r, p)))
            n += 1
    for i in range(args.steppers):
        session = Session(booklet.url, GAMES[i % 3], "lang=en&view=step&scenario=__watch__",
                          groups["step-through"])
        rng = random.Random(args.seed * 104729 + i)
        work.append((n, session, lambda s, r=rng: next_presser(s, start, end, args.think, r)))
        n += 1
    for i in range(args.bare):
        session = Session(bare.url, "", "", groups["bare app"])
        rng = random.Random(args.seed * 15485863 + i)
        work.append((n, session, lambda s, r=rng: next_presser(s, start, end, args.think, r)))
        n += 1

    async def begin(at: float, session: Session, job) -> None:
        await asyncio.sleep(at)
        await connected(session, job)

    async def cpu() -> None:
        await asyncio.sleep(start - time.monotonic())
        cpu_at.append((booklet.cpu_seconds(), bare.cpu_seconds(), time.monotonic()))
        await asyncio.sleep(end - time.monotonic())
        cpu_at.append((booklet.cpu_seconds(), bare.cpu_seconds(), time.monotonic()))

    await asyncio.gather(cpu(), *(begin(i * ramp / max(len(work), 1), session, job)
                                  for i, session, job in work))
    return groups


def row(group: Group, base: tuple[float, float] | None) -> str:
    med, p95 = (statistics.median(group.taps) if group.taps else float("nan"),
                quantile(group.taps, 0.95))
    ratio = (f"{med / base[0]:5.2f}x {p95 / base[1]:5.2f}x" if base and group.taps
             else "    -      -")
    return (f"{group.name:<13} {len(group.taps):>5} {sum(group.errors.values()):>6} "
            f"{med * 1000:>9.0f} {p95 * 1000:>9.0f}  {ratio}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seated", type=int, default=10, help="devices in rooms of two")
    parser.add_argument("--steppers", type=int, default=10)
    parser.add_argument("--bare", type=int, default=None,
                        help="visitors on the bare app (default: seated + steppers)")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=think_range, default=(2.0, 4.0),
                        help="seconds between two presses of Next, LOW-HIGH (default 2-4)")
    parser.add_argument("--move", type=think_range, default=(2.0, 6.0),
                        help="seconds a seated person thinks before a move (default 2-6)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--logs", type=Path, default=None,
                        help="a folder to keep both servers' logs in")
    args = parser.parse_args()
    args.seated -= args.seated % 2
    if args.bare is None:
        args.bare = args.seated + args.steppers
    print(f"{args.seated} seated (rooms of two) + {args.steppers} in the step-through, "
          f"{args.bare} on the bare app, {args.seconds:.0f} s, Next every "
          f"{args.think[0]:g}-{args.think[1]:g} s, a move after {args.move[0]:g}-"
          f"{args.move[1]:g} s, {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.2f} at {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}",
          flush=True)
    began = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="jokoak-class-") as folder:
        store_file = Path(folder) / "rooms.sqlite3"
        settings = Path(folder) / "jokoak.toml"
        settings.write_text(f'[rooms]\nstore = "sqlite:{store_file}"\nmax_rooms = 0\n')
        rooms = open_rooms(store_file, args.seated // 2, args.seed)
        logs = args.logs or Path(folder)
        logs.mkdir(parents=True, exist_ok=True)
        booklet = Server("app.py", {"JOKOAK_SETTINGS": str(settings)}, log=logs / "booklet.log")
        bare = Server(str(ROOT / "bench" / "bare_app.py"), {}, log=logs / "bare.log")
        try:
            booklet.wait(timeout=90)
            bare.wait(timeout=90)
            asyncio.run(warm(booklet, bare, rooms))
            cpu_at: list[tuple[float, float, float]] = []
            groups = asyncio.run(class_run(booklet, bare, rooms, args, cpu_at))
            cpu0, cpu1 = cpu_at
        finally:
            booklet.stop()
            bare.stop()
    wall = cpu1[2] - cpu0[2]
    base_group = groups["bare app"]
    base = ((statistics.median(base_group.taps), quantile(base_group.taps, 0.95))
            if base_group.taps else None)
    print(f"\n{'':<13} {'taps':>5} {'errors':>6} {'median ms':>9} {'p95 ms':>9}  "
          f"{'ratio to the bare app (median, p95)'}")
    for name in ("bare app", "step-through", "seated"):
        if groups[name].taps or groups[name].errors:
            print(row(groups[name], base if name != "bare app" else None))
    seated_group = groups["seated"]
    if args.seated:
        due, got = seated_group.polls_due, seated_group.polls_delivered
        print(f"seated polls: {got} delivered of {due} due "
              f"({100 * got / due if due else float('nan'):.0f} %); a poll that draws nothing "
              f"brings {statistics.median(seated_group.poll_messages) if seated_group.poll_messages else float('nan'):.0f} "
              f"messages (median of {len(seated_group.poll_messages)})")
        if seated_group.shown:
            print(f"a move shows on the other device after {statistics.median(seated_group.shown):.2f} s "
                  f"(median), {quantile(seated_group.shown, 0.95):.2f} s (p95), "
                  f"{len(seated_group.shown)} moves")
    print(f"this bench's own CPU: {100 * time.process_time() / (time.monotonic() - began):.0f} % "
          f"of a core over its whole run")
    print(f"server CPU over the measured {wall:.0f} s: booklet "
          f"{100 * (cpu1[0] - cpu0[0]) / wall:.0f} % of a core, bare app "
          f"{100 * (cpu1[1] - cpu0[1]) / wall:.0f} %; load average {os.getloadavg()[0]:.2f}")
    for group in groups.values():
        for kind, count in group.errors.most_common():
            print(f"  {group.name} error: {kind} x{count}")


if __name__ == "__main__":
    main()
