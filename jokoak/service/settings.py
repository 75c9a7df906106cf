"""Booklet settings (``jokoak.toml``, or the file named by ``JOKOAK_SETTINGS``).

A bad value never stops the booklet: it is replaced by its default and reported as a
:class:`SettingProblem` (a msgid and its parameters) so the page can say so in the
visitor's language.
"""

from __future__ import annotations

import ipaddress
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable
from urllib.parse import urlsplit

from .. import ROOT
from ..i18n import LANGUAGES
from ..i18n.msgids import N_

MIN_COUNTDOWN = 20      # WCAG 2.2.1: at least 20 seconds to ask for more time
MIN_IDLE = 5
MAX_SECONDS = 24 * 3600
MAX_URL = 200           # a public address fits a QR code a phone reads from a metre away


@dataclass(frozen=True)
class SettingProblem:
    msgid: str
    params: dict[str, str]


@dataclass(frozen=True)
class KioskSettings:
    enabled: bool = False
    #: 60 s + a 20 s countdown: a busy floor's usual reset (the previous visitor's half-done
    #: lesson does not stay on screen for minutes).
    idle_seconds: int = 60
    countdown_seconds: int = 20
    language: str = "eu"
    #: The booklet's public address (``https://jokoak.example.org/``) for the "continue on
    #: your phone" QR code; empty: no QR code.
    public_url: str = ""


@dataclass(frozen=True)
class OperatorSettings:
    """The operator page (translators' tools, handouts, these settings' status).

    A setting, never a query parameter: a visitor who typed ``?operator=1`` on a phone would
    otherwise reach the kiosk's uploads. Turn it on only on a server visitors cannot reach.
    """

    enabled: bool = False


@dataclass(frozen=True)
class BookletSettings:
    #: False hides the Translators page from every visitor (the operator page keeps its
    #: tools): for replicas behind a load balancer, where an upload must reach the process
    #: holding the session.
    translators_page: bool = True
    #: True shows the Basque text's clause ids (``phase2.throw1``) in the children's views
    #: too (lessons, play, kiosk), for staff checking which clause each sentence rests on.
    #: Off, those views say the rule in words and keep the clause one tap away ("Why?");
    #: the read view, the translators' page and the step-through show ids either way.
    clause_ids: bool = False


@dataclass(frozen=True)
class RoomSettings:
    """The tables shared by several devices (:mod:`jokoak.service.rooms`)."""

    #: Where they live: ``""`` (a SQLite file in the data folder,
    #: :func:`jokoak.service.room_stores.data_folder`), ``sqlite:<file>``, or ``redis://host/0``
    #: where several replicas serve the booklet.
    store: str = ""
    #: The most rooms open at once on the server (0: no cap). A new room past it is refused
    #: with a message until one closes (or is swept after two hours without a move).
    max_rooms: int = 300
    #: The most unknown room codes one client (one address, :mod:`jokoak.service.clients`)
    #: may type a minute (0: no limit): past it, that client's codes wait for the next
    #: minute, known or not; every other client joins as before.
    unknown_codes_per_minute: int = 20
    #: The rooms one client may open an hour with "Open a room" (0: no limit).
    rooms_per_client_hour: int = 30
    #: The tables one client may open an hour from a class screen (0: no limit): a budget of
    #: its own, never spent by anybody's "Open a room".
    class_tables_per_client_hour: int = 60
    #: The direct peers whose ``X-Real-IP`` / ``X-Forwarded-For`` is believed (the booklet's
    #: own nginx): addresses or networks. Anyone else is known by their own address.
    trusted_proxies: tuple[str, ...] = ("127.0.0.1", "::1")


#: The largest value any count of ``[rooms]`` takes.
MAX_ROOM_COUNT = 1_000_000
#: The counts of ``[rooms]``.
ROOM_COUNTS = ("max_rooms", "unknown_codes_per_minute", "rooms_per_client_hour",
               "class_tables_per_client_hour")


