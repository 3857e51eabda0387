// Typing straight into text the page draws itself: a hidden textarea holds the text and the
// selection (so keys, IME and the clipboard work as usual), and the caret, the selection and
// clicks are placed from the daemon's line fragments and cluster rects, never from the
// textarea's own layout.
import { isLineBreak } from "/assets/layout-view.js";

/// The caret at `offset` (UTF-16 units) as `{x, y, height}` in container coordinates, or
/// null without a layout. `text` is the laid-out text (a final line break opens a line that
/// has no fragment); `lineSpacing` the layout's.
export function caretAt(fragments, text, offset, lineSpacing = 0) {
  if (!fragments?.length) return null;
  const last = fragments[fragments.length - 1];
  if (offset >= text.length && text.length > 0 && isLineBreak(text[text.length - 1])) {
    const [, y, , height] = last.rect;
    return { x: fragments[0].rect[0], y: y + height + lineSpacing, height };
  }
  const fragment = fragments.find((f) => offset < f.range.offset + f.range.length) ?? last;
  const [fx, y, , height] = fragment.rect;
  const clusters = fragment.clusters ?? [];
  const cluster = clusters.find((c) => offset < c.range.offset + c.range.length);
  if (cluster) return { x: cluster.rtl ? cluster.rect[0] + cluster.rect[2] : cluster.rect[0], y, height };
  const end = clusters[clusters.length - 1];
  if (!end) return { x: fx, y, height };
  return { x: end.rtl ? end.rect[0] : end.rect[0] + end.rect[2], y, height };
}

/// The offset nearest the point (x, y) in container coordinates.
export function offsetAt(fragments, text, x, y, lineSpacing = 0) {
  if (!fragments?.length) return 0;
  const last = fragments[fragments.length - 1];
  if (y > last.rect[1] + last.rect[3] && text.length > 0 && isLineBreak(text[text.length - 1])) return text.length;
  const distance = (f) => Math.max(f.rect[1] - y, y - f.rect[1] - f.rect[3], 0);
  const fragment = fragments.reduce((best, f) => (distance(f) < distance(best) ? f : best));
  const candidates = [];
  for (const cluster of fragment.clusters ?? []) {
    candidates.push(cluster.range.offset);
  }
  const end = fragment.range.offset + fragment.range.length;
  const endsParagraph = end > 0 && isLineBreak(text[end - 1] ?? "");
  if (fragment === last && !endsParagraph) candidates.push(end);
  if (candidates.length === 0) return fragment.range.offset;
  const xOf = (offset) => caretAt(fragments, text, offset, lineSpacing).x;
  return candidates.reduce((best, offset) => (Math.abs(xOf(offset) - x) < Math.abs(xOf(best) - x) ? offset : best));
}

/// A textarea hidden in `stage` (the container's origin), with the caret and selection drawn
/// over the stage. Call `update()` after each layout change.
export class TypingSurface {
  constructor(stage, session, { lineSpacing = 0, placeholder = "" } = {}) {
    this.stage = stage;
    this.session = session;
    this.lineSpacing = lineSpacing;
    this.selectionLayer = element("div", "lv-selection");
    this.caret = element("div", "lv-caret");
    this.input = element("textarea", "lv-input");
    Object.assign(this.input, { wrap: "off", spellcheck: false, autocapitalize: "off", value: session.text });
    this.input.setAttribute("aria-label", placeholder || "text");
    this.placeholder = element("div", "lv-placeholder");
    this.placeholder.textContent = placeholder;
    stage.append(this.selectionLayer, this.placeholder, this.caret, this.input);
    this.listen();
  }

