"""A class: several tables of one game, opened at once from a class screen that sits at none.

A teacher's class screen opens the tables (rooms, :mod:`jokoak.service.rooms`) in one tap,
with nobody seated: the pupils' devices take the seats by the tables' codes, links or QR
codes, the screen itself only watches. The class is one more entry of the rooms' store,
under :func:`class_key` (``class:<id>``), read by every replica like a room:

* which game, which tables (their codes, in order) and the teacher's device (its seat
  secret, :mod:`jokoak.service.seat_secret`): only that device restarts or closes a table;
  anyone else with the class screen's address sees the same tables and nothing to tap;
* each table's room carries the class's id in its choices (``class``), so a table's code
  leads back to the class and its other tables (a closed table's code names them).

A closed table is kept, marked closed (:attr:`jokoak.service.rooms.Room.closed`): its
seats are emptied, nobody joins or moves there, and its code says "closed" rather than
"no such room". A restarted table starts a new game with the same choices and keeps who
sits where. Opening is one compare-and-set per room and one for the class: a second tap on
"Open" finds the class already opened (the page keeps the class it opened).

Pure: no Streamlit.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..engine.record import Record
from .room_stores import RoomError, RoomStore
from .rooms import CLOSED, CODE_ALPHABET, Room, open_room, rewrite

#: The choices' key that ties a table to its class (its id).
CLASS = "class"
#: Characters of a class's id (its screen's address, ``?class=<id>``): not a secret (the
#: teacher's controls need the teacher's device), long enough never to meet another.
CLASS_ID_LENGTH = 10
#: The most tables one class opens, and the most people at one table (a class of 36 at
#: tables of 3; more would not fit one projected screen).
MAX_TABLES = 12


def class_key(class_id: str) -> str:
    """The class's entry in the rooms' store (never a room code: those have no colon)."""
    return f"class:{class_id}"


def new_class_id() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CLASS_ID_LENGTH))


def parse_class_id(text: object) -> str | None:
    """A class id as an address carries it, or None if it cannot be one."""
    if not isinstance(text, str) or len(text) != CLASS_ID_LENGTH:
        return None
    return text if all(c in CODE_ALPHABET for c in text) else None


@dataclass(frozen=True)
class SchoolClass:
    """One class: its id, its game (``Game.name``), its tables' codes and its teacher."""

    id: str
    game: str
    tables: tuple[str, ...]
    teacher: str

    def led_by(self, device: str) -> bool:
        """Whether ``device`` is the teacher's (compared in constant time: a secret)."""
        return secrets.compare_digest(self.teacher.encode(), device.encode())


def _dump(school: SchoolClass) -> str:
    return json.dumps({"game": school.game, "tables": list(school.tables),
                       "teacher": school.teacher})


def read_class(store: RoomStore, class_id: str) -> SchoolClass | None:
    """The class, or None if there is none (or it is no class: a store shared with
    something else)."""
    found = store.read(class_key(class_id))
    if found is None:
        return None
    try:
        raw = json.loads(found[1])
        return SchoolClass(class_id, str(raw["game"]), tuple(str(c) for c in raw["tables"]),
                           str(raw["teacher"]))
    except (ValueError, KeyError, TypeError):
        return None


def open_class(store: RoomStore, game: str, tables: Sequence[tuple[Record, Mapping[str, Any]]],
               teacher: str, limit: int = 0) -> SchoolClass:
    """Open one room per ``(record, choices)`` with nobody seated, tied to a new class led
    by the device ``teacher``. :class:`jokoak.service.rooms.RoomsFull` when the server's
    cap is met (the tables opened before it stay, tied to no class screen, and are swept
    unplayed like any room)."""
    if not 1 <= len(tables) <= MAX_TABLES:
        raise ValueError(f"a class has 1 to {MAX_TABLES} tables")
    class_id = new_class_id()
    codes = []
    for record, choices in tables:
        code = open_room(store, record, {**choices, CLASS: class_id}, None, limit=limit).code
        _keep(store, code)
        codes.append(code)
    school = SchoolClass(class_id, game, tuple(codes), teacher)
    if not store.create(class_key(class_id), _dump(school)):
        raise RoomError("class id taken")  # 31^10 ids: never, in practice
    _keep(store, class_key(class_id))
    return school


def _keep(store: RoomStore, key: str) -> None:
    """Mark a class's entry (a table, the class) as joined: it lives its two idle hours,
    not the ten minutes of a room nobody joined (the pupils come when the lesson starts)."""
    found = store.read(key)
    if found is not None:
        store.swap(key, found[0], found[1], joined=True)


def class_of(room: Room) -> str | None:
    """The id of the class ``room`` is a table of, if any."""
    return parse_class_id(room.choices.get(CLASS))


def other_tables(store: RoomStore, room: Room) -> tuple[str, ...]:
    """The codes of the other open tables of ``room``'s class (what a closed table's code
    offers instead), in the class's order; none for a room of no class."""
    class_id = class_of(room)
    school = read_class(store, class_id) if class_id else None
    if school is None:
        return ()
    others = []
    for code in school.tables:
        if code == room.code:
            continue
        found = store.read(code)
        if found is not None and not json.loads(found[1]).get("choices", {}).get(CLOSED):
            others.append(code)
    return tuple(others)


def close_table(store: RoomStore, room: Room) -> Room | None:
    """Close a table: marked closed, its seats emptied (every device there is stood up).
    None if it changed meanwhile (read it again); a closed table stays closed."""
    if room.closed:
        return room
    return rewrite(store, room, choices={**room.choices, CLOSED: True}, seats={})


def restart_table(store: RoomStore, room: Room, record: Record) -> Room | None:
    """A new game at the table (``record``: the same choices, a new seed), everyone in their
    seat. None if the table changed meanwhile; a closed table is not restarted."""
    if room.closed:
        return None
    return rewrite(store, room, record=record)
