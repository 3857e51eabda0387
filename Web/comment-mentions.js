// The list `@` opens in the comment box: the people whose handle or name starts with what
// follows the `@`, chosen with the arrow keys and Enter (or Tab), or a click.

import { PEOPLE } from "/assets/comment-content.js";

// Case and accents do not matter: `zoe` finds zoë.
const fold = (text) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/// The `@query` that ends just before `offset` on its line of `text`, as {at, query}, or null.
export function mentionQueryBefore(text, offset) {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const match = /(?:^|[^\p{L}\p{N}_])@([\p{L}\p{N}\p{M}_]*)$/u.exec(text.slice(lineStart, offset));
  return match ? { at: offset - match[1].length - 1, query: match[1] } : null;
}

/// The popup list; `onChoose(person)` is called with the person chosen.
export class MentionList {
  constructor(container, { onChoose }) {
    this.element = document.createElement("ul");
    this.element.className = "comment-mentions";
    this.element.setAttribute("role", "listbox");
    this.element.hidden = true;
    // Keep the focus (and the caret) in the box while the mouse chooses.
    this.element.addEventListener("mousedown", (event) => event.preventDefault());
    container.append(this.element);
    this.onChoose = onChoose;
    this.matches = [];
    this.active = 0;
    this.at = null;
    this.dismissedAt = null;
  }

  get isOpen() { return !this.element.hidden; }

  /// Shows the people matching `query` for the `@` at plain offset `at`, below `caret` (a
  /// rectangle relative to the container); hides the list when nobody matches.
  show(at, query, caret) {
    if (at === this.dismissedAt) return this.hide();
    const wanted = fold(query);
    const matches = PEOPLE.filter((person) =>
      fold(person.handle).startsWith(wanted) || fold(person.name).split(" ").some((word) => word.startsWith(wanted)));
    if (!matches.length) return this.hide();
    const previous = this.matches[this.active];
    this.active = at === this.at && matches.includes(previous) ? matches.indexOf(previous) : 0;
    this.at = at;
    this.matches = matches;
    this.draw();
    this.element.style.left = `${Math.max(0, caret.left)}px`;
    this.element.style.top = `${caret.bottom + 4}px`;
    this.element.hidden = false;
  }

  hide() {
    this.element.hidden = true;
    this.at = null;
  }

  /// Hides the list because no `@` is being typed: a later `@` opens it again.
  close() {
    this.hide();
    this.dismissedAt = null;
  }

  draw() {
    this.element.replaceChildren(...this.matches.map((person, index) => {
      const item = document.createElement("li");
      item.setAttribute("role", "option");
      item.dataset.handle = person.handle;
      item.classList.toggle("active", index === this.active);
      item.setAttribute("aria-selected", String(index === this.active));
      const avatar = Object.assign(document.createElement("span"), { className: "avatar", textContent: [...person.name][0] });
      avatar.style.background = person.color;
      const handle = Object.assign(document.createElement("span"), { className: "handle", textContent: `@${person.handle}` });
      const name = Object.assign(document.createElement("span"), { className: "name", textContent: person.name });
      item.append(avatar, handle, name);
      item.addEventListener("click", () => this.onChoose(person));
      item.addEventListener("mousemove", () => { if (this.active !== index) { this.active = index; this.draw(); } });
      return item;
    }));
  }

  /// Handles a key while the list is open; true when the key was the list's.
  handleKey(event) {
    if (!this.isOpen) return false;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp":
        this.active = (this.active + (event.key === "ArrowDown" ? 1 : this.matches.length - 1)) % this.matches.length;
        this.draw();
        return true;
      case "Enter":
      case "Tab":
        this.onChoose(this.matches[this.active]);
        return true;
      case "Escape":
        this.dismissedAt = this.at;
        this.hide();
        return true;
      default:
        return false;
    }
  }
}
