// The comment box's input: every key, input method, paste and cut becomes an edit of the
// plain text, sent to the daemon (CommentDocument) in order, each computed against the text the
// edit before it left; the box is redrawn from what the daemon applied. The browser never edits
// the DOM itself (beforeinput is cancelled), except an input method's text, which
// compositionend turns into an edit. The caret stays out of atomic spans by
// `textStorage/adjustSelection`.

import { deletionRange, textDifference } from "/assets/comment-editing.js";

// The keys that wait for the edits before them, and how the arrows move: [direction, granularity]
// of `Selection.modify`.
const MOVES = {
  ArrowLeft: ["left", "character"], ArrowRight: ["right", "character"],
  ArrowUp: ["backward", "line"], ArrowDown: ["forward", "line"],
  Home: ["backward", "lineboundary"], End: ["forward", "lineboundary"],
};
const QUEUED_KEYS = new Set([...Object.keys(MOVES), "Enter", "Tab", "Escape"]);
const isSelectAll = (key) => (key.ctrlKey || key.metaKey) && key.key.toLowerCase() === "a";

/// The contenteditable `element` drawn by `view` from `document`. `onChange` runs after each
/// edit (to redraw), `onSelection` after the caret moved, `onSubmit` on Ctrl+Enter; keys go to
/// `mentions` first while it is open.
export class CommentInput {
  constructor({ element, document, view, mentions, onChange, onSelection, onSubmit }) {
    Object.assign(this, { element, document, view, mentions, onChange, onSelection, onSubmit });
    /// The selection in plain-text offsets: the page's, put into the DOM after every redraw.
    this.selection = { start: 0, end: 0, backward: false };
    /// Edits and keys queued and not yet applied.
    this.pendingIntents = 0;
    this.navigation = null;
    this.pointerDown = false;
    this.composition = null;
    this.replay = null;
    this.listen();
  }

  get hasFocus() { return globalThis.document.activeElement === this.element; }

  /// Draws the document and puts the selection back (drawing replaced the nodes it was in).
  render() {
    if (this.composition) return;
    this.view.render(this.document.text, this.document.spans, this.document.links);
    if (this.hasFocus) this.view.showSelection(this.selection);
  }

  listen() {
    const editor = this.element;
    editor.addEventListener("beforeinput", (event) => this.beforeInput(event));
    editor.addEventListener("input", (event) => this.afterInput(event));
    editor.addEventListener("keydown", (event) => this.keyDown(event));
    editor.addEventListener("compositionstart", () => this.compositionStart());
    editor.addEventListener("compositionend", (event) => this.compositionEnd(event));
    editor.addEventListener("copy", (event) => this.copy(event, false));
    editor.addEventListener("cut", (event) => this.copy(event, true));
    editor.addEventListener("dragstart", (event) => event.preventDefault());
    editor.addEventListener("drop", (event) => event.preventDefault());
    editor.addEventListener("pointerdown", () => { this.pointerDown = true; this.navigation = null; });
    globalThis.document.addEventListener("pointerup", () => {
      if (!this.pointerDown) return;
      this.pointerDown = false;
      this.selectionChanged();
    });
    editor.addEventListener("blur", () => this.mentions.hide());
    editor.addEventListener("focus", () => this.onSelection());
    globalThis.document.addEventListener("selectionchange", () => this.selectionChanged());
  }

  /// Queues an edit computed, when its turn comes, against the text and selection of then;
  /// applies what the daemon answers and puts the caret after the last edit applied.
  intend(makeEdit) {
    // A key replayed from the queue edits in its own turn, not after the keys behind it.
    if (this.replay) {
      const run = this.applyEdit(makeEdit);
      this.replay.push(run);
      return run;
    }
    return this.queued(() => this.applyEdit(makeEdit));
  }

  /// Runs `task` in the document's queue; until it has run, keys wait for it too.
  queued(task) {
    this.pendingIntents += 1;
    return this.document.perform(async () => {
      try {
        await task();
      } finally {
        this.pendingIntents -= 1;
      }
    });
  }

  async applyEdit(makeEdit) {
    try {
      const edit = makeEdit();
      if (!edit || (edit.length === 0 && edit.text === "")) return;
      const applied = await this.document.edit(edit);
      const last = applied.at(-1);
      if (last) {
        const caret = last.offset + last.text.length;
        this.selection = { start: caret, end: caret, backward: false };
      }
    } finally {
      this.onChange();
    }
  }

  replaceSelection(text) {
    return this.intend(() => ({ offset: this.selection.start, length: this.selection.end - this.selection.start, text }));
  }

  beforeInput(event) {
    // An input method's text is not cancellable; compositionend applies it.
    if (event.isComposing || event.inputType === "insertCompositionText") return;
    event.preventDefault();
    this.syncSelection();
    const type = event.inputType;
    if (type === "insertParagraph" || type === "insertLineBreak") {
      this.replaceSelection("\n");
    } else if (type.startsWith("insert")) {
      const text = (event.data ?? event.dataTransfer?.getData("text/plain") ?? "").replace(/\r\n?/g, "\n");
      if (type === "insertReplacementText") this.replaceTarget(event, text);
      else if (text) this.replaceSelection(text);
    } else if (type.startsWith("delete")) {
      this.intend(() => deletionRange(type, this.document, this.selection));
    }
    // format… and history… input changes nothing: the box holds plain text.
  }

  replaceTarget(event, text) {
    const [target] = event.getTargetRanges();
    if (!target) return this.replaceSelection(text);
    const start = this.view.offsetOf(target.startContainer, target.startOffset);
    const end = this.view.offsetOf(target.endContainer, target.endOffset);
    if (start === null || end === null) return;
    this.intend(() => ({ offset: start, length: end - start, text }));
  }

