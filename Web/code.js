// The Code demo: an editor whose colours come from the daemon as the user types.
//
// The page opens one document per language (a sample to edit), sends every change of the
// textarea as `textStorage/edit` with UTF-16 offsets, and paints the attribute pushes
// (`textStorage/didProcessEditing`) by the client rule of docs/PROTOCOL.md
// (code-attributes.js). Bracket pairs come with the pushes, links are clickable, hovering
// inspects the token (code-inspector.js), and the caret's bracket partner and language are
// asked for as the caret moves. A rejected edit, or a lost session, ends in the document
// being opened again with the page's text: the page's text is the truth.
//
// For tests: `section.dataset.version` is the version of the last push painted,
// `section.dataset.documentVersion` the page's own version, and `window.__playground.code`
// is this demo (its `rpc`, `view`, `attributes`, `stats`).

import { RPC } from "/assets/rpc.js";
import { AttributeCopy, diffTexts } from "/assets/code-attributes.js";
import { CodeView } from "/assets/code-view.js";
import { Inspector } from "/assets/code-inspector.js";
import { extensions, sampleFor } from "/assets/code-samples.js";

/** A plain-text document whose one character shows the theme's default colours (style 0,
 *  which pushes never define) when inspected. */
const PROBE_URI = "file:///playground/code/theme-probe.txt";
const BUNDLED_THEMES = ["dark", "light"];

export function start(section, { setConnectionState }) {
  if (!document.querySelector("link[href='/assets/code.css']")) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = "/assets/code.css";
    document.head.append(link);
  }
  const demo = new CodeDemo(section, setConnectionState);
  window.__playground = Object.assign(window.__playground ?? {}, { code: demo });
  return demo.connect();
}

class CodeDemo {
  constructor(section, setConnectionState) {
    this.section = section;
    this.setConnectionState = setConnectionState ?? (() => {});
    const parameters = new URLSearchParams(location.search);
    this.theme = parameters.get("theme");         // null: the server's own (`web --theme`)
    this.languageId = parameters.get("language") ?? "rust";
    this.languages = [];                           // from `initialize`
    this.texts = new Map();                        // languageId → the text as last edited
    this.styles = new Map();                       // style id → definition, per session
    this.version = 0;                              // the last version sent (all documents)
    this.ready = false;                            // initialized and the document open
    this.stats = { reopens: 0, reconnects: 0, rejections: 0 };
    this.rpc = new RPC("code");
    this.build();
  }

  build() {
    const toolbar = document.createElement("div");
    toolbar.className = "code-toolbar";
    this.languagePicker = picker(toolbar, "Language", "code-language");
    this.themePicker = picker(toolbar, "Theme", "code-theme");
    this.listThemes([], null);
    this.message = document.createElement("span");
    this.message.className = "code-message";
    toolbar.append(this.message);
    this.section.append(toolbar);

    this.view = new CodeView(this.section);
    this.status = document.createElement("div");
    this.status.className = "code-status";
    const hint = document.createElement("div");
    hint.className = "code-hint";
    hint.textContent = "Type to highlight as you go · hover a token to inspect it · Ctrl-click (⌘-click) a link to open it";
    this.section.append(this.status, hint);

    this.text = sampleFor(this.languageId);
    this.view.setText(this.text);
    this.attributes = new AttributeCopy(this.text.length, 0);
    this.paint();

    this.inspector = new Inspector(this.view, {
      ask: (offset) => this.ready ? this.rpc.request("textStorage/inspect", { uri: this.uri, offset }) : null,
      linkAt: (offset) => this.attributes.links[offset] ?? null,
    });
    this.view.input.addEventListener("input", () => this.textChanged());
    this.view.input.addEventListener("click", (event) => this.openLink(event));
    this.view.input.addEventListener("scroll", () => this.later("viewport", 100, () => this.sendViewport()));
    document.addEventListener("selectionchange", () => this.caretMoved());
    this.view.input.addEventListener("keyup", () => this.caretMoved());
    this.view.input.addEventListener("mouseup", () => this.caretMoved());
    this.languagePicker.addEventListener("change", () => this.switchLanguage(this.languagePicker.value));
    this.themePicker.addEventListener("change", () => this.switchTheme(this.themePicker.value));
  }

  get uri() {
    return `file:///playground/code/sample.${extensions[this.languageId] ?? "txt"}`;
  }

  /// Connects and starts the first session; later sessions start on "reconnected".
  async connect() {
    this.rpc.on("textStorage/didProcessEditing", (params) => this.pushed(params));
    this.rpc.on("textStorage/didReject", (params) => this.rejected(params));
    this.rpc.on("window/logMessage", (params) => {
      if (params.type <= 2) this.say(params.message);
    });
    this.rpc.addEventListener("open", () => this.setConnectionState("open"));
    this.rpc.addEventListener("close", () => {
      this.ready = false;
      this.setConnectionState("closed");
      this.say("Connection lost: reconnecting…");
    });
    this.rpc.addEventListener("reconnected", () => {
      this.stats.reconnects += 1;
      this.session().then((started) => started && this.say("Reconnected: the document was opened again."));
    });
    try {
      await this.rpc.connect();
    } catch {
      this.say("No connection yet: retrying…");
      return; // RPC retries and fires "reconnected"
    }
    await this.session();
  }

