import os
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

# The binary under test: HIGHLIGHTD_BINARY, else the debug build.
BINARY = os.environ.get("HIGHLIGHTD_BINARY", str(ROOT / ".build" / "debug" / "highlightd"))

# The shared data sets, read in place and never copied into the project: HIGHLIGHTD_TEST_DATA,
# else ../shared/data beside the project (as Tests/TestSupport/TestData.swift finds them).
DATA = pathlib.Path(os.environ.get("HIGHLIGHTD_TEST_DATA") or ROOT.parent / "shared" / "data")

# Lets the tests import highlight_oracle whatever the rootdir.
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))


def vscode_extension(name):
    """The folder of one of the shared data's VS Code extensions (vscode-extensions/README.md).
    Without the data the test is skipped, naming the variable; under CI (CI=true) it fails."""
    folder = DATA / "vscode-extensions" / name
    if not (folder / "package.json").exists():
        message = f"no {folder} (set HIGHLIGHTD_TEST_DATA to the shared data folder)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return folder
