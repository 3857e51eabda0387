// Sample documents of the Code demo, one per bundled language. Each shows what the daemon
// does: nested brackets (bracket pair colours), a link in a comment (clickable), and text
// beyond ASCII (offsets counted in UTF-16 code units, as the page negotiates them).

/** The file extension each sample is opened under, so that the URI names its language too. */
export const extensions = {
  c: "c", css: "css", diff: "diff", "git-commit": "txt", html: "html", javascript: "js",
  javascriptreact: "jsx", json: "json", jsonc: "jsonc", latex: "tex", markdown: "md",
  python: "py", rust: "rs", shellscript: "sh", svelte: "svelte", swift: "swift", toml: "toml",
  typescript: "ts", yaml: "yaml",
};

export const samples = {
  rust: `// Bracket pairs, links and UTF-16 offsets: https://github.com/rust-lang/rust
use std::collections::HashMap;

/// Counts the words of \`text\`, « naïvement » (日本語 too).
fn count_words(text: &str) -> HashMap<String, usize> {
    let mut counts = HashMap::new();
    for word in text.split_whitespace().map(|w| w.to_lowercase()) {
        *counts.entry(word).or_insert(0) += 1;
    }
    counts
}

fn main() {
    let words = count_words("le café est prêt, le café est chaud 😀");
    println!("{:?}", words.get(&String::from("café")));
}
`,
  javascript: `// A debounced search box; docs: https://developer.mozilla.org/en-US/docs/Web/API
const greeting = "héllo, 世界 👋";

export function debounce(action, delay = 200) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => action(...args), delay);
  };
}

const matches = (items, query) =>
  items.filter(({ name }) => name.toLowerCase().includes(query.toLowerCase()));

console.log(matches([{ name: "Crème brûlée" }, { name: greeting }], "é"), /[a-z]+\\d*/g);
`,
  typescript: `// Types of a tiny event bus. See https://www.typescriptlang.org/docs/
type Handler<T> = (event: T) => void;

interface Events {
  saved: { path: string; bytes: number };
  renamed: { from: string; to: string };
}

export class Bus<E extends Record<string, unknown>> {
  private handlers = new Map<keyof E, Handler<any>[]>();

  on<K extends keyof E>(name: K, handler: Handler<E[K]>): void {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler]);
  }
}

const bus = new Bus<Events>();
bus.on("saved", ({ path }) => console.log(\`saved \${path} ✓\`));
`,
  python: `# Word frequencies, see https://docs.python.org/3/library/collections.html
from collections import Counter


def frequencies(text: str, top: int = 3) -> list[tuple[str, int]]:
    """Return the most common words of *text* (naïve split, 日本語 kept whole)."""
    words = [word.strip(".,!?").lower() for word in text.split()]
    return Counter(words).most_common(top)


if __name__ == "__main__":
    print(frequencies("Déjà vu, déjà vu again!"), {"answer": [42, (1, 2)]})
`,
  c: `// A ring buffer; see https://en.cppreference.com/w/c
#include <stdio.h>
#include <string.h>

typedef struct { char data[16]; size_t head, count; } Ring;

static void ring_push(Ring *ring, char c) {
    ring->data[(ring->head + ring->count) % sizeof(ring->data)] = c;
    if (ring->count < sizeof(ring->data)) ring->count++;
    else ring->head = (ring->head + 1) % sizeof(ring->data);
}

int main(void) {
    Ring ring = {0};
    const char *text = "café, 日本";
    for (size_t i = 0; i < strlen(text); i++) ring_push(&ring, text[i]);
    printf("%zu bytes kept\\n", ring.count);
    return 0;
}
`,
  swift: `// A text storage in three lines; see https://swift.org/documentation/
import Foundation

struct Document {
    var text: String
    var version = 0

    mutating func replace(_ range: Range<String.Index>, with replacement: String) {
        text.replaceSubrange(range, with: replacement)
        version += 1
    }
}

var document = Document(text: "Grüße, 世界")
if let range = document.text.range(of: "世界") {
    document.replace(range, with: "🌍")
}
print(document.text, [document.version].map { $0 * 2 })
`,
  css: `/* Theme colours; see https://developer.mozilla.org/en-US/docs/Web/CSS */
:root {
  --accent: #4fa3ff;
  --font: "DejaVu Sans Mono", monospace;
}

.editor > pre[data-theme="dark"]:hover {
  color: rgb(211 215 222 / 90%);
  background: linear-gradient(to right, #181c24, color-mix(in srgb, var(--accent) 20%, black));
  content: "→ café";
}

@media (max-width: 600px) {
  .editor { padding: calc(1rem + 2px) 0; }
}
`,
  html: `<!doctype html>
<html lang="fr">
<head>
  <meta charset="utf-8">
  <title>Café du coin</title>
  <style>body { font: 16px/1.5 sans-serif; }</style>
</head>
<body>
  <!-- The menu; see https://html.spec.whatwg.org/ -->
  <h1 class="title">Menu du jour — 日替わり</h1>
  <ul>
    <li><a href="/crepes">Crêpes</a> <em>(4 €)</em></li>
  </ul>
  <script>document.querySelector("h1").onclick = () => alert("ok");</script>
</body>
</html>
`,
  json: `{
  "name": "highlightd-playground",
  "homepage": "https://example.com/playground",
  "keywords": ["syntax", "highlighting", "日本語"],
  "version": [0, 2, 0],
  "private": true,
  "authors": [{ "name": "Zoë", "email": "zoe@example.com" }],
  "settings": { "theme": { "name": "dark", "contrast": 1.25 }, "ratio": null }
}
`,
  jsonc: `// Settings with comments; see https://code.visualstudio.com/docs/languages/json
{
  "editor.fontFamily": "DejaVu Sans Mono", // the page's font
  /* bracket colours */
  "editor.bracketPairColorization.enabled": true,
  "files.associations": { "*.conf": "ini" },
  "cSpell.words": ["naïve", "日本"]
}
`,
  markdown: `# Release notes — v0.2 ✨

The daemon highlights **as you type**; see [the protocol](https://example.com/protocol)
or https://github.com for the code. *Emphasis*, \`inline code\` and lists:

- naïve café (UTF-16 offsets)
- [x] bracket pairs: \`(a[b]{c})\`

\`\`\`python
def greet(name):
    return f"héllo {name}!"
\`\`\`

> A quote, with a footnote.[^1]

[^1]: 日本語 text.
`,
  yaml: `# CI workflow; see https://docs.github.com/actions
name: tests
on:
  push: { branches: [main] }
jobs:
  test:
    runs-on: ubuntu-latest
    env:
      GREETING: "héllo, 世界"
    steps:
      - uses: actions/checkout@v4
      - run: swift test --parallel
      - name: browser tests
        run: |
          pytest -q Tests/BrowserTests
`,
  toml: `# Cargo manifest; see https://doc.rust-lang.org/cargo/reference/manifest.html
[package]
name = "café"
version = "0.1.0"
authors = ["Zoë <zoe@example.com>"]
edition = "2021"

[dependencies]
serde = { version = "1.0", features = ["derive"] }
regex = "1"

[[bin]]
name = "日本"
path = "src/main.rs"
`,
  shellscript: `#!/usr/bin/env bash
# Count lines per file; see https://www.gnu.org/software/bash/manual/
set -euo pipefail

count() {
  local file="$1"
  echo "$(wc -l < "$file") lines in \${file##*/} — ok ✓"
}

for file in "\${@:-README.md}"; do
  if [[ -f "$file" ]]; then count "$file"; else echo "no $file" >&2; fi
done
`,
  latex: `% An article; see https://www.latex-project.org/help/documentation/
\\documentclass[11pt]{article}
\\usepackage[utf8]{inputenc}

\\begin{document}
\\section{Résumé}
Naïve text with $\\sum_{i=1}^{n} (x_i + y_{i})^2$ and \\textbf{bold \\emph{words}}.
\\href{https://example.com}{A link}.
\\end{document}
`,
  diff: `diff --git a/README.md b/README.md
index 3b18e51..a9c2d3f 100644
--- a/README.md
+++ b/README.md
@@ -1,4 +1,5 @@
 # highlightd
-A syntax highlighter.
+A syntax-highlighting daemon (see https://example.com).
+Naïve café, 日本語.
 
 Run \`highlightd serve\`.
`,
  svelte: `<script>
  // A counter; see https://svelte.dev/docs
  let count = $state(0);
  const label = (n) => \`clicked \${n} times — 👍\`;
</script>

<button class="counter" onclick={() => (count += 1)}>
  {label(count)}
</button>

{#if count > 3}
  <p>Trop de clics ! ({count})</p>
{/if}

<style>
  .counter { padding: calc(0.5rem + 1px); }
</style>
`,
  "git-commit": `Code demo: highlight as the user types

Every keystroke is sent as textStorage/edit with UTF-16 offsets; see
https://example.com/issues/33. Naïve café, 日本語.
# Please enter the commit message for your changes. Lines starting
# with '#' will be ignored.
#
# On branch main
# Changes to be committed:
#	new file:   Web/code.js
`,
};
samples.javascriptreact = `// A component; see https://react.dev
export function Greeting({ name = "Zoë" }) {
  const [count, setCount] = useState(0);
  return (
    <button className="greeting" onClick={() => setCount(count + 1)}>
      Héllo {name} ({count})
    </button>
  );
}
`;

/** The sample of `languageId`, or a line to type over for a language without one. */
export function sampleFor(languageId, alias) {
  return samples[languageId] ?? `Type some ${alias ?? languageId} here.\n`;
}
