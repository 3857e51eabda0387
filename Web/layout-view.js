// What the story and animation demos share: one plain-text document kept laid out by the
// daemon (`textStorage/layout` once, then `textStorage/didLayout` splices), the splice rule,
// and the geometry a caret needs (docs/PROTOCOL.md, "Layout: line fragments for graphical
// clients"). Drawing is each demo's own.
import { RPC } from "/assets/rpc.js";

/// A document in a daemon session of its own, its text kept in step with the daemon's by
/// edits, and its line fragments by splices. Set `onLayout(change)` to draw: `change` is
/// `{kind: "reset"}` after a full layout, or `{kind: "splice", splice, removed}`; set
/// `onEdit(edit, version)` to follow each edit as it is sent.
export class LayoutSession {
  constructor({ name, uri, params, text = "", setConnectionState = () => {} }) {
    this.name = name;
    this.uri = uri;
    this.params = params;
    this.text = text;
    this.version = 1;
    this.snapshots = new Map([[1, text]]);
    this.fragments = null;
    this.layoutVersion = 0;
    this.ready = false;
    this.awaitingLayout = false;
    this.stats = { sessions: 0, layoutRequests: 0, splicesApplied: 0, editsSent: 0 };
    this.onLayout = () => {};
    this.onEdit = () => {};
    this.setConnectionState = setConnectionState;
  }

  /// Connects, opens the document and lays it out; after a lost connection, does it again.
  async start() {
    this.rpc = new RPC(this.name);
    this.rpc.on("textStorage/didLayout", (params) => this.receiveSplice(params));
    this.rpc.addEventListener("open", () => this.setConnectionState("open"));
    this.rpc.addEventListener("close", () => { this.ready = false; this.setConnectionState("closed"); });
    this.rpc.addEventListener("reconnected", () => this.begin().catch(() => {}));
    await this.rpc.connect();
    await this.begin();
  }

  async begin() {
    this.ready = false;
    const answer = await this.rpc.request("initialize", {
      processId: null, capabilities: { general: { positionEncodings: ["utf-16"] } },
      initializationOptions: { bracketPairs: false } });
    if (answer.capabilities.positionEncoding !== "utf-16") throw new Error("the daemon did not take utf-16");
    this.rpc.notify("initialized", {});
    this.stats.sessions += 1;
    await this.reopen();
  }

  /// Opens the document with the text as it is now (at the version it has now, so that
  /// snapshots stay valid) and asks for a full layout, subscribed.
  async reopen() {
    if (this.ready) this.rpc.notify("textDocument/didClose", { textDocument: { uri: this.uri } });
    this.rpc.notify("textDocument/didOpen", { textDocument: {
      uri: this.uri, languageId: "plaintext", version: this.version, text: this.text } });
    this.ready = true;
    await this.requestLayout();
  }

  /// The one full layout of a session (or after new parameters); splices follow it.
  async requestLayout() {
    this.stats.layoutRequests += 1;
    this.awaitingLayout = true;
    try {
      const result = await this.rpc.request("textStorage/layout", { uri: this.uri, ...this.params, subscribe: true });
      this.fragments = result.fragments;
      this.layoutVersion = result.version;
      this.forgetSnapshotsBefore(result.version);
      this.onLayout({ kind: "reset" });
    } finally {
      this.awaitingLayout = false;
    }
  }

  receiveSplice(splice) {
    // Splices follow the layout they change; one for an older layout is stale.
    if (splice.uri !== this.uri || this.awaitingLayout || !this.fragments) return;
    if (splice.version < this.layoutVersion) return;
    const removed = applySplice(this.fragments, splice);
    this.layoutVersion = splice.version;
    this.stats.splicesApplied += 1;
    this.forgetSnapshotsBefore(splice.version);
    this.onLayout({ kind: "splice", splice, removed });
  }

