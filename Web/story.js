// The story demo; see docs/PLAYGROUND.md.
export function start(section) {
  section.textContent = "not built yet";
}
