// Colour palette helpers; the format follows https://www.w3.org/TR/css-color-4/#hex-notation
// and bugs go to palette@example.org.

/* A palette maps names to "#RRGGBB" strings.
   Names are case-insensitive. */
const DEFAULT_NAMES = ["ink", "paper", 'accent'];

export class Palette {
  constructor(entries = {}) {
    this.entries = new Map(Object.entries(entries));
  }

  get(name) {
    const key = name.toLowerCase();
    if (!this.entries.has(key)) {
      throw new Error(`unknown colour: ${name}`);
    }
    return this.entries.get(key);
  }

  static parse(text) {
    const pattern = /^#([0-9a-f]{6})$/i;
    return pattern.test(text) ? parseInt(text.slice(1), 16) : null;
  }
}

for (const name of DEFAULT_NAMES) {
  console.log(name.padEnd(8), 42 * 2, true);
}
