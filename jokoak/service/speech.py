"""Read-aloud: the booklet's sentences spoken by a voice on this machine, never from outside.

Two engines, chosen per language by what they sound like on the booklet's own sentences
(docs/read-aloud.md):

* **AhoTTS** (PyPI ``pyahotts``, Aholab's HMM voices, Basque and Spanish): the default for
  ``eu`` and ``es``. It takes Windows-1252 text (in UTF-8 an accented letter is read as two
  odd ones), and one call says one sentence only, as far as its first full stop or colon:
  the text is cut there and the pieces said one after the other.
* **espeak-ng** (Debian ``espeak-ng``, formant synthesis): ``fr`` and ``en``, and ``eu`` and
  ``es`` wherever AhoTTS is missing or fails.

Each engine runs in a child process (``python -m jokoak.service.speech <engine> <lang>``, the text
on its standard input, 16-bit mono samples out): a voice library that crashes takes down
that child, never the booklet. ``sox`` turns the samples into Ogg Vorbis at an even level.

Audio is made once per sentence, language and voice and kept in a bounded folder
(:class:`AudioCache`, the oldest files go first); pages put it inline in the page as a
``data:`` URI, so replicas behind a load balancer share no files. Nothing here imports
Streamlit: ``ui/speech.py`` draws the buttons.

Within the machine (issue 39): at most a few sounds are made at once (:class:`Synthesizer`,
``[speech] max_syntheses``, by default one per core), by worker threads whose child processes
run at a low CPU priority, so the visitors' own taps go first; the same sentence asked twice
at once is made once; a tap waits a bounded time and is then told the sound is on its way
(:class:`SpeechBusy`), and a synthesis that runs out of time is overload, not a broken voice.
An engine that fails is left aside for :data:`FAILURE_MEMORY` seconds, then tried again.
The lessons' sentences are made ahead, one at a time at the lowest priority
(:func:`prewarm`, :func:`lesson_sentences`), so a kiosk reads them from the disk.
"""

from __future__ import annotations

import base64
import ctypes
import fcntl
import hashlib
import itertools
import os
import queue
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import unicodedata
from concurrent.futures import Future
from contextlib import contextmanager
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from functools import lru_cache, partial
from importlib.util import find_spec
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

from ..errors import UnavailableError
AHOTTS = "ahotts"
ESPEAK = "espeak-ng"
ENGINES = (AHOTTS, ESPEAK)
#: What each engine can say.
ENGINE_LANGUAGES = {AHOTTS: ("eu", "es"), ESPEAK: ("eu", "es", "fr", "en")}
#: The voice each language prefers, best first (docs/read-aloud.md: the measurements).
PREFERRED = {"eu": (AHOTTS, ESPEAK), "es": (AHOTTS, ESPEAK), "fr": (ESPEAK,),
             "en": (ESPEAK,)}
#: A sentence longer than this is not read (the booklet's longest clause is under 400).
MAX_CHARS = 1200
#: Seconds an engine may take for one sentence: past it the machine is overloaded (the
#: sentence is not made this time; the voice is not counted as failing).
SYNTH_TIMEOUT = 30.0
#: Seconds an engine that failed is left aside before it is tried again (a crash under a
#: storm, a full disk: passing troubles must not switch Basque to espeak-ng for good).
FAILURE_MEMORY = 300.0
#: Seconds a tap waits for a sound not made yet before it says the sound is on its way.
TAP_WAIT = 15.0
#: Seconds a kiosk's reading without a tap waits (a sentence made ahead is read at once).
AUTO_WAIT = 2.0
#: Sounds waiting to be made past which a new one is refused at once ("busy"), not queued:
#: the booklet's sentences are bounded, so only a storm reaches it.
MAX_QUEUE = 200
#: CPU priority (``nice``) of the child processes that make a tap's sound, and of those that
#: make sentences ahead: every visitor's page (the booklet's own process) goes first.
TAP_NICE = 10
PREWARM_NICE = 19
#: Seconds sentences made ahead wait after the machine said it was busy.
PREWARM_BACKOFF = 10.0
#: Queue priorities: a visitor's tap before a sentence made ahead.
TAP, AHEAD = 0, 1
#: Bumped when the sound of a voice changes, so cached audio of the old sound is not reused.
AUDIO_VERSION = "1"
#: Silence between the Basque and its translation when both are read in one go.
GAP_SECONDS = 0.6
AHOTTS_RATE = 16000


