// What a deleting key removes from the comment box's plain text, and the edit between two
// texts. The daemon may widen a deletion over an atomic span (`atomic: "expand"`); these only
// say what the key asked for.

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const words = new Intl.Segmenter(undefined, { granularity: "word" });

/// The start of the user-perceived character before `offset`.
function graphemeBefore(text, offset) {
  let start = 0;
  for (const { index } of graphemes.segment(text.slice(0, offset))) start = index;
  return start;
}

/// The end of the user-perceived character after `offset`.
function graphemeAfter(text, offset) {
  const [first] = graphemes.segment(text.slice(offset));
  return first ? offset + first.segment.length : offset;
}

/// The start of the last word before `offset`, with what follows it up to `offset`.
function wordBefore(text, offset) {
  let start = 0;
  for (const segment of words.segment(text.slice(0, offset))) if (segment.isWordLike) start = segment.index;
  return start;
}

/// The end of the first word after `offset`, with what precedes it.
function wordAfter(text, offset) {
  for (const segment of words.segment(text.slice(offset))) {
    if (segment.isWordLike) return offset + segment.index + segment.segment.length;
  }
  return text.length;
}

/// The edit ({offset, length, text: ""}) a `delete…` input type asks for, given the document
/// (its text and spans) and the selection; null when there is nothing to delete.
export function deletionRange(inputType, document, { start, end }) {
  const text = document.text;
  if (start !== end) return { offset: start, length: end - start, text: "" };
  let from = start;
  let to = start;
  switch (inputType) {
    case "deleteContentBackward":
      from = graphemeBefore(text, start);
      // The space the `@` list typed after a mention goes with it: one Backspace takes back
      // the whole choice. The edit reaches into the mention, and the daemon widens it.
      if (text[start - 1] === " " && document.spans.some((span) =>
        span.kind === "mention" && span.atomic && span.offset + span.length === start - 1)) {
        from = start - 2;
      }
      break;
    case "deleteContentForward":
      to = graphemeAfter(text, start);
      break;
    case "deleteWordBackward":
      from = wordBefore(text, start);
      break;
    case "deleteWordForward":
      to = wordAfter(text, start);
      break;
    case "deleteSoftLineBackward":
    case "deleteHardLineBackward":
      from = text.lastIndexOf("\n", start - 1) + 1;
      if (from === start) from = Math.max(0, start - 1);
      break;
    case "deleteSoftLineForward":
    case "deleteHardLineForward": {
      const lineEnd = text.indexOf("\n", start);
      to = lineEnd === -1 ? text.length : Math.max(lineEnd, start + 1);
      break;
    }
    default:
      return null;
  }
  return from === to ? null : { offset: from, length: to - from, text: "" };
}

const isHighSurrogate = (code) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code) => code >= 0xdc00 && code <= 0xdfff;

/// The one edit that turns `before` into `after`, never splitting a surrogate pair.
export function textDifference(before, after) {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  if (start > 0 && isHighSurrogate(before.charCodeAt(start - 1))) start -= 1;
  let end = 0;
  while (end < before.length - start && end < after.length - start
    && before[before.length - 1 - end] === after[after.length - 1 - end]) end += 1;
  if (end > 0 && isLowSurrogate(before.charCodeAt(before.length - end))) end -= 1;
  return { offset: start, length: before.length - start - end, text: after.slice(start, after.length - end) };
}
