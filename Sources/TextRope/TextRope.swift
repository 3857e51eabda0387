/// A generic B-tree rope with summaries and metrics. See docs/ARCHITECTURE.md.
