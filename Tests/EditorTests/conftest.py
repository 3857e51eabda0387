import os
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]

# The binary under test: HIGHLIGHTD_BINARY, else the debug build.
BINARY = os.environ.get("HIGHLIGHTD_BINARY", str(ROOT / ".build" / "debug" / "highlightd"))

# Lets the tests import highlight_oracle whatever the rootdir.
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
