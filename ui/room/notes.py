"""What the last open, join or link did, when it did not seat this device: one sentence a
fault (the class screen says the same words for the same faults)."""

from __future__ import annotations

import math
from typing import Any

import streamlit as st

from ..common import _, ngettext


def panel_note(note: Any) -> None:
    """What the last open, join or link did, when it did not seat this device."""
    if note == "bad":
        st.warning(_("A room code has seven characters, letters or digits."))
    elif note == "unavailable":
        st.warning(_("Rooms are not available on this server just now."))
    elif note == "server_full":
        st.warning(_("This server has as many rooms open as it can hold. Try again in a "
                     "few minutes."))
    elif isinstance(note, tuple) and note[0] == "budget":
        minutes = max(1, math.ceil(float(note[1]) / 60))
        st.warning(ngettext("Too many rooms were opened from this network. Try again in "
                            "%(count)s minute.",
                            "Too many rooms were opened from this network. Try again in "
                            "%(count)s minutes.", minutes) % {"count": minutes})
    elif note == "bad_link":
        st.warning(_("This room link is not valid. You can still join a room with its "
                     "code."))
    elif isinstance(note, tuple) and note[0] == "wait":
        seconds = max(1, round(float(note[1])))
        st.warning(ngettext("Too many wrong codes. Wait %(count)s second, then try again.",
                            "Too many wrong codes. Wait %(count)s seconds, then try again.",
                            seconds) % {"count": seconds})
    elif isinstance(note, tuple) and note[0] == "no_seat":
        st.warning(_("This link gives no seat in room %(code)s. You can still join it "
                     "with its code.") % {"code": note[1]})
    elif isinstance(note, tuple) and note[0] == "invited":
        st.info(_("Press “Join the room” to sit at the next free seat in room %(code)s, "
                  "or “Watch” to follow the table without a seat.") % {"code": note[1]})
    elif isinstance(note, tuple) and note[0] == "elsewhere":
        st.warning(_("Code %(code)s is not a room of this booklet: the link or QR code was "
                     "made by another server. Ask your teacher for the class screen's "
                     "address.") % {"code": note[1]})
    elif isinstance(note, tuple) and note[0] == "closed":
        others = ", ".join(note[2]) if len(note) > 2 else ""
        st.warning(_("Table %(code)s was closed by the teacher.") % {"code": note[1]}
                   + (" " + _("The class's other tables: %(codes)s. Tap one below to join "
                              "it.") % {"codes": others} if others else ""))
    elif isinstance(note, tuple) and note[0] == "unknown":
        st.warning(_("There is no room with the code %(code)s.") % {"code": note[1]})
    elif isinstance(note, tuple) and note[0] == "full":
        st.warning(_("All the seats for people in room %(code)s are taken.") % {"code": note[1]}
                   + " " + _("Press “Watch” to follow the table without a seat."))
