"""Spelling of every translation and note with Hunspell (Debian's dictionaries).

The texts checked: the interface catalog and the notes in eu, es and fr, the English msgids,
and the translations of the Basque sources into es, fr and en (the Basque sources themselves
are quoted as published, typos included). Hunspell (``hunspell -l``) lists the words its
dictionary does not know; a word is accepted if the project's word list knows it:
``content/spelling/<lang>.txt`` (game terms, inflected Basque forms) and
``content/spelling/names.txt`` (names and titles, for every language), each game's own lists
beside its content (``content/<key>/spelling/<lang>.txt``, ``names.txt``: a new game's words
need no shared list), plus the glossary's kept Basque terms. An unknown word is an error, so CI fails on it; an entry whose unknown word
is right (a quotation, a foreign title) carries the PO flag ``ignore-spelling``.
"""

from __future__ import annotations

import atexit
import os
import re
import select
import shutil
import subprocess
import tempfile
import threading
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Iterator

from .. import ROOT, registry
from ..content.glossary import glossary
from ..errors import UnavailableError
from .source_checks import ERROR, Flag, ignored_checks

#: Hunspell dictionary per language (Debian: hunspell-eu, -es, -fr, -en-gb).
DICTIONARIES = {"eu": "eu", "es": "es_ES", "fr": "fr_FR", "en": "en_GB"}
WORDLIST_DIR = ROOT / "content" / "spelling"
#: a placeholder with the case ending glued to it ("%(player)sren") is not a word
_PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]\w*|%[sdif]")
#: a token with a digit in it ("6koak", "4c", "U+00A0", "1's") is a number, not a word
_WITH_DIGIT = re.compile(r"\S*\d\S*")
#: French elision and English or French possessive around a known word
_ELISION = re.compile(r"^(?:[cdjlmnst]|qu)['’]", re.IGNORECASE)
_POSSESSIVE = re.compile(r"['’]s$")
#: a command or option quoted in a message ("python -m jokoak catalogs", "--games") is code,
#: and so is a name between backticks (a content file's field, ``title``)
_COMMAND = re.compile(r"\bpython3? -m [\w .-]+|(?<!\w)--[\w-]+|`[^`\n]+`")
_URL = re.compile(r"\b(?:https?://\S+|[\w.-]+\.(?:com|org|net|eus|es|fr)\b\S*)")
_WORD = re.compile(r"[^\W\d_]+(?:['’\-][^\W\d_]+)*")


class SpellingUnavailable(UnavailableError):
    """Hunspell or a dictionary is not installed (``.ci/run`` installs them)."""


def hunspell_available(lang: str) -> bool:
    """Hunspell, its ``lang`` dictionary and ``stdbuf`` (coreutils, to read it line by line)."""
    if shutil.which("hunspell") is None or shutil.which("stdbuf") is None:
        return False
    dic = DICTIONARIES[lang]
    return any(Path(d, f"{dic}.dic").exists() for d in ("/usr/share/hunspell",
                                                         "/usr/share/myspell"))


def _wordlist_lines(path: Path) -> Iterator[str]:
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                yield line


@lru_cache(maxsize=None)
def project_words(lang: str) -> frozenset[str]:
    """The project's accepted words for ``lang``: its list, the names, the kept terms."""
    words = set(_wordlist_lines(WORDLIST_DIR / f"{lang}.txt"))
    words |= set(_wordlist_lines(WORDLIST_DIR / "names.txt"))
    for entry in registry.plugins().values():   # a game's own words, in its content folder
        folder = ROOT / entry.content / "spelling"
        words |= set(_wordlist_lines(folder / f"{lang}.txt"))
        words |= set(_wordlist_lines(folder / "names.txt"))
    for term in glossary():
        if term.policy == "keep":
            words |= set(_WORD.findall(term.eu))
            for lg in term.rendering:
                words |= set(_WORD.findall(term.rendering[lg]))
    return frozenset(words)


def clean(text: str) -> str:
    """The text without placeholders, commands, web addresses and numbers: not words."""
    text = _URL.sub(" ", _COMMAND.sub(" ", _PLACEHOLDER.sub(" ", text)))
    return _WITH_DIGIT.sub(" ", text)


def _accepted(word: str, words: frozenset[str]) -> bool:
    """A word the project knows, also with a French elision or a possessive around it."""
    word = word.strip(".,;:!?()[]«»“”\"'’")
    if len(word) <= 1 or word in words:
        return True
    bare = _POSSESSIVE.sub("", _ELISION.sub("", word))
    return bare in words or bare.casefold() in words


def unknown_words(texts: Iterable[str], lang: str) -> set[str]:
    """The words of ``texts`` that neither Hunspell's dictionary nor the project knows.

    Hunspell reads each distinct token once, in one process per language kept for the
    whole run (the Basque dictionary takes seconds to load)."""
    if not hunspell_available(lang):
        raise SpellingUnavailable(f"hunspell with the {DICTIONARIES[lang]} dictionary is "
                                  "not installed")
    words = project_words(lang)
    tokens = sorted({w for t in texts for w in _tokens(t)})
    out = _misspelt(lang, words, tokens)
    return {w for line in out for w in line.split() if not _accepted(w, words)}


#: A token Hunspell reports as misspelt in every language: the end of one batch of tokens.
_END_OF_BATCH = "qqzxjwvkend"
#: Seconds Hunspell may stay silent within a batch before it counts as stuck.
_SILENCE_TIMEOUT = 120.0


