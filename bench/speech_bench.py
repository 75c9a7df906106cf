"""Read-aloud bench: a storm of first-time speaker taps beside a class, and the lessons'
sentences made ahead.

    python bench/speech_bench.py storm [--taps 80] [--seated 10] [--steppers 10] [--bare N]
                                       [--quiet 30] [--seconds 90] [--think 2-4] [--seed 1]
    python bench/speech_bench.py ahead [--per-language 8] [--cache DIR] [--cold] [--browser N]

**storm** (issue 39): one server of the booklet with an empty audio cache and nothing made
ahead, one of the bare app (bench/bare_app.py). A class as in bench/class_bench.py
(``--seated`` devices in peruludo rooms of two, ``--steppers`` in the step-through, ``--bare``
on the bare app) taps for ``--quiet`` seconds; then ``--taps`` visitors, each on a lesson
step of its own (a sentence nobody heard yet: Basque and Spanish first, AhoTTS's, then French
and English), tap the instruction's speaker button all at once, while the class goes on until
``--seconds``. A visitor told its sound is on its way taps again a second later, as a person
would, until it is played (at most 3 minutes). Prints, for each group of the class, its taps
before and during the storm (median, p95, their ratio: the aim is at most 1.5x), and for the
storm the time from the first tap to the sound (the run that puts the ``<audio>`` in the
page), how many were told to wait, how many got no sound, and the load average.

**ahead** (issue 37): every lesson sentence of every game in the four languages made ahead
into an empty cache (as the booklet does in the background after a start; ``--cache`` reuses
a folder), with the time it took, its size per language and engine, and whether
``[speech] cache_mb`` holds it. Then a booklet on that cache, at a kiosk with
``kiosk_reads_aloud``: for ``--per-language`` lesson steps per language, loads the step and
prints per language and engine how long after the step's sentence reached the page its sound
did (same run), and the tap-to-sound of the instruction's speaker button (``--cold``: the
same with nothing made ahead, as before). Both are the
server's side (to the message that carries the sound); ``--browser N`` also opens N steps
per language in Chromium (autoplay allowed, as after a visitor's first tap) and prints how
long after the instruction is drawn its sound is playing.

Visitors speak Streamlit's websocket protocol (bench/class_bench.py's). Never asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from browser_support import Server  # noqa: E402
from class_bench import (GAMES, Group, Session, connected, next_presser, open_rooms,  # noqa: E402
                         seated, warm)
from replicas_load import quantile, think_range  # noqa: E402

#: A speaker button of a lesson instruction (ui/lesson.py): its key holds this.
INSTRUCTION_KEY = "jokoak_speak_lesson_{game}_instruction"
#: How long a visitor goes on tapping for its sound.
GIVE_UP = 180.0


class TimedTaps(list):
    """A group's taps (seconds each), with the moment each one settled."""

    def __init__(self) -> None:
        super().__init__()
        self.at: list[float] = []

    def append(self, value: float) -> None:   # type: ignore[override]
        super().append(value)
        self.at.append(time.monotonic())


def timed_group(name: str) -> Group:
    group = Group(name)
    group.taps = TimedTaps()
    return group


class Listener(Session):
    """A tab that notes when the page gets a sound (an ``<audio>``), or is told its sound is
    on its way, and when a lesson's instruction is drawn."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.sound_at: float | None = None
        self.said_at: float | None = None
        self.told_to_wait = 0

    async def _handle(self, fwd, kind):
        if kind == "delta" and fwd.delta.WhichOneof("type") == "new_element":
            element = fwd.delta.new_element
            if element.WhichOneof("type") == "markdown":
                body = element.markdown.body
                if "<audio" in body and self.sound_at is None:
                    self.sound_at = time.perf_counter()
                elif '<p class="jokoak-speech-busy' in body:
                    self.told_to_wait += 1
                elif "jokoak-lesson-instruction" in body and self.said_at is None:
                    self.said_at = time.perf_counter()
        await super()._handle(fwd, kind)

    def button(self, key: str) -> str | None:
        return next((wid for wid in self.buttons if key in wid), None)


def lesson_steps() -> list[tuple[str, str, str, int]]:
    """(language, game, lesson, step number) of every lesson step, the AhoTTS languages
    first, each language's steps in a shuffled order (every game early)."""
    from jokoak.content.lessons import lessons
    out = []
    rng = random.Random(7)
    for code in ("eu", "es", "fr", "en"):
        steps = [(code, game, lesson.name, n) for game in GAMES for lesson in lessons(game)
                 for n in range(1, len(lesson.steps) + 1)]
        rng.shuffle(steps)
        out += steps
    return out


