"""What still reads in a damaged rooms' file: every room and counter row, page by page.

When the rooms' SQLite file is damaged (a garbled page in its middle, a garbled header),
SQLite itself refuses the whole file, though nearly every row is still on disk. This module
reads the file's pages itself (the SQLite file format, https://sqlite.org/fileformat.html):
every table leaf page that still parses gives its rows, following overflow pages for long
rooms; committed pages of the write-ahead log (``-wal``) replace the main file's older ones.
No schema is needed (the first page, where it lives, may be the garbled one): a row is known
by its shape.

* a room: ``(code, version, data, updated[, joined, created])``, its data a JSON object;
* a counter (:mod:`jokoak.service.counters`): ``(name, count)``, its name tab-separated.

A row may be found twice (a page freed by SQLite keeps its old rows): the room of the highest
version and the largest count win. What was lost is estimated from the indexes' pages (each
room code and counter name is also an index entry): "about", since an index page may be the
garbled one, or a freed one. Rate tallies are not kept: they are gone after their minute or
hour anyway.

Pure: reads bytes, returns rows; :meth:`jokoak.service.room_stores.SqliteRoomStore` writes
them into the fresh file one at a time.
"""

from __future__ import annotations

import json
import re
import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

__all__ = ["Salvage", "salvage"]

_MAGIC = b"SQLite format 3\x00"
_PAGE_SIZES = (4096, 1024, 2048, 8192, 16384, 32768, 65536, 512)
_LEAF_TABLE, _LEAF_INDEX = 0x0D, 0x0A
_CODE = re.compile(r"[A-Za-z0-9]{1,16}")
#: Never follow an overflow chain longer than this (a loop in garbled pages).
_MAX_CHAIN = 4096


@dataclass
class Salvage:
    """The rows read back, and an estimate of those lost."""

    #: code -> (version, data, updated, joined, created)
    rooms: dict[str, tuple[int, str, float, int, float]] = field(default_factory=dict)
    #: counter name -> count
    counters: dict[str, int] = field(default_factory=dict)
    #: room codes and counter names the indexes hold, found or not
    indexed_rooms: set[str] = field(default_factory=set)
    indexed_counters: set[str] = field(default_factory=set)

    @property
    def rooms_lost(self) -> int:
        return len(self.indexed_rooms - set(self.rooms))

    @property
    def counters_lost(self) -> int:
        return len(self.indexed_counters - set(self.counters))


def _varint(buf: bytes, at: int) -> tuple[int, int]:
    value = 0
    for i in range(8):
        byte = buf[at + i]
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    return (value << 8) | buf[at + 8], at + 9


def _record(payload: bytes) -> list[Any]:
    """A record's values (raises IndexError, ValueError or struct.error when garbled)."""
    size, at = _varint(payload, 0)
    if size > len(payload) or size < 1:
        raise ValueError("a record header longer than its record")
    types = []
    while at < size:
        kind, at = _varint(payload, at)
        types.append(kind)
    values: list[Any] = []
    at = size
    for kind in types:
        if kind == 0:
            values.append(None)
        elif 1 <= kind <= 6:
            width = (1, 2, 3, 4, 6, 8)[kind - 1]
            chunk = payload[at:at + width]
            if len(chunk) != width:
                raise ValueError("a cut number")
            values.append(int.from_bytes(chunk, "big", signed=True))
            at += width
        elif kind == 7:
            values.append(struct.unpack(">d", payload[at:at + 8])[0])
            at += 8
        elif kind in (8, 9):
            values.append(kind - 8)
        elif kind >= 12:
            width = (kind - 12) // 2 if kind % 2 == 0 else (kind - 13) // 2
            chunk = payload[at:at + width]
            if len(chunk) != width:
                raise ValueError("a cut text")
            values.append(bytes(chunk) if kind % 2 == 0 else chunk.decode("utf-8"))
            at += width
        else:
            raise ValueError("a reserved serial type")
    return values


