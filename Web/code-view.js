// The Code demo's editing surface: a <textarea> the user types in, with transparent text, over
// a <pre> that draws the same text in the daemon's colours. The browser keeps the caret, the
// selection, IME composition, undo and the clipboard in the textarea; the overlay only paints.
// Both use one monospace font, size, line height, padding and tab size, so each character of
// the overlay lies under the textarea's.
//
// The overlay is one element per line (repainted only when its text or its attributes
// changed) holding one element per run of equal attributes: a <span> with its colour, font
// style and decoration inline (what the tests read back per character), or an <a href> for a
// link.

export class CodeView {
  /// Builds the surface inside `container`; `onInput` runs after every change of the text.
  constructor(container) {
    this.element = document.createElement("div");
    this.element.className = "code-editor";
    this.gutter = document.createElement("pre");
    this.gutter.className = "code-gutter";
    this.gutter.setAttribute("aria-hidden", "true");
    const surface = document.createElement("div");
    surface.className = "code-surface";
    this.overlay = document.createElement("pre");
    this.overlay.className = "code-overlay";
    this.overlay.setAttribute("aria-hidden", "true");
    this.input = document.createElement("textarea");
    this.input.className = "code-input";
    this.input.wrap = "off";
    this.input.spellcheck = false;
    this.input.setAttribute("autocapitalize", "off");
    this.input.setAttribute("autocomplete", "off");
    this.input.setAttribute("aria-label", "Code");
    surface.append(this.overlay, this.input);
    this.element.append(this.gutter, surface);
    container.append(this.element);

    this.lines = [];          // per line: {element, stale}, in order
    this.lineStarts = [0];    // UTF-16 offset of each line's start
    this.defaults = { foreground: "#D3D7DE", background: "#181C24" };
    this.matched = [];        // [{offset, length}] of the bracket pair at the caret

    this.input.addEventListener("scroll", () => this.followScroll());
    this.input.addEventListener("keydown", (event) => this.indentOnTab(event));
  }

  get text() { return this.input.value; }