def lesson_query(code: str, lesson: str, step: int, kiosk: bool = False) -> str:
    return (f"lang={code}&view=learn&lesson={lesson}&lstep={step}"
            + ("&kiosk=1" if kiosk else ""))


def settings_file(folder: Path, text: str) -> Path:
    path = folder / "jokoak.toml"
    path.write_text(text)
    return path


# ---- storm -----------------------------------------------------------------------------------

async def tap_until_heard(session: Listener, at: float, key: str) -> None:
    """At ``at``, tap the speaker; told to wait, tap again a second later; until a sound."""
    await asyncio.sleep(max(0.0, at - time.monotonic()))
    first = time.perf_counter()
    while time.perf_counter() - first < GIVE_UP:
        button = session.button(key)
        if button is None:
            session.group.errors["no speaker button"] += 1
            return
        await session.tap(button)
        if session.sound_at is not None:
            session.group.taps.append(session.sound_at - first)
            return
        await asyncio.sleep(1.0)
    session.group.errors["no sound within 3 minutes"] += 1


async def storm_run(booklet: Server, bare: Server, rooms, args) -> tuple[dict[str, Group],
                                                                         float, float]:
    groups = {name: timed_group(name) for name in ("seated", "step-through", "bare app")}
    sound = Group("sound")
    ramp = min(10.0, args.seconds / 6)
    load_tappers = max(10.0, args.taps * 0.4)         # their pages loaded before the window
    start = time.monotonic() + load_tappers + ramp + 5.0
    storm_at = start + args.quiet
    end = start + args.seconds
    work = []
    n = 0
    for code, *tokens in rooms:
        pair = [Session(booklet.url, "peruludo", f"lang=en&view=play&room={code}&seat={token}",
                        groups["seated"]) for token in tokens]
        for session in pair:
            rng = random.Random(args.seed * 7919 + n)
            work.append((session, lambda s, r=rng, p=pair: seated(s, start, end, args.move, r, p)))
            n += 1
    for i in range(args.steppers):
        session = Session(booklet.url, GAMES[i % 3], "lang=en&view=step&scenario=__watch__",
                          groups["step-through"])
        rng = random.Random(args.seed * 104729 + i)
        work.append((session, lambda s, r=rng: next_presser(s, start, end, args.think, r)))
    for i in range(args.bare):
        session = Session(bare.url, "", "", groups["bare app"])
        rng = random.Random(args.seed * 15485863 + i)
        work.append((session, lambda s, r=rng: next_presser(s, start, end, args.think, r)))
    tappers = []
    for code, game, lesson, step in lesson_steps()[:args.taps]:
        session = Listener(booklet.url, game, lesson_query(code, lesson, step), sound)
        key = INSTRUCTION_KEY.format(game=game)

        async def job(s, key=key):
            await s.load()
            await tap_until_heard(s, storm_at, key)
        tappers.append((session, job))

    async def begin(at: float, session: Session, job) -> None:
        await asyncio.sleep(at)
        await connected(session, job)

    await asyncio.gather(
        *(begin(i * load_tappers / max(len(tappers), 1), s, job)
          for i, (s, job) in enumerate(tappers)),
        *(begin(load_tappers + i * ramp / max(len(work), 1), s, job)
          for i, (s, job) in enumerate(work)))
    groups["sound"] = sound
    sound.polls_due = sum(1 for s, _job in tappers if s.told_to_wait)   # told to wait, once or more
    return groups, storm_at, end


def split(group: Group, at: float) -> tuple[list[float], list[float]]:
    taps = group.taps
    stamps = getattr(taps, "at", [at] * len(taps))
    return ([t for t, s in zip(taps, stamps) if s < at],
            [t for t, s in zip(taps, stamps) if s >= at])