class _Pages:
    """The file's pages: the main file's, replaced by the log's committed ones."""

    def __init__(self, path: Path) -> None:
        self.main = path.read_bytes() if path.exists() else b""
        wal = Path(str(path) + "-wal")
        log = wal.read_bytes() if wal.exists() else b""
        self.size, self.reserved = self._geometry(log)
        self.usable = self.size - self.reserved
        self.logged = self._logged(log)
        self.count = max([len(self.main) // self.size, *self.logged.keys()] or [0])

    def _geometry(self, log: bytes) -> tuple[int, int]:
        if self.main[:16] == _MAGIC:
            size = int.from_bytes(self.main[16:18], "big")
            size = 65536 if size == 1 else size
            if size in _PAGE_SIZES:
                return size, self.main[20]
        if len(log) >= 32 and log[:4] in (b"\x37\x7f\x06\x82", b"\x37\x7f\x06\x83"):
            size = int.from_bytes(log[8:12], "big")
            if size in _PAGE_SIZES:
                return size, 0
        # a garbled header: the page size whose pages parse best (the default first)
        return max(_PAGE_SIZES, key=lambda s: sum(
            1 for n in range(2, min(len(self.main) // s, 64) + 1)
            if self.main[(n - 1) * s] in (_LEAF_TABLE, _LEAF_INDEX, 0x05, 0x02))), 0

    def _logged(self, log: bytes) -> dict[int, bytes]:
        if len(log) < 32 or log[:4] not in (b"\x37\x7f\x06\x82", b"\x37\x7f\x06\x83"):
            return {}
        salts = log[16:24]
        done: dict[int, bytes] = {}
        pending: dict[int, bytes] = {}
        at = 32
        while at + 24 + self.size <= len(log):
            header = log[at:at + 24]
            if header[8:16] != salts:
                break
            number = int.from_bytes(header[:4], "big")
            pending[number] = log[at + 24:at + 24 + self.size]
            if int.from_bytes(header[4:8], "big"):  # a commit: its pages count
                done.update(pending)
                pending = {}
            at += 24 + self.size
        return done

    def page(self, number: int) -> bytes:
        if number in self.logged:
            return self.logged[number]
        start = (number - 1) * self.size
        return self.main[start:start + self.size]

    def payload(self, page: bytes, at: int, size: int, index: bool) -> bytes:
        """A cell's payload from ``at``, with its overflow pages."""
        usable = self.usable
        most = usable - 35 if not index else (usable - 12) * 64 // 255 - 23
        least = (usable - 12) * 32 // 255 - 23
        if size <= most:
            return page[at:at + size]
        local = least + (size - least) % (usable - 4)
        local = local if local <= most else least
        parts = [page[at:at + local]]
        following = int.from_bytes(page[at + local:at + local + 4], "big")
        left = size - local
        for _ in range(_MAX_CHAIN):
            if left <= 0 or not 1 <= following <= self.count:
                break
            over = self.page(following)
            parts.append(over[4:4 + min(left, usable - 4)])
            left -= usable - 4
            following = int.from_bytes(over[:4], "big")
        data = b"".join(parts)
        if len(data) != size:
            raise ValueError("a broken overflow chain")
        return data

    def cells(self, number: int) -> Iterator[tuple[int, list[Any] | None]]:
        """(page type, the record or None if it does not read) of each leaf cell."""
        page = self.page(number)
        head = 100 if number == 1 else 0
        if len(page) < self.size or page[head] not in (_LEAF_TABLE, _LEAF_INDEX):
            return
        kind = page[head]
        count = int.from_bytes(page[head + 3:head + 5], "big")
        if count > self.size // 4:
            return
        for n in range(count):
            try:
                at = int.from_bytes(page[head + 8 + 2 * n:head + 10 + 2 * n], "big")
                if not head + 8 <= at < self.size:
                    raise ValueError("a cell outside its page")
                size, at = _varint(page, at)
                if kind == _LEAF_TABLE:
                    _rowid, at = _varint(page, at)
                yield kind, _record(self.payload(page, at, size, kind == _LEAF_INDEX))
            except (IndexError, ValueError, struct.error, UnicodeDecodeError):
                yield kind, None


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _room(values: list[Any]) -> tuple[str, tuple[int, str, float, int, float]] | None:
    if len(values) not in (4, 6):
        return None
    code, version, data, updated = values[:4]
    joined, created = values[4:] if len(values) == 6 else (1, 0.0)
    if not (isinstance(code, str) and _CODE.fullmatch(code) and isinstance(version, int)
            and isinstance(data, str) and data.startswith("{") and _number(updated)
            and _number(joined) and _number(created)):
        return None
    try:
        if not isinstance(json.loads(data), dict):
            return None
    except ValueError:
        return None
    return code, (version, data, float(updated), 1 if joined else 0, float(created))


def salvage(path: str | Path) -> Salvage:
    """Every room and counter row that still reads in the (damaged) file at ``path``."""
    pages = _Pages(Path(path))
    found = Salvage()
    for number in range(1, pages.count + 1):
        for kind, values in pages.cells(number):
            if values is None:
                continue
            if kind == _LEAF_INDEX:
                if len(values) == 2 and isinstance(values[0], str) and isinstance(values[1], int):
                    name = values[0]
                    if "\t" in name:
                        found.indexed_counters.add(name)
                    elif _CODE.fullmatch(name):
                        found.indexed_rooms.add(name)
                continue
            room = _room(values)
            if room is not None:
                code, row = room
                kept = found.rooms.get(code)
                if kept is None or (row[0], row[2]) > (kept[0], kept[2]):
                    found.rooms[code] = row
            elif (len(values) == 2 and isinstance(values[0], str) and "\t" in values[0]
                  and isinstance(values[1], int)):
                found.counters[values[0]] = max(values[1], found.counters.get(values[0], 0))
    return found