class SpeechError(UnavailableError):
    """An engine could not say a sentence (the reason, in English, for the operator page)."""


class SpeechBusy(Exception):
    """The sound is not ready: the machine is busy making others (never a broken voice).
    ``coming``: it is being made and will be ready in a moment (a second tap plays it);
    else it was not taken (too many waiting, or its synthesis ran out of time)."""

    def __init__(self, coming: bool) -> None:
        super().__init__("on its way" if coming else "busy")
        self.coming = coming


# ---- which voices this machine has ---------------------------------------------------------

@dataclass(frozen=True)
class EngineStatus:
    engine: str
    ok: bool
    reason: str = ""       # why not, for the operator page (technical, English)


def _which(name: str) -> str | None:
    return shutil.which(name)


@lru_cache(maxsize=None)
def engine_status(engine: str) -> EngineStatus:
    """Whether ``engine`` is installed (not whether it speaks: :func:`probe` says that).
    Remembered for the process: every speaker button asks, at every rerun of a step."""
    if _which("sox") is None:
        return EngineStatus(engine, False, "sox is not installed (Debian package sox)")
    if engine == ESPEAK:
        if _which("espeak-ng") is None:
            return EngineStatus(engine, False, "espeak-ng is not installed (Debian package "
                                               "espeak-ng)")
        return EngineStatus(engine, True)
    if engine == AHOTTS:
        if find_spec("pyahotts") is None:
            return EngineStatus(engine, False, "pyahotts is not installed (pip install pyahotts)")
        return EngineStatus(engine, True)
    return EngineStatus(engine, False, f"unknown engine {engine!r}")


@lru_cache(maxsize=None)
def _failed() -> dict[str, tuple[str, float]]:
    """Engines that failed in this process: why, and when (:func:`_now`)."""
    return {}


def _now() -> float:
    return time.monotonic()


def _note_failure(engine: str, exc: BaseException) -> None:
    _failed()[engine] = (str(exc)[:300] or type(exc).__name__, _now())


def failures() -> dict[str, str]:
    """The engines that failed in the last :data:`FAILURE_MEMORY` seconds, with the reason
    (an older failure is forgotten: the engine is tried again)."""
    found = _failed()
    for engine, (_reason, at) in list(found.items()):
        if _now() - at > FAILURE_MEMORY:
            found.pop(engine, None)
    return {engine: reason for engine, (reason, _at) in found.items()}


def voice_for(language: str, choice: str = "best") -> str | None:
    """The engine that reads ``language``: the best installed one that has not failed lately
    (``choice`` ``"espeak-ng"``: espeak-ng for every language); None: no voice."""
    order = (ESPEAK,) if choice == ESPEAK else PREFERRED.get(language, ())
    failed = failures()
    for engine in order:
        if engine not in failed and engine_status(engine).ok:
            return engine
    return None


# ---- the engines (each in a child process) -------------------------------------------------

_worker = threading.local()


def _niced(command: list[str]) -> list[str]:
    """``command`` run at the CPU priority of the synthesis worker's job under way on this
    thread (a tap's, or lower for a sentence made ahead); outside the workers (a page
    joining two sounds) at the booklet's own."""
    level = getattr(_worker, "nice", 0)
    if level and _which("nice") is not None:
        return ["nice", "-n", str(level), *command]
    return command


def clean_text(text: str) -> str:
    """``text`` as a voice should get it: one line, no markup characters, bounded."""
    text = unicodedata.normalize("NFC", text)
    text = "".join(" " if unicodedata.category(c)[0] in "CZ" else c for c in text)
    return " ".join(text.replace("*", " ").replace("_", " ").split())[:MAX_CHARS]


def ahotts_bytes(text: str) -> bytes:
    """``text`` in Windows-1252, AhoTTS's input: typographic quotes and dashes have their
    1252 codes; a letter outside it (none in the booklet's four languages) is dropped."""
    return text.encode("cp1252", errors="ignore")


