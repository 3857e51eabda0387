/// Incremental syntax highlighting as a processEditing hook. See docs/ARCHITECTURE.md.
