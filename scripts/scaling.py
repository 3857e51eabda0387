#!/usr/bin/env python3
"""Scaling benchmark for `highlightd serve`: does a step's cost grow linearly with its size?

Each scenario below is run at sizes n, 2n and 4n, each in a fresh daemon. A scenario first
sets up (initialize, open its documents and wait until they are settled), then times one
**measured step**: from writing the message that triggers the work until the answer that
proves it done (the request's own response, or the response of a cheap
`textStorage/attributes` probe sent right after a notification, which the server answers
only after handling everything sent before it). After the step the daemon's VmHWM (peak
resident memory) and VmRSS (resident memory now) are read from /proc/PID/status.

Reading the ratio column: each row shows its time divided by the time of the size before
it, i.e. time(2n)/time(n) on the 2n row and time(4n)/time(2n) on the 4n row. Doubling the
size should double the time: a ratio near 2 is linear, near 4 quadratic, near 1 constant
(or dominated by fixed costs: very small times are noisy, raise --scale to see the trend).

Scenarios (base n; each also runs at 2n and 4n):

  span-mentions-line       one line of n "@a " mentions (atomic span rule); type one character
                           at its end (textStorage/edit request)                   n = 5000
  span-dot-rule            n lines of 79 'x' under the rule "." (a span per character); didOpen
                           until `pending` is false                               n = 1000
  span-rule-backtracking   one line of n 'a' under "a(?=[^z]*z)" (never matches, scans to the
                           line end from every 'a'); append one character          n = 20000
  formattable-open         didOpen of a formattableContent block of n one-character ranges
                                                                                   n = 20000
  export                   n items "@a https://example.com/x [ok] " (mention and shortcode
                           rules); textStorage/export                              n = 5000
  layout-exclusions        200 words; textStorage/layout in a 600 px container with n thin
                           rect exclusions across it                                n = 250
  layout-long-cluster      "a" + n combining acute accents (one grapheme cluster);
                           textStorage/layout                                      n = 5000
  background-documents     n JavaScript documents of 200 lines; from the first didOpen until
                           none is pending                                          n = 250
  grammar-reloads          a JSON and a JavaScript document open; n
                           workspace/didChangeConfiguration naming a grammar folder (one JSON
                           grammar), each followed by a probe; watch RSS per reload  n = 50
  layout-subscription-memory  n KB of 80-character lines; textStorage/layout subscribe:true;
                           watch VmHWM / VmRSS                                 n = 256 (KB)

A step that does not finish within --timeout is shown as >TIMEOUT, its daemon is killed and
the larger sizes of that scenario are skipped. A daemon that dies shows "crashed (signal N)".
An error answer ends the step too (its time is shown, status "error", message in notes).

    scripts/scaling.py                                 # every scenario, base sizes
    scripts/scaling.py --only export,layout-exclusions --scale 2
    scripts/scaling.py --scale 0.2 --timeout 30 --json # quick run, JSON rows
"""
import argparse
import json
import shlex
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
URI = "file:///scale/doc.txt"
MENTION_RULE = {"kind": "mention", "pattern": "@[A-Za-z0-9_]+", "atomic": True}
SHORTCODE_RULE = {"kind": "shortcode", "pattern": "\\[[^\\[\\]]+\\]", "atomic": True,
                  "table": {"[ok]": {"image": "ok.png"}}}
FONTS = {"primary": "DejaVu Sans", "size": 14}
POLL_INTERVAL = 0.01  # seconds between `pending` polls
WORDS = ("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor "
         "incididunt ut labore et dolore magna aliqua").split()


# ----------------------------------------------------------------------------------------
# Talking to the daemon


class StepTimeout(Exception):
    """The step (or its setup) did not finish before the deadline."""


class DaemonDied(Exception):
    """The daemon's standard output ended: it exited or was killed."""


class SetupFailed(Exception):
    """A request before the measured step was answered with an error."""

    def __init__(self, answer):
        super().__init__(answer.error_text())
        self.answer = answer


