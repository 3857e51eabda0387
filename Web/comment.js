// The comment box demo (issue 33): the comment box of an app with an emoji keyboard and
// @-mentions, whose text goes out as a FormattableContent block. A contenteditable box over a
// daemon document opened with span rules: `@` offers people and a chosen mention becomes an
// atomic span; `[赞]` shows as its attachment while the text stays `[赞]`; Backspace after a
// mention deletes all of it, because every edit is a `textStorage/edit` request with
// `atomic: "expand"` and the page applies the edits the daemon answers (comment-input.js).
// Beside the box: `textStorage/export` as FormattableContent, after every edit.

import { RPC } from "/assets/rpc.js";
import { CommentDocument } from "/assets/comment-document.js";
import { CommentView } from "/assets/comment-view.js";
import { MentionList, mentionQueryBefore } from "/assets/comment-mentions.js";
import { IMAGES, SHORTCODES, SPAN_RULES, formatJSON, highlightJSON, renderContent } from "/assets/comment-content.js";
import { CommentInput } from "/assets/comment-input.js";

const URI = "file:///playground/comment.txt";

export async function start(section, { setConnectionState = () => {} } = {}) {
  await loadStyle("/assets/comment.css");
  const box = new CommentBox(section, setConnectionState);
  await box.start();
  return box;
}

function loadStyle(href) {
  if (document.querySelector(`link[href="${href}"]`)) return Promise.resolve();
  const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
  const loaded = new Promise((resolve) => { link.onload = link.onerror = resolve; });
  document.head.append(link);
  return loaded;
}

function element(tag, className, properties = {}) {
  return Object.assign(document.createElement(tag), { className, ...properties });
}

class CommentBox {
  constructor(section, setConnectionState) {
    this.section = section;
    // The header's indicator is shared: the tab on show tells it.
    this.setConnectionState = (state) => { if (!section.hidden) setConnectionState(state); };
    this.rpc = new RPC("comment");
    this.document = new CommentDocument(this.rpc, { uri: URI, spanRules: SPAN_RULES });
    this.exported = null;
    this.exporting = Promise.resolve();
    this.exportSerial = 0;
    this.sessions = 0;
    this.build();
    this.view = new CommentView(this.editor, { images: IMAGES });
    this.mentions = new MentionList(this.boxElement, { onChoose: (person) => this.chooseMention(person) });
    this.input = new CommentInput({
      element: this.editor, document: this.document, view: this.view, mentions: this.mentions,
      onChange: () => this.refresh(), onSelection: () => this.updateMentionList(), onSubmit: () => this.post(),
    });
    this.exposeHook();
  }

  build() {
    const demo = element("div", "comment-demo");
    const compose = element("div", "comment-compose");
    const intro = element("p", "comment-intro", {
      innerHTML: "Type <kbd>@</kbd> to mention someone, or a shortcode such as <code>[赞]</code> or <code>[ok]</code>. "
        + "The daemon's span rules make mentions and shortcodes atomic spans; Backspace after one deletes all of it.",
    });
    this.boxElement = element("div", "comment-box");
    this.editor = element("div", "comment-editor", { contentEditable: "true", spellcheck: false });
    this.editor.setAttribute("role", "textbox");
    this.editor.setAttribute("aria-multiline", "true");
    this.editor.setAttribute("aria-label", "Comment");
    this.editor.dataset.placeholder = "Write a comment…";
    this.boxElement.append(this.editor);
    const toolbar = element("div", "comment-toolbar");
    const keyboard = element("div", "comment-keyboard");
    keyboard.setAttribute("role", "toolbar");
    keyboard.setAttribute("aria-label", "Emoji");
    for (const [shortcode, attachment] of Object.entries(SHORTCODES)) {
      const key = element("button", "comment-key", { type: "button", title: shortcode });
      key.dataset.shortcode = shortcode;
      key.append(attachment.image
        ? element("img", "attachment", { src: IMAGES[attachment.image], alt: shortcode })
        : element("span", "attachment", { textContent: attachment.text }));
      key.addEventListener("mousedown", (event) => event.preventDefault());
      key.addEventListener("click", () => this.insertShortcode(shortcode));
      keyboard.append(key);
    }
    this.counter = element("span", "comment-count");
    this.postButton = element("button", "comment-post", { type: "button", textContent: "Post" });
    this.postButton.addEventListener("click", () => this.post());
    toolbar.append(keyboard, this.counter, this.postButton);
    this.posted = element("ol", "comment-posted");
    compose.append(intro, this.boxElement, toolbar, this.posted);
    const aside = element("aside", "comment-export");
    const heading = element("h3", "", { innerHTML: "<code>textStorage/export</code> · formattable-content" });
    this.exportStatus = element("span", "comment-export-status");
    heading.append(this.exportStatus);
    this.exportView = element("pre", "comment-json");
    aside.append(heading, this.exportView);
    demo.append(compose, aside);
    this.section.replaceChildren(demo);
  }

