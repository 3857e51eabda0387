// The comment box's copy of its daemon document: the plain text, its spans and links, kept by
// the client rule (docs/PROTOCOL.md, "The client rule"). Edits go to the daemon one at a time
// as `textStorage/edit` requests with `atomic: "expand"`, and the page applies the edits the
// daemon answers: the daemon decides what a keystroke beside an atomic span deletes.

/// One plain-text document of a daemon session, opened with span rules. Offsets are UTF-16
/// code units (JavaScript's string indices), the encoding every session negotiates here.
export class CommentDocument extends EventTarget {
  constructor(rpc, { uri, spanRules, text = "" }) {
    super();
    this.rpc = rpc;
    this.uri = uri;
    this.spanRules = spanRules;
    this.text = text;
    this.version = 0;
    this.spans = [];
    this.links = [];
    this.isOpen = false;
    this.stashed = [];
    this.queue = Promise.resolve();
    rpc.on("textStorage/didProcessEditing", (params) => this.receive(params));
  }

  /// Runs `task` after every task queued before it, so that each edit is computed against the
  /// text the previous edit's answer left. A failing task is logged and does not stop the queue.
  perform(task) {
    const run = this.queue.then(task).catch((error) => console.warn("comment box:", error));
    this.queue = run;
    return run;
  }

  /// Initializes the session and opens the document with the text the page holds now: at
  /// start and again after a reconnect (the new session knows nothing of the old one).
  async openSession() {
    this.isOpen = false;
    await this.rpc.request("initialize", {
      capabilities: { general: { positionEncodings: ["utf-16"] } },
      initializationOptions: { attributeDeltas: true },
    });
    this.rpc.notify("initialized", {});
    this.version = 1;
    this.stashed = [];
    this.rpc.notify("textDocument/didOpen", {
      textDocument: { uri: this.uri, languageId: "plaintext", version: 1, text: this.text },
      spanRules: this.spanRules,
    });
    this.isOpen = true;
    await this.resync();
  }

  /// Replaces every attribute with `textStorage/attributes`' answer, which comes after every
  /// push sent before it.
  async resync() {
    const answer = await this.rpc.request("textStorage/attributes", { uri: this.uri });
    if (answer.version !== this.version) return;
    this.spans = answer.spans ?? [];
    this.links = answer.links ?? [];
    this.dispatchEvent(new Event("change"));
  }

  /// Sends `edit` ({offset, length, text}) and applies the edits the daemon applied; returns
  /// them. Without a session (the connection is down) the edit is applied as sent, and the
  /// next session opens with the resulting text. Call inside `perform`.
  async edit(edit) {
    if (this.isOpen && this.rpc.isOpen) {
      try {
        const answer = await this.rpc.request("textStorage/edit", {
          uri: this.uri, version: this.version + 1, atomic: "expand", edits: [edit],
        });
        for (const applied of answer.edits) this.applyLocally(applied);
        this.version = answer.version;
        this.applyStashed();
        return answer.edits;
      } catch (error) {
        // Refused by a live session: the daemon's text is unchanged, so is ours.
        if (this.rpc.isOpen) { console.warn("comment box: edit refused:", error.message); return []; }
      }
    }
    this.isOpen = false;
    const widened = this.expandLocally(edit);
    this.applyLocally(widened);
    return [widened];
  }

  // What `atomic: "expand"` does, for edits made while no daemon can decide: an edit that
  // cuts an atomic span covers all of it; an insertion inside one moves to its end.
  expandLocally({ offset, length, text }) {
    let start = offset;
    let end = offset + length;
    for (const span of this.spans) {
      const spanEnd = span.offset + span.length;
      if (!span.atomic) continue;
      if (length === 0) {
        if (span.offset < start && start < spanEnd) start = end = spanEnd;
      } else if (span.offset < end && spanEnd > start) {
        start = Math.min(start, span.offset);
        end = Math.max(end, spanEnd);
      }
    }
    return { offset: start, length: end - start, text };
  }

  /// The document as a FormattableContent block, or null without a session.
  async exportContent() {
    if (!this.isOpen || !this.rpc.isOpen) return null;
    return this.rpc.request("textStorage/export", { uri: this.uri, format: "formattable-content" });
  }

  /// Asks the daemon to move `selection` out of atomic spans; null without a session or when
  /// the answer is for another version than the page's.
  async adjustSelection(selection, direction) {
    if (!this.isOpen || !this.rpc.isOpen) return null;
    const answer = await this.rpc.request("textStorage/adjustSelection", {
      uri: this.uri, selection: { offset: selection.start, length: selection.end - selection.start }, direction,
    });
    return answer.version === this.version ? answer.selection : null;
  }

  /// The atomic span that `offset` lies strictly inside, if any.
  atomicSpanAround(offset) {
    return this.spans.find((span) => span.atomic && span.offset < offset && offset < span.offset + span.length);
  }

  // Client rule 1: attributes move with the page's own edits; an edit inside one cuts it.
  applyLocally({ offset, length, text }) {
    this.text = this.text.slice(0, offset) + text + this.text.slice(offset + length);
    const move = (ranges) => ranges.flatMap((range) => {
      if (range.offset + range.length <= offset) return [range];
      if (range.offset >= offset + length) return [{ ...range, offset: range.offset + text.length - length }];
      return [];
    });
    this.spans = move(this.spans);
    this.links = move(this.links);
  }

  receive(params) {
    if (params.uri !== this.uri || !this.isOpen) return;
    if (params.version > this.version) {
      // The push of an edit whose answer is still on its way: applied after the edit.
      this.stashed.push(params);
    } else if (params.version === this.version) {
      this.applyPush(params);
      this.dispatchEvent(new Event("change"));
    } else {
      // Edits are sent one at a time, so an older push is rare: resynchronise instead of mapping.
      this.perform(() => this.resync());
    }
  }

  applyStashed() {
    const ready = this.stashed.filter((push) => push.version <= this.version);
    this.stashed = this.stashed.filter((push) => push.version > this.version);
    for (const push of ready) this.applyPush(push);
  }

  // Client rule 2: each change replaces the spans and links over its range.
  applyPush(push) {
    for (const change of push.changes) {
      const end = change.offset + change.length;
      const outside = (range) => range.offset + range.length <= change.offset || range.offset >= end;
      this.spans = [...this.spans.filter(outside), ...(change.spans ?? [])].sort((a, b) => a.offset - b.offset);
      this.links = [...this.links.filter(outside), ...(change.links ?? [])].sort((a, b) => a.offset - b.offset);
    }
  }
}