def figures(values: list[float]) -> tuple[float, float]:
    return ((statistics.median(values), quantile(values, 0.95)) if values
            else (float("nan"), float("nan")))


def storm(args: argparse.Namespace) -> None:
    print(f"storm: {args.taps} first-time speaker taps at once after {args.quiet:.0f} s, beside "
          f"{args.seated} seated + {args.steppers} in the step-through + {args.bare} on the bare "
          f"app, {args.seconds:.0f} s in all; {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.2f} at {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}",
          flush=True)
    with tempfile.TemporaryDirectory(prefix="jokoak-speech-bench-") as folder:
        store = Path(folder) / "rooms.sqlite3"
        conf = settings_file(Path(folder), f'[rooms]\nstore = "sqlite:{store}"\nmax_rooms = 0\n'
                             f'[speech]\nprewarm = false\n'
                             + (f"max_syntheses = {args.slots}\n" if args.slots else ""))
        rooms = open_rooms(store, args.seated // 2, args.seed)
        logs = args.logs or Path(folder)
        logs.mkdir(parents=True, exist_ok=True)
        # an audio cache of its own (an empty one: every tap is a first time)
        env = {"JOKOAK_SETTINGS": str(conf), "TMPDIR": folder}
        booklet = Server("app.py", env, log=logs / "booklet.log")
        bare = Server(str(ROOT / "bench" / "bare_app.py"), {}, log=logs / "bare.log")
        try:
            booklet.wait(timeout=90)
            bare.wait(timeout=90)
            asyncio.run(warm(booklet, bare, rooms))
            began = time.monotonic()
            groups, storm_at, end = asyncio.run(storm_run(booklet, bare, rooms, args))
            load = os.getloadavg()[0]
        finally:
            booklet.stop()
            bare.stop()
    print(f"\n{'':<13} {'quiet: taps':>11} {'median ms':>9} {'p95 ms':>7}   {'storm: taps':>11} "
          f"{'median ms':>9} {'p95 ms':>7}   storm / quiet (median, p95)")
    for name in ("bare app", "step-through", "seated"):
        quiet, loud = split(groups[name], storm_at)
        if not quiet and not loud:
            continue
        (qm, qp), (lm, lp) = figures(quiet), figures(loud)
        print(f"{name:<13} {len(quiet):>11} {qm * 1000:>9.0f} {qp * 1000:>7.0f}   {len(loud):>11} "
              f"{lm * 1000:>9.0f} {lp * 1000:>7.0f}   {lm / qm:5.2f}x {lp / qp:5.2f}x")
    heard = list(groups["sound"].taps)
    median, p95 = figures(heard)
    print(f"\nsound: {len(heard)} of {args.taps} taps got their sound; from the first tap to "
          f"the sound: median {median:.1f} s, p95 {p95:.1f} s, longest "
          f"{max(heard) if heard else float('nan'):.1f} s; {groups['sound'].polls_due} visitors "
          f"were told it was on its way and tapped again")
    print(f"load average at the end {load:.2f}; the run took {time.monotonic() - began:.0f} s "
          f"(the window {end - storm_at + args.quiet:.0f} s)")
    for group in groups.values():
        for kind, count in group.errors.most_common():
            print(f"  {group.name} error: {kind} x{count}")


# ---- ahead -----------------------------------------------------------------------------------

def make_ahead(folder: Path, cache_mb: int) -> None:
    """Every lesson sentence made ahead into ``folder``'s cache, as the booklet does: the
    time, and the size per language and engine."""
    os.environ["TMPDIR"] = str(folder)
    tempfile.tempdir = None
    from jokoak.i18n import LANGUAGES
    from jokoak.service import speech
    cache = speech.AudioCache(speech.default_cache_dir() / "audio", cache_mb * 1024 * 1024)
    sentences = [(text, code) for code in LANGUAGES for game in GAMES
                 for text in speech.lesson_sentences(game, code)]
    state = speech.prewarm(sentences, cache)
    state.done.wait()
    print(f"made ahead: {state.total} sentences ({state.made} made, {state.found} found made, "
          f"{state.failed} no voice, {state.busy} busy) in {state.seconds:.0f} s, "
          f"{state.bytes / 1e6:.1f} MB; [speech] cache_mb = {cache_mb} "
          f"{'holds' if state.bytes <= cache_mb * 1024 * 1024 else 'does NOT hold'} them")
    count, size = Counter(), Counter()
    for text, code in dict.fromkeys((speech.clean_text(t), c) for t, c in sentences):
        engine = speech.voice_for(code)
        audio = cache.get(speech.cache_key(engine, code, text), touch=False) if engine else None
        count[(code, engine)] += 1
        size[(code, engine)] += len(audio or b"")
    for (code, engine), n in count.items():
        print(f"  {code} {engine}: {n} sentences, {size[(code, engine)] / 1e6:.2f} MB")


async def kiosk_visits(booklet: Server, per_language: int) -> dict[tuple[str, str], dict]:
    from jokoak.service import speech
    found: dict[tuple[str, str], dict] = defaultdict(lambda: defaultdict(list))
    chosen: dict[str, int] = Counter()
    for code, game, lesson, step in lesson_steps():
        if chosen[code] >= per_language:
            continue
        chosen[code] += 1
        engine = speech.voice_for(code) or "-"
        group = Group(code)
        visit = Listener(booklet.url, game, lesson_query(code, lesson, step, kiosk=True), group)
        speaker = INSTRUCTION_KEY.format(game=game)

        async def job(s: Listener, key: str = speaker) -> None:
            sent = time.perf_counter()
            await s.load()
            if s.said_at is not None and s.sound_at is not None:
                found[(code, engine)]["sentence to sound"].append(s.sound_at - s.said_at)
                found[(code, engine)]["load to sound"].append(s.sound_at - sent)
            else:
                found[(code, engine)]["no sound with the sentence"].append(1.0)
            button = s.button(key)
            if button is None:
                return
            s.sound_at = None
            sent = time.perf_counter()
            await s.tap(button)
            if s.sound_at is not None:
                found[(code, engine)]["tap to sound"].append(s.sound_at - sent)
        await connected(visit, job)
        for kind, n in group.errors.items():
            print(f"  {code} {game} {lesson} {step}: {kind} x{n}")
    return found


#: In the page before it loads: when the first lesson instruction appears, and when a sound
#: starts playing (``playing`` does not bubble: caught on the way down).
TIMES_JS = """window.__said = null; window.__playing = null;
new MutationObserver(() => { if (window.__said === null &&
  document.querySelector('.jokoak-lesson-instruction')) window.__said = performance.now(); })
  .observe(document, {childList: true, subtree: true});
document.addEventListener('playing', () => { if (window.__playing === null)
  window.__playing = performance.now(); }, true);"""


def browser_visits(booklet: Server, per_language: int) -> dict[tuple[str, str], list[float]]:
    """In Chromium (autoplay allowed, as after a visitor's first tap at a kiosk): from the
    lesson instruction drawn to its sound playing, per language and voice."""
    from playwright.sync_api import sync_playwright
    from browser_support import CHROMIUM, CHROMIUM_ARGS
    from jokoak.service import speech
    found: dict[tuple[str, str], list[float]] = defaultdict(list)
    chosen: Counter = Counter()
    with sync_playwright() as play:
        browser = play.chromium.launch(executable_path=str(CHROMIUM), args=[
            *CHROMIUM_ARGS, "--autoplay-policy=no-user-gesture-required"])
        try:
            for code, game, lesson, step in lesson_steps():
                if chosen[code] >= per_language:
                    continue
                chosen[code] += 1
                page = browser.new_page(viewport={"width": 1920, "height": 1080})
                page.add_init_script(TIMES_JS)
                page.goto(f"{booklet.url}/{game}?{lesson_query(code, lesson, step, kiosk=True)}")
                try:
                    page.wait_for_function("() => window.__playing !== null", timeout=20000)
                    said, playing = page.evaluate("() => [window.__said, window.__playing]")
                    found[(code, speech.voice_for(code) or "-")].append((playing - said) / 1000)
                except Exception:   # no sound within 20 s: counted, not raised
                    found[(code, speech.voice_for(code) or "-")].append(float("inf"))
                page.close()
        finally:
            browser.close()
    return found


def ahead(args: argparse.Namespace) -> None:
    print(f"ahead: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at "
          f"{time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}", flush=True)
    with tempfile.TemporaryDirectory(prefix="jokoak-speech-ahead-") as temp:
        folder = args.cache or Path(temp)
        folder.mkdir(parents=True, exist_ok=True)
        if args.cold:
            print("cold: nothing made ahead, an empty cache (each sound made at its step)")
        else:
            make_ahead(folder, args.cache_mb)
        conf = settings_file(Path(temp), f"[speech]\nkiosk_reads_aloud = true\n"
                             f"cache_mb = {args.cache_mb}\n"
                             + ("prewarm = false\n" if args.cold else ""))
        booklet = Server("app.py", {"JOKOAK_SETTINGS": str(conf), "TMPDIR": str(folder),
                                    "JOKOAK_PREWARM": "0" if args.cold else "1"},
                         log=Path(temp) / "booklet.log")
        try:
            booklet.wait(timeout=90)
            found = asyncio.run(kiosk_visits(booklet, args.per_language))
            played = browser_visits(booklet, args.browser) if args.browser else {}
        finally:
            booklet.stop()
    print(f"\n{'language voice':<16} {'steps':>5}  {'sentence to sound ms':>21}  "
          f"{'tap to sound ms':>16}  (median, longest)")
    for (code, engine), kinds in found.items():
        gap, tap = kinds["sentence to sound"], kinds["tap to sound"]
        missing = len(kinds["no sound with the sentence"])
        print(f"{code + ' ' + engine:<16} {len(gap) + missing:>5}  "
              f"{statistics.median(gap) * 1000 if gap else float('nan'):>10.0f} "
              f"{max(gap) * 1000 if gap else float('nan'):>10.0f}  "
              f"{statistics.median(tap) * 1000 if tap else float('nan'):>8.0f} "
              f"{max(tap) * 1000 if tap else float('nan'):>7.0f}"
              + (f"  ({missing} without a sound)" if missing else ""))
    if played:
        print("\nin Chromium: from the instruction drawn to its sound playing, ms (median, "
              "longest; inf: none within 20 s)")
        for (code, engine), gaps in played.items():
            print(f"{code + ' ' + engine:<16} {len(gaps):>5}  "
                  f"{statistics.median(gaps) * 1000:>10.0f} {max(gaps) * 1000:>10.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    modes = parser.add_subparsers(dest="mode", required=True)
    loud = modes.add_parser("storm")
    loud.add_argument("--taps", type=int, default=80)
    loud.add_argument("--seated", type=int, default=10)
    loud.add_argument("--steppers", type=int, default=10)
    loud.add_argument("--bare", type=int, default=None)
    loud.add_argument("--quiet", type=float, default=30, help="seconds before the storm")
    loud.add_argument("--seconds", type=float, default=90)
    loud.add_argument("--think", type=think_range, default=(2.0, 4.0))
    loud.add_argument("--move", type=think_range, default=(2.0, 6.0))
    loud.add_argument("--slots", type=int, default=0,
                      help="[speech] max_syntheses (default: the booklet's, one per core)")
    loud.add_argument("--seed", type=int, default=1)
    loud.add_argument("--logs", type=Path, default=None)
    made = modes.add_parser("ahead")
    made.add_argument("--per-language", type=int, default=8)
    made.add_argument("--cache", type=Path, default=None,
                      help="a folder for the audio cache (kept; default: a temporary one)")
    made.add_argument("--cache-mb", type=int, default=64)
    made.add_argument("--browser", type=int, default=0, metavar="N",
                      help="also N steps per language in Chromium, to the sound playing")
    made.add_argument("--cold", action="store_true",
                      help="make nothing ahead (an empty cache): the figures before")
    args = parser.parse_args()
    if args.mode == "storm":
        args.seated -= args.seated % 2
        if args.bare is None:
            args.bare = args.seated + args.steppers
        storm(args)
    else:
        ahead(args)


if __name__ == "__main__":
    main()