  async start() {
    this.rpc.addEventListener("close", () => {
      this.setConnectionState("closed");
      this.exportStatus.textContent = "offline: edits stay on the page";
    });
    this.rpc.addEventListener("reconnected", () => this.document.perform(() => this.openSession()));
    this.document.addEventListener("change", () => { if (!this.input.composition) this.refresh(); });
    this.setConnectionState("connecting");
    await this.rpc.connect();
    await this.document.perform(() => this.openSession());
  }

  /// A new session: initialize, open with the text the box holds now, show its export.
  async openSession() {
    await this.document.openSession();
    this.sessions += 1;
    this.setConnectionState("open");
    this.exportStatus.textContent = "";
    this.refresh();
  }

  /// Draws the box from the document, puts the caret back, and updates the list, the
  /// counter and the export.
  refresh() {
    this.input.render();
    const text = this.document.text;
    const mentions = this.document.spans.filter((span) => span.kind === "mention").length;
    this.counter.textContent = `${text.length} UTF-16 units · ${mentions} mention${mentions === 1 ? "" : "s"}`;
    this.postButton.disabled = text.trim() === "";
    this.updateMentionList();
    this.refreshExport();
  }

  refreshExport() {
    const serial = ++this.exportSerial;
    this.exporting = this.document.exportContent().then((content) => {
      if (serial !== this.exportSerial || !content) return;
      this.exported = content;
      this.exportView.replaceChildren(...highlightJSON(formatJSON(content)));
    }, () => {});
  }

  updateMentionList() {
    const { start, end } = this.input.selection;
    const found = start === end && this.input.hasFocus ? mentionQueryBefore(this.document.text, start) : null;
    // A whole mention before the caret needs no list.
    if (!found || this.document.spans.some((span) => span.kind === "mention" && span.offset === found.at)) {
      this.mentions.close();
      return;
    }
    const caret = this.view.caretRect(found.at);
    const box = this.boxElement.getBoundingClientRect();
    this.mentions.show(found.at, found.query, {
      left: caret.left - box.left, bottom: caret.bottom - box.top,
    });
  }

  chooseMention(person) {
    this.mentions.hide();
    this.input.intend(() => {
      const { start, end } = this.input.selection;
      const found = start === end ? mentionQueryBefore(this.document.text, start) : null;
      if (!found) return null;
      return { offset: found.at, length: start - found.at, text: `@${person.handle} ` };
    });
  }

  insertShortcode(shortcode) {
    if (!this.input.hasFocus) {
      this.editor.focus();
      this.view.showSelection(this.input.selection);
    }
    this.input.replaceSelection(shortcode);
  }

  /// Posts the comment: the list below the box draws it from the exported block alone, then
  /// the box empties.
  async post() {
    await this.settled();
    const content = this.exported;
    if (!content || content.text.trim() === "" || content.text !== this.document.text) return;
    const item = element("li", "comment-posted-item");
    item.append(renderContent(content));
    this.posted.prepend(item);
    this.editor.focus();
    this.input.intend(() => ({ offset: 0, length: this.document.text.length, text: "" }));
  }

  /// Resolves when no edit waits and the export shows the current text.
  async settled() {
    for (;;) {
      // Let a pending selectionchange (dispatched as a task of its own) arrive first.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const queue = this.document.queue;
      await queue;
      await this.exporting;
      if (queue === this.document.queue && this.input.pendingIntents === 0) return;
    }
  }

  exposeHook() {
    const box = this;
    window.__playground = Object.assign(window.__playground ?? {}, {
      comment: {
        rpc: this.rpc,
        document: this.document,
        get text() { return box.document.text; },
        get spans() { return box.document.spans; },
        get exported() { return box.exported; },
        get selection() { return box.input.selection; },
        /// The caret's plain offset read from the DOM now (null when the box has no focus).
        get domSelection() { return box.view.readSelection(); },
        get sessions() { return box.sessions; },
        settled: () => this.settled(),
        dropConnection: () => this.rpc.socket.close(),
      },
    });
  }
}
