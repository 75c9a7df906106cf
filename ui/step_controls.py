"""The step-through's controls as one element: Start, Back, Next, End, "Jump to…", Play/Pause,
the speed, the step's place and "Listen".

Why one element: a step sent about 25 elements (seven buttons, a popover, a segmented control,
a progress bar, containers…) and the browser drew each anew, so a "Next" cost about twice a
bare Streamlit rerun (bench/web_bench.py steps); one ``st.components.v2`` element, updated in
place, costs about what one Markdown element costs. Opening "Jump to…" and choosing which
moment to look for are the browser's alone (the targets of every kind come with the step), so
they cost no rerun at all.

The rules stay on the server: this module only draws what :mod:`ui.stepper` computed (every
control's target, disabled where there is none) and reports a tap as an event
(``go`` {to, from}, ``play`` true/false, ``speed``, ``listen``); ui/stepper.py decides.
A double tap moves one step: after a tap that moves the step, the browser sends no second one
until the new step is drawn, a control whose target changed takes taps only ``ARM_MS`` after
it is drawn (as the Streamlit buttons did by STEP_CSS's animation), and the server refuses a
``go`` sent from a step that is no longer on screen.
"""

from __future__ import annotations

from typing import Any, Callable

import streamlit as st

#: Milliseconds a control that now leads elsewhere waits before it takes a tap.
ARM_MS = 600

#: Material icons (Apache 2.0), drawn inline: no icon font to wait for.
ICONS = {
    "first": "M18.41 16.59 13.82 12l4.59-4.59L17 6l-6 6 6 6zM6 6h2v12H6z",
    "back": "M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z",
    "next": "M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z",
    "last": "M5.59 7.41 10.18 12l-4.59 4.59L7 18l6-6-6-6zM16 6h2v12h-2z",
    "play": "M8 5v14l11-7z",
    "pause": "M6 19h4V5H6v14zm8-14v14h4V5h-4z",
    "listen": ("M3 9v6h4l5 5V4L7 9H3zm13.5 3c0-1.77-1.02-3.29-2.5-4.03v8.05c1.48-.73 "
               "2.5-2.25 2.5-4.02zM14 3.23v2.06c2.89.86 5 3.54 5 6.71s-2.11 5.85-5 "
               "6.71v2.06c4.01-.91 7-4.49 7-8.77s-2.99-7.86-7-8.77z"),
    "jump": "M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z",
}

