// The flow demo: one text laid out by the daemon in two containers, flowing around an ellipse
// the user drags (docs/PROTOCOL.md, "Layout: line fragments for graphical clients"). The page
// measures nothing itself: every line is drawn at the rect `textStorage/layout` gave it, in
// the font file the daemon shaped with (`/fonts/NAME`). Typing sends `textStorage/edit`; the
// lines come back as `textStorage/didLayout` splices, applied by the client rule.
import { RPC } from "/assets/rpc.js";

const URI = "file:///flow.txt";
const FONT = "DejaVu Sans";
const FONT_FAMILY = "Flow DejaVu Sans";
const SIZE = 15;
const WIDTH = 340;
const FIRST_HEIGHT = 330;
const INSETS = { top: 10, left: 10, bottom: 10, right: 10 };

const SAMPLE = [
  "Magazine pages have always let a column give way to a photograph: the lines stop short of " +
    "the picture, take up again on its other side, and the reader hardly notices.",
  "Here the daemon does the typesetting. It shapes every line with HarfBuzz, breaks it where " +
    "Unicode allows, and keeps it clear of the ellipse. Drag the ellipse and the text flows " +
    "around its new place; what no longer fits in the first box continues in the second.",
  "Type in the box on the left. Each keystroke is one edit, and the daemon answers with only " +
    "the lines that changed, a splice the page applies to the lines it holds.",
  "The first box has a fixed height, like a page; the second grows as the text needs.",
].join("\n\n");

const STYLE = `
#demo-flow .flow { display: flex; gap: 16px; align-items: flex-start; width: fit-content; padding: 2px; }
#demo-flow textarea { width: 280px; height: ${FIRST_HEIGHT}px; box-sizing: border-box; resize: vertical;
  background: #17181a; color: var(--fg); border: 1px solid #444; border-radius: 4px; padding: 8px;
  font: 13px/1.4 "Playground", sans-serif; }
#demo-flow .flow-pages { display: flex; gap: 16px; align-items: flex-start; }
#demo-flow .flow-container { position: relative; width: ${WIDTH}px; background: #25272b;
  outline: 1px solid #3c3f44; font-family: "${FONT_FAMILY}"; color: #e4e4e4; }
#demo-flow .flow-line { position: absolute; white-space: pre; }
#demo-flow .flow-shape { position: absolute; box-sizing: border-box; border-radius: 50%;
  background: rgba(79, 163, 255, 0.22); border: 2px solid var(--accent); cursor: grab;
  touch-action: none; display: flex; align-items: center; justify-content: center;
  font: 12px "Playground", sans-serif; color: var(--accent); user-select: none; }
#demo-flow .flow-shape.dragging { cursor: grabbing; background: rgba(79, 163, 255, 0.32); }
#demo-flow .flow-caption { font-size: 12px; opacity: 0.7; margin: 0 0 6px; }
`;

function element(tag, className, parent) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  parent?.append(node);
  return node;
}

