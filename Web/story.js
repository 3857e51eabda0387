// The story demo: Instagram's Type Mode ("Building Type Mode for Stories"), drawn from the
// daemon's layout. Every line is fit-sized (`paragraphStyle.fit`), its rounded background
// joins the lines around it, and typing changes only the lines the daemon's
// `textStorage/didLayout` splices name: one full layout per session, splices after it.
import { LayoutSession, isLineBreak, loadServedFont, useStylesheet } from "/assets/layout-view.js";
import { TypingSurface, element, place } from "/assets/typing-surface.js";

const FONT = "DejaVu Sans:bold";
const FAMILY = "Story Text";
const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 320;
const CARD_HEIGHT = 568;
const PADDING = { horizontalPadding: 10, verticalPadding: 4, cornerRadius: 10 };
const INSETS = { top: 24, left: 24, bottom: 24, right: 24 };
export const PARAMS = {
  containers: [{ width: WIDTH, insets: INSETS }],
  fonts: { primary: FONT, size: 32 },
  paragraphStyle: { fit: [24, 64], background: PADDING },
  clusters: true,
};
// Colour schemes change drawing only, never the layout.
const SCHEMES = [
  { name: "white", fill: "#ffffff", ink: "#111111" },
  { name: "black", fill: "#111111", ink: "#ffffff" },
  { name: "yellow", fill: "#ffd84d", ink: "#1b1b1b" },
  { name: "pink", fill: "#ff4f8b", ink: "#ffffff" },
];

export async function start(section, { setConnectionState } = {}) {
  await Promise.all([useStylesheet("typing-surface.css"), useStylesheet("story.css"), loadServedFont(FAMILY, FONT)]);
  const view = new StoryView(section, setConnectionState);
  window.__playground = Object.assign(window.__playground ?? {}, { story: view });
  await view.session.start();
}

/// The story card: a line element per fragment (kept in step with the fragments by the same
/// splices), one outline behind them for the joined backgrounds, and the typing surface.
class StoryView {
  constructor(section, setConnectionState) {
    this.params = PARAMS;
    this.session = new LayoutSession({ name: "story", uri: "file:///story.txt", params: PARAMS, setConnectionState });
    this.lines = [];
    this.build(section);
    this.surface = new TypingSurface(this.stage, this.session, { placeholder: "Tap to type your story" });
    this.session.onLayout = (change) => this.draw(change);
  }

  build(section) {
    section.classList.add("story-demo");
    this.card = element("div", "story-card");
    this.stage = element("div", "story-stage");
    this.stage.style.width = `${WIDTH}px`;
    this.backdrop = document.createElementNS(SVG, "svg");
    this.backdrop.classList.add("story-backgrounds");
    this.outline = document.createElementNS(SVG, "path");
    this.backdrop.append(this.outline);
    this.lineLayer = element("div", "story-lines");
    this.stage.append(this.backdrop, this.lineLayer);
    this.card.append(this.stage);
    const aside = element("aside", "story-aside");
    aside.innerHTML = `<h2>Story text</h2>
      <p>Type on the card. Each line is set at the largest size (24–64 px) at which it fills
      the width, and the rounded backgrounds of neighbouring lines join, as in Instagram's Type
      Mode. The daemon shapes the text with HarfBuzz; the page only draws what it is told.</p>
      <p>After one <code>textStorage/layout</code>, every keystroke comes back as a
      <code>textStorage/didLayout</code> splice of the lines that changed.</p>`;
    const swatches = element("div", "story-swatches");
    for (const scheme of SCHEMES) {
      const button = element("button", "story-swatch");
      button.title = scheme.name;
      button.style.background = scheme.fill;
      button.addEventListener("click", () => this.setScheme(scheme));
      button.addEventListener("pointerdown", (event) => event.preventDefault()); // Typing goes on.
      swatches.append(button);
    }
    this.status = element("pre", "story-status");
    aside.append(swatches, this.status);
    section.replaceChildren(this.card, aside);
    this.setScheme(SCHEMES[0]);
  }

  setScheme(scheme) {
    this.card.style.setProperty("--story-fill", scheme.fill);
    this.card.style.setProperty("--story-ink", scheme.ink);
  }

  /// The fragments as the page holds them (tests compare them with a fresh layout).
  fragments() { return this.session.fragments; }

  draw(change) {
    const { fragments } = this.session;
    if (change.kind === "reset") {
      for (const line of this.lines) line.remove();
      this.lines = fragments.map((fragment) => this.makeLine(fragment));
      this.lineLayer.append(...this.lines);
    } else {
      const { start, deleteCount, fragments: inserted, rangeDelta, yDelta } = change.splice;
      const added = inserted.map((fragment) => this.makeLine(fragment));
      for (const line of this.lines.splice(start, deleteCount, ...added)) line.remove();
      this.lineLayer.append(...added);
      if (rangeDelta !== 0 || yDelta !== 0) {
        for (let index = start + added.length; index < this.lines.length; index += 1) {
          this.position(this.lines[index], fragments[index]);
        }
      }
      this.lastSplice = change.splice;
    }
    this.outline.setAttribute("d", outlinePath(fragments.filter((f) => f.rect[2] > 0).map((f) => f.background)));
    this.fitCard();
    this.surface.update();
    this.showStatus();
  }