class _Hunspell:
    """``hunspell -l`` over a pipe, kept open: a batch of tokens (one per line) is followed
    by :data:`_END_OF_BATCH`, and the misspelt words printed before it are the batch's
    (Hunspell reads each line on its own, so a batch gets what a run of its own would).
    ``stdbuf -oL`` makes Hunspell print each line as it reads it, not when its input ends.
    """

    def __init__(self, lang: str, words: frozenset[str]) -> None:
        self.words = words
        self._personal = tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".dic")
        self._personal.write("\n".join(sorted(words)) + "\n")
        self._personal.flush()
        command = ["stdbuf", "-oL", "hunspell", "-d", DICTIONARIES[lang],
                   "-p", self._personal.name, "-l", "-i", "utf-8"]
        self._proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL)
        self._pending = b""

    def misspelt(self, tokens: list[str]) -> list[str]:
        batch = ("\n".join(tokens + [_END_OF_BATCH]) + "\n").encode("utf-8")
        failed: list[BaseException] = []
        # written from a thread: a long batch could fill both pipes while we wait to write
        writer = threading.Thread(target=self._write, args=(batch, failed), daemon=True)
        writer.start()
        out: list[str] = []
        try:
            while (line := self._readline()) != _END_OF_BATCH:
                out.append(line)
        finally:
            writer.join(timeout=_SILENCE_TIMEOUT)
        if failed:
            raise SpellingUnavailable(f"hunspell stopped reading: {failed[0]!r}")
        return out

    def _write(self, batch: bytes, failed: list[BaseException]) -> None:
        assert self._proc.stdin is not None
        try:
            self._proc.stdin.write(batch)
            self._proc.stdin.flush()
        except OSError as exc:
            failed.append(exc)

    def _readline(self) -> str:
        assert self._proc.stdout is not None
        fd = self._proc.stdout.fileno()
        while b"\n" not in self._pending:
            ready, _, _ = select.select([fd], [], [], _SILENCE_TIMEOUT)
            chunk = os.read(fd, 65536) if ready else b""
            if not chunk:
                raise SpellingUnavailable("hunspell stopped answering")
            self._pending += chunk
        line, self._pending = self._pending.split(b"\n", 1)
        return line.decode("utf-8")

    def alive(self) -> bool:
        return self._proc.poll() is None

    def close(self) -> None:
        try:
            if self._proc.stdin is not None:
                self._proc.stdin.close()
            self._proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self._proc.kill()
            self._proc.wait()
        self._personal.close()


#: The running Hunspell of each language, shared by every check of the process.
_RUNNING: dict[str, _Hunspell] = {}
_LOCK = threading.Lock()


def _misspelt(lang: str, words: frozenset[str], tokens: list[str]) -> list[str]:
    """What ``hunspell -l`` prints for ``tokens`` with the project's ``words``, from the
    language's running process (started on first use, and again if the words changed or
    the process broke)."""
    with _LOCK:
        running = _RUNNING.get(lang)
        if running is not None and (running.words != words or not running.alive()):
            running.close()
            running = None
        if running is None:
            running = _RUNNING[lang] = _Hunspell(lang, words)
        try:
            return running.misspelt(tokens)
        except (OSError, SpellingUnavailable):
            running.close()
            del _RUNNING[lang]
            raise


@atexit.register
def stop_hunspell() -> None:
    """Stop the running Hunspell processes (at exit, or once a run's checks are done; the
    next check starts them again)."""
    with _LOCK:
        for running in _RUNNING.values():
            running.close()
        _RUNNING.clear()


def _entries(lang: str) -> Iterator[tuple[str, str, frozenset[str]]]:
    """(where, text, PO flags) of every text checked in ``lang``."""
    from .source_checks import shipped_entries
    from .interface_checks import shipped_ui_entries
    if lang == "en":
        for e in shipped_ui_entries("eu"):
            yield (f"messages:{e.msgid}", "\n".join(filter(None, (e.msgid, e.plural))),
                   frozenset(f for f in e.flags if f == "ignore-spelling-en"))
    else:
        for e in shipped_ui_entries(lang):
            yield f"messages:{e.msgid}", "\n".join(e.targets), e.flags
    if lang != "eu":
        for game in registry.plugins():
            for s in shipped_entries(game, lang):
                if s.target:
                    yield f"{game}:{s.segment_id}", s.target, s.flags


_EDGE_PUNCTUATION = ".,;:!?()[]{}«»“”\"‘’'…—–/"


def _tokens(text: str) -> list[str]:
    """The whitespace-separated tokens of a text, without the punctuation around them."""
    return [w for w in (w.strip(_EDGE_PUNCTUATION) for w in clean(text).split()) if w]


def out_words(text: str) -> list[str]:
    """The words of a text as Hunspell reads them (with elisions and possessives attached)."""
    return _tokens(text) + _WORD.findall(clean(text))


def check_spelling(langs: Iterable[str] = tuple(DICTIONARIES)) -> list[Flag]:
    """One ``spelling`` error per shipped entry with a word neither Hunspell nor the project
    knows, in every language of ``langs``."""
    return [f for lang in langs for f in spelling_flags(list(_entries(lang)), lang)]


def spelling_flags(entries: list[tuple[str, str, frozenset[str]]], lang: str) -> list[Flag]:
    """The ``spelling`` errors of (where, text, PO flags) entries in ``lang``."""
    unknown = unknown_words((text for _w, text, _f in entries), lang)
    out = []
    for where, text, flags in entries:
        if not unknown or "spelling" in ignored_checks(flags) or "ignore-spelling-en" in flags:
            continue
        found = sorted({w for w in out_words(text) if w in unknown})
        if found:
            out.append(Flag("spelling", where, lang, (("words", ", ".join(found)),)))
    return out


__all__ = ["DICTIONARIES", "ERROR", "SpellingUnavailable", "check_spelling",
           "hunspell_available", "project_words", "spelling_flags", "stop_hunspell",
           "unknown_words"]
