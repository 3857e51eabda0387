// The animation demo ("如何实现自己没实现过的需求之文本动画"): every character is an element of
// its own, placed at its grapheme cluster's rect from the daemon's layout (`clusters: true`),
// so that a new character rises in and a deleted one falls away while kerning and ligatures
// stay HarfBuzz's. The layout follows typing by `textStorage/didLayout` splices.
import { LayoutSession, isLineBreak, loadServedFont, useStylesheet } from "/assets/layout-view.js";
import { TypingSurface, element, place } from "/assets/typing-surface.js";

const FONT = "DejaVu Sans";
const FAMILY = "Animation Text";
const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 720;
export const PARAMS = {
  containers: [{ width: WIDTH, insets: { top: 24, left: 24, bottom: 24, right: 24 } }],
  fonts: { primary: FONT, size: 48 },
  paragraphStyle: { lineSpacing: 8 },
  clusters: true,
};
const ENTER = { duration: 280, easing: "cubic-bezier(0.2, 0.9, 0.3, 1.25)" };
const LEAVE = { duration: 320, easing: "cubic-bezier(0.5, 0, 0.9, 0.4)" };
const MOVE = { duration: 200, easing: "ease-out", composite: "add" };
const INITIAL_TEXT = "Kerning AV, ligatures fi";

export async function start(section, { setConnectionState } = {}) {
  await Promise.all([useStylesheet("typing-surface.css"), useStylesheet("animation.css"), loadServedFont(FAMILY, FONT)]);
  const view = new AnimationView(section, setConnectionState);
  window.__playground = Object.assign(window.__playground ?? {}, { animation: view });
  await view.session.start();
}

/// One element per grapheme cluster, keyed by the identity of the cluster's first UTF-16
/// unit: ids move with the text as edits change it, so a cluster that is still there keeps
/// its element (and moves), a new one gets a new element, and a deleted one's element leaves.
class AnimationView {
  constructor(section, setConnectionState) {
    this.params = PARAMS;
    this.session = new LayoutSession({ name: "animation", uri: "file:///animation.txt", params: PARAMS,
                                       text: INITIAL_TEXT, setConnectionState });
    this.nextId = 1;
    this.idsByVersion = new Map([[1, this.newIds(INITIAL_TEXT.length)]]);
    this.glyphs = new Map();
    this.gone = new Set(); // Ids deleted by an edit; an older layout still names them.
    this.measure = document.createElement("canvas").getContext("2d");
    this.build(section);
    this.surface = new TypingSurface(this.stage, this.session, { lineSpacing: PARAMS.paragraphStyle.lineSpacing, placeholder: "Type here" });
    this.session.onEdit = (edit, version) => this.follow(edit, version);
    this.session.onLayout = (change) => this.draw(change);
  }

  build(section) {
    section.classList.add("anim-demo");
    this.stage = element("div", "anim-stage");
    this.stage.style.width = `${WIDTH}px`;
    const aside = element("div", "anim-aside");
    aside.innerHTML = `<p>Each character is its own element, placed at the rect the daemon gives its
      grapheme cluster: typed ones rise in, deleted ones fall away. Kerning (<b>AV</b>) and
      ligatures (<b>fi</b>, whose clusters share the ligature's width) stay as HarfBuzz
      shaped them.</p>`;
    const toggle = element("label", "anim-toggle");
    toggle.innerHTML = `<input type="checkbox"> show cluster rects`;
    toggle.querySelector("input").addEventListener("change", (event) => {
      this.stage.classList.toggle("show-rects", event.target.checked);
    });
    aside.append(toggle);
    section.replaceChildren(this.stage, aside);
  }

  newIds(count) { return Array.from({ length: count }, () => this.nextId++); }

  /// Moves the ids with an edit; the deleted characters leave at once.
  follow(edit, version) {
    const ids = [...(this.idsByVersion.get(version - 1) ?? [])];
    const removed = ids.splice(edit.offset, edit.length, ...this.newIds(edit.text.length));
    this.idsByVersion.set(version, ids);
    for (const id of removed) this.leave(id);
  }

  /// The elements for the current layout: new clusters enter, moved ones glide.
  draw(change) {
    const { session } = this;
    // A first layout brings the whole text in, one character after another.
    const stagger = change.kind === "reset" && this.glyphs.size === 0 ? 30 : 0;
    let entering = 0;
    const version = session.layoutVersion;
    const ids = this.idsByVersion.get(version);
    for (const key of this.idsByVersion.keys()) if (key < version) this.idsByVersion.delete(key);
    if (!ids) return;
    const text = session.textAt(version);
    const live = new Set();
    for (const fragment of session.fragments) {
      for (const group of this.shapingGroups(fragment, text)) {
        group.forEach((cluster, index) => {
          const id = ids[cluster.range.offset];
          live.add(id);
          if (!this.glyphs.has(id)) entering += 1;
          this.show(id, fragment, cluster, group, index, text, entering * stagger);
        });
      }
    }
    for (const id of this.glyphs.keys()) if (!live.has(id)) this.leave(id);
    // No older layout can come now (stale splices are dropped): forget the deleted ids.
    if (version === session.version) this.gone.clear();
    const last = session.fragments[session.fragments.length - 1];
    // A final line break opens a line of its own, for the caret.
    const open = isLineBreak(text.slice(-1)) ? PARAMS.paragraphStyle.lineSpacing + (last?.rect[3] ?? 0) : 0;
    this.stage.style.height = `${last ? last.rect[1] + last.rect[3] + open + 24 : 0}px`;
    this.surface.update();
  }

