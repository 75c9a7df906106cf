// The step-through's controls as one element (ui/step_controls.py): an ES module that
// Streamlit's components.v2 loads. JK (JSON, put in front of it by the module): the icons
// and ARM_MS, the milliseconds a control that now leads elsewhere waits before a tap.
const ICONS = JK.icons;
const ARM_MS = JK.arm;
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
  return `<button type="button" class="jk-b ${cls}${armed ? " jk-arm" + (m.seq % 2) : ""}" data-act="${act}"
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
        style="width:${share}%"></span></div></div>${listen}</div>`);
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
