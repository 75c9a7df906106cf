"""Shared test set-up: run from the project folder, so app paths resolve."""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.chdir(ROOT)
# Every chart drawn in a test is validated against the Vega-Lite schema (ui.common.show_chart).
os.environ.setdefault("JOKOAK_VALIDATE_CHARTS", "1")
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