  /// Replaces the whole text (a new document), caret at the start.
  setText(text) {
    this.input.value = text;
    this.input.setSelectionRange(0, 0);
    this.input.scrollTop = 0;
    this.input.scrollLeft = 0;
    this.matched = [];
    this.overlay.replaceChildren();
    this.lineStarts = [0];
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) this.lineStarts.push(i + 1);
    this.lines = this.lineStarts.map(() => ({ element: null, stale: true }));
    this.followScroll();
  }

  /// The theme's default colours (style 0) for the text, the caret and the background.
  setDefaults(defaults) {
    this.defaults = defaults;
    this.element.style.setProperty("--code-fg", defaults.foreground);
    this.element.style.setProperty("--code-bg", defaults.background);
    this.element.style.colorScheme = luminance(defaults.background) < 0.5 ? "dark" : "light";
  }

  /// Marks the lines of `[start, end]` of the current text for repainting (their
  /// attributes changed).
  invalidate(start, end) {
    const last = this.lineAt(end);
    for (let line = this.lineAt(start); line <= last; line++) this.lines[line].stale = true;
  }

  /// Every line needs repainting (a new document).
  invalidateAll() {
    for (const entry of this.lines) entry.stale = true;
  }

  /// The text changed by `edit` (UTF-16 offsets in the text before it): the lines it touched
  /// give way to the lines of the text it inserted, to be painted; the lines after it only
  /// move. Keeps `lineStarts` current edit by edit, so a paint never scans the text.
  edited(edit) {
    const first = this.lineAt(edit.offset);
    const last = this.lineAt(edit.offset + edit.length);
    const inserted = [];
    for (let i = edit.text.indexOf("\n"); i >= 0; i = edit.text.indexOf("\n", i + 1)) inserted.push(edit.offset + i + 1);
    const growth = edit.text.length - edit.length;
    this.lineStarts = this.lineStarts.slice(0, first + 1)
      .concat(inserted, this.lineStarts.slice(last + 1).map((start) => start + growth));
    const fresh = Array.from({ length: inserted.length + 1 }, () => ({ element: null, stale: true }));
    for (let line = first; line <= last; line++) this.lines[line].element?.remove();
    this.lines = this.lines.slice(0, first).concat(fresh, this.lines.slice(last + 1));
  }

  /// Draws the stale lines of `text` with `attributes` (an AttributeCopy of the same
  /// length); the others are the same text with the same attributes as before.
  paint(text, attributes) {
    const count = this.lines.length;
    let next = null; // the element of the line after the one painted, to insert before
    for (let index = count - 1; index >= 0; index--) {
      const entry = this.lines[index];
      if (entry.stale) {
        const start = this.lineStarts[index];
        const end = index + 1 < count ? this.lineStarts[index + 1] - 1 : text.length;
        const element = this.renderLine(text, start, this.segments(attributes, start, end));
        if (entry.element) entry.element.replaceWith(element);
        else this.overlay.insertBefore(element, next);
        entry.element = element;
        entry.stale = false;
      }
      next = entry.element;
    }
    if (this.gutterCount !== count) {
      this.gutterCount = count;
      this.gutter.textContent = Array.from({ length: count }, (_, index) => index + 1).join("\n");
    }
  }

  /// Outlines the bracket pair at the caret (ranges in the current text).
  setMatched(ranges) {
    for (const range of [...this.matched, ...ranges]) this.invalidate(range.offset, range.offset + range.length);
    this.matched = ranges;
  }

  /// The runs of equal attributes over `[start, end)`.
  segments(attributes, start, end) {
    const matchedAt = (offset) => this.matched.some((range) => offset >= range.offset && offset < range.offset + range.length);
    const segments = [];
    for (let offset = start; offset < end;) {
      const style = attributes.styles[offset] ?? null;
      const bracket = attributes.brackets[offset] ?? null;
      const link = attributes.links[offset] ?? null;
      const matched = matchedAt(offset);
      let next = offset + 1;
      while (next < end && (attributes.styles[next] ?? null) === style && (attributes.brackets[next] ?? null) === bracket
             && (attributes.links[next] ?? null) === link && matchedAt(next) === matched) next++;
      segments.push({ start: offset, end: next, style, bracket, link, matched });
      offset = next;
    }
    return segments;
  }

  renderLine(text, lineStart, segments) {
    const line = document.createElement("span");
    line.className = "code-line";
    for (const segment of segments) {
      const element = document.createElement(segment.link ? "a" : "span");
      element.dataset.column = String(segment.start - lineStart);
      element.textContent = text.slice(segment.start, segment.end);
      const style = segment.style;
      const colour = segment.bracket?.foreground ?? style?.foreground;
      if (colour) element.style.color = colour;
      const words = (style?.fontStyle ?? "").split(/\s+/);
      if (words.includes("italic")) element.style.fontStyle = "italic";
      if (words.includes("bold")) element.style.fontWeight = "bold";
      const decorations = words.filter((word) => word === "underline" || word === "strikethrough")
        .map((word) => (word === "strikethrough" ? "line-through" : word));
      if (decorations.length) element.style.textDecorationLine = decorations.join(" ");
      if (style?.background && !sameColour(style.background, this.defaults.background)) {
        element.style.backgroundColor = style.background;
      }
      if (segment.bracket) element.classList.add("code-bracket");
      if (segment.matched) element.classList.add("code-bracket-match");
      if (segment.link) {
        element.href = segment.link.target;
        element.target = "_blank";
        element.rel = "noopener noreferrer";
        element.classList.add("code-link");
        element.title = `${segment.link.target} (Ctrl-click or ⌘-click to open)`;
      }
      line.append(element);
    }
    line.append("\n");
    return line;
  }

  /// Keeps the overlay and the line numbers under the textarea's scrolled text.
  followScroll() {
    const { scrollTop, scrollLeft } = this.input;
    this.overlay.style.transform = `translate(${-scrollLeft}px, ${-scrollTop}px)`;
    this.gutter.style.transform = `translateY(${-scrollTop}px)`;
  }

  /// The UTF-16 offset of the character drawn under the viewport point (x, y), or null. The
  /// textarea lies on top, so the overlay's run is found among every element at the point and
  /// the character within it by its box.
  offsetAtPoint(x, y) {
    const segment = document.elementsFromPoint(x, y)
      .find((element) => element.dataset?.column !== undefined && this.overlay.contains(element));
    const node = segment?.firstChild;
    if (!node || node.nodeType !== Node.TEXT_NODE) return null;
    const range = document.createRange();
    for (let i = 0; i < node.length; i++) {
      const width = isHighSurrogate(node.data.charCodeAt(i)) ? 2 : 1;
      range.setStart(node, i);
      range.setEnd(node, Math.min(node.length, i + width));
      for (const box of range.getClientRects()) {
        if (x >= box.left && x < box.right && y >= box.top && y < box.bottom) {
          const line = this.lines.findIndex((entry) => entry.element === segment.parentElement);
          return line < 0 ? null : this.lineStarts[line] + Number(segment.dataset.column) + i;
        }
      }
      i += width - 1;
    }
    return null;
  }

  /// The viewport rectangle of the character at `offset` (for tests and the inspector).
  boxAt(offset) {
    const line = this.lineAt(offset);
    const column = offset - this.lineStarts[line];
    for (const segment of this.lines[line]?.element?.children ?? []) {
      const start = Number(segment.dataset.column);
      const node = segment.firstChild;
      if (column >= start && column < start + node.length) {
        const range = document.createRange();
        range.setStart(node, column - start);
        range.setEnd(node, column - start + 1);
        return range.getBoundingClientRect();
      }
    }
    return null;
  }

  /// The line holding `offset` (zero-based).
  lineAt(offset) {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle] <= offset) low = middle; else high = middle - 1;
    }
    return low;
  }

  /// The lines the textarea shows now, as a range of offsets (for `textStorage/viewport`).
  visibleRange(text) {
    const lineHeight = parseFloat(getComputedStyle(this.input).lineHeight) || 20;
    const first = Math.max(0, Math.floor(this.input.scrollTop / lineHeight) - 1);
    const last = Math.min(this.lineStarts.length - 1, first + Math.ceil(this.input.clientHeight / lineHeight) + 2);
    const start = this.lineStarts[first] ?? 0;
    const end = last + 1 < this.lineStarts.length ? this.lineStarts[last + 1] : text.length;
    return { offset: start, length: Math.max(0, end - start) };
  }

  /// Tab indents (four spaces) rather than leaving the editor, as in a code editor; Escape
  /// then Tab still leaves it, so the keyboard never traps a user.
  indentOnTab(event) {
    if (event.key === "Escape") { this.tabLeaves = true; return; }
    if (event.key !== "Tab" || event.shiftKey || event.ctrlKey || event.altKey || event.metaKey) return;
    if (this.tabLeaves) { this.tabLeaves = false; return; }
    event.preventDefault();
    // execCommand keeps the textarea's own undo history and fires "input" like typing does.
    if (!document.execCommand("insertText", false, "    ")) {
      this.input.setRangeText("    ", this.input.selectionStart, this.input.selectionEnd, "end");
      this.input.dispatchEvent(new Event("input"));
    }
  }
}

const isHighSurrogate = (unit) => unit >= 0xd800 && unit <= 0xdbff;

function sameColour(a, b) {
  return a.toLowerCase().slice(0, 7) === b.toLowerCase().slice(0, 7);
}

/** The relative luminance of `#RRGGBB`, to pick light or dark scrollbars and selection. */
function luminance(hex) {
  const channel = (i) => parseInt(hex.slice(i, i + 2), 16) / 255;
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}