  /// Sends the difference between the text and `newText` as one edit; `caret` (the
  /// selection's end after the change) decides where a change among repeated letters went.
  replaceText(newText, caret = newText.length) {
    const edit = difference(this.text, newText, caret);
    if (!edit) return;
    this.text = newText;
    this.version += 1;
    this.snapshots.set(this.version, newText);
    this.onEdit(edit, this.version);
    if (!this.ready) return; // The next didOpen carries the text.
    this.stats.editsSent += 1;
    this.rpc.request("textStorage/edit", { uri: this.uri, version: this.version, edits: [edit] })
      .catch((error) => {
        // A refused edit leaves the daemon's text unlike ours: open it again (a lost
        // connection has no code; "reconnected" opens it).
        if (error.code !== undefined && this.ready) this.reopen().catch(() => {});
      });
  }

  /// The text at `version` (one that was laid out or sent), the text fragments index into.
  textAt(version) { return this.snapshots.get(version) ?? this.text; }

  /// The text of one fragment of the current layout.
  fragmentText(fragment) {
    const { offset, length } = fragment.range;
    return this.textAt(this.layoutVersion).slice(offset, offset + length);
  }

  forgetSnapshotsBefore(version) {
    for (const key of this.snapshots.keys()) if (key < version) this.snapshots.delete(key);
  }

  /// The socket is closed as a lost connection would be (tests use it); RPC reconnects.
  dropConnection() { this.rpc.socket?.close(); }
}

/// The client rule for layout: replaces `deleteCount` fragments from `start` with the
/// splice's, then moves every later fragment by `rangeDelta` units and `yDelta` pixels.
/// Returns the fragments taken out.
export function applySplice(fragments, { start, deleteCount, fragments: inserted, rangeDelta, yDelta }) {
  const removed = fragments.splice(start, deleteCount, ...inserted);
  if (rangeDelta === 0 && yDelta === 0) return removed;
  for (let index = start + inserted.length; index < fragments.length; index += 1) {
    fragments[index] = moved(fragments[index], rangeDelta, yDelta);
  }
  return removed;
}

function moved(fragment, rangeDelta, yDelta) {
  const range = ({ offset, length }) => ({ offset: offset + rangeDelta, length });
  const rect = ([x, y, width, height]) => [x, y + yDelta, width, height];
  const result = { ...fragment, range: range(fragment.range), rect: rect(fragment.rect), baseline: fragment.baseline + yDelta };
  if (fragment.background) result.background = rect(fragment.background);
  if (fragment.clusters) {
    result.clusters = fragment.clusters.map((cluster) => ({ ...cluster, range: range(cluster.range), rect: rect(cluster.rect) }));
  }
  return result;
}

/// The edit `{offset, length, text}` (UTF-16 units) that turns `before` into `after`, or null.
/// The kept suffix never reaches before `caret`, so typing "a" between two a's inserts there.
export function difference(before, after, caret) {
  if (before === after) return null;
  let suffix = 0;
  const maxSuffix = Math.min(before.length, after.length - Math.max(0, Math.min(caret, after.length)));
  while (suffix < maxSuffix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix += 1;
  let prefix = 0;
  const maxPrefix = Math.min(before.length, after.length) - suffix;
  while (prefix < maxPrefix && before[prefix] === after[prefix]) prefix += 1;
  // Never split a surrogate pair: the daemon refuses offsets inside one.
  if (prefix > 0 && isHighSurrogate(before.charCodeAt(prefix - 1))) prefix -= 1;
  if (suffix > 0 && isLowSurrogate(before.charCodeAt(before.length - suffix))) suffix -= 1;
  return { offset: prefix, length: before.length - prefix - suffix, text: after.slice(prefix, after.length - suffix) };
}

const isHighSurrogate = (unit) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit) => unit >= 0xdc00 && unit <= 0xdfff;
export const isLineBreak = (text) => /^[\r\n\u2028\u2029\u0085]+$/.test(text);

/// Loads the very font file the daemon shapes with for the fontconfig name `name`
/// (`GET /fonts/<name>`) as the CSS family `family`.
export async function loadServedFont(family, name) {
  const face = new FontFace(family, `url("/fonts/${encodeURIComponent(name)}")`);
  await face.load();
  document.fonts.add(face);
}

/// Adds a stylesheet of the page's assets once; resolves when it applies.
export function useStylesheet(name) {
  const href = `/assets/${name}`;
  const existing = document.querySelector(`link[href="${href}"]`);
  if (existing) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    link.onload = resolve;
    link.onerror = () => reject(new Error(`${href} did not load`));
    document.head.append(link);
  });
}