  listen() {
    const { input, stage } = this;
    input.addEventListener("input", () => { this.session.replaceText(input.value, input.selectionEnd); this.update(); });
    input.addEventListener("focus", () => { stage.classList.add("focused"); this.update(); });
    input.addEventListener("blur", () => stage.classList.remove("focused"));
    input.addEventListener("keydown", (event) => this.keydown(event));
    document.addEventListener("selectionchange", () => { if (document.activeElement === input) this.update(); });
    let anchor = null;
    stage.addEventListener("pointerdown", (event) => {
      event.preventDefault();
      anchor = this.offsetAtEvent(event);
      input.focus({ preventScroll: true });
      input.setSelectionRange(anchor, anchor);
      stage.setPointerCapture(event.pointerId);
      this.update();
    });
    stage.addEventListener("pointermove", (event) => {
      if (anchor === null) return;
      const offset = this.offsetAtEvent(event);
      input.setSelectionRange(Math.min(anchor, offset), Math.max(anchor, offset), offset < anchor ? "backward" : "forward");
      this.update();
    });
    stage.addEventListener("pointerup", () => { anchor = null; });
  }

  /// Focuses the text with the caret at its end.
  focus() {
    this.input.focus({ preventScroll: true });
    this.input.setSelectionRange(this.input.value.length, this.input.value.length);
    this.update();
  }

  offsetAtEvent(event) {
    const origin = this.stage.getBoundingClientRect();
    return offsetAt(this.session.fragments, this.laidOutText(), event.clientX - origin.left, event.clientY - origin.top, this.lineSpacing);
  }

  laidOutText() { return this.session.textAt(this.session.layoutVersion); }

  keydown(event) {
    if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
    const { fragments } = this.session;
    const current = this.currentLayout() && caretAt(fragments, this.laidOutText(), this.input.selectionEnd, this.lineSpacing);
    if (!current) return;
    event.preventDefault();
    const step = event.key === "ArrowUp" ? -1 : 1;
    const y = step < 0 ? current.y - 1 : current.y + current.height + 1;
    const offset = offsetAt(fragments, this.laidOutText(), current.x, y, this.lineSpacing);
    const anchor = event.shiftKey ? this.anchor() : offset;
    this.input.setSelectionRange(Math.min(anchor, offset), Math.max(anchor, offset), offset < anchor ? "backward" : "forward");
    this.update();
  }

  anchor() {
    const { selectionStart, selectionEnd, selectionDirection } = this.input;
    return selectionDirection === "backward" ? selectionEnd : selectionStart;
  }

  /// Whether the layout is that of the text in the textarea (it lags by a round trip).
  currentLayout() { return this.session.fragments && this.session.layoutVersion === this.session.version; }

  /// Draws the caret, the selection and the placeholder from the current layout.
  update() {
    this.placeholder.hidden = this.session.text.length > 0;
    if (!this.currentLayout()) return;
    const { fragments } = this.session;
    const text = this.laidOutText();
    const { selectionStart, selectionEnd, selectionDirection } = this.input;
    const focus = selectionDirection === "backward" ? selectionStart : selectionEnd;
    const caret = caretAt(fragments, text, focus, this.lineSpacing);
    if (caret) {
      place(this.caret, [caret.x - 1, caret.y, 2, caret.height]);
      place(this.input, [caret.x, caret.y, 1, caret.height]);
      // Restart the blink so that the caret shows while typing.
      this.caret.classList.remove("blink");
      void this.caret.offsetWidth;
      this.caret.classList.add("blink");
    }
    this.selectionLayer.replaceChildren(...selectionRects(fragments, selectionStart, selectionEnd).map((rect) => {
      const box = element("div", "lv-selected");
      place(box, rect);
      return box;
    }));
  }
}

/// One rect per fragment for the clusters in [start, end).
function selectionRects(fragments, start, end) {
  if (start >= end) return [];
  const rects = [];
  for (const fragment of fragments) {
    const inside = (fragment.clusters ?? []).filter((c) => c.range.offset < end && c.range.offset + c.range.length > start);
    if (inside.length === 0) continue;
    const left = Math.min(...inside.map((c) => c.rect[0]));
    const right = Math.max(...inside.map((c) => c.rect[0] + Math.max(c.rect[2], 4)));
    rects.push([left, fragment.rect[1], right - left, fragment.rect[3]]);
  }
  return rects;
}

export function element(tag, className) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  return node;
}

/// Positions an absolutely placed element at `[x, y, width, height]` (pixels).
export function place(node, [x, y, width, height]) {
  node.style.left = `${x}px`;
  node.style.top = `${y}px`;
  node.style.width = `${width}px`;
  node.style.height = `${height}px`;
}