def _espeak_samples(text: str, language: str) -> tuple[bytes, int]:
    """espeak-ng's WAV for ``text``."""
    done = subprocess.run(_niced(["espeak-ng", "-v", language, "--stdin", "--stdout"]),
                          input=text.encode("utf-8"), capture_output=True,
                          timeout=SYNTH_TIMEOUT, check=False)
    if done.returncode != 0 or len(done.stdout) < 1000:
        raise SpeechError(f"espeak-ng failed ({done.returncode}): "
                          f"{done.stderr.decode('utf-8', 'replace')[:200]}")
    return done.stdout, 0


def _ahotts_samples(text: str, language: str) -> tuple[bytes, int]:
    """AhoTTS's raw 16 kHz samples for ``text``, made in a child process."""
    project = Path(__file__).resolve().parents[2]   # the folder that holds the jokoak package
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(project)] + [p for p in sys.path if p]))
    done = subprocess.run(_niced([sys.executable, "-m", "jokoak.service.speech", AHOTTS,
                                  language]),
                          input=ahotts_bytes(text), capture_output=True,
                          timeout=SYNTH_TIMEOUT, check=False, env=env)
    if done.returncode != 0 or len(done.stdout) < 1000:
        raise SpeechError(f"AhoTTS failed ({done.returncode}): "
                          f"{done.stderr.decode('utf-8', 'replace').strip()[-300:]}")
    return done.stdout, AHOTTS_RATE


def to_ogg(samples: bytes, rate: int) -> bytes:
    """Samples (a WAV when ``rate`` is 0, else raw signed 16-bit mono at ``rate``) as Ogg
    Vorbis, peaks at -3 dBFS (the voices' levels differ by 5 dB)."""
    source = ["-t", "wav", "-"] if rate == 0 else [
        "-t", "raw", "-r", str(rate), "-e", "signed", "-b", "16", "-c", "1", "-"]
    done = subprocess.run(_niced(["sox", *source, "-t", "ogg", "-C", "3", "-", "norm", "-3"]),
                          input=samples, capture_output=True, timeout=SYNTH_TIMEOUT,
                          check=False)
    if done.returncode != 0 or not done.stdout:
        raise SpeechError(f"sox failed: {done.stderr.decode('utf-8', 'replace')[:200]}")
    return done.stdout


def join_ogg(parts: Sequence[bytes], gap: float = GAP_SECONDS) -> bytes:
    """Several Ogg files as one, ``gap`` seconds of silence between them (each brought to one
    rate first: AhoTTS speaks at 16 kHz, espeak-ng at 22.05 kHz)."""
    if len(parts) == 1:
        return parts[0]
    with tempfile.TemporaryDirectory(prefix="jokoak-speech-") as folder:
        waves = []
        for n, part in enumerate(parts):
            source, wave = Path(folder) / f"{n}.ogg", Path(folder) / f"{n}.wav"
            source.write_bytes(part)
            pad = ["pad", "0", str(gap)] if n < len(parts) - 1 else []
            _sox([str(source), "-r", "22050", "-c", "1", str(wave), *pad])
            waves.append(str(wave))
        out = Path(folder) / "all.ogg"
        _sox([*waves, "-C", "3", str(out)])
        return out.read_bytes()


def _sox(args: list[str]) -> None:
    done = subprocess.run(_niced(["sox", *args]), capture_output=True, timeout=SYNTH_TIMEOUT,
                          check=False)
    if done.returncode != 0:
        raise SpeechError(f"sox failed: {done.stderr.decode('utf-8', 'replace')[:200]}")


# ---- the cache -----------------------------------------------------------------------------

def default_cache_dir() -> Path:
    return Path(tempfile.gettempdir()) / "jokoak-speech"


