#!/usr/bin/env python3
"""Renders the layout screenshots in docs/screenshots/ with headless Chromium.

`highlightd layout --format svg` draws each layout; Chromium turns the SVG into a PNG:

- layout-story.png: a story set with fit sizing (each line as large as fits the width) and
  rounded line backgrounds that join;
- layout-flow.png: highlighted code wrapped around an ellipse in the first container and
  flowing into a second one;
- layout-clusters.png: every grapheme cluster's rectangle outlined over a kerned,
  ligatured line (DejaVu Serif: "AVATAR", "office", "baffle");
- layout-split.png: prose on both sides of an ellipse in the middle of the column (each band
  split by the ellipse is filled left, then right);
- layout-bidi.png: Hebrew, Arabic, digits and English in paragraphs of both directions,
  with the cluster rectangles outlined (bidi order, right alignment, Arabic joining).

Needs `chromium` (not installed by the test command) and the fonts scripts/setup-system.sh
installs. Uses the debug build unless HIGHLIGHTD_BINARY names another.

    scripts/layout-screenshots.py
"""

import os
import pathlib
import re
import subprocess
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
BINARY = os.environ.get("HIGHLIGHTD_BINARY", str(ROOT / ".build" / "debug" / "highlightd"))
OUT = ROOT / "docs" / "screenshots"

STORY = "Tonight\nthe whole city\nlights up\nfor everyone\n"
CLUSTERS = "AVATAR office baffle Wa To fi\n"
PROSE = (
    "A text container is a box that lines flow into, one after another. An exclusion is a "
    "shape the lines stay clear of: where it sits in the middle of the column, each band of "
    "text is cut in two, and the words run on from the left piece into the right piece before "
    "the next band begins, the way a magazine sets copy around a round photograph. Words that "
    "would not fit a piece whole wait for the next one, so nothing is broken in the middle.\n"
)
BIDI = (
    "The word שלום means peace, and مرحبا بالعالم (2024) says hello.\n"
    "שלום לכולם! This paragraph starts in Hebrew, so it reads from the right: 123 ₪.\n"
)


def layout_svg(text, name, arguments):
    with tempfile.TemporaryDirectory() as folder:
        source = pathlib.Path(folder) / name
        source.write_text(text, encoding="utf-8")
        return subprocess.run(
            [BINARY, "layout", str(source), "--format", "svg", *arguments],
            check=True, capture_output=True, text=True, cwd=ROOT,
        ).stdout


def screenshot(svg, png):
    width, height = (float(v) for v in re.search(r'width="([\d.]+)" height="([\d.]+)"', svg).groups())
    with tempfile.TemporaryDirectory() as folder:
        page = pathlib.Path(folder) / "page.svg"
        page.write_text(svg, encoding="utf-8")
        subprocess.run(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--allow-file-access-from-files", f"--screenshot={png}",
             f"--window-size={int(width + 0.999)},{int(height + 0.999)}", "file://" + str(page)],
            check=True, capture_output=True, timeout=120,
        )
    print(f"wrote {png.relative_to(ROOT)}")


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    screenshot(
        layout_svg(STORY, "story.txt", [
            "--font", "DejaVu Sans:bold", "--size", "20", "--width", "360", "--fit", "18,96",
            "--background", "14,6,16", "--line-spacing", "2",
        ]),
        OUT / "layout-story.png",
    )
    code = (ROOT / "examples" / "sample.rs").read_text(encoding="utf-8")
    screenshot(
        layout_svg(code, "sample.rs", [
            "--font", "DejaVu Sans Mono", "--size", "12", "--width", "330", "--height", "420",
            "--containers", "2", "--insets", "8,8,8,8", "--exclude-ellipse", "150,40,170,150",
        ]),
        OUT / "layout-flow.png",
    )
    screenshot(
        layout_svg(CLUSTERS, "clusters.txt", [
            "--font", "DejaVu Serif", "--size", "40", "--width", "620", "--outline-clusters", "--theme", "light",
        ]),
        OUT / "layout-clusters.png",
    )
    screenshot(
        layout_svg(PROSE, "prose.txt", [
            "--font", "DejaVu Serif", "--size", "15", "--width", "440", "--insets", "12,12,12,12",
            "--exclude-ellipse", "150,50,140,140", "--theme", "light",
        ]),
        OUT / "layout-split.png",
    )
    screenshot(
        layout_svg(BIDI, "bidi.txt", [
            "--font", "DejaVu Sans", "--size", "26", "--width", "560", "--outline-clusters", "--theme", "light",
        ]),
        OUT / "layout-bidi.png",
    )


if __name__ == "__main__":
    main()