JS = """
const ICONS = %(icons)s;
const ARM_MS = %(arm)d;
const PENDING_MS = 1000;
const esc = (s) => String(s ?? "").replace(/[&<>"']/g,
  (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
const icon = (name) => `<svg class="jk-ic" viewBox="0 0 24 24" aria-hidden="true"
  focusable="false"><path d="${ICONS[name]}"/></svg>`;

function button(m, now, {act, fid, label, ic, side = "left", to = null, cls = "", extra = ""}) {
  const armed = (m.armed[fid] || 0) > now;
  const delay = armed ? ` style="animation-delay:${Math.round(m.armed[fid] - ARM_MS - now)}ms"` : "";
  const target = to === null ? "" : ` data-to="${to}"`;
  const off = act === "go" && to === null ? " disabled" : "";
  const body = `<span class="jk-l">${esc(label)}</span>`;
  // two names for one animation, in turn from step to step: a class that stays would not
  // start it again
  return `<button type="button" class="jk-b ${cls}${armed ? " jk-arm" + (m.seq %% 2) : ""}" data-act="${act}"
    data-fid="${fid}"${target}${off}${delay}${extra}>${side === "left" ? icon(ic) : ""}${body}${
    side === "right" ? icon(ic) : ""}</button>`;
}

function arm(m, fid, target, now) {
  if (m.drawn[fid] !== target) { m.drawn[fid] = target; m.armed[fid] = now + ARM_MS; }
}

// Bring the children of ``from`` to those of ``to`` (parsed HTML), keeping every element that
// is still there: a focused button keeps its focus (no focus() call, which would lay out the
// page in the middle of the step), an armed button keeps its animation.
function morph(from, to) {
  const want = Array.from(to.childNodes);
  want.forEach((y, i) => {
    const x = from.childNodes[i];
    if (!x) { from.appendChild(y); return; }
    if (x.nodeType !== y.nodeType || x.nodeName !== y.nodeName) { from.replaceChild(y, x); return; }
    if (x.nodeType !== 1) { if (x.nodeValue !== y.nodeValue) { x.nodeValue = y.nodeValue; } return; }
    for (const a of Array.from(x.attributes)) { if (!y.hasAttribute(a.name)) { x.removeAttribute(a.name); } }
    for (const a of Array.from(y.attributes)) {
      if (x.getAttribute(a.name) !== a.value) { x.setAttribute(a.name, a.value); }
    }
    morph(x, y);
  });
  while (from.childNodes.length > want.length) { from.removeChild(from.lastChild); }
}

function patch(el, html) {
  if (el.jkHtml === html) { return; }
  el.jkHtml = html;
  const t = document.createElement("template");
  t.innerHTML = html;
  morph(el, t.content);
}

function slot(box, name, html) {
  const el = box.querySelector(`:scope > .jk-${name}`);
  if (el.jkHtml !== html) { el.innerHTML = html; el.jkHtml = html; }
  el.hidden = !html;
}

function draw(box, fresh) {
  const m = box.jk, d = m.data, now = performance.now();
  slot(box, "board", d.board); slot(box, "text", d.text); slot(box, "clauses", d.clauses);
  slot(box, "notes", d.notes);
  if (fresh) {
    m.seq = (m.seq || 0) + 1;
    for (const c of d.moves) { arm(m, c.name, c.to, now); }
    for (const k of d.jump.kinds) { arm(m, "jump-back-" + k.kind, k.back, now);
                                     arm(m, "jump-on-" + k.kind, k.on, now); }
    // "Pause" takes taps 0.6 s after it replaces "Play" (the second tap of a double tap on
    // "Play" does not stop what the first started), then at once from step to step
    arm(m, "play", d.playing ? "pause" : "play", now);
  }
  const kinds = d.jump.kinds, chosen = kinds.find((k) => k.kind === m.kind) ||
    kinds.find((k) => k.kind === d.jump.first) || kinds[0];
  const moves = d.moves.map((c) => button(m, now, {act: "go", fid: c.name, label: c.label,
    ic: c.name, side: c.side, to: c.to, cls: (c.name === "next" ? "jk-primary" : "") +
    (c.short ? " jk-short" : "")})).join("");
  const play = d.playing
    ? button(m, now, {act: "pause", fid: "play", label: d.pause, ic: "pause", cls: "jk-short"})
    : button(m, now, {act: "play", fid: "play", label: d.play, ic: "play", cls: "jk-short",
                      extra: d.can_play ? "" : " disabled"});
  const speeds = d.speeds.map(([value, label]) => `<button type="button" class="jk-b jk-seg-b"
    data-act="speed" data-fid="speed-${esc(value)}" data-speed="${esc(value)}"
    aria-pressed="${value === (m.speed ?? d.speed)}">${esc(label)}</button>`).join("");
  let jumps = "";
  if (m.open) {
    const chips = kinds.map((k) => `<button type="button" class="jk-b jk-chip" data-act="kind"
      data-fid="kind-${esc(k.kind)}" data-kind="${esc(k.kind)}"
      aria-pressed="${k === chosen}">${esc(k.label)}</button>`).join("");
    const way = (dir, to, label, none, ic, side) => to === null
      ? `<p class="jk-none">${esc(none)}</p>`
      : button(m, now, {act: "go", fid: `jump-${dir}-${chosen.kind}`, label, ic, side, to,
                        cls: `jk-jump-${dir}`});
    jumps = `<div class="jk-jumps">` + (kinds.length ? `<p class="jk-which">${esc(d.jump.which)}</p>
      <div class="jk-chips" role="group" aria-label="${esc(d.jump.which)}">${chips}</div>
      <div class="jk-jump-row">${way("back", chosen.back, chosen.back_label, d.jump.none_earlier,
        "back", "left")}${way("on", chosen.on, chosen.on_label, d.jump.none_later, "next",
        "right")}</div>` : "") +
      (d.jump.absent ? `<p class="jk-absent">${esc(d.jump.absent)}</p>` : "") + `</div>`;
  }
  const toggle = `<button type="button" class="jk-b jk-toggle" data-act="toggle" data-fid="jump"
    aria-expanded="${m.open}">${esc(d.jump.label)}${icon("jump")}</button>`;
  const listen = d.listen ? button(m, now, {act: "listen", fid: "listen", label: d.listen,
                                            ic: "listen", cls: "jk-listen"}) : "";
  const listen2 = box.querySelector(":scope > .jk-listen-clauses");
  patch(listen2, d.listen_clauses ? button(m, now, {act: "listen_clauses",
    fid: "listen-clauses", label: d.listen_clauses, ic: "listen", cls: "jk-wide"}) : "");
  listen2.hidden = !d.listen_clauses;
  const share = d.total ? (100 * d.step / d.total) : 100;
  const controls = box.querySelector(":scope > .jk-controls");
  if (controls.lang !== d.lang) { controls.lang = d.lang; }
  patch(controls, `<div class="jk-row jk-moves">${moves}</div>
    <div class="jk-row jk-auto">${toggle}${play}<div class="jk-seg" role="group"
      aria-label="${esc(d.speed_label)}">${speeds}</div></div>${jumps}
    <div class="jk-place"><div class="jk-progress"><p class="jk-progress-text">${esc(d.progress)}</p>
      <div class="jk-bar" role="progressbar" aria-valuemin="0" aria-valuemax="${d.total}"
        aria-valuenow="${d.step}" aria-label="${esc(d.progress)}"><span
        style="width:${share}%%"></span></div></div>${listen}</div>`);
}

function tapped(box, event) {
  const b = event.target.closest("button[data-act]");
  if (!b || !box.contains(b) || b.disabled) { return; }
  const m = box.jk, d = m.data, now = performance.now(), act = b.dataset.act;
  if (act === "toggle") {
    // the second tap of a double tap does not close what the first opened
    if (now - (m.toggledAt || -1e9) < ARM_MS) { return; }
    m.toggledAt = now; m.open = !m.open; draw(box, false); return;
  }
  if (act === "kind") { m.kind = b.dataset.kind; draw(box, false); return; }
  if ((m.armed[b.dataset.fid] || 0) > now) { return; }
  if (act === "go" || act === "play") {
    // one tap a step: a second tap before the screen moves is not sent (for a second)
    if (m.pending === d.step && now - m.sentAt < PENDING_MS) { return; }
    m.pending = d.step; m.sentAt = now;
  }
  if (act === "go") { m.send("go", {to: Number(b.dataset.to), from: d.step}); }
  else if (act === "play") { m.send("play", true); }
  else if (act === "pause") { m.send("play", false); }
  else if (act === "speed") {
    if (b.getAttribute("aria-pressed") !== "true") {
      m.speed = b.dataset.speed; draw(box, false); m.send("speed", b.dataset.speed);
    }
  }
  else if (act === "listen" || act === "listen_clauses") {
    m.listens = (m.listens || 0) + 1; m.send(act, m.listens);
  }
}

export default function ({parentElement, data, setTriggerValue}) {
  let box = parentElement.querySelector(":scope > .jk-steps");
  if (!box) {
    box = document.createElement("div");
    box.className = "jk-steps";
    box.innerHTML = `<div class="jk-board"></div><div class="jk-controls"></div>
      <div class="jk-text"></div><div class="jk-clauses"></div><div class="jk-listen-clauses"></div>
      <div class="jk-notes"></div>`;
    box.jk = {open: false, kind: null, drawn: {}, armed: {}, pending: null, sentAt: 0};
    box.addEventListener("click", (event) => tapped(box, event));
    parentElement.appendChild(box);
  }
  const m = box.jk;
  const fresh = m.step !== data.step || m.playing !== data.playing || !m.data;
  if (fresh) { m.pending = null; }      // the screen has moved: the next tap is sent
  m.speed = null;
  m.step = data.step; m.playing = data.playing; m.data = data; m.send = setTriggerValue;
  draw(box, fresh);
}
""" % {"icons": __import__("json").dumps(ICONS), "arm": ARM_MS}

