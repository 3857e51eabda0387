"""Fixtures for the playground's browser tests: a running `highlightd web` and a headless
chromium page on it (Playwright for Python, pointed at Debian's /usr/bin/chromium)."""
import os
import pathlib
import subprocess
import urllib.parse

import pytest
from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]

# The binary under test: HIGHLIGHTD_BINARY, else the debug build.
BINARY = os.environ.get("HIGHLIGHTD_BINARY", str(ROOT / ".build" / "debug" / "highlightd"))
CHROMIUM = os.environ.get("HIGHLIGHTD_CHROMIUM", "/usr/bin/chromium")
# While the page is worked on: serve its files from this folder (`highlightd web --assets`),
# so that an edit needs no rebuild. Unset, the files built into the binary are tested.
ASSETS = os.environ.get("HIGHLIGHTD_WEB_ASSETS")


class Playground:
    """A `highlightd web` process and the URL it printed."""

    def __init__(self, *arguments):
        self.process = subprocess.Popen(
            [BINARY, "web", "--port", "0", *(["--assets", ASSETS] if ASSETS else []), *arguments],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.url = self.process.stdout.readline().strip()
        if not self.url.startswith("http://127.0.0.1:"):
            self.stop()
            raise RuntimeError(f"highlightd web printed {self.url!r}: {self.process.stderr.read()}")
        parsed = urllib.parse.urlparse(self.url)
        self.origin = f"{parsed.scheme}://{parsed.netloc}"
        self.token = urllib.parse.parse_qs(parsed.query)["token"][0]

    def page_url(self, demo="code"):
        return f"{self.url}&demo={demo}"

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()


@pytest.fixture
def playground():
    server = Playground()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--font-render-hinting=none"])
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1200, "height": 800}, device_scale_factor=1)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"errors on the page: {errors}"
