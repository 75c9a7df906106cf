"""A seeded monkey: random interactions with every widget a page shows (AppTest).

Used by tests/test_monkey.py. Each interaction picks a visible, enabled
widget at random and gives it a random legal value (or clicks it), reruns the page, and
records any exception the visitor would have seen.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from streamlit.testing.v1 import AppTest

from jokoak import ROOT
from view_support import router_pages, switch_to

PAGES = router_pages()


@dataclass
class MonkeyReport:
    interactions: int = 0
    failures: list[str] = field(default_factory=list)


def _widgets(at: AppTest) -> list:
    kinds = ["button", "selectbox", "button_group", "toggle", "checkbox", "slider", "radio",
             "number_input", "select_slider", "multiselect", "text_input", "text_area"]
    out = []
    for kind in kinds:
        try:
            found = list(getattr(at, kind))
        except Exception:
            continue
        out += [(kind, w) for w in found if not getattr(w, "disabled", False)]
    out += [("step_element", e) for e in at.get("bidi_component")
            if "jokoak_step_controls_" in str(e.proto.id)]
    return out


def _tap_step_element(at: AppTest, element, rng: random.Random) -> None:
    """A tap on the step-through's one element (ui/step_controls.py), sent as the browser
    sends it: mostly a control it shows, sometimes a value no control sends."""
    import json

    from view_support import send_to_step_element
    data = json.loads(element.proto.json)
    targets = [m["to"] for m in data["moves"] if m["to"] is not None]
    targets += [k[way] for k in data["jump"]["kinds"] for way in ("back", "on")
                if k[way] is not None]
    roll = rng.random()
    if roll < 0.7 and targets:
        event, value = "go", {"to": rng.choice(targets), "from": data["step"]}
    elif roll < 0.8:
        event, value = "go", rng.choice([{"to": rng.randint(-5, 10**6), "from": data["step"]},
                                         {"to": "1", "from": None}, "next", None, [1, 2]])
    elif roll < 0.9:
        event, value = "play", rng.choice([True, False, "yes"])
    else:
        event, value = "speed", rng.choice([s for s, _label in data["speeds"]] + ["warp", 3])
    send_to_step_element(at, event, value)


def _act(kind: str, widget, rng: random.Random) -> None:
    if kind == "button":
        widget.click()
    elif kind in ("toggle", "checkbox"):
        widget.set_value(not widget.value)
    elif kind == "selectbox":
        if widget.options:
            widget.select_index(rng.randrange(len(widget.options)))
    elif kind in ("button_group", "radio", "select_slider", "multiselect"):
        if widget.options:
            labels = list(widget.options)
            if kind == "multiselect":
                chosen = [label for label in labels if rng.random() < 0.5]
            else:
                chosen = [labels[rng.randrange(len(labels))]]
            _choose_labels(widget, chosen)
    elif kind == "slider":
        low, high = widget.min, widget.max
        if isinstance(low, int) and isinstance(high, int):
            widget.set_value(rng.randint(low, high))
        else:
            widget.set_value(low + (high - low) * rng.random())
    elif kind == "number_input":
        low = widget.min if widget.min is not None else -1000
        high = widget.max if widget.max is not None else 1000
        value = rng.randint(int(low), int(high)) if isinstance(widget.value, int) else \
            low + (high - low) * rng.random()
        widget.set_value(value)
    elif kind in ("text_input", "text_area"):
        widget.input(rng.choice(["", "<script>alert(1)</script>", "12", "x" * 300, "doia"]))


def _choose_labels(widget, labels: list[str]) -> None:
    """Select options by their shown labels, as a touch on the screen would.

    AppTest only exposes the formatted labels of option widgets, and the frontend sends those
    labels back (an index for radio buttons), so the widget state is built from them directly.
    """
    from streamlit.proto.WidgetStates_pb2 import WidgetState
    base = type(widget)

    class Chosen(base):  # type: ignore[misc, valid-type]
        @property
        def _widget_state(self):
            state = WidgetState()
            state.id = self.id
            if kind_uses_index(base):
                state.int_value = list(self.options).index(labels[0])
            else:
                state.string_array_value.data[:] = labels
            return state

    widget.__class__ = Chosen


def kind_uses_index(cls) -> bool:
    return cls.__name__ in ("Radio",)


def _failed(at: AppTest) -> list[str]:
    """Exceptions, and the shell's "something went wrong" box that hides one from visitors."""
    out = [e.value for e in at.exception]
    out += [e.value for e in at.error if "went wrong" in e.value or "ha ido mal" in e.value
            or str(e.value).startswith(SHELL_ERROR_PREFIXES)]
    return out


SHELL_ERROR_PREFIXES: tuple[str, ...] = ()


def open_page(page: str, lang: str) -> AppTest:
    """The page as a visitor reaches it: through the router (app.py), in ``lang``."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["lang"] = lang
    at.run()
    if page != "app_pages/home.py":
        switch_to(at, page)
        at.run()
    return at


def run_monkey(page: str, lang: str, interactions: int, seed: int,
               restart_every: int = 60) -> MonkeyReport:
    from jokoak.i18n import translator
    global SHELL_ERROR_PREFIXES
    SHELL_ERROR_PREFIXES = tuple(translator(code).gettext("Sorry, something went wrong on this "
                                                          "page. Please choose another page or "
                                                          "language; the booklet itself is fine.")[:20]
                                 for code in ("eu", "es", "fr", "en"))
    rng = random.Random(seed)
    report = MonkeyReport()
    at = None
    for i in range(interactions):
        if at is None or i % restart_every == 0:
            at = open_page(page, lang)
        widgets = _widgets(at)
        if not widgets:
            at = None
            continue
        kind, widget = widgets[rng.randrange(len(widgets))]
        label = (f"{page} [{lang}] #{i}: {kind} "
                 f"{getattr(widget, 'key', None) or getattr(widget, 'label', '')}")
        try:
            if kind == "step_element":
                _tap_step_element(at, widget, rng)
            else:
                _act(kind, widget, rng)
                at.run()
        except Exception as exc:
            report.failures.append(f"{label}: {type(exc).__name__}: {exc}")
            at = None
            continue
        report.interactions += 1
        failed = _failed(at)
        if failed:
            report.failures.append(f"{label}: {failed[:1]}")
            at = None
    return report


def run_job(job: tuple[str, str, int, int]) -> tuple[str, str, int, list[str]]:
    """One (page, language) monkey run, for a process pool."""
    import os

    from view_support import scan_components_once
    os.chdir(ROOT)
    scan_components_once()
    page, lang, interactions, seed = job
    report = run_monkey(page, lang, interactions, seed)
    return page, lang, report.interactions, report.failures
