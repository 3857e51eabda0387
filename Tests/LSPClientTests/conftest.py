import os
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]

# The binary under test: HIGHLIGHTD_BINARY, else the debug build.
BINARY = os.environ.get("HIGHLIGHTD_BINARY", str(ROOT / ".build" / "debug" / "highlightd"))
