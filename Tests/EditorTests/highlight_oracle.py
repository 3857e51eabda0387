"""The independent oracle of the editor tests: `highlightd highlight FILE --format json`.

The editor tests compare what an editor shows after scripted edits with what the
from-scratch highlighter says about the final text. Offsets in the JSON are UTF-16 code
units; everything here is converted to Unicode scalar indices into the text, which is what
the editors count in most naturally (Python's `str` indices).
"""

import dataclasses
import json
import os
import pathlib
import subprocess
import tempfile


@dataclasses.dataclass
class Expected:
    """The oracle's answer for one text.

    - `styles`: one `(foreground, background, fontStyle)` per Unicode scalar of the text.
    - `scopes`: one list of TextMate scopes (outermost first) per Unicode scalar.
    - `links`: `(start_scalar, end_scalar, target)`, end exclusive, in text order.
    - `default`: the theme's default `(foreground, background, fontStyle)`, used for
      scalars no token covers.
    """

    text: str
    styles: list
    scopes: list
    links: list
    default: tuple


def utf16_to_scalar_map(text):
    """A list mapping each UTF-16 offset (0...len) to the scalar index it starts."""
    mapping = []
    for index, char in enumerate(text):
        mapping.append(index)
        if ord(char) > 0xFFFF:
            mapping.append(index)
    mapping.append(len(text))
    return mapping


def run_highlight(binary, text, filename, theme="dark", arguments=()):
    """The raw JSON of `highlightd highlight` for `text` saved as `filename`; `arguments` are
    more options of the command (`--extensions PATH`)."""
    with tempfile.TemporaryDirectory(prefix="highlightd-oracle-") as folder:
        path = pathlib.Path(folder) / filename
        path.write_bytes(text.encode("utf-8"))
        result = subprocess.run(
            [binary, "highlight", str(path), "--format", "json", "--theme", theme, *arguments],
            capture_output=True,
            check=True,
            env=dict(os.environ, NO_COLOR="1"),
            timeout=60,
        )
    return json.loads(result.stdout)


def expected_highlight(binary, text, filename, theme="dark", arguments=()):
    """What an editor must show for `text` (named `filename`, for the grammar choice)."""
    answer = run_highlight(binary, text, filename, theme, arguments)
    to_scalar = utf16_to_scalar_map(text)
    tokens = answer["tokens"]
    default = None
    for token in tokens:
        if token["scopes"] == [answer["scopeName"]]:
            default = (token["foreground"], token["background"], token["fontStyle"])
            break
    styles = [default] * len(text)
    scopes = [[answer["scopeName"]]] * len(text)
    for token in tokens:
        start = to_scalar[token["offset"]]
        end = to_scalar[token["offset"] + token["length"]]
        style = (token["foreground"], token["background"], token["fontStyle"])
        for index in range(start, end):
            styles[index] = style
            scopes[index] = token["scopes"]
    links = [
        (to_scalar[link["offset"]], to_scalar[link["offset"] + link["length"]], link["target"])
        for link in answer["links"]
    ]
    return Expected(text=text, styles=styles, scopes=scopes, links=links, default=default)
