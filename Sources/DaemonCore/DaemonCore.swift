/// The daemon core. See docs/ARCHITECTURE.md.