  /// The fragment's clusters (line breaks left out) in runs drawn as one: a ligature's
  /// clusters share its width evenly, so a run of equal widths that are not the characters'
  /// own advances is drawn as one text, each element showing its share of it.
  shapingGroups(fragment, text) {
    const clusters = (fragment.clusters ?? []).filter((c) => !isLineBreak(slice(text, c)));
    this.measure.font = `${fragment.fontSize}px "${FAMILY}"`;
    const groups = [];
    for (const cluster of clusters) {
      const group = groups[groups.length - 1];
      const previous = group?.[group.length - 1];
      if (previous && !cluster.rtl && !previous.rtl && Math.abs(previous.rect[2] - cluster.rect[2]) < 0.01 &&
          Math.abs(previous.rect[0] + previous.rect[2] - cluster.rect[0]) < 0.01 && /\S/.test(slice(text, cluster))) {
        group.push(cluster);
      } else {
        groups.push([cluster]);
      }
    }
    return groups.flatMap((group) => {
      if (group.length < 2) return [group];
      const shared = group.some((c) => Math.abs(this.measure.measureText(slice(text, c)).width - c.rect[2]) > 0.05);
      return shared ? [group] : group.map((c) => [c]);
    });
  }

  show(id, fragment, cluster, group, index, text, delay) {
    if (this.gone.has(id)) return;
    let glyph = this.glyphs.get(id);
    const entering = !glyph;
    if (entering) {
      glyph = { node: element("div", "anim-glyph"), rect: null, key: "" };
      glyph.svg = document.createElementNS(SVG, "svg");
      glyph.text = document.createElementNS(SVG, "text");
      glyph.svg.append(glyph.text);
      glyph.node.append(glyph.svg);
      this.stage.prepend(glyph.node);
      this.glyphs.set(id, glyph);
    }
    const { node } = glyph;
    const rect = cluster.rect;
    const groupText = group.map((c) => slice(text, c)).join("");
    const left = group[0].rect[0];
    const key = [groupText, rect[0] - left, fragment.fontSize, fragment.baseline - rect[1], group.length, index].join("|");
    if (key !== glyph.key) {
      glyph.key = key;
      glyph.text.textContent = groupText;
      glyph.text.setAttribute("x", left - rect[0]);
      glyph.text.setAttribute("y", fragment.baseline - rect[1]);
      glyph.text.setAttribute("font-size", fragment.fontSize);
      if (group.length > 1) {
        const right = group[group.length - 1].rect[0] + group[group.length - 1].rect[2];
        glyph.text.setAttribute("textLength", right - left);
        glyph.text.setAttribute("lengthAdjust", "spacingAndGlyphs");
        node.dataset.ligature = groupText;
        // Each element shows its share of the ligature; outer edges stay open for overhangs.
        const open = "-200px";
        node.style.clipPath = `inset(${open} ${index === group.length - 1 ? open : "0"} ${open} ${index === 0 ? open : "0"})`;
      } else {
        glyph.text.removeAttribute("textLength");
        glyph.text.removeAttribute("lengthAdjust");
        delete node.dataset.ligature;
        node.style.clipPath = "";
      }
    }
    node.dataset.offset = cluster.range.offset;
    node.dataset.text = slice(text, cluster);
    const before = glyph.rect;
    place(node, rect);
    glyph.rect = rect;
    if (entering) {
      node.animate([{ opacity: 0, transform: "translateY(45%) scale(0.4) rotate(-12deg)", filter: "blur(3px)" },
                    { opacity: 1, transform: "none", filter: "blur(0)" }], { ...ENTER, delay, fill: "backwards" });
    } else if (before && (Math.abs(before[0] - rect[0]) > 0.01 || Math.abs(before[1] - rect[1]) > 0.01)) {
      node.animate([{ transform: `translate(${before[0] - rect[0]}px, ${before[1] - rect[1]}px)` },
                    { transform: "translate(0, 0)" }], MOVE);
    }
  }

  /// The element of a deleted character falls away, then goes.
  leave(id) {
    this.gone.add(id);
    const glyph = this.glyphs.get(id);
    if (!glyph) return;
    this.glyphs.delete(id);
    glyph.node.classList.add("leaving");
    const animation = glyph.node.animate(
      [{ opacity: 1, transform: "none" }, { opacity: 0, transform: "translateY(70%) rotate(35deg) scale(0.7)" }], LEAVE);
    const remove = () => glyph.node.remove();
    animation.finished.then(remove, remove);
    // Should the animation be taken over (a paused timeline, devtools), the element goes anyway.
    setTimeout(remove, LEAVE.duration + 1000);
  }

  /// The elements now showing characters (not those leaving), for tests.
  glyphElements() { return [...this.stage.querySelectorAll(".anim-glyph:not(.leaving)")]; }
}

const slice = (text, cluster) => text.slice(cluster.range.offset, cluster.range.offset + cluster.range.length);