  // The browser changed the DOM itself (nothing should, but a stray change must not leave the
  // box and the document apart): turn the difference into an edit.
  afterInput(event) {
    if (this.composition || event.isComposing || this.pendingIntents > 0) return;
    const shown = this.view.readText();
    if (shown === this.document.text) return;
    const difference = textDifference(this.document.text, shown);
    this.intend(() => difference);
  }

  compositionStart() {
    this.syncSelection();
    // The composition replaces the selection as it is once the edits queued before it are
    // applied; until it ends the box is not redrawn, which would end it.
    const composition = { selection: { ...this.selection } };
    this.composition = composition;
    this.queued(async () => { composition.selection = { ...this.selection }; });
  }

  compositionEnd(event) {
    const composition = this.composition;
    this.composition = null;
    const text = event.data ?? "";
    this.intend(() => {
      const { start, end } = composition?.selection ?? this.selection;
      return { offset: start, length: end - start, text };
    });
  }

  keyDown(event) {
    if (event.isComposing) return;
    if (this.pendingIntents > 0 && (QUEUED_KEYS.has(event.key) || isSelectAll(event))) {
      // The box is behind the keyboard: the key acts once the edits before it are applied
      // (a fast `@al⏎` chooses from the list, an arrow moves from the new caret).
      event.preventDefault();
      const key = { key: event.key, shiftKey: event.shiftKey, ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey };
      this.queued(() => this.replayKey(key));
      return;
    }
    if (this.mentions.handleKey(event)) {
      event.preventDefault();
    } else if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      this.onSubmit();
    } else if (MOVES[event.key]) {
      this.navigation = MOVES[event.key][0] === "left" || MOVES[event.key][0] === "backward" ? "backward" : "forward";
    }
  }

  /// What a queued key does, now that the box shows every edit before it.
  async replayKey(key) {
    this.replay = [];
    try {
      if (this.mentions.handleKey(key)) {
        // The list chose, or moved its highlight.
      } else if (key.key === "Enter" && (key.ctrlKey || key.metaKey)) {
        this.onSubmit();
      } else if (isSelectAll(key)) {
        getSelection().selectAllChildren(this.element);
        const read = this.view.readSelection();
        if (read) this.selection = read;
      } else if (key.key === "Enter") {
        this.replaceSelection("\n");
      } else if (MOVES[key.key] && this.hasFocus) {
        const [direction, granularity] = MOVES[key.key];
        const word = (key.ctrlKey || key.altKey) && granularity === "character";
        getSelection().modify(key.shiftKey ? "extend" : "move", direction, word ? "word" : granularity);
        this.navigation = direction === "left" || direction === "backward" ? "backward" : "forward";
        const read = this.view.readSelection();
        if (read) {
          this.selection = read;
          this.onSelection();
          this.replay.push(this.adjustOutOfAtomicSpans(read));
        }
      }
    } finally {
      const runs = this.replay;
      this.replay = null;
      await Promise.all(runs);
    }
  }

  copy(event, cut) {
    this.syncSelection();
    const { start, end } = this.selection;
    if (start === end) return;
    // The clipboard gets the plain text: `[赞]`, not the picture drawn for it.
    event.clipboardData.setData("text/plain", this.document.text.slice(start, end));
    event.preventDefault();
    if (cut) this.intend(() => ({ offset: start, length: end - start, text: "" }));
  }

  syncSelection() {
    if (this.pendingIntents > 0) return;
    const read = this.view.readSelection();
    if (read) this.selection = read;
  }

  selectionChanged() {
    if (this.composition || !this.hasFocus || this.pendingIntents > 0) return;
    const read = this.view.readSelection();
    if (!read) return;
    const previous = this.selection;
    if (read.start !== previous.start || read.end !== previous.end) {
      this.selection = read;
      this.onSelection();
    }
    if (!this.pointerDown) this.keepOutOfAtomicSpans(this.selection);
  }

  /// A caret or selection end inside a mention or shortcode moves out of it, where the daemon's
  /// `textStorage/adjustSelection` says: the arrow keys step over an atomic span.
  keepOutOfAtomicSpans(selection) {
    if (this.document.atomicSpanAround(selection.start) || this.document.atomicSpanAround(selection.end)) {
      this.queued(() => this.adjustOutOfAtomicSpans(selection));
    }
  }

  async adjustOutOfAtomicSpans(selection) {
    const spanAtStart = this.document.atomicSpanAround(selection.start);
    const spanAtEnd = this.document.atomicSpanAround(selection.end);
    if (this.selection !== selection || (!spanAtStart && !spanAtEnd)) return;
    let direction = this.navigation ?? "forward";
    if (selection.start === selection.end && !this.navigation) {
      // A click: the nearer end.
      const span = spanAtStart;
      direction = selection.start - span.offset < span.offset + span.length - selection.start ? "backward" : "forward";
    }
    const answer = await this.document.adjustSelection(selection, direction).catch(() => null);
    if (this.selection !== selection) return;
    let { start, end } = selection;
    if (answer) {
      start = answer.offset;
      end = answer.offset + answer.length;
    } else {
      // No session: the same rule, on the page's copy of the spans.
      const collapsed = start === end;
      if (spanAtStart) start = direction === "backward" || !collapsed ? spanAtStart.offset : spanAtStart.offset + spanAtStart.length;
      if (spanAtEnd) end = collapsed ? start : spanAtEnd.offset + spanAtEnd.length;
    }
    this.selection = { start, end, backward: selection.backward };
    if (this.hasFocus) this.view.showSelection(this.selection);
    this.onSelection();
  }
}
