// The Code demo's inspector: hovering a character asks `textStorage/inspect` what the daemon
// knows of its token (scopes, theme rule, style, kind) and shows it in a small tooltip, as VS
// Code's "Inspect Editor Tokens and Scopes" does.

const HOVER_DELAY = 250; // ms the pointer rests before asking, so moving across text is quiet

export class Inspector {
  /// `ask(offset)` resolves to the inspect answer for the character at `offset` (or null);
  /// `linkAt(offset)` gives the link there (or null).
  constructor(view, { ask, linkAt }) {
    this.view = view;
    this.ask = ask;
    this.linkAt = linkAt;
    this.element = document.createElement("div");
    this.element.className = "code-inspector";
    this.element.hidden = true;
    this.element.setAttribute("role", "tooltip");
    document.body.append(this.element);
    this.timer = null;
    this.shown = null; // offset shown

    const input = view.input;
    input.addEventListener("mousemove", (event) => this.pointerMoved(event));
    input.addEventListener("mouseleave", () => this.hide());
    input.addEventListener("keydown", () => this.hide());
    input.addEventListener("scroll", () => this.hide());
  }

  pointerMoved(event) {
    const offset = this.view.offsetAtPoint(event.clientX, event.clientY);
    // Ctrl/⌘ over a link: the pointer says it opens, as in an editor.
    const linked = offset !== null && this.linkAt(offset) && (event.ctrlKey || event.metaKey);
    this.view.input.style.cursor = linked ? "pointer" : "";
    if (offset === this.shown) return;
    this.hide();
    if (offset === null) return;
    const { clientX, clientY } = event;
    this.timer = setTimeout(() => this.show(offset, clientX, clientY), HOVER_DELAY);
  }

  async show(offset, x, y) {
    let answer;
    try {
      answer = await this.ask(offset);
    } catch {
      return; // the session closed or the text moved on; the next hover asks again
    }
    if (!answer) return;
    this.render(answer, this.linkAt(offset));
    this.shown = offset;
    this.element.dataset.offset = String(offset);
    this.element.hidden = false;
    const box = this.element.getBoundingClientRect();
    const left = Math.min(x + 12, window.innerWidth - box.width - 8);
    const top = y + 18 + box.height > window.innerHeight ? y - box.height - 8 : y + 18;
    this.element.style.left = `${Math.max(8, left)}px`;
    this.element.style.top = `${Math.max(8, top)}px`;
  }

  hide() {
    clearTimeout(this.timer);
    this.timer = null;
    this.shown = null;
    this.element.hidden = true;
  }

  /// Fills the tooltip with DOM text only: scope names and text come from the document.
  render(answer, link) {
    const row = (className, ...children) => {
      const element = document.createElement("div");
      element.className = className;
      element.append(...children);
      return element;
    };
    const span = (className, text) => {
      const element = document.createElement("span");
      element.className = className;
      element.textContent = text;
      return element;
    };
    const swatch = span("code-swatch", "");
    swatch.style.background = answer.foreground;
    const fontStyle = answer.fontStyle ? ` ${answer.fontStyle}` : "";
    const scopes = row("code-inspector-scopes");
    answer.scopes.forEach((scope, depth) => {
      const line = span("code-inspector-scope", scope);
      line.style.paddingLeft = `${depth * 8}px`;
      scopes.append(line);
    });
    this.element.replaceChildren(
      row("code-inspector-head", span("code-inspector-text", JSON.stringify(answer.text)),
          span("code-inspector-kind", `${answer.tokenKind} · ${answer.languageId ?? "plain text"}`)),
      scopes,
      row("code-inspector-style", swatch, `${answer.foreground}${fontStyle} · rule: ${answer.themeRule ?? "default"}`
          + (answer.semanticTokenType ? ` · ${answer.semanticTokenType}` : "")),
    );
    if (link) this.element.append(row("code-inspector-link", `${link.target} — Ctrl-click or ⌘-click to open`));
  }
}
