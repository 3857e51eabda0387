// The Code demo's copy of one document's attributes, kept by "The client rule" of
// docs/PROTOCOL.md: attributes move with the page's own edits, a push for the current version
// is applied as is, and a push for an older version is first mapped through the edits the page
// made after it.
//
// Every offset here is in UTF-16 code units (the page negotiates `utf-16`, JavaScript's own
// string unit). The copy keeps one cell per unit, in three parallel arrays: plain, and cheap
// for the documents a playground holds (a 100 KB paste costs a copy of three arrays).

/** A change's attributes over `[offset, offset + styles.length)`, one cell per unit. */
class Piece {
  constructor(offset, styles, brackets, links) {
    this.offset = offset;
    this.styles = styles;
    this.brackets = brackets;
    this.links = links;
  }

  get end() { return this.offset + this.styles.length; }

  slice(from, to, offset) {
    return new Piece(offset, this.styles.slice(from, to), this.brackets.slice(from, to),
                     this.links.slice(from, to));
  }

  /// Where this piece lies after `edit`, made later on the text it describes: its cells move
  /// as the text moved, and the cells of the text the edit replaced are dropped (the push
  /// knew nothing of what was inserted there). Rule 3.
  mapped(edit) {
    const editEnd = edit.offset + edit.length;
    const growth = edit.text.length - edit.length;
    if (editEnd <= this.offset) {
      return [new Piece(this.offset + growth, this.styles, this.brackets, this.links)];
    }
    if (edit.offset >= this.end) return [this];
    const pieces = [];
    if (edit.offset > this.offset) pieces.push(this.slice(0, edit.offset - this.offset, this.offset));
    if (editEnd < this.end) {
      pieces.push(this.slice(editEnd - this.offset, this.styles.length, edit.offset + edit.text.length));
    }
    return pieces;
  }
}

/** `array` with `[offset, offset + length)` replaced by `count` copies of `value`: in place
 *  for a keystroke, by copying for a paste too large to pass as arguments. */
function spliced(array, offset, length, count, value) {
  if (count <= 4096) {
    array.splice(offset, length, ...new Array(count).fill(value));
    return array;
  }
  return array.slice(0, offset).concat(new Array(count).fill(value), array.slice(offset + length));
}

export class AttributeCopy {
  /// A copy of a document opened at `version` with `length` units: every unit has style 0
  /// until a push covers it.
  constructor(length, version) {
    this.styles = new Array(length).fill(null);
    this.brackets = new Array(length).fill(null);
    this.links = new Array(length).fill(null);
    this.reopen(version);
  }

  /// The document was opened again at `version` with the text the page has (after a
  /// rejection or a new session): pushes from before say nothing of it, and no edit needs
  /// mapping. The cells stay, so the text keeps its colours until the open's push (which
  /// covers the whole text) replaces them.
  reopen(version) {
    this.openVersion = version;
    this.history = [];
    this.pushedVersion = null;
  }

  get length() { return this.styles.length; }

  /// Rule 1: applies the page's own edits of `version` (each against the text the previous
  /// one left). Deleted text takes its cells along; inserted text has style 0, no bracket
  /// colour and no link until a push covers it.
  edit(version, edits) {
    for (const { offset, length, text } of edits) {
      this.styles = spliced(this.styles, offset, length, text.length, null);
      this.brackets = spliced(this.brackets, offset, length, text.length, null);
      this.links = spliced(this.links, offset, length, text.length, null);
    }
    this.history.push({ version, edits });
  }

  /// Rules 2 and 3: applies `textStorage/didProcessEditing`'s params (or a
  /// `textStorage/attributes` answer turned into one change). `style(id)` gives the style
  /// object of an id (null for style 0). Returns the ranges written (`{offset, end}` in the
  /// current text), or null for a push from before the document was last opened, which says
  /// nothing of the text the page has now.
  apply(push, style) {
    if (push.version < this.openVersion) return null;
    let pieces = push.changes.map((change) => this.piece(change, style));
    for (const { version, edits } of this.history) {
      if (version <= push.version) continue;
      for (const edit of edits) pieces = pieces.flatMap((piece) => piece.mapped(edit));
    }
    for (const piece of pieces) this.write(piece);
    // Pushes come in version order: no later push can be older than this one.
    this.history = this.history.filter(({ version }) => version > push.version);
    this.pushedVersion = push.version;
    return pieces.map((piece) => ({ offset: piece.offset, end: piece.end }));
  }

  /// A change as cells: runs expanded per unit, each bracket's colour on its units, each link
  /// one object shared by its units (so an edit inside a link leaves two parts of one link).
  piece(change, style) {
    // Runs cover exactly the change; the bounds checks keep a malformed push from shifting
    // cells outside it.
    const styles = new Array(change.length).fill(null);
    let at = 0;
    for (const [length, id] of change.runs) {
      const value = style(id);
      for (let i = 0; i < length && at < change.length; i++) styles[at++] = value;
    }
    const brackets = new Array(change.length).fill(null);
    const links = new Array(change.length).fill(null);
    const mark = (cells, range, value) => {
      const from = Math.max(0, range.offset - change.offset);
      const to = Math.min(change.length, range.offset + range.length - change.offset);
      for (let i = from; i < to; i++) cells[i] = value;
    };
    for (const bracket of change.brackets ?? []) mark(brackets, bracket, style(bracket.style));
    for (const link of change.links ?? []) mark(links, link, { target: link.target });
    return new Piece(change.offset, styles, brackets, links);
  }

  write(piece) {
    // A change reaching past the text would mean the copies disagree; cut it rather than
    // grow the text's cells (the next push or a resynchronisation puts it right).
    const count = Math.max(0, Math.min(piece.styles.length, this.length - piece.offset));
    for (let i = 0; i < count; i++) {
      this.styles[piece.offset + i] = piece.styles[i];
      this.brackets[piece.offset + i] = piece.brackets[i];
      this.links[piece.offset + i] = piece.links[i];
    }
  }
}

/// The smallest edit that turns `before` into `after`, as a textarea reports only its new
/// value. `caret` (the selection's end after the input) places the edit within a run of equal
/// characters the way the user made it. Never cuts a surrogate pair, so every offset sent is
/// at a character boundary.
export function diffTexts(before, after, caret = after.length) {
  const growth = after.length - before.length;
  let limit = Math.min(before.length, after.length, Math.max(0, caret - Math.max(0, growth)));
  let start = 0;
  while (start < limit && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  const room = Math.min(before.length, after.length) - start;
  while (end < room && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++;
  if (start === before.length && start === after.length) return null;
  if (start > 0 && isHighSurrogate(before.charCodeAt(start - 1))) start--;
  if (end > 0 && isLowSurrogate(before.charCodeAt(before.length - end))) end--;
  if (start + end === before.length && start + end === after.length) return null;
  return { offset: start, length: before.length - start - end, text: after.slice(start, after.length - end) };
}

const isHighSurrogate = (unit) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit) => unit >= 0xdc00 && unit <= 0xdfff;