CSS = """
.jk-steps{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);
 grid-template-areas:"board controls" "board text" "board clauses" "board listen" "board notes" "board rest";
 grid-template-rows:auto auto auto auto auto 1fr;align-items:start;column-gap:1rem}
.jk-steps > *{min-width:0}
.jk-steps > [hidden]{display:none}
.jk-board{grid-area:board}
.jk-controls{grid-area:controls;display:flex;flex-direction:column;gap:.6rem;margin-bottom:.75rem}
.jk-text{grid-area:text;margin-bottom:.5rem}
.jk-clauses{grid-area:clauses;margin-bottom:.5rem}
.jk-listen-clauses{grid-area:listen;margin-bottom:.75rem}
.jk-listen-clauses .jk-b{width:100%}
.jk-notes{grid-area:notes}
@media (orientation:portrait), (max-width:640px){
 .jk-steps{grid-template-columns:minmax(0,1fr);grid-template-rows:none;
  grid-template-areas:"controls" "text" "board" "clauses" "listen" "notes"}
 .jk-board{margin-bottom:.75rem}}
.jk-controls p{margin:0}
.jk-row{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.jk-b{display:inline-flex;align-items:center;justify-content:center;gap:.3rem;min-height:44px;
 min-width:44px;padding:.25rem .75rem;border-radius:.5rem;border:1px solid rgba(49,51,63,.2);
 background:var(--st-background-color,#fff);color:var(--st-text-color,#31333f);font:inherit;
 font-size:1rem;line-height:1.6;cursor:pointer;user-select:none;touch-action:manipulation;
 -webkit-tap-highlight-color:transparent;white-space:nowrap}
@media (hover:hover){.jk-b:hover:not(:disabled){border-color:var(--st-primary-color,#174ea6);color:var(--st-primary-color,#174ea6)}}
.jk-b:active:not(:disabled){background:var(--st-primary-color,#174ea6);color:#fff}
.jk-b:focus-visible{outline:2px solid var(--st-primary-color,#174ea6);outline-offset:2px}
.jk-b:disabled{cursor:not-allowed;color:rgba(49,51,63,.4);border-color:rgba(49,51,63,.1);background:transparent}
.jk-b.jk-primary:not(:disabled){background:var(--st-primary-color,#174ea6);border-color:var(--st-primary-color,#174ea6);color:#fff}
@media (hover:hover){.jk-b.jk-primary:hover:not(:disabled){filter:brightness(1.15)}}
.jk-ic{width:1.25rem;height:1.25rem;fill:currentColor;flex:none}
.jk-arm0{animation:jk-arm0 .6s linear}
.jk-arm1{animation:jk-arm1 .6s linear}
@keyframes jk-arm0{0%,99%{pointer-events:none}100%{pointer-events:auto}}
@keyframes jk-arm1{0%,99%{pointer-events:none}100%{pointer-events:auto}}
.jk-seg{display:inline-flex}
.jk-seg .jk-b{border-radius:0;margin-left:-1px}
.jk-seg .jk-b:first-child{border-radius:.5rem 0 0 .5rem;margin-left:0}
.jk-seg .jk-b:last-child{border-radius:0 .5rem .5rem 0}
.jk-b[aria-pressed=true]{background:color-mix(in srgb,var(--st-primary-color,#174ea6) 12%,#fff);
 border-color:var(--st-primary-color,#174ea6);color:var(--st-primary-color,#174ea6);position:relative}
.jk-toggle[aria-expanded=true] .jk-ic{transform:rotate(180deg)}
.jk-jumps{display:flex;flex-direction:column;gap:.5rem;padding:.75rem;border-radius:.5rem;
 border:1px solid rgba(49,51,63,.2)}
.jk-chips{display:flex;flex-wrap:wrap;gap:.4rem}
.jk-chip{border-radius:999px;padding:.25rem .9rem}
.jk-jump-row{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.jk-jump-row > *{flex:1 1 0;min-width:7rem}
.jk-none,.jk-absent{font-size:.875rem;color:rgba(49,51,63,.6)}
.jk-place{display:flex;align-items:flex-end;gap:.75rem}
.jk-progress{flex:1 1 auto;min-width:0}
.jk-progress-text{font-size:.875rem;margin-bottom:.25rem !important}
.jk-bar{height:.5rem;border-radius:.25rem;background:rgba(49,51,63,.1);overflow:hidden}
.jk-bar > span{display:block;height:100%;background:var(--st-primary-color,#174ea6)}
.jk-listen{flex:none}
@media (max-width:640px){
 .jk-steps{gap:.45rem}
 .jk-row{gap:.4rem}
 .jk-b{padding:0 .6rem}
 .jk-jumps .jk-jump-row{order:-1}
 .jk-b.jk-short{flex-direction:column;gap:0;padding:.15rem .35rem;line-height:1.15;min-width:3.4rem}
 .jk-short .jk-l{font-size:.78rem;white-space:normal;text-align:center;overflow-wrap:anywhere}}
"""