@dataclass(frozen=True)
class SpeechSettings:
    """Read-aloud (:mod:`jokoak.service.speech`): a speaker button by each lesson instruction and
    feedback, step-through sentence and clause."""

    #: False: no speaker button anywhere (nothing is synthesised).
    enabled: bool = True
    #: In kiosk mode, read each new lesson instruction and feedback aloud without a tap
    #: (a visitor turns it off for their visit with the "Sound off" button).
    kiosk_reads_aloud: bool = True
    #: "best": AhoTTS for Basque and Spanish, espeak-ng for French and English
    #: (docs/read-aloud.md); "espeak-ng": espeak-ng for all four.
    voice: str = "best"
    #: Bound of the audio cache on disk, in megabytes (the lessons' sentences in four
    #: languages take about 14 MB: docs/performance.md, "Read-aloud").
    cache_mb: int = 64
    #: The most sounds made at once on this machine (0: one per core). A tap past them waits
    #: its turn, then is told the sound is on its way.
    max_syntheses: int = 0
    #: True: the lessons' sentences are made ahead, in the background, at the first visit
    #: after a start, one at a time at the lowest priority, so a lesson's sound starts at once.
    prewarm: bool = True


@dataclass(frozen=True)
class CountersSettings:
    """Privacy-safe counts of where visitors stumble (:mod:`jokoak.service.counters`), kept beside
    the rooms in ``[rooms] store``; False: nothing is counted."""

    enabled: bool = True


SPEECH_VOICES = ("best", "espeak-ng")
MAX_CACHE_MB = 4096
#: The largest ``[speech] max_syntheses`` (each sound keeps a core busy while it is made).
MAX_SYNTHESES = 64


def room_store(raw: object) -> str | None:
    """``raw`` if it names a room store, else None."""
    if not isinstance(raw, str) or len(raw) > 300 or any(c in raw for c in "\n\r\0"):
        return None
    if raw == "" or raw.startswith(("sqlite:", "redis://", "rediss://")):
        return raw
    return None


def proxies(raw: object) -> tuple[str, ...] | None:
    """``raw`` if it is a list of addresses or networks (``"127.0.0.1"``, ``"172.30.39.0/24"``),
    else None."""
    if not isinstance(raw, list) or len(raw) > 64 or not all(isinstance(i, str) for i in raw):
        return None
    try:
        return tuple(str(ipaddress.ip_network(item, strict=False)) if "/" in item
                     else str(ipaddress.ip_address(item)) for item in raw)
    except (TypeError, ValueError):
        return None


@dataclass(frozen=True)
class Settings:
    kiosk: KioskSettings = KioskSettings()
    operator: OperatorSettings = OperatorSettings()
    booklet: BookletSettings = BookletSettings()
    rooms: RoomSettings = RoomSettings()
    speech: SpeechSettings = SpeechSettings()
    counters: CountersSettings = CountersSettings()
    problems: tuple[SettingProblem, ...] = field(default=())


def settings_path() -> Path:
    override = os.environ.get("JOKOAK_SETTINGS")
    return Path(override) if override else ROOT / "jokoak.toml"


def _problem(key: str) -> SettingProblem:
    return SettingProblem(N_("The setting %(key)s has an invalid value; its default is used."),
                          {"key": key})


def public_url(raw: object) -> str | None:
    """``raw`` if it is an http(s) address with a host and no query or fragment, else None."""
    if not isinstance(raw, str) or len(raw) > MAX_URL or not raw.isascii():
        return None
    if raw == "":
        return raw
    try:
        parts = urlsplit(raw)
    except ValueError:
        return None
    if (parts.scheme not in ("http", "https") or not parts.hostname or parts.query
            or parts.fragment or any(c.isspace() or c in "<>\"'" for c in raw)):
        return None
    return raw


def _section(data: dict[str, Any], name: str, problems: list[SettingProblem]) -> dict[str, Any]:
    raw = data.get(name, {})
    if isinstance(raw, dict):
        return raw
    problems.append(_problem(name))
    return {}


def _setting(raw: dict[str, Any], section: str, key: str, read: Callable[[Any], Any],
             values: dict[str, Any], problems: list[SettingProblem]) -> None:
    """``raw[key]``, if given, as ``read`` takes it into ``values``; a value ``read`` refuses
    (``None``) is a problem, and the setting keeps its default. One way for every setting."""
    if key in raw:
        value = read(raw[key])
        if value is None:
            problems.append(_problem(f"{section}.{key}"))
        else:
            values[key] = value


def _flag(raw: dict[str, Any], section: str, key: str, values: dict[str, Any],
          problems: list[SettingProblem]) -> None:
    _setting(raw, section, key, lambda v: v if isinstance(v, bool) else None, values, problems)


def _whole(low: int, high: int) -> Callable[[Any], int | None]:
    """A reader of a whole number from ``low`` to ``high`` (``true`` is not a number)."""
    return lambda v: v if isinstance(v, int) and not isinstance(v, bool) and low <= v <= high \
        else None


