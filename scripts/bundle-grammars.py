#!/usr/bin/env python3
"""Writes Sources/CBundledFiles/bundled_files.c: every file of Grammars/ built into the
executable with C23 `#embed`. Run it after adding, removing or renaming a file in Grammars/
(`BundledFilesTests` fails until then); editing a file needs nothing, `#embed` reads it at
build time."""
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
GRAMMARS = ROOT / "Grammars"
OUTPUT = ROOT / "Sources" / "CBundledFiles" / "bundled_files.c"


def main() -> None:
    files = sorted(str(path.relative_to(GRAMMARS)) for path in GRAMMARS.rglob("*") if path.is_file())
    lines = [
        "// The Grammars folder, built into the executable with C23 `#embed`, so that a copied or",
        "// installed binary needs no folder beside it. Written by scripts/bundle-grammars.py;",
        "// `BundledFilesTests` fails when this list and the folder differ.",
        '#include "bundled_files.h"',
        "",
    ]
    for index, name in enumerate(files):
        lines += [f"static const unsigned char file{index}[] = {{", f'#embed "../../Grammars/{name}"', "};"]
    lines += ["", "static const struct highlightd_bundled_file files[] = {"]
    lines += [f'    {{"{name}", file{index}, sizeof file{index}}},' for index, name in enumerate(files)]
    lines += [
        "};",
        "",
        "size_t highlightd_bundled_file_count(void) { return sizeof files / sizeof files[0]; }",
        "",
        "const struct highlightd_bundled_file *highlightd_bundled_file_at(size_t index) {",
        "    return index < highlightd_bundled_file_count() ? &files[index] : 0;",
        "}",
    ]
    OUTPUT.write_text("\n".join(lines) + "\n")
    print(f"{OUTPUT.relative_to(ROOT)}: {len(files)} files")


if __name__ == "__main__":
    main()