@dataclass
class Answer:
    """A response: when its body was read, and its result or error."""
    stamp: float
    result: object = None
    error: dict | None = None

    def error_text(self) -> str | None:
        if self.error is None:
            return None
        return f"{self.error.get('code')}: {self.error.get('message', '')}"


class Daemon:
    """One `highlightd serve` child: framed writes, a reader thread, a watchdog."""

    def __init__(self, binary: str, timeout: float):
        self.stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([binary, "serve"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=self.stderr)
        self.timeout = timeout
        self.deadline = time.perf_counter() + timeout
        self.timed_out = False
        self.next_id = 0
        self.answers: dict[int, Answer] = {}
        self.log_errors: list[str] = []  # window/logMessage type 1: rejected notifications
        self.eof = False
        self.cond = threading.Condition()
        threading.Thread(target=self._read_loop, daemon=True).start()
        threading.Thread(target=self._watchdog, daemon=True).start()

    # -- reading

    def _read_frame(self) -> bytes | None:
        """Reads one Content-Length frame's body, or None at the end of the stream."""
        stream, length = self.proc.stdout, None
        while True:
            line = stream.readline()
            if not line:
                return None
            if line in (b"\r\n", b"\n"):
                if length is not None:
                    break
                continue
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        body = stream.read(length)
        return body if len(body) == length else None

    def _read_loop(self) -> None:
        """Stores responses by id (stamped when their last byte is read); drains the rest."""
        while (body := self._read_frame()) is not None:
            stamp = time.perf_counter()
            message = json.loads(body)
            with self.cond:
                if "method" not in message and isinstance(message.get("id"), int):
                    self.answers[message["id"]] = Answer(stamp, message.get("result"),
                                                         message.get("error"))
                elif message.get("method") == "window/logMessage" \
                        and message.get("params", {}).get("type") == 1:
                    self.log_errors.append(str(message["params"].get("message", "")))
                self.cond.notify_all()
        with self.cond:
            self.eof = True
            self.cond.notify_all()

    def _watchdog(self) -> None:
        """Kills the daemon once the deadline is well past (a write may be blocked on it)."""
        while self.proc.poll() is None:
            if time.perf_counter() > self.deadline + 1:
                self.timed_out = True
                self.kill()
                return
            time.sleep(0.1)

    # -- writing

    def send(self, message: dict) -> None:
        """Writes one framed message and flushes it."""
        message = {"jsonrpc": "2.0", **message}
        body = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode()
        try:
            self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise self._failure() from None

    def notify(self, method: str, params: dict) -> None:
        self.send({"method": method, "params": params})

    def start(self, method: str, params: dict | None = None) -> int:
        """Sends a request without waiting; returns its id."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return self.next_id

    def wait(self, request_id: int) -> Answer:
        """Waits for a response until the deadline."""
        with self.cond:
            while request_id not in self.answers:
                if self.eof:
                    raise self._failure()
                remaining = self.deadline - time.perf_counter()
                if remaining <= 0:
                    self.timed_out = True
                    raise StepTimeout()
                self.cond.wait(min(remaining, 0.5))
            return self.answers.pop(request_id)

    def request(self, method: str, params: dict | None = None) -> Answer:
        return self.wait(self.start(method, params))

    def _failure(self) -> Exception:
        """The exception for a stream that ended: a timeout's kill, or a death."""
        if self.timed_out:
            return StepTimeout()
        self.proc.wait(timeout=10)
        return DaemonDied()

    # -- the process

    def reset_deadline(self) -> None:
        self.deadline = time.perf_counter() + self.timeout

    def memory_mb(self) -> dict:
        """VmHWM and VmRSS in MB from /proc/PID/status (empty if the process is gone)."""
        values = {}
        try:
            with open(f"/proc/{self.proc.pid}/status") as status:
                for line in status:
                    if line.startswith(("VmHWM:", "VmRSS:")):
                        values[line[2:5].lower()] = int(line.split()[1]) / 1024
        except OSError:
            pass
        return values

    def exit_description(self) -> str:
        code = self.proc.returncode
        return f"crashed (signal {-code})" if code < 0 else f"exited (status {code})"

    def last_stderr_line(self) -> str:
        self.stderr.seek(0)
        lines = [line for line in self.stderr.read().decode(errors="replace").splitlines()
                 if line.strip()]
        return lines[-1] if lines else ""

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()

    def close(self) -> None:
        """Ends the daemon politely if it is alive and responsive, else kills it."""
        if self.proc.poll() is None and not self.timed_out:
            try:
                self.deadline = time.perf_counter() + 10
                self.request("shutdown")
                self.notify("exit", {})
                self.proc.wait(timeout=10)
            except (StepTimeout, DaemonDied, subprocess.TimeoutExpired):
                pass
        self.kill()
        self.proc.wait()
        self.stderr.close()


# ----------------------------------------------------------------------------------------
# A session: the daemon plus the protocol steps the scenarios are made of


class Session:
    """A daemon with the helpers scenarios use; `mark()` starts the measured step."""

    def __init__(self, daemon: Daemon):
        self.d = daemon
        self.versions: dict[str, int] = {}
        self.marked_at = time.perf_counter()
        self.setup_s = 0.0
        self.in_step = False
        self.notes: list[str] = []

    def initialize(self, options: dict) -> Answer:
        answer = self.d.request("initialize", {
            "processId": None, "rootUri": None, "capabilities": {},
            "initializationOptions": options})
        if answer.error is None:
            self.d.notify("initialized", {})
        return answer

    def mark(self) -> float:
        """Starts the measured step: records the setup time and restarts the deadline."""
        now = time.perf_counter()
        self.setup_s = now - self.marked_at
        self.marked_at = now
        self.in_step = True
        self.d.reset_deadline()
        return now

    def open(self, uri: str, text: str | None, language: str = "plaintext", **extra) -> None:
        """Sends didOpen; `extra` goes into textDocument (e.g. formattableContent)."""
        document = {"uri": uri, "languageId": language, "version": 1, **extra}
        if text is not None:
            document["text"] = text
        self.versions[uri] = 1
        self.d.notify("textDocument/didOpen", {"textDocument": document})

    def probe(self, uri: str) -> int:
        """Sends the cheap request (attributes of one unit); returns its id."""
        return self.d.start("textStorage/attributes",
                            {"uri": uri, "range": {"offset": 0, "length": 1}})

    def settle(self, uris: list[str]) -> Answer:
        """Polls each document in turn until it is not pending (a settled document stays
        settled: nothing edits it); returns the last probe's answer. Before `mark()`, an
        error answer raises SetupFailed."""
        answer = None
        for uri in uris:
            while True:
                answer = self.d.wait(self.probe(uri))
                if answer.error is not None or not (answer.result or {}).get("pending"):
                    break
                time.sleep(POLL_INTERVAL)
            if answer.error is not None:
                if not self.in_step:
                    raise SetupFailed(answer)
                return answer
        return answer

    def append(self, uri: str, offset: int, text: str) -> Answer:
        """A textStorage/edit request inserting `text` at `offset`, then a probe; the
        answer is the probe's, with the edit's error if it had one."""
        self.versions[uri] += 1
        edit = self.d.start("textStorage/edit", {
            "uri": uri, "version": self.versions[uri],
            "edits": [{"offset": offset, "length": 0, "text": text}]})
        probe = self.probe(uri)
        edited, probed = self.d.wait(edit), self.d.wait(probe)
        return Answer(probed.stamp, probed.result, edited.error or probed.error)

    def notify_then_probe(self, method: str, params: dict, uri: str) -> Answer:
        """Sends a notification and a probe; the probe's answer says it was handled."""
        errors_before = len(self.d.log_errors)
        self.d.notify(method, params)
        answer = self.d.wait(self.probe(uri))
        if answer.error is None and len(self.d.log_errors) > errors_before:
            answer.error = {"code": "log", "message": self.d.log_errors[-1]}
        return answer

    def layout(self, uri: str, containers: list, **extra) -> Answer:
        answer = self.d.request("textStorage/layout", {
            "uri": uri, "containers": containers, "fonts": FONTS, **extra})
        if answer.error is None:
            self.notes.append(f"{len(answer.result.get('fragments', []))} fragments")
        return answer


# ----------------------------------------------------------------------------------------
# Documents


def words(count: int, first: int = 0) -> str:
    """`count` words of lorem ipsum, starting with word number `first`."""
    return " ".join(WORDS[(first + i) % len(WORDS)] for i in range(count))


def prose_lines(kilobytes: int, width: int = 80) -> str:
    """About `kilobytes` KB of prose in lines of `width` characters (newline included)."""
    count = max(1, kilobytes * 1024 // width)
    return "".join(words(width // 2, i)[: width - 1] + "\n" for i in range(count))


def javascript(index: int, lines: int = 200) -> str:
    """JavaScript-looking code: declarations, strings, comments, a link now and then."""
    out = []
    for k in range(lines):
        if k % 20 == 0:
            out.append(f"// doc {index}, part {k}: see https://example.com/{index}/{k}\n")
        elif k % 7 == 0:
            out.append(f"function f{k}(a, b) {{ return `t ${{a}} {k}` + 'x' + b; }}\n")
        else:
            out.append(f"const value{k} = compute(\"{index}-{k}\", {k % 97}) + 1; /* c */\n")
    return "".join(out)


# ----------------------------------------------------------------------------------------
# Scenarios: each sets up, calls `s.mark()` and returns the answer that ends the step


def span_mentions_line(s: Session, n: int) -> Answer:
    text = "@a " * n
    s.open(URI, text)
    s.settle([URI])
    s.mark()
    return s.append(URI, len(text), "b")


def span_dot_rule(s: Session, n: int) -> Answer:
    s.mark()
    s.open(URI, ("x" * 79 + "\n") * n)
    return s.settle([URI])


def span_rule_backtracking(s: Session, n: int) -> Answer:
    text = "a" * n
    s.open(URI, text)
    s.settle([URI])
    s.mark()
    return s.append(URI, len(text), "a")


def formattable_open(s: Session, n: int) -> Answer:
    block = {"text": "x" * n, "ranges": [{"type": "t", "indices": [i, i + 1]} for i in range(n)]}
    s.mark()
    return s.notify_then_probe("textDocument/didOpen", {"textDocument": {
        "uri": URI, "languageId": "plaintext", "version": 1, "formattableContent": block}}, URI)


def export(s: Session, n: int) -> Answer:
    item, per_line = "@a https://example.com/x [ok] ", 500
    lines = [item * min(per_line, n - start) for start in range(0, n, per_line)]
    s.open(URI, "\n".join(lines))
    s.settle([URI])
    s.mark()
    answer = s.d.request("textStorage/export", {"uri": URI, "format": "formattable-content"})
    if answer.error is None:
        s.notes.append(f"{len(answer.result.get('ranges', []))} ranges")
    return answer


def layout_exclusions(s: Session, n: int) -> Answer:
    s.open(URI, words(200))
    s.settle([URI])
    exclusions = [{"rect": [i * 600 / n, 0, 0.5, 2000]} for i in range(n)]
    s.mark()
    return s.layout(URI, [{"width": 600, "exclusions": exclusions}])


def layout_long_cluster(s: Session, n: int) -> Answer:
    s.open(URI, "a" + "\u0301" * n)
    s.settle([URI])
    s.mark()
    return s.layout(URI, [{"width": 600}])


def background_documents(s: Session, n: int) -> Answer:
    uris = [f"file:///scale/doc{i}.js" for i in range(n)]
    texts = [javascript(i) for i in range(n)]
    s.mark()
    for uri, text in zip(uris, texts):
        s.open(uri, text, "javascript")
    return s.settle(uris)


def grammar_reloads(s: Session, n: int) -> Answer:
    folder = tempfile.TemporaryDirectory(prefix="scaling-grammars-")
    try:
        name = "json.tmLanguage.json"
        (Path(folder.name) / name).write_bytes((ROOT / "Grammars/Languages" / name).read_bytes())
        uri = "file:///scale/doc.json"
        s.open(uri, '{"a": [1, 2, {"b": "c"}], "d": true}\n' * 20, "json")
        # A JavaScript document too: every reload compiles that large bundled grammar again.
        script = "file:///scale/doc.js"
        s.open(script, javascript(0), "javascript")
        s.settle([uri, script])
        before = s.d.memory_mb().get("rss")
        s.mark()
        settings = {"settings": {"highlightd": {"grammarPaths": [folder.name]}}}
        for _ in range(n):
            answer = s.notify_then_probe("workspace/didChangeConfiguration", settings, uri)
            if answer.error is not None:
                return answer
        after = s.d.memory_mb().get("rss")
        if before is not None and after is not None:
            s.notes.append(f"RSS {after - before:+.1f} MB = {(after - before) * 1024 / n:+.0f} KB/reload")
        return answer
    finally:
        folder.cleanup()


def layout_subscription_memory(s: Session, n: int) -> Answer:
    s.open(URI, prose_lines(n))
    s.settle([URI])
    s.mark()
    return s.layout(URI, [{"width": 600}], subscribe=True)


@dataclass
class Scenario:
    name: str
    base_n: int
    run: Callable[[Session, int], Answer]
    options: dict = field(default_factory=dict)  # initializationOptions beyond attributeDeltas


SCENARIOS = [
    Scenario("span-mentions-line", 5000, span_mentions_line, {"spanRules": [MENTION_RULE]}),
    Scenario("span-dot-rule", 1000, span_dot_rule,
             {"spanRules": [{"kind": "char", "pattern": "."}]}),
    Scenario("span-rule-backtracking", 20000, span_rule_backtracking,
             {"spanRules": [{"kind": "x", "pattern": "a(?=[^z]*z)"}]}),
    Scenario("formattable-open", 20000, formattable_open),
    Scenario("export", 5000, export, {"spanRules": [MENTION_RULE, SHORTCODE_RULE]}),
    Scenario("layout-exclusions", 250, layout_exclusions),
    Scenario("layout-long-cluster", 5000, layout_long_cluster),
    Scenario("background-documents", 250, background_documents),
    Scenario("grammar-reloads", 50, grammar_reloads),
    Scenario("layout-subscription-memory", 256, layout_subscription_memory),
]


# ----------------------------------------------------------------------------------------
# Running and reporting


def measure(binary: str, scenario: Scenario, n: int, timeout: float) -> dict:
    """Runs one scenario at one size in a fresh daemon; returns its row."""
    row = {"scenario": scenario.name, "n": n, "time_s": None, "status": "ok",
           "hwm_mb": None, "rss_mb": None, "setup_s": None, "notes": []}
    daemon = Daemon(binary, timeout)
    session = Session(daemon)
    try:
        answer = session.initialize({"attributeDeltas": True, **scenario.options})
        if answer.error is None:
            answer = scenario.run(session, n)
            row["time_s"] = answer.stamp - session.marked_at
            row["setup_s"] = session.setup_s
        if answer.error is not None:
            row["status"] = "error"
            row["notes"].append(answer.error_text()[:60])
        row.update(_memory(daemon))
        if daemon.proc.poll() is not None:
            raise DaemonDied()
    except StepTimeout:
        row["status"] = "timeout"
        row["time_s"] = None
        if not session.in_step:
            row["notes"].append("during setup")
    except SetupFailed as failure:
        row["status"] = "error"
        row["notes"].append(f"setup: {failure}"[:60])
        row.update(_memory(daemon))
    except DaemonDied:
        daemon.proc.wait()
        row["status"] = daemon.exit_description()
        row["notes"].append(daemon.last_stderr_line()[:60])
    finally:
        daemon.close()
    if row["setup_s"] is not None and row["setup_s"] >= 1:
        row["notes"].append(f"setup {row['setup_s']:.1f}s")
    row["notes"] = "; ".join(note for note in session.notes + row["notes"] if note)
    return row


def _memory(daemon: Daemon) -> dict:
    memory = daemon.memory_mb()
    return {"hwm_mb": memory.get("hwm"), "rss_mb": memory.get("rss")}


def run_scenario(binary: str, scenario: Scenario, scale: float, timeout: float, emit,
                 sizes: list[int] | None = None) -> list:
    """Runs n, 2n, 4n (or `sizes`); after a timeout the larger sizes are skipped. Emits each row."""
    rows, skip = [], False
    base = max(1, round(scenario.base_n * scale))
    for n in sizes or (base, 2 * base, 4 * base):
        if skip:
            row = {"scenario": scenario.name, "n": n, "time_s": None, "status": "skipped",
                   "hwm_mb": None, "rss_mb": None, "setup_s": None, "notes": "after a timeout"}
        else:
            row = measure(binary, scenario, n, timeout)
            skip = row["status"] == "timeout"
        previous = rows[-1]["time_s"] if rows else None
        row["ratio"] = row["time_s"] / previous if previous and row["time_s"] is not None else None
        rows.append(row)
        emit(row)
    return rows


COLUMNS = [("scenario", 26), ("n", 7), ("time s", 9), ("ratio", 6), ("HWM MB", 8),
           ("RSS MB", 8), ("status", 20), ("notes", 0)]


def format_row(row: dict) -> str:
    """One table line; times as >TIMEOUT when the step timed out."""
    def number(value, digits):
        return "-" if value is None else f"{value:.{digits}f}"
    time_text = ">TIMEOUT" if row["status"] == "timeout" else number(row["time_s"], 4)
    cells = [row["scenario"], str(row["n"]), time_text, number(row.get("ratio"), 2),
             number(row["hwm_mb"], 1), number(row["rss_mb"], 1), row["status"], row["notes"]]
    return "  ".join(cell.ljust(width) if width else cell
                     for cell, (_, width) in zip(cells, COLUMNS)).rstrip()


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=str(ROOT / ".build/release/highlightd"))
    parser.add_argument("--only", help="comma-separated scenario names")
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies every base n")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per step")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    parser.add_argument("--sizes", help="comma-separated sizes to run instead of n, 2n, 4n "
                        "(e.g. --only grammar-reloads --sizes 10,1000)")
    args = parser.parse_args()
    names = [s.name for s in SCENARIOS]
    args.selected = args.only.split(",") if args.only else names
    unknown = [name for name in args.selected if name not in names]
    if unknown:
        parser.error(f"unknown scenario {', '.join(unknown)}; known: {', '.join(names)}")
    try:
        args.sizes = [int(size) for size in args.sizes.split(",")] if args.sizes else None
    except ValueError:
        parser.error("--sizes takes comma-separated integers")
    if args.sizes is not None and any(size <= 0 for size in args.sizes):
        parser.error("--sizes must be positive")
    if args.scale <= 0 or args.timeout <= 0:
        parser.error("--scale and --timeout must be positive")
    if not Path(args.binary).is_file():
        parser.error(f"no binary at {args.binary} (swift build -c release first, or --binary)")
    return args


def main() -> None:
    args = parse_args()
    command = shlex.join(sys.argv)
    if args.json:
        emit = lambda row: print(f"{row['scenario']} n={row['n']}: {row['status']}",
                                 file=sys.stderr, flush=True)
    else:
        print(f"$ {command}")
        print("  ".join(name.ljust(width) for name, width in COLUMNS).rstrip())
        emit = lambda row: print(format_row(row), flush=True)
    rows = []
    for scenario in SCENARIOS:
        if scenario.name in args.selected:
            rows += run_scenario(args.binary, scenario, args.scale, args.timeout, emit, args.sizes)
    if args.json:
        print(json.dumps({"command": command, "rows": rows}, indent=2))


if __name__ == "__main__":
    main()
