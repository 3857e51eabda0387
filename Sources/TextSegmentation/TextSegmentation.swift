/// Link detection and line breaking.