  /// Initializes a daemon session and opens the document with the page's text; true once
  /// done. Style ids belong to a session, so the table starts empty; the cells keep the style
  /// objects they have until the open's push replaces them.
  async session() {
    this.ready = false;
    this.styles.clear();
    let result;
    try {
      result = await this.rpc.request("initialize", {
        processId: null,
        clientInfo: { name: "highlightd playground: code" },
        capabilities: { general: { positionEncodings: ["utf-16"] } },
        initializationOptions: { attributeDeltas: true, ...(this.theme ? { theme: this.theme } : {}) },
      });
    } catch {
      return false; // the session closed before answering; the next one starts over
    }
    if (result.capabilities.positionEncoding !== "utf-16") {
      this.say(`The daemon counts in ${result.capabilities.positionEncoding}, not UTF-16: cannot edit.`);
      return false;
    }
    this.rpc.notify("initialized", {});
    const storage = result.capabilities.experimental?.textStorage ?? {};
    this.listLanguages(storage.languages ?? []);
    this.listThemes(storage.themes ?? [], storage.theme);
    this.rpc.notify("textDocument/didOpen", {
      textDocument: { uri: PROBE_URI, languageId: "plaintext", version: 1, text: "x" },
    });
    this.open();
    await this.readDefaults();
    return true;
  }

  listLanguages(languages) {
    this.languages = languages;
    const label = (language) => language.aliases?.[0] ?? language.id;
    const sorted = [...languages].sort((a, b) => label(a).localeCompare(label(b)));
    this.languagePicker.replaceChildren(...sorted.map((language) => new Option(label(language), language.id)));
    if (!languages.some((language) => language.id === this.languageId)) {
      this.languagePicker.append(new Option(this.languageId, this.languageId));
    }
    this.languagePicker.value = this.languageId;
  }

  /// The themes the session may switch to (`initialize` lists the bundled ones, then each
  /// extension's: `web --extensions`), the current one selected: the one picked here, else
  /// the session's own (`web --theme`), whose label `highlightd dark` names `dark`.
  listThemes(themes, current) {
    const names = themes.length ? themes.map((theme) => theme.label) : [...BUNDLED_THEMES];
    const bundled = /^highlightd (\w+)$/.exec(current ?? "")?.[1];
    const selected = this.theme ?? (names.includes(bundled) ? bundled : current) ?? "dark";
    if (!names.includes(selected)) names.push(selected);
    this.themePicker.replaceChildren(...names.map((name) => new Option(name, name)));
    this.themePicker.value = selected;
  }

  /// Opens (or opens again) the document with the page's text, as a new version.
  open() {
    this.version += 1;
    this.attributes.reopen(this.version);
    this.rpc.notify("textDocument/didOpen", {
      textDocument: { uri: this.uri, languageId: this.languageId, version: this.version, text: this.text },
    });
    this.ready = this.rpc.isOpen;
    this.reopening = true;
    this.section.dataset.documentVersion = String(this.version);
    this.sendViewport();
    this.caretMoved();
  }

  /// Style 0's colours: the theme's defaults, read from the probe document.
  async readDefaults() {
    try {
      const answer = await this.rpc.request("textStorage/inspect", { uri: PROBE_URI, offset: 0 });
      this.view.setDefaults({ foreground: answer.foreground, background: answer.background });
      this.section.dataset.theme = this.themePicker.value;
    } catch {
      // The session closed; the next one reads them again.
    }
  }

  /// Every change of the textarea (typing, IME, paste, undo) becomes one edit, now.
  textChanged() {
    const text = this.view.text;
    const edit = diffTexts(this.text, text, this.view.input.selectionEnd);
    this.text = text;
    this.texts.set(this.languageId, text);
    if (!edit) return;
    this.version += 1;
    this.view.setMatched([]); // its offsets are the old text's
    this.attributes.edit(this.version, [edit]);
    this.view.edited(edit);
    if (this.ready) {
      this.rpc.notify("textStorage/edit", { uri: this.uri, version: this.version, edits: [edit] });
    }
    this.section.dataset.documentVersion = String(this.version);
    this.paint();
  }

  pushed(params) {
    for (const [id, definition] of Object.entries(params.styles ?? {})) {
      this.styles.set(Number(id), { ...definition });
    }
    if (params.uri !== this.uri) return;
    const written = this.attributes.apply(params, (id) => (id === 0 ? null : this.styles.get(id) ?? null));
    if (!written) return;
    for (const { offset, end } of written) this.view.invalidate(offset, end);
    this.reopening = false;
    this.paint();
  }