  makeLine(fragment) {
    const line = element("div", "story-line");
    const text = this.session.fragmentText(fragment);
    // Its line break and the spaces that hang past the margin are not drawn.
    const drawn = text.replace(/[\s\u0085]+$/, "");
    const svg = document.createElementNS(SVG, "svg");
    if (drawn.length > 0) {
      const glyphs = document.createElementNS(SVG, "text");
      glyphs.textContent = drawn;
      glyphs.setAttribute("font-size", fragment.fontSize);
      glyphs.setAttribute("y", fragment.baseline - fragment.rect[1]);
      // The daemon's advances are the truth: stretch the browser's run to their width
      // (a difference of a pixel's fraction at most, since both shape with HarfBuzz).
      const end = fragment.range.offset + drawn.length;
      const clusters = (fragment.clusters ?? []).filter((c) => c.range.offset < end);
      if (clusters.length > 0) {
        const left = Math.min(...clusters.map((c) => c.rect[0]));
        const right = Math.max(...clusters.map((c) => c.rect[0] + c.rect[2]));
        glyphs.setAttribute("x", left - fragment.rect[0]);
        if (right > left) {
          glyphs.setAttribute("textLength", right - left);
          glyphs.setAttribute("lengthAdjust", "spacingAndGlyphs");
        }
      }
      svg.append(glyphs);
    }
    line.append(svg);
    this.position(line, fragment);
    return line;
  }

  position(line, fragment) {
    place(line, fragment.rect);
    line.dataset.offset = fragment.range.offset;
  }

  /// Centres the text on the card, as a story does; the card grows with long text.
  fitCard() {
    const { fragments } = this.session;
    const last = fragments[fragments.length - 1];
    let bottom = last ? Math.max(last.background?.[1] + last.background?.[3] || 0, last.rect[1] + last.rect[3]) : 0;
    // A final line break opens a line of its own, for the caret.
    if (last && isLineBreak(this.session.textAt(this.session.layoutVersion).slice(-1))) bottom += last.rect[3];
    const height = bottom + INSETS.bottom;
    const cardHeight = Math.max(CARD_HEIGHT, height);
    this.card.style.height = `${cardHeight}px`;
    this.stage.style.height = `${height}px`;
    this.stage.style.top = `${Math.round((cardHeight - height) / 2)}px`;
  }

  showStatus() {
    const { stats, fragments, layoutVersion } = this.session;
    const lines = [`version ${layoutVersion} · ${fragments.length} lines`,
      `full layouts ${stats.layoutRequests} · splices ${stats.splicesApplied}`];
    if (this.lastSplice) {
      const { start, deleteCount, fragments: inserted, rangeDelta, yDelta } = this.lastSplice;
      lines.push(`last splice: at ${start} −${deleteCount} +${inserted.length}, ` +
        `range ${rangeDelta >= 0 ? "+" : ""}${rangeDelta}, y ${yDelta >= 0 ? "+" : ""}${yDelta.toFixed(1)}`);
    }
    this.status.textContent = lines.join("\n");
  }
}

/// The joined backgrounds: lines whose rects touch make one outline, every corner rounded
/// (outer corners bulge, the steps between lines of different widths curve inwards).
export function outlinePath(backgrounds) {
  const groups = [];
  for (const rect of backgrounds) {
    const group = groups[groups.length - 1];
    const previous = group?.[group.length - 1];
    if (previous && Math.abs(previous[1] + previous[3] - rect[1]) < 0.5) group.push(rect);
    else groups.push([rect]);
  }
  return groups.map((group) => roundedPolygon(stackOutline(group), PADDING.cornerRadius)).join(" ");
}

/// The corners of a stack of rects, clockwise from the top left.
function stackOutline(rects) {
  const right = [];
  const left = [];
  for (const [x, y, width, height] of rects) {
    right.push([x + width, y], [x + width, y + height]);
    left.unshift([x, y + height], [x, y]);
  }
  const points = [...right, ...left];
  // Drop repeated points and the middle of straight runs.
  const unique = points.filter((p, i) => i === 0 || Math.hypot(p[0] - points[i - 1][0], p[1] - points[i - 1][1]) > 0.01);
  return unique.filter((p, i) => {
    const a = unique[(i + unique.length - 1) % unique.length];
    const b = unique[(i + 1) % unique.length];
    return Math.abs((p[0] - a[0]) * (b[1] - p[1]) - (p[1] - a[1]) * (b[0] - p[0])) > 0.01;
  });
}

function roundedPolygon(points, radius) {
  const count = points.length;
  if (count < 3) return "";
  let path = "";
  points.forEach((point, i) => {
    const before = points[(i + count - 1) % count];
    const after = points[(i + 1) % count];
    const inLength = Math.hypot(point[0] - before[0], point[1] - before[1]);
    const outLength = Math.hypot(after[0] - point[0], after[1] - point[1]);
    const r = Math.min(radius, inLength / 2, outLength / 2);
    const from = [point[0] + (before[0] - point[0]) * (r / inLength), point[1] + (before[1] - point[1]) * (r / inLength)];
    const to = [point[0] + (after[0] - point[0]) * (r / outLength), point[1] + (after[1] - point[1]) * (r / outLength)];
    const turn = (point[0] - before[0]) * (after[1] - point[1]) - (point[1] - before[1]) * (after[0] - point[0]);
    path += `${i === 0 ? "M" : "L"}${fmt(from)} A${fmt([r, r])} 0 0 ${turn > 0 ? 1 : 0} ${fmt(to)} `;
  });
  return `${path}Z`;
}

const fmt = ([x, y]) => `${+x.toFixed(2)} ${+y.toFixed(2)}`;