/// The one edit that turns `before` into `after`: their common prefix and suffix kept, never
/// cutting a surrogate pair (the daemon refuses offsets inside a character).
export function difference(before, after) {
  let prefix = 0;
  const shorter = Math.min(before.length, after.length);
  while (prefix < shorter && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  if (prefix > 0 && isHighSurrogate(before.charCodeAt(prefix - 1))) prefix--;
  let suffix = 0;
  while (suffix < shorter - prefix &&
         before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix++;
  if (suffix > 0 && isLowSurrogate(before.charCodeAt(before.length - suffix))) suffix--;
  return { offset: prefix, length: before.length - prefix - suffix, text: after.slice(prefix, after.length - suffix) };
}
const isHighSurrogate = (unit) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit) => unit >= 0xdc00 && unit <= 0xdfff;

/// `textStorage/didLayout`'s client rule: replace `deleteCount` fragments from `start`, then
/// move every later one by `rangeDelta` units and `yDelta` pixels.
export function applySplice(fragments, splice) {
  const moved = fragments.slice(splice.start + splice.deleteCount).map((fragment) => {
    const shifted = { ...fragment, range: { ...fragment.range, offset: fragment.range.offset + splice.rangeDelta } };
    if (splice.yDelta) {
      shifted.rect = [fragment.rect[0], fragment.rect[1] + splice.yDelta, fragment.rect[2], fragment.rect[3]];
      shifted.baseline = fragment.baseline + splice.yDelta;
      if (fragment.background) {
        const [x, y, w, h] = fragment.background;
        shifted.background = [x, y + splice.yDelta, w, h];
      }
    }
    return shifted;
  });
  return [...fragments.slice(0, splice.start), ...splice.fragments, ...moved];
}

export async function start(section, { setConnectionState }) {
  element("style", null, document.head).textContent =
    `@font-face { font-family: "${FONT_FAMILY}"; src: url("/fonts/${encodeURIComponent(FONT)}"); }` + STYLE;
  const root = element("div", "flow", section);
  const editor = element("textarea", null, root);
  editor.value = SAMPLE;
  editor.spellcheck = false;
  editor.setAttribute("aria-label", "the text that flows");
  const pages = element("div", "flow-pages", root);
  const containers = [0, 1].map((index) => {
    const column = element("div", null, pages);
    element("p", "flow-caption", column).textContent =
      index === 0 ? `container 0: ${WIDTH} × ${FIRST_HEIGHT}, drag the ellipse` : "container 1: grows";
    const box = element("div", "flow-container", column);
    box.dataset.container = index;
    return box;
  });
  containers[0].style.height = `${FIRST_HEIGHT}px`;
  const shape = element("div", "flow-shape", containers[0]);
  shape.textContent = "drag me";
  const ellipse = { x: 150, y: 70, width: 150, height: 110 };

  const state = {
    ready: false,      // the document is open in the current session
    text: "",          // the text as last sent to the daemon
    version: 0,        // its version
    sent: new Map(),   // version → text, for versions the fragments may still be at
    fragments: [],
    fragmentsVersion: 0,
    laidOut: null,     // the ellipse the fragments avoid
    inFlight: false,   // a textStorage/layout is on its way
    wanted: false,     // ... and another is wanted after it
    frame: 0,          // a layout scheduled for the next animation frame
    sessions: 0,
    layouts: 0,        // textStorage/layout requests sent
    splices: 0,        // textStorage/didLayout splices applied
  };

  const layoutParams = () => ({
    uri: URI,
    containers: [
      { width: WIDTH, height: FIRST_HEIGHT, insets: INSETS,
        exclusions: [{ ellipse: [ellipse.x, ellipse.y, ellipse.width, ellipse.height] }] },
      { width: WIDTH, insets: INSETS },
    ],
    fonts: { primary: FONT, size: SIZE },
    subscribe: true,
  });

  function draw() {
    const text = state.sent.get(state.fragmentsVersion) ?? state.text;
    for (const box of containers) box.querySelectorAll(".flow-line").forEach((line) => line.remove());
    let bottom = 0;
    for (const fragment of state.fragments) {
      const box = containers[fragment.container];
      if (!box) continue;
      const [x, y, width, height] = fragment.rect;
      const line = element("span", "flow-line", box);
      // Spaces that hang past the margin are outside the rect and draw nothing: leave them out.
      line.textContent = text.slice(fragment.range.offset, fragment.range.offset + fragment.range.length)
        .replace(/[\s]+$/u, "");
      Object.assign(line.style, {
        left: `${x}px`, top: `${y}px`, width: `${width}px`, height: `${height}px`,
        fontSize: `${fragment.fontSize}px`, lineHeight: `${height}px`,
      });
      if (fragment.container === 1) bottom = Math.max(bottom, y + height);
    }
    containers[1].style.height = `${Math.max(bottom + INSETS.bottom, 60)}px`;
    for (const version of state.sent.keys()) if (version < state.fragmentsVersion) state.sent.delete(version);
  }

  function placeShape() {
    Object.assign(shape.style, {
      left: `${ellipse.x}px`, top: `${ellipse.y}px`, width: `${ellipse.width}px`, height: `${ellipse.height}px`,
    });
  }

  // One layout request at a time; a drag that outruns the daemon asks again with the latest
  // place when the answer comes, so requests never pile up.
  async function layout() {
    if (!state.ready) return;
    if (state.inFlight) { state.wanted = true; return; }
    state.inFlight = true;
    const params = layoutParams();
    state.layouts += 1;
    try {
      const result = await rpc.request("textStorage/layout", params);
      state.fragments = result.fragments;
      state.fragmentsVersion = result.version;
      state.laidOut = params.containers[0].exclusions[0].ellipse;
      draw();
    } catch (error) {
      if (rpc.isOpen) console.warn("flow: textStorage/layout failed", error);
    } finally {
      state.inFlight = false;
    }
    if (state.wanted) { state.wanted = false; layout(); }
  }

  function scheduleLayout() {
    if (state.frame) return;
    state.frame = requestAnimationFrame(() => { state.frame = 0; layout(); });
  }

  const rpc = new RPC("flow");
  rpc.on("textStorage/didLayout", (splice) => {
    if (splice.uri !== URI || !state.ready || splice.version < state.fragmentsVersion) return;
    state.fragments = applySplice(state.fragments, splice);
    state.splices += 1;
    state.fragmentsVersion = splice.version;
    draw();
  });

  async function openSession() {
    state.ready = false;
    await rpc.request("initialize", { capabilities: { general: { positionEncodings: ["utf-16"] } } });
    rpc.notify("initialized", {});
    state.text = editor.value;
    state.version = 1;
    state.sent = new Map([[1, state.text]]);
    state.fragmentsVersion = 0;
    rpc.notify("textDocument/didOpen",
      { textDocument: { uri: URI, languageId: "plaintext", version: 1, text: state.text } });
    state.ready = true;
    state.sessions += 1;
    await layout();
  }

  editor.addEventListener("input", () => {
    if (!state.ready || editor.value === state.text) return;
    const edit = difference(state.text, editor.value);
    state.text = editor.value;
    state.version += 1;
    state.sent.set(state.version, state.text);
    rpc.notify("textStorage/edit", { uri: URI, version: state.version, edits: [edit] });
  });

  let drag = null;
  shape.addEventListener("pointerdown", (event) => {
    event.preventDefault();
    shape.setPointerCapture(event.pointerId);
    shape.classList.add("dragging");
    drag = { id: event.pointerId, dx: event.clientX - ellipse.x, dy: event.clientY - ellipse.y };
  });
  shape.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    ellipse.x = Math.min(Math.max(event.clientX - drag.dx, 0), WIDTH - ellipse.width);
    ellipse.y = Math.min(Math.max(event.clientY - drag.dy, 0), FIRST_HEIGHT - ellipse.height);
    placeShape();
    scheduleLayout();
  });
  const endDrag = (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    drag = null;
    shape.classList.remove("dragging");
    scheduleLayout();
  };
  shape.addEventListener("pointerup", endDrag);
  shape.addEventListener("pointercancel", endDrag);

  const showState = (connection) => { if (!section.hidden) setConnectionState(connection); };
  rpc.addEventListener("open", () => showState("open"));
  rpc.addEventListener("close", () => { state.ready = false; showState("closed"); });
  rpc.addEventListener("reconnected", () => openSession().catch((error) => console.warn("flow: reopening failed", error)));

  // For the browser tests (Tests/BrowserTests/test_flow.py).
  window.__playground ??= {};
  window.__playground.flow = {
    rpc,
    layoutParams,
    fragments: () => state.fragments.map((fragment) => ({ ...fragment })),
    text: () => state.sent.get(state.fragmentsVersion) ?? state.text,
    sessions: () => state.sessions,
    counts: () => ({ layouts: state.layouts, splices: state.splices }),
    /// The ellipse as drawn, in container 0's coordinates: [x, y, width, height].
    shape: () => {
      const box = containers[0].getBoundingClientRect();
      const rect = shape.getBoundingClientRect();
      return [rect.left - box.left, rect.top - box.top, rect.width, rect.height];
    },
    /// Each drawn line: its container, its box in that container, and its text's drawn width.
    drawn: () => containers.flatMap((box, container) => {
      const origin = box.getBoundingClientRect();
      return [...box.querySelectorAll(".flow-line")].map((line) => {
        const rect = line.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(line);
        return {
          container, text: line.textContent, textWidth: range.getBoundingClientRect().width,
          rect: [rect.left - origin.left, rect.top - origin.top, rect.width, rect.height],
        };
      });
    }),
    /// Nothing is on its way: the drawn lines are the daemon's answer for the current text and
    /// the ellipse where it is (`dragging`: even while the pointer still holds the ellipse).
    isSettled: ({ dragging = false } = {}) =>
      state.ready && rpc.isOpen && !state.inFlight && !state.wanted && !state.frame && (dragging || !drag) &&
      state.fragmentsVersion === state.version && editor.value === state.text &&
      state.laidOut?.join() === [ellipse.x, ellipse.y, ellipse.width, ellipse.height].join(),
  };

  placeShape();
  await Promise.all([rpc.connect(), document.fonts.load(`${SIZE}px "${FONT_FAMILY}"`)]);
  showState("open");
  await openSession();
}