  /// A rejected edit leaves the daemon's text unlike the page's: open the document again.
  /// The rejections of edits sent before that reopening arrive after it, and are ignored.
  rejected(params) {
    this.stats.rejections += 1;
    if (params.uri !== this.uri || this.reopening || !this.ready) return;
    this.stats.reopens += 1;
    this.say(`The daemon rejected ${params.method} (${params.message}): document sent again.`);
    this.open();
  }

  switchLanguage(languageId) {
    if (languageId === this.languageId) return;
    const wasReady = this.ready;
    if (wasReady) this.rpc.notify("textDocument/didClose", { textDocument: { uri: this.uri } });
    this.languageId = languageId;
    const alias = this.languages.find((language) => language.id === languageId)?.aliases?.[0];
    this.text = this.texts.get(languageId) ?? sampleFor(languageId, alias);
    this.view.setText(this.text);
    this.attributes = new AttributeCopy(this.text.length, 0);
    if (wasReady) this.open(); // else the next session opens it
    this.paint();
  }

  /// Switches the session's theme: the daemon pushes every open document again with style
  /// ids defined anew; style 0's colours are read again from the probe.
  async switchTheme(theme) {
    this.theme = theme;
    if (!this.ready) return;
    this.rpc.notify("workspace/didChangeConfiguration", { settings: { highlightd: { theme } } });
    await this.readDefaults();
  }

  openLink(event) {
    if (!(event.ctrlKey || event.metaKey)) return;
    const offset = this.view.offsetAtPoint(event.clientX, event.clientY);
    const link = offset === null ? null : this.attributes.links[offset];
    if (!link) return;
    event.preventDefault();
    window.open(link.target, "_blank", "noopener,noreferrer");
  }

  sendViewport() {
    if (!this.ready) return;
    this.rpc.notify("textStorage/viewport", {
      uri: this.uri, viewId: "code", range: this.view.visibleRange(this.text),
    });
  }

  /// The caret's line and column, the language there (a Markdown fence's own) and the
  /// bracket pair it touches, asked for once the caret rests.
  caretMoved() {
    if (document.activeElement !== this.view.input && !this.section.contains(document.activeElement)) return;
    this.later("caret", 80, async () => {
      const caret = this.view.input.selectionEnd;
      const line = this.view.lineAt(caret);
      const character = caret - this.view.lineStarts[line];
      this.caret = { line, character };
      this.showStatus();
      if (!this.ready) return;
      const version = this.version;
      const uri = this.uri;
      try {
        const [language, pair] = await Promise.all([
          this.rpc.request("textStorage/language", { textDocument: { uri }, position: { line, character } }),
          this.bracketPair(uri, caret),
        ]);
        if (version !== this.version || uri !== this.uri) return; // the text moved on
        this.caretLanguage = language.languageId;
        this.view.setMatched(pair ? [pair.bracket, pair.partner] : []);
        this.showStatus();
        this.paint();
      } catch {
        // The session closed; the caret is asked about again when it moves.
      }
    });
  }

  /// The pair of the bracket after the caret, else of the one before it.
  async bracketPair(uri, caret) {
    const after = await this.rpc.request("textStorage/matchBracket", { uri, offset: caret });
    if (after || caret === 0) return after;
    return this.rpc.request("textStorage/matchBracket", { uri, offset: caret - 1 });
  }

  /// Paints once per frame, however many edits and pushes came in it.
  paint() {
    if (this.paintRequested) return;
    this.paintRequested = true;
    requestAnimationFrame(() => {
      this.paintRequested = false;
      this.view.paint(this.text, this.attributes);
      if (this.attributes.pushedVersion !== null) this.section.dataset.version = String(this.attributes.pushedVersion);
      this.showStatus();
    });
  }

  showStatus() {
    const caret = this.caret ? `Ln ${this.caret.line + 1}, Col ${this.caret.character + 1} · ` : "";
    const inner = this.caretLanguage && this.caretLanguage !== this.languageId ? ` (${this.caretLanguage} at the caret)` : "";
    const pushed = this.attributes.pushedVersion ?? "—";
    this.status.textContent = `${caret}${this.languageId}${inner} · ${this.text.length} UTF-16 units · version ${this.version}, painted ${pushed}`;
  }

  say(message) {
    this.message.textContent = message;
    this.message.title = message;
  }

  /// Runs `action` once `delay` ms pass without another call of the same `name`.
  later(name, delay, action) {
    this.timers ??= new Map();
    clearTimeout(this.timers.get(name));
    this.timers.set(name, setTimeout(action, delay));
  }
}

function picker(toolbar, label, className) {
  const wrapper = document.createElement("label");
  wrapper.textContent = `${label} `;
  const select = document.createElement("select");
  select.className = className;
  wrapper.append(select);
  toolbar.append(wrapper);
  return select;
}
