// The comment box's view: a contenteditable element drawn from the document's plain text and
// spans, and the map between its DOM positions and plain-text offsets. Mentions and links are
// editable text in a styled element; a shortcode with an attachment is one non-editable
// element (its image, or its emoji text) standing for the whole shortcode, so the caret
// passes it in one step while the plain text keeps `[赞]`.

/// Draws a document into `editor` and maps positions; `images` gives an attachment image's
/// URL from the name in the span rules' table.
export class CommentView {
  constructor(editor, { images }) {
    this.editor = editor;
    this.images = images;
    this.segments = [];
    this.length = 0;
  }

  /// Redraws everything (a comment is short) from `text` and its `spans` and `links`.
  render(text, spans, links) {
    const marks = [...spans];
    for (const link of links) {
      const free = spans.every((span) => span.offset + span.length <= link.offset || span.offset >= link.offset + link.length);
      if (free) marks.push({ ...link, kind: "link" });
    }
    marks.sort((a, b) => a.offset - b.offset);
    this.segments = [];
    this.length = text.length;
    let at = 0;
    for (const mark of marks) {
      if (mark.offset < at || mark.offset + mark.length > text.length) continue;
      if (mark.offset > at) this.addText(text, at, mark.offset);
      if (mark.kind === "shortcode" && (mark.image || mark.text)) this.addAttachment(mark);
      else this.addText(text, mark.offset, mark.offset + mark.length, mark);
      at = mark.offset + mark.length;
    }
    if (at < text.length) this.addText(text, at, text.length);
    // A last empty line shows only with something after its line break.
    if (text.endsWith("\n")) this.addSegment(document.createElement("br"), text.length, text.length, "filler");
    this.editor.replaceChildren(...this.segments.map((segment) => segment.node));
  }

  addText(text, start, end, mark) {
    const textNode = document.createTextNode(text.slice(start, end));
    let node = textNode;
    if (mark) {
      node = document.createElement("span");
      node.className = mark.kind === "mention" ? "mention" : mark.kind === "link" ? "link" : "span";
      node.dataset.kind = mark.kind;
      if (mark.target) node.title = mark.target;
      node.append(textNode);
    }
    this.addSegment(node, start, end, "text", textNode);
  }

  addAttachment(span) {
    let node;
    if (span.image && this.images[span.image]) {
      node = document.createElement("img");
      node.src = this.images[span.image];
      node.alt = span.text ?? span.shortcode;
    } else {
      node = document.createElement("span");
      node.textContent = span.text ?? span.shortcode;
      node.contentEditable = "false";
    }
    node.className = "attachment";
    node.dataset.shortcode = span.shortcode;
    node.title = span.shortcode;
    this.addSegment(node, span.offset, span.offset + span.length, "attachment");
  }

  addSegment(node, start, end, kind, textNode = null) {
    this.segments.push({ node, start, end, kind, textNode });
  }

  /// The plain-text offset of a DOM position, or null outside the editor. A position inside
  /// an attachment counts as its end.
  offsetOf(container, offset) {
    if (container === this.editor) {
      return offset < this.segments.length ? this.segments[offset].start : this.length;
    }
    for (const segment of this.segments) {
      if (container === segment.textNode) return segment.start + Math.min(offset, segment.end - segment.start);
      if (container === segment.node) return offset === 0 ? segment.start : segment.end;
      if (segment.node.contains(container)) return segment.end;
    }
    return null;
  }

  /// The DOM position of a plain-text offset: inside a text segment where there is one, else
  /// between the editor's children.
  pointOf(offset) {
    for (const segment of this.segments) {
      if (segment.kind === "text" && segment.start <= offset && offset <= segment.end) {
        return { node: segment.textNode, offset: offset - segment.start };
      }
    }
    const index = this.segments.findIndex((segment) => segment.start >= offset);
    return { node: this.editor, offset: index === -1 ? this.segments.length : index };
  }

  /// The selection in plain-text offsets ({start, end, backward}), or null when it is not in
  /// the editor.
  readSelection() {
    const selection = getSelection();
    if (!selection.rangeCount || !this.editor.contains(selection.anchorNode) || !this.editor.contains(selection.focusNode)) {
      return null;
    }
    const anchor = this.offsetOf(selection.anchorNode, selection.anchorOffset);
    const focus = this.offsetOf(selection.focusNode, selection.focusOffset);
    if (anchor === null || focus === null) return null;
    return { start: Math.min(anchor, focus), end: Math.max(anchor, focus), backward: focus < anchor };
  }

  /// Puts the DOM selection at a plain-text selection.
  showSelection({ start, end, backward = false }) {
    const from = this.pointOf(backward ? end : start);
    const to = this.pointOf(backward ? start : end);
    getSelection().setBaseAndExtent(from.node, from.offset, to.node, to.offset);
  }

  /// The rectangle of the caret at `offset`, in viewport coordinates.
  caretRect(offset) {
    const point = this.pointOf(offset);
    const range = document.createRange();
    range.setStart(point.node, point.offset);
    const rect = range.getClientRects()[0] ?? range.getBoundingClientRect();
    if (rect.height > 0) return rect;
    const box = this.editor.getBoundingClientRect();
    return new DOMRect(box.left + 8, box.top + 8, 0, 20);
  }

  /// The plain text the DOM shows now: attachments read as their shortcodes. Used when the
  /// browser changed the DOM itself (an input method's composition).
  readText() {
    let text = "";
    const walk = (node) => {
      for (const child of node.childNodes) {
        if (child.nodeType === Node.TEXT_NODE) text += child.data;
        else if (child.dataset?.shortcode) text += child.dataset.shortcode;
        else if (child.nodeName === "BR") { if (child.nextSibling || node !== this.editor) text += "\n"; }
        else {
          if ((child.nodeName === "DIV" || child.nodeName === "P") && text && !text.endsWith("\n")) text += "\n";
          walk(child);
        }
      }
    };
    walk(this.editor);
    return text;
  }
}
