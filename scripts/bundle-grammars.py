#!/usr/bin/env python3
"""Writes the C files that build folders into the executable with C23 `#embed`:
Grammars/ into Sources/CBundledFiles/bundled_files.c and the playground page's Web/ into
Sources/CWebAssets/web_assets.c. Run it after adding, removing or renaming a file in either
folder (`BundledFilesTests` and `WebAssetsTests` fail until then); editing a file needs
nothing, `#embed` reads it at build time."""
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent

# (folder, output, C prefix, what the folder is)
BUNDLES = [
    ("Grammars", "Sources/CBundledFiles/bundled_files.c", "highlightd_bundled_file",
     "The Grammars folder"),
    ("Web", "Sources/CWebAssets/web_assets.c", "highlightd_web_asset",
     "The playground page's folder (Web/)"),
]


def write(folder: str, output: str, prefix: str, what: str) -> None:
    source = ROOT / folder
    files = sorted(str(path.relative_to(source)) for path in source.rglob("*") if path.is_file())
    header = pathlib.Path(output).stem + ".h"
    lines = [
        f"// {what}, built into the executable with C23 `#embed`, so that a copied or",
        "// installed binary needs no folder beside it. Written by scripts/bundle-grammars.py;",
        "// a test fails when this list and the folder differ.",
        f'#include "{header}"',
        "",
    ]
    for index, name in enumerate(files):
        lines += [f"static const unsigned char file{index}[] = {{", f'#embed "../../{folder}/{name}"', "};"]
    lines += ["", f"static const struct {prefix} files[] = {{"]
    lines += [f'    {{"{name}", file{index}, sizeof file{index}}},' for index, name in enumerate(files)]
    lines += [
        "};",
        "",
        f"size_t {prefix}_count(void) {{ return sizeof files / sizeof files[0]; }}",
        "",
        f"const struct {prefix} *{prefix}_at(size_t index) {{",
        f"    return index < {prefix}_count() ? &files[index] : 0;",
        "}",
    ]
    (ROOT / output).write_text("\n".join(lines) + "\n")
    print(f"{output}: {len(files)} files")


def main() -> None:
    for bundle in BUNDLES:
        write(*bundle)


if __name__ == "__main__":
    main()
