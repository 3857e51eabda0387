// What the comment box knows besides the daemon: the people one can mention, the shortcodes
// and the images drawn for them, the span rules made from both, and the two ways the page
// shows a FormattableContent block (as JSON, and rendered as a posted comment).

/// The people the `@` list offers; a mention is an atomic span only when it names one.
export const PEOPLE = [
  { handle: "alice", name: "Alice Liddell", color: "#c084fc" },
  { handle: "bob", name: "Bob Kahn", color: "#60a5fa" },
  { handle: "陈明", name: "Chen Ming", color: "#f97316" },
  { handle: "zoë", name: "Zoë Saldaña", color: "#34d399" },
];

const svg = (body) => "data:image/svg+xml," + encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${body}</svg>`);

/// The attachment images by the names the span rules' table gives, drawn here.
export const IMAGES = {
  "like.svg": svg('<rect width="24" height="24" rx="6" fill="#f59e0b"/>'
    + '<path fill="#fff" d="M4.5 11h3.2v8.5H4.5z"/>'
    + '<path fill="#fff" d="M8.8 19.5V11l3.4-5.9c.4-.7 1.2-.9 1.8-.5.6.3.8 1 .6 1.7L13.7 10h4.4c1.2 0 2 1 1.8 2.1l-1.3 5.9c-.2.9-1 1.5-1.8 1.5z"/>'),
  "ok.svg": svg('<circle cx="12" cy="12" r="11" fill="#22c55e"/>'
    + '<path d="M6.5 12.5l3.5 3.5 7.5-8" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>'),
  "heart.svg": svg('<path fill="#ef4444" d="M12 21s-8.5-5.2-8.5-11.3C3.5 6.8 5.7 4.5 8.4 4.5c1.6 0 2.9.8 3.6 2 .7-1.2 2-2 3.6-2 2.7 0 4.9 2.3 4.9 5.2C20.5 15.8 12 21 12 21z"/>'
    + '<path d="M7 9.2c.3-1.2 1.2-2 2.3-2.1" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="1.5" stroke-linecap="round"/>'),
};

/// The shortcodes and their attachments: an image, emoji text, or both (the box draws the image).
export const SHORTCODES = {
  "[赞]": { image: "like.svg", text: "👍" },
  "[ok]": { image: "ok.svg" },
  "[心]": { image: "heart.svg", text: "❤️" },
  "[笑]": { text: "😄" },
  "[酷]": { text: "😎" },
};

const escapeRegex = (text) => text.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");

/// The document's span rules: mentions of the people above (atomic, unbreakable, not inside
/// a longer word) and the shortcodes of the table (atomic).
export const SPAN_RULES = [
  {
    kind: "mention",
    pattern: `(?<![\\p{L}\\p{N}_])@(?:${PEOPLE.map((person) => escapeRegex(person.handle)).join("|")})(?![\\p{L}\\p{N}\\p{M}_])`,
    atomic: true,
    unbreakable: true,
  },
  { kind: "shortcode", pattern: "\\[[^\\[\\]\\n]+\\]", atomic: true, table: SHORTCODES },
];

/// A JSON text for people: arrays of numbers on one line, a range's `type` and `indices` first.
export function formatJSON(value, indent = "") {
  if (Array.isArray(value)) {
    if (value.every((item) => item === null || typeof item !== "object")) {
      return `[${value.map((item) => JSON.stringify(item)).join(", ")}]`;
    }
    const inner = indent + "  ";
    return value.length ? `[\n${value.map((item) => inner + formatJSON(item, inner)).join(",\n")}\n${indent}]` : "[]";
  }
  if (value !== null && typeof value === "object") {
    // A block reads text first; a range, type and indices first.
    const { text, ranges, type, indices, ...rest } = value;
    const ordered = type !== undefined ? { type, indices, text, ranges, ...rest } : { text, ranges, ...rest };
    for (const key of Object.keys(ordered)) if (ordered[key] === undefined) delete ordered[key];
    const entries = Object.entries(ordered).map(([key, item]) => [JSON.stringify(key), item]);
    const inner = indent + "  ";
    return entries.length
      ? `{\n${entries.map(([key, item]) => `${inner}${key}: ${formatJSON(item, inner)}`).join(",\n")}\n${indent}}`
      : "{}";
  }
  return JSON.stringify(value);
}

/// `formatJSON`'s text as coloured nodes.
export function highlightJSON(text) {
  const nodes = [];
  const token = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b/g;
  let at = 0;
  for (const match of text.matchAll(token)) {
    if (match.index > at) nodes.push(text.slice(at, match.index));
    const span = document.createElement("span");
    span.className = match[2] ? "json-key" : match[1] ? "json-string" : match[3] ? "json-number" : "json-literal";
    span.textContent = match[1] ?? match[0];
    nodes.push(span);
    if (match[2]) nodes.push(match[2]);
    at = match.index + match[0].length;
  }
  nodes.push(text.slice(at));
  return nodes;
}

/// A posted comment drawn from its FormattableContent block alone, as a reader's app would:
/// mentions as profile links, shortcodes as their attachments, links as links.
export function renderContent(content) {
  const body = document.createElement("p");
  const ranges = [...content.ranges].sort((a, b) => a.indices[0] - b.indices[0]);
  let at = 0;
  for (const range of ranges) {
    const [start, end] = range.indices;
    if (start < at) continue;
    body.append(content.text.slice(at, start));
    const piece = content.text.slice(start, end);
    let node;
    if (range.type === "shortcode" && range.image && IMAGES[range.image]) {
      node = Object.assign(document.createElement("img"), { src: IMAGES[range.image], alt: range.shortcode });
      node.className = "attachment";
    } else if (range.type === "shortcode" && range.text) {
      node = Object.assign(document.createElement("span"), { className: "attachment", textContent: range.text });
    } else if (range.type === "link" && /^(https?|mailto):/i.test(range.url ?? "")) {
      node = Object.assign(document.createElement("a"), { href: range.url, target: "_blank", rel: "noopener", textContent: piece });
    } else {
      node = Object.assign(document.createElement("span"), { className: range.type === "mention" ? "mention" : "span", textContent: piece });
    }
    node.title = range.shortcode ?? range.url ?? piece;
    body.append(node);
    at = end;
  }
  body.append(content.text.slice(at));
  return body;
}