class AudioCache:
    """Audio files in one folder, at most ``max_bytes`` in all: past it, the least recently
    used go first. Several processes may share the folder (writes are atomic renames)."""

    def __init__(self, folder: Path, max_bytes: int) -> None:
        self.folder = folder
        self.max_bytes = max_bytes

    def _path(self, key: str) -> Path:
        return self.folder / f"{key}.ogg"

    def get(self, key: str, touch: bool = True) -> bytes | None:
        """The sound kept under ``key`` (None: not made); ``touch``: counts as used now."""
        path = self._path(key)
        try:
            data = path.read_bytes()
            if touch:
                os.utime(path)   # recently used
        except OSError:
            return None
        return data or None

    def has(self, key: str) -> bool:
        try:
            return self._path(key).stat().st_size > 0
        except OSError:
            return False

    def put(self, key: str, data: bytes) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            handle, temp = tempfile.mkstemp(dir=self.folder, suffix=".part")
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temp, self._path(key))
            self.trim()
        except OSError:
            pass   # a full or read-only disk: the sound is made again next time

    def size(self) -> int:
        return sum(f.stat().st_size for f in self._files())

    def _files(self) -> list[Path]:
        try:
            return [f for f in self.folder.iterdir() if f.suffix == ".ogg"]
        except OSError:
            return []

    def trim(self) -> None:
        """Drop the least recently used files until the folder is under its bound."""
        entries = []
        for f in self._files():
            try:
                info = f.stat()
            except OSError:
                continue
            entries.append((info.st_mtime, info.st_size, f))
        total = sum(size for _t, size, _f in entries)
        for _mtime, size, f in sorted(entries):
            if total <= self.max_bytes:
                break
            try:
                f.unlink()
                total -= size
            except OSError:
                pass


def cache_key(engine: str, language: str, text: str) -> str:
    raw = "\0".join((AUDIO_VERSION, engine, language, text))
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:40]


# ---- making sounds within the machine --------------------------------------------------------

class Synthesizer:
    """At most ``slots`` sounds made at once, by worker threads; the others wait in a queue,
    a visitor's tap (:data:`TAP`) before a sentence made ahead (:data:`AHEAD`), and past
    ``max_queue`` waiting a new one is refused (:class:`SpeechBusy`). A sound already being
    made or waiting is not queued again: who asks for it gets the same :class:`Future`
    (single flight per cache key)."""

    def __init__(self, slots: int, max_queue: int = MAX_QUEUE) -> None:
        self.slots = max(1, slots)
        self.max_queue = max_queue
        self._lock = threading.Lock()
        self._queue: queue.PriorityQueue[tuple[int, int, str, Callable[[], bytes],
                                               Future[bytes]]] = queue.PriorityQueue()
        self._flights: dict[str, Future[bytes]] = {}
        self._order = itertools.count()
        self._workers = 0
        #: sounds being made now, and the most at once since this synthesizer began
        self.running = 0
        self.peak = 0

    def submit(self, key: str, make: Callable[[], bytes], priority: int = TAP) -> Future[bytes]:
        """The sound of ``key``, made by ``make`` in a worker (or the one already asked for)."""
        with self._lock:
            found = self._flights.get(key)
            if found is not None:
                return found
            if self._queue.qsize() >= self.max_queue:
                raise SpeechBusy(coming=False)
            future: Future[bytes] = Future()
            self._flights[key] = future
            self._queue.put((priority, next(self._order), key, make, future))
            if self._workers < self.slots:
                self._workers += 1
                threading.Thread(target=self._work, name="jokoak-speech", daemon=True).start()
            return future

    def waiting(self) -> int:
        return self._queue.qsize()

    def _work(self) -> None:
        while True:
            with self._lock:
                if self._workers > self.slots or self._queue.empty():
                    self._workers -= 1       # fewer slots now, or nothing to do: end
                    return
                priority, _n, key, make, future = self._queue.get_nowait()
                self.running += 1
                self.peak = max(self.peak, self.running)
            _worker.nice = PREWARM_NICE if priority == AHEAD else TAP_NICE
            try:
                future.set_result(make())
            except BaseException as exc:   # handed to whoever waits for the sound
                future.set_exception(exc)
            finally:
                with self._lock:
                    self.running -= 1
                    self._flights.pop(key, None)


_synthesizer_lock = threading.Lock()
_synthesizer: Synthesizer | None = None


def default_slots() -> int:
    """One synthesis per core (AhoTTS keeps one core busy while it speaks)."""
    return max(1, os.cpu_count() or 1)


