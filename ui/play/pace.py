"""How fast the others' moves come, and how long a finger's second tap is the same tap.

Module attributes read at call time (``pace.PACE_SCALE``), so a test or a bench may set
them for one run: ``monkeypatch.setattr(ui.play.pace, "PACE_SCALE", 0.0)``.
"""

from __future__ import annotations

import os

#: A second tap this soon after an accepted one is the same finger, not a new decision
#: (the double-tap tests tap again up to 500 ms later; the server may see the two taps
#: further apart than the finger made them, when it was busy drawing the first).
DEBOUNCE_SECONDS = 1.0
#: Multiplies every pace; AppTest-driven tests set it to 0 to play beats without waiting.
PACE_SCALE = float(os.environ.get("JOKOAK_PACE_SCALE", "1") or 1)
