"""Waiting on an editor that runs in another process: poll a condition until it holds."""

import time


def wait_until(condition, timeout, interval=0.05, what="condition"):
    """Polls `condition()` until it returns a true value, which is returned."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(interval)