def synthesizer(slots: int = 0) -> Synthesizer:
    """The process's one :class:`Synthesizer`; ``slots`` (``[speech] max_syntheses``, 0: one
    per core) sets how many sounds it makes at once, from the next sound on."""
    global _synthesizer
    wanted = slots if slots > 0 else default_slots()
    with _synthesizer_lock:
        if _synthesizer is None:
            _synthesizer = Synthesizer(wanted)
        elif _synthesizer.slots != wanted and slots > 0:
            _synthesizer.slots = wanted
        return _synthesizer


# ---- saying things -------------------------------------------------------------------------

def _synthesize(engine: str, text: str, language: str) -> bytes:
    if engine == AHOTTS:
        samples, rate = _ahotts_samples(text, language)
    elif engine == ESPEAK:
        samples, rate = _espeak_samples(text, language)
    else:
        raise SpeechError(f"unknown engine {engine!r}")
    return to_ogg(samples, rate)


class _EngineFailed(Exception):
    """Inside :func:`say`: the engine failed (noted in :func:`failures`); try the next."""


def _make(engine: str, text: str, language: str, cache: AudioCache, key: str) -> bytes:
    """A worker's job: the sound made and kept. Running out of time is overload
    (:class:`SpeechBusy`), any other trouble the engine's failure."""
    try:
        audio = _synthesize(engine, text, language)
    except subprocess.TimeoutExpired as exc:
        raise SpeechBusy(coming=False) from exc
    except (SpeechError, OSError, subprocess.SubprocessError) as exc:
        _note_failure(engine, exc)
        raise _EngineFailed(engine) from exc
    cache.put(key, audio)
    return audio


def say(text: str, language: str, cache: AudioCache, choice: str = "best", *,
        wait: float | None = TAP_WAIT, priority: int = TAP, slots: int = 0) -> bytes | None:
    """Ogg audio of ``text`` read in ``language`` (from the cache when made before); None when
    no voice can say it (an engine that fails is noted with why, and the next one tried).
    Waits at most ``wait`` seconds (None: until made) for a sound not made yet, then raises
    :class:`SpeechBusy` (it stays on its way: asked again, it is found made or still
    coming). ``slots``: ``[speech] max_syntheses``."""
    text = clean_text(text)
    if not text:
        return None
    while (engine := voice_for(language, choice)) is not None:
        key = cache_key(engine, language, text)
        found = cache.get(key)
        if found is not None:
            return found
        future = synthesizer(slots).submit(
            key, partial(_make, engine, text, language, cache, key), priority)
        try:
            return future.result(timeout=wait)
        except FutureTimeout:
            raise SpeechBusy(coming=True) from None
        except _EngineFailed:
            continue
    return None


def say_in_turn(parts: Iterable[tuple[str, str]], cache: AudioCache,
                choice: str = "best", *, wait: float | None = TAP_WAIT,
                slots: int = 0) -> bytes | None:
    """One recording of several (text, language) parts read one after the other (a clause
    in Basque, then its translation); parts no voice can say are left out. Raises
    :class:`SpeechBusy` as :func:`say` does (every part is asked for before waiting, so the
    parts are made side by side)."""
    wanted = [(clean_text(t), lang) for t, lang in parts]
    wanted = [(t, lang) for t, lang in wanted if t]
    if not wanted:
        return None
    key = cache_key("+".join(voice_for(lang, choice) or "-" for _t, lang in wanted),
                    "+".join(lang for _t, lang in wanted), "\n".join(t for t, _l in wanted))
    found = cache.get(key)
    if found is not None:
        return found
    if len(wanted) > 1:   # every part on its way before waiting for the first
        for t, lang in wanted:
            try:
                say(t, lang, cache, choice, wait=0, slots=slots)
            except SpeechBusy:
                pass
    deadline = None if wait is None else time.monotonic() + wait
    audio = []
    for t, lang in wanted:
        left = None if deadline is None else max(0.0, deadline - time.monotonic())
        made = say(t, lang, cache, choice, wait=left, slots=slots)
        if made is not None:
            audio.append(made)
    if not audio:
        return None
    try:
        joined = join_ogg(audio)
    except (SpeechError, OSError, subprocess.SubprocessError):
        return audio[0]
    cache.put(key, joined)
    return joined


def data_uri(audio: bytes) -> str:
    return "data:audio/ogg;base64," + base64.b64encode(audio).decode("ascii")