def _compact(source: str) -> str:
    """``source`` without its indentation and comment lines: the element sends its script and
    style with every step."""
    lines = (line.strip() for line in source.splitlines())
    return "\n".join(line for line in lines if line and not line.startswith("//"))


_COMPONENT = st.components.v2.component("jokoak_step_controls", js=_compact(JS),
                                        css=_compact(CSS),
                                        isolate_styles=False)


def step_controls(key: str, data: dict[str, Any], *, on_go: Callable[[], None],
                  on_play: Callable[[], None], on_speed: Callable[[], None],
                  on_listen: Callable[[], None], on_listen_clauses: Callable[[], None]) -> None:
    """Draw the step with ``data`` (see :func:`ui.stepper.controls_data`; the picture, the
    words, the clauses and their notes as escaped HTML); each tap reaches its callback, which
    reads the event's value with :func:`tap_value`."""
    _COMPONENT(key=key, data=data, on_go_change=on_go, on_play_change=on_play,
               on_speed_change=on_speed, on_listen_change=on_listen,
               on_listen_clauses_change=on_listen_clauses)


def tap_value(key: str, event: str) -> Any:
    """The value the browser sent with ``event`` in this rerun (None if none)."""
    state = st.session_state.get(key)
    try:
        return state.get(event) if state is not None else None
    except AttributeError:
        return None