def _one_of(choices: Any) -> Callable[[Any], Any]:
    """A reader of one of ``choices``."""
    return lambda v: v if isinstance(v, str) and v in choices else None


def _unknown(raw: dict[str, Any], section: str, known: set[str],
             problems: list[SettingProblem]) -> None:
    for key in raw:
        if key not in known:
            problems.append(SettingProblem(N_("Unknown setting %(key)s is ignored."),
                                           {"key": (f"{section}.{key}" if section else key)[:80]}))


def parse_settings(text: str) -> Settings:
    """Settings from TOML text; every invalid value falls back to its default."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return Settings(problems=(SettingProblem(
            N_("The settings file is not valid TOML; the defaults are used."), {}),))
    problems: list[SettingProblem] = []
    raw = _section(data, "kiosk", problems)
    values: dict[str, Any] = {}
    _flag(raw, "kiosk", "enabled", values, problems)
    _setting(raw, "kiosk", "idle_seconds", _whole(MIN_IDLE, MAX_SECONDS), values, problems)
    _setting(raw, "kiosk", "countdown_seconds", _whole(MIN_COUNTDOWN, MAX_SECONDS), values,
             problems)
    _setting(raw, "kiosk", "language", _one_of(LANGUAGES), values, problems)
    _setting(raw, "kiosk", "public_url", public_url, values, problems)
    _unknown(raw, "kiosk", {"enabled", "idle_seconds", "countdown_seconds", "language",
                            "public_url"}, problems)
    operator: dict[str, Any] = {}
    raw_operator = _section(data, "operator", problems)
    _flag(raw_operator, "operator", "enabled", operator, problems)
    _unknown(raw_operator, "operator", {"enabled"}, problems)
    booklet: dict[str, Any] = {}
    raw_booklet = _section(data, "booklet", problems)
    _flag(raw_booklet, "booklet", "translators_page", booklet, problems)
    _flag(raw_booklet, "booklet", "clause_ids", booklet, problems)
    _unknown(raw_booklet, "booklet", {"translators_page", "clause_ids"}, problems)
    rooms: dict[str, Any] = {}
    raw_rooms = _section(data, "rooms", problems)
    _setting(raw_rooms, "rooms", "store", room_store, rooms, problems)
    for key in ROOM_COUNTS:
        _setting(raw_rooms, "rooms", key, _whole(0, MAX_ROOM_COUNT), rooms, problems)
    _setting(raw_rooms, "rooms", "trusted_proxies", proxies, rooms, problems)
    _unknown(raw_rooms, "rooms", {"store", "trusted_proxies", *ROOM_COUNTS}, problems)
    speech = _speech(_section(data, "speech", problems), problems)
    counters: dict[str, Any] = {}
    raw_counters = _section(data, "counters", problems)
    _flag(raw_counters, "counters", "enabled", counters, problems)
    _unknown(raw_counters, "counters", {"enabled"}, problems)
    _unknown(data, "", {"kiosk", "operator", "booklet", "rooms", "speech", "counters"},
             problems)
    return Settings(kiosk=KioskSettings(**values), operator=OperatorSettings(**operator),
                    booklet=BookletSettings(**booklet), rooms=RoomSettings(**rooms),
                    speech=speech, counters=CountersSettings(**counters),
                    problems=tuple(problems))


def _speech(raw: dict[str, Any], problems: list[SettingProblem]) -> SpeechSettings:
    values: dict[str, Any] = {}
    _flag(raw, "speech", "enabled", values, problems)
    _flag(raw, "speech", "kiosk_reads_aloud", values, problems)
    _setting(raw, "speech", "voice", _one_of(SPEECH_VOICES), values, problems)
    _setting(raw, "speech", "cache_mb", _whole(1, MAX_CACHE_MB), values, problems)
    _setting(raw, "speech", "max_syntheses", _whole(0, MAX_SYNTHESES), values, problems)
    _flag(raw, "speech", "prewarm", values, problems)
    _unknown(raw, "speech", {"enabled", "kiosk_reads_aloud", "voice", "cache_mb",
                             "max_syntheses", "prewarm"}, problems)
    return SpeechSettings(**values)


def load_settings() -> Settings:
    path = settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return Settings(problems=(SettingProblem(
            N_("The settings file cannot be read; the defaults are used."), {}),)) \
            if os.environ.get("JOKOAK_SETTINGS") else Settings()
    return parse_settings(text)