def probe(cache: AudioCache, slots: int = 0) -> dict[str, str]:
    """Each language's voice, tried on one short sentence: ``{language: engine}`` for those
    that spoke (failures land in :func:`failures`; made within the synthesis limit)."""
    spoken = {}
    for language, text in PROBE_SENTENCES.items():
        for engine in PREFERRED[language]:
            if engine in failures() or not engine_status(engine).ok:
                continue
            key = cache_key(engine, language, clean_text(text))
            if cache.has(key):
                spoken[language] = engine
                break
            future = synthesizer(slots).submit(
                key, partial(_make, engine, clean_text(text), language, cache, key))
            try:
                future.result(timeout=SYNTH_TIMEOUT * 2)
            except (_EngineFailed, SpeechBusy, FutureTimeout):
                continue
            spoken[language] = engine
            break
    return spoken


# ---- sentences made ahead ---------------------------------------------------------------------

def lesson_sentences(game: str, lang: str, extra: Iterable[str] = ()) -> list[str]:
    """What a visitor of ``game``'s lessons hears in ``lang``: each step's instruction, the
    sentence said when it is done, each wrong answer's why, its hint where a step has one
    (else the default hint, for a step the visitor plays), then the msgids ``extra`` (the
    pages' own: the celebration), each translated, in order, once."""
    from ..content.lessons import DEFAULT_HINT, lessons
    from ..i18n import translator

    tr = translator(lang)
    msgids: list[str] = []
    for lesson in lessons(game):
        for step in lesson.steps:
            msgids += [step.instruction, step.said]
            msgids += [c.why for c in step.choices if c.why]   # said under a wrong answer
            if step.hint:
                msgids.append(step.hint)
            elif step.kind == "action":
                msgids.append(DEFAULT_HINT)
    msgids += list(extra)
    return list(dict.fromkeys(t for m in msgids if m and (t := tr.gettext(m).strip())))


@dataclass
class Prewarm:
    """Sentences made ahead, one at a time at the lowest priority, in a background thread:
    what it found made, made, could not make, and how long it took."""

    total: int
    found: int = 0
    made: int = 0
    failed: int = 0
    busy: int = 0
    bytes: int = 0
    seconds: float = 0.0
    done: threading.Event = field(default_factory=threading.Event)


def prewarm(sentences: Iterable[tuple[str, str]], cache: AudioCache, choice: str = "best",
            slots: int = 0) -> Prewarm:
    """Make the sound of each (text, language) not made yet, in a background thread: one
    at a time, behind every visitor's tap in the queue, its child processes at
    :data:`PREWARM_NICE`. Returns at once; the :class:`Prewarm` fills in as it goes."""
    wanted = list(dict.fromkeys((clean_text(t), lang) for t, lang in sentences))
    wanted = [(t, lang) for t, lang in wanted if t]
    state = Prewarm(total=len(wanted))
    threading.Thread(target=_prewarm_all, args=(wanted, cache, choice, slots, state),
                     name="jokoak-speech-ahead", daemon=True).start()
    return state


#: One list of sentences made ahead at a time (a second waits for the first).
_prewarm_lock = threading.Lock()


