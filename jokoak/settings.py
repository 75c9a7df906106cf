"""Booklet settings (``jokoak.toml``, or the file named by ``JOKOAK_SETTINGS``).

A bad value never stops the booklet: it is replaced by its default and reported as a
:class:`SettingProblem` (a msgid and its parameters) so the page can say so in the
visitor's language.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import ROOT
from .i18n import LANGUAGES
from .msgids import N_

MIN_COUNTDOWN = 20      # WCAG 2.2.1: at least 20 seconds to ask for more time
MIN_IDLE = 5
MAX_SECONDS = 24 * 3600


@dataclass(frozen=True)
class SettingProblem:
    msgid: str
    params: dict[str, str]


@dataclass(frozen=True)
class KioskSettings:
    enabled: bool = False
    idle_seconds: int = 120
    countdown_seconds: int = 30
    language: str = "eu"


@dataclass(frozen=True)
class Settings:
    kiosk: KioskSettings = KioskSettings()
    problems: tuple[SettingProblem, ...] = field(default=())


def settings_path() -> Path:
    override = os.environ.get("JOKOAK_SETTINGS")
    return Path(override) if override else ROOT / "jokoak.toml"


def _problem(key: str) -> SettingProblem:
    return SettingProblem(N_("The setting %(key)s has an invalid value; its default is used."),
                          {"key": key})


def parse_settings(text: str) -> Settings:
    """Settings from TOML text; every invalid value falls back to its default."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return Settings(problems=(SettingProblem(
            N_("The settings file is not valid TOML; the defaults are used."), {}),))
    raw = data.get("kiosk", {})
    if not isinstance(raw, dict):
        return Settings(problems=(_problem("kiosk"),))
    defaults = KioskSettings()
    values: dict[str, Any] = {}
    problems: list[SettingProblem] = []

    def seconds(key: str, low: int) -> None:
        value = raw.get(key, getattr(defaults, key))
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MAX_SECONDS:
            problems.append(_problem(f"kiosk.{key}"))
        else:
            values[key] = value

    if "enabled" in raw:
        if isinstance(raw["enabled"], bool):
            values["enabled"] = raw["enabled"]
        else:
            problems.append(_problem("kiosk.enabled"))
    seconds("idle_seconds", MIN_IDLE)
    seconds("countdown_seconds", MIN_COUNTDOWN)
    if "language" in raw:
        if raw["language"] in LANGUAGES:
            values["language"] = raw["language"]
        else:
            problems.append(_problem("kiosk.language"))
    for key in raw:
        if key not in {"enabled", "idle_seconds", "countdown_seconds", "language"}:
            problems.append(SettingProblem(N_("Unknown setting %(key)s is ignored."),
                                           {"key": f"kiosk.{key}"[:80]}))
    return Settings(kiosk=KioskSettings(**values), problems=tuple(problems))


def load_settings() -> Settings:
    path = settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return Settings(problems=(SettingProblem(
            N_("The settings file cannot be read; the defaults are used."), {}),)) \
            if os.environ.get("JOKOAK_SETTINGS") else Settings()
    return parse_settings(text)