@contextmanager
def _machine_lock(path: Path) -> Iterator[None]:
    """Held by one process of the machine at a time (replicas sharing the cache folder make
    its sentences once: the next finds them made); without a lock file, no lock."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path, "a")
    except OSError:
        yield
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _prewarm_all(wanted: list[tuple[str, str]], cache: AudioCache, choice: str, slots: int,
                 state: Prewarm) -> None:
    began = time.monotonic()
    try:
        with _prewarm_lock, _machine_lock(cache.folder / ".prewarm.lock"):
            _prewarm_each(wanted, cache, choice, slots, state, began)
    finally:
        state.seconds = time.monotonic() - began
        state.done.set()


def _prewarm_each(wanted: list[tuple[str, str]], cache: AudioCache, choice: str, slots: int,
                  state: Prewarm, began: float) -> None:
    for text, language in wanted:
        engine = voice_for(language, choice)
        if engine is None:
            state.failed += 1
            continue
        found = cache.get(cache_key(engine, language, text), touch=False)
        if found is not None:
            state.found += 1
            state.bytes += len(found)
            continue
        for _attempt in range(3):
            try:
                audio = say(text, language, cache, choice, wait=None, priority=AHEAD,
                            slots=slots)
            except SpeechBusy:   # a storm of taps: let it pass, then try again
                time.sleep(PREWARM_BACKOFF)
                continue
            if audio is None:
                state.failed += 1
            else:
                state.made += 1
                state.bytes += len(audio)
            break
        else:
            state.busy += 1
        state.seconds = time.monotonic() - began


#: One short sentence per language (the probe and the tests).
PROBE_SENTENCES = {
    "eu": "Jokoan aritzeko gutxienez sei jokalari behar dira.",
    "es": "Para jugar se necesitan al menos seis jugadores.",
    "fr": "Il faut au moins six joueurs pour jouer.",
    "en": "At least six players are needed to play.",
}


# ---- AhoTTS in the child process -----------------------------------------------------------

def _elf_sections(data: bytes) -> tuple[list[tuple[str, int, int, int, int, int]], int]:
    """(name, type, offset, size, link, info) of each section of a 64-bit ELF file."""
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise SpeechError("not a 64-bit little-endian ELF file")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    raw = [struct.unpack_from("<IIQQQQII", data, shoff + i * shentsize) for i in range(shnum)]
    names_at = raw[shstrndx][4]

    def name(n: int) -> str:
        return data[names_at + n:data.index(0, names_at + n)].decode("ascii", "replace")
    return [(name(r[0]), r[1], r[4], r[5], r[6], r[7]) for r in raw], shnum


def _cstr(data: bytes, at: int) -> str:
    return data[at:data.index(0, at)].decode("ascii", "replace")


def _elf_hash(name: str) -> int:
    h = 0
    for c in name.encode("ascii"):
        h = (h << 4) + c
        g = h & 0xF0000000
        if g:
            h ^= g >> 24
        h &= ~g & 0xFFFFFFFF
    return h


#: What pyahotts 0.0.1's library asks of a C library newer than Debian 12's (glibc 2.38):
#: C23's strtol/strtoul/sscanf, whose behaviour for the library's inputs (decimal numbers in
#: its dictionaries) is that of the older ones.
C23_PREFIX = "__isoc23_"


def glibc_compat(library: bytes) -> bytes:
    """``library`` made loadable by glibc 2.36 (Debian 12): its needs of GLIBC_2.38 read as
    GLIBC_2.2.5, and its three C23 functions bound to their older names (the strings are
    already in its string table: ``__isoc23_strtol`` ends with ``strtol``). Raises
    SpeechError if the file is not as expected."""
    data = bytearray(library)
    original = bytes(library)
    sections, _n = _elf_sections(original)
    by_name = {s[0]: s for s in sections}
    for needed in (".dynsym", ".dynstr", ".gnu.version_r"):
        if needed not in by_name:
            raise SpeechError(f"no {needed} section")
    strings = by_name[".dynstr"][2]
    # the C23 functions: point each name at its own tail (no byte of the strings changes)
    _name, _t, off, size, _link, _info = by_name[".dynsym"]
    for at in range(off, off + size, 24):
        st_name, = struct.unpack_from("<I", data, at)
        if _cstr(original, strings + st_name).startswith(C23_PREFIX):
            struct.pack_into("<I", data, at, st_name + len(C23_PREFIX))
    # the version needs: GLIBC_2.38 becomes GLIBC_2.2.5 (which every glibc on x86-64 has)
    _name, _t, at, _size, _link, count = by_name[".gnu.version_r"]
    for _ in range(count):
        _ver, cnt, _file, aux, following = struct.unpack_from("<HHIII", data, at)
        entries, names = [], {}
        entry = at + aux
        for _ in range(cnt):
            _hash, _flags, _other, name_at, next_entry = struct.unpack_from("<IHHII", data, entry)
            version = _cstr(original, strings + name_at)
            names[version] = name_at
            entries.append((entry, version))
            entry += next_entry
        for entry, version in entries:
            if version == "GLIBC_2.38":
                if "GLIBC_2.2.5" not in names:
                    raise SpeechError("no GLIBC_2.2.5 need to reuse")
                struct.pack_into("<I", data, entry, _elf_hash("GLIBC_2.2.5"))
                struct.pack_into("<I", data, entry + 8, names["GLIBC_2.2.5"])
        if not following:
            break
        at += following
    return bytes(data)


def _ahotts_library(folder: Path) -> tuple[str, str]:
    """The path of AhoTTS's library for this machine, and its data folder: the one pyahotts
    ships, or (where this glibc is too old for it) a copy made loadable by
    :func:`glibc_compat`, kept in ``folder``."""
    import platform

    spec = find_spec("pyahotts")
    if spec is None or spec.origin is None:
        raise SpeechError("pyahotts is not installed")
    here = Path(spec.origin).parent
    shipped = here / f"libhtts_{platform.machine()}.so"
    if not shipped.is_file():
        raise SpeechError(f"pyahotts ships no library for {platform.machine()}")
    try:
        ctypes.CDLL(str(shipped))
        return str(shipped), str(here / "data_tts")
    except OSError as exc:
        if "GLIBC_2.38" not in str(exc):
            raise SpeechError(f"AhoTTS's library does not load: {exc}") from exc
    original = shipped.read_bytes()
    digest = hashlib.sha256(original).hexdigest()[:16]
    compat = folder / f"libhtts-glibc236-{digest}.so"
    if not compat.is_file():
        folder.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=folder, suffix=".part")
        with os.fdopen(handle, "wb") as out:
            out.write(glibc_compat(original))
        os.replace(temp, compat)
    return str(compat), str(here / "data_tts")


def _ahotts_child(language: str) -> int:
    """The child process: Windows-1252 text on stdin, raw 16 kHz samples on stdout."""
    import numpy as np

    text = sys.stdin.buffer.read()
    library, data_path = _ahotts_library(default_cache_dir() / "lib")
    lib = ctypes.cdll.LoadLibrary(library)
    lib.create_tts.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    lib.create_tts.restype = ctypes.c_void_p
    lib.synthesize_text.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p,
                                    ctypes.c_char_p,
                                    ctypes.POINTER(ctypes.POINTER(ctypes.c_short)),
                                    ctypes.POINTER(ctypes.c_int)]
    lib.synthesize_text.restype = ctypes.c_int
    lib.free_samples.argtypes = [ctypes.POINTER(ctypes.c_short)]
    folder = data_path.encode("utf-8")
    tts = lib.create_tts(folder, language.encode("ascii"))
    if not tts:
        print(f"AhoTTS has no voice for {language}", file=sys.stderr)
        return 2
    pause = bytes(2 * int(AHOTTS_RATE * PAUSE_SECONDS))
    said = []
    for piece in utterances(text):
        samples = ctypes.POINTER(ctypes.c_short)()
        length = ctypes.c_int()
        if not lib.synthesize_text(tts, piece, folder, language.encode("ascii"),
                                   ctypes.byref(samples), ctypes.byref(length)) \
                or length.value <= 0:
            print(f"AhoTTS made no sound for {piece!r}", file=sys.stderr)
            return 3
        said.append(np.ctypeslib.as_array(samples, shape=(length.value,)).astype("<i2")
                    .tobytes())
        lib.free_samples(samples)
    sys.stdout.buffer.write(pause.join(said))
    sys.stdout.buffer.flush()
    return 0


#: Where AhoTTS's one call stops: after the first full stop, colon, semicolon, question or
#: exclamation mark ("Bost karta erabiltzen dira: zaldi zuria, ..." was read as far as
#: "dira"), so each piece is said by a call of its own.
_UTTERANCE_END = re.compile(rb"(?<=[.:;!?])\s+")
#: Silence between those pieces (a full stop's pause).
PAUSE_SECONDS = 0.25


def utterances(text: bytes) -> list[bytes]:
    """``text`` cut after each full stop, colon, semicolon, question or exclamation mark."""
    return [piece for piece in _UTTERANCE_END.split(text.strip()) if piece.strip()]


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == AHOTTS and sys.argv[2] in ENGINE_LANGUAGES[AHOTTS]:
        try:
            sys.exit(_ahotts_child(sys.argv[2]))
        except SpeechError as problem:
            print(problem, file=sys.stderr)
            sys.exit(4)
    print("usage: python -m jokoak.service.speech ahotts eu|es  (text on stdin)", file=sys.stderr)
    sys.exit(1)
