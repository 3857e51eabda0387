#!/usr/bin/env python3
"""Soak benchmark for `highlightd serve`: throughput, memory growth and final correctness.

What it measures, for each scenario (each in a fresh daemon):

  single  one Rust document, 1,000,000 random single-edit `textStorage/edit` messages sent as
          notifications in batches of 1,000; the last edit of each batch is a request whose
          response is awaited before the next batch is sent.
  many    50 documents (rust / javascript / markdown), 150,000 edits in total to random
          documents, all pipelined without waiting, then one request per document.
  reload  (only when asked) six of those documents open while the grammars are reloaded 100
          times by `workspace/didChangeConfiguration`; idle RSS after the first and the last.

Edits insert, delete or replace 0-8 characters from a small alphabet (ASCII, é, 日, 😀, newlines,
CRLF, braces, quotes, `//`, `/*`, `*/`, a URL) at UTF-8 byte offsets that never fall inside a
character or between `\\r` and `\\n`. The daemon's VmRSS is sampled every 10,000 edits; the report
gives edits/s and RSS at start (after initialize + opens), peak (sampled, and the kernel's VmHWM),
end (after the last response) and idle (once `pending` is false everywhere, plus 2 s), and,
as the baseline edits should return to, the idle RSS of a new daemon that opens only the
documents' final texts (edits can grow the documents themselves).
Correctness: each edited document's final text (kept by a Python model) is opened under a fresh
URI; its `textStorage/attributes` runs and links must equal those of the edited document.
The exit status is non-zero if any check fails or an edit was rejected.

Run from the repository root after `swift build -c release`:

    scripts/soak.py                                  # full run, both scenarios
    scripts/soak.py --edits 20000 --many-edits 20000 # quick run
    scripts/soak.py --scenario many --json soak.json # one scenario, JSON report to a file
    scripts/soak.py --scenario reload                # grammar reloads
"""
import argparse, json, os, random, subprocess, sys, tempfile, threading, time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ALPHABET = ["a", "z", "_", "0", " ", " ", "é", "日", "😀", "\n", "\n", "\r\n", "{", "}", "(", ")",
            '"', "'", "\\", ";", "//", "/*", "*/", "#", "`", "*", "https://x.io/a "]
TEMPLATES = {
    "rust": ("rs", '// fixture {i}: é 日本 😀 see https://example.com/docs/{i}\n/* block www.example.org */\r\n'
                   'fn func_{i}(x: &str) -> Result<String, Error> {\n    let s = "str {i} \\"esc\\" é";\n'
                   '    if x.len() > {i} { return Ok(format!("{}-{i}", x)); }\n    Err(Error::new(\'c\'))\n}\n'),
    "javascript": ("js", '// fixture {i} é 日本 😀 https://example.com/{i}\nfunction f{i}(a, b) {\n'
                         '  const s = `tmpl ${a} {i}`; /* c */ let r = /re{i}+/g;\r\n  return "x" + s + \'y\';\n}\n'),
    "markdown": ("md", '# Heading {i} é 日本 😀\n\nSome *emph* and **bold** text, a [link](https://example.com/{i})\r\n'
                       'and www.example.org.\n\n```rust\nfn f() { let x = "{i}"; }\n```\n\n- item `code` {i}\n'),
}


def fixture(language: str, size: int) -> str:
    """Returns about `size` bytes of code in `language`, repeated from a template."""
    parts, total, i = [], 0, 0
    while total < size:
        part = TEMPLATES[language][1].replace("{i}", str(i))
        parts.append(part); total += len(part.encode()); i += 1
    return "".join(parts)


def rss_kb(pid: int) -> dict:
    """Reads VmRSS and VmHWM (in kB) from /proc/PID/status."""
    out = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(("VmRSS:", "VmHWM:")):
                out[line[:5]] = int(line.split()[1])
    return out


class Doc:
    """The Python model of one document: its UTF-8 bytes, URI, language and version."""

    def __init__(self, uri: str, language: str, text: str):
        self.uri, self.language, self.version = uri, language, 1
        self.buf, self.initial = bytearray(text.encode()), len(text.encode())

    def _boundary(self, i: int) -> int:
        """Moves `i` back to a character start that is not between \\r and \\n."""
        b = self.buf
        while 0 < i < len(b) and ((b[i] & 0xC0) == 0x80 or (b[i] == 10 and b[i - 1] == 13)):
            i -= 1
        return i

    def _advance(self, i: int, chars: int) -> int:
        """Returns the boundary `chars` characters (CRLF counting as one) after `i`."""
        b = self.buf
        for _ in range(chars):
            if i >= len(b):
                break
            i += 1
            while i < len(b) and ((b[i] & 0xC0) == 0x80 or (b[i] == 10 and b[i - 1] == 13)):
                i += 1
        return i

    def random_edit(self, rng: random.Random) -> dict:
        """Applies a random insert/delete/replace to the model; returns the edit params."""
        size = len(self.buf)
        kinds = ["insert", "delete", "replace"]
        weights = [1, 4, 1] if size > 2 * self.initial else [4, 1, 1] if size < self.initial // 2 else [2, 2, 1]
        kind = rng.choices(kinds, weights)[0]
        start = self._boundary(rng.randint(0, size))
        end = start if kind == "insert" else self._advance(start, rng.randint(1, 8))
        text = "" if kind == "delete" else "".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 8)))
        self.buf[start:end] = text.encode()
        self.version += 1
        return {"uri": self.uri, "version": self.version,
                "edits": [{"offset": start, "length": end - start, "text": text}]}


class Daemon:
    """A `highlightd serve` child with a framed writer and a reader thread matching responses by id."""

    def __init__(self, binary: str, deltas: bool, timeout: float):
        self.log = tempfile.NamedTemporaryFile(prefix="soak-stderr-", suffix=".log", delete=False)
        self.proc = subprocess.Popen([binary, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.log, bufsize=1 << 20)
        self.timeout, self.next_id, self.lock = timeout, 0, threading.Lock()
        self.waiting: dict[int, list] = {}
        self.counts: dict[str, int] = {}
        self.errors: list[str] = []
        self.reader = threading.Thread(target=self._read_loop, daemon=True)
        self.reader.start()
        self.request("initialize", {"capabilities": {"general": {"positionEncodings": ["utf-8"]}},
                                    "initializationOptions": {"attributeDeltas": deltas}})
        self.notify("initialized", {})

    def _read_loop(self) -> None:
        """Reads LSP frames until EOF and dispatches each message."""
        f = self.proc.stdout
        while True:
            length = None
            while True:
                line = f.readline()
                if not line:
                    return
                if not line.strip():
                    if length is not None:
                        break
                    continue
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
            body = f.read(length)
            if len(body) < length:
                return
            self._dispatch(json.loads(body))

    def _dispatch(self, msg: dict) -> None:
        """Completes a waiting request, or counts a notification (rejections are errors)."""
        if "method" in msg:
            self.counts[msg["method"]] = self.counts.get(msg["method"], 0) + 1
            if msg["method"] == "window/logMessage" and msg.get("params", {}).get("type") == 1:
                self.errors.append(msg["params"].get("message", ""))
        elif msg.get("id") is None:
            self.errors.append(f"response with id null: {msg.get('error')}")
        else:
            with self.lock:
                slot = self.waiting.pop(msg["id"], None)
            if slot:
                slot[1] = msg; slot[0].set()

    def send(self, msg: dict, flush: bool = False) -> None:
        """Writes one framed message (buffered unless `flush`)."""
        body = json.dumps(msg, ensure_ascii=False, separators=(",", ":")).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        if flush:
            self.proc.stdin.flush()

    def notify(self, method: str, params: dict) -> None:
        """Sends a notification (buffered)."""
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def start_request(self, method: str, params: dict | None = None) -> list:
        """Sends a request, flushing; returns a slot [event, response] to `wait` on."""
        with self.lock:
            self.next_id += 1
            slot = self.waiting[self.next_id] = [threading.Event(), None]
        msg = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg, flush=True)
        return slot

    def wait(self, slot: list):
        """Waits for a response; returns its result or raises on an error or timeout."""
        if not slot[0].wait(self.timeout):
            raise TimeoutError(f"no response within {self.timeout} s; stderr in {self.log.name}")
        if "error" in slot[1]:
            raise RuntimeError(f"request failed: {slot[1]['error']}")
        return slot[1].get("result")

    def request(self, method: str, params: dict | None = None):
        """Sends a request and waits for its result."""
        return self.wait(self.start_request(method, params))

    def open(self, doc: Doc) -> None:
        """Sends `textDocument/didOpen` for the model's current text."""
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": doc.uri, "languageId": doc.language, "version": doc.version, "text": doc.buf.decode()}})

    def settled(self, uri: str) -> dict:
        """Polls `textStorage/attributes` until `pending` is false; returns the final answer."""
        while True:
            attrs = self.request("textStorage/attributes", {"uri": uri})
            if not attrs["pending"]:
                return attrs
            time.sleep(0.05)

    def rss(self) -> dict:
        """The daemon's VmRSS / VmHWM in kB."""
        return rss_kb(self.proc.pid)

    def close(self) -> int:
        """Sends shutdown + exit and returns the exit status."""
        self.request("shutdown")
        self.notify("exit", {}); self.proc.stdin.close()
        code = self.proc.wait(30); self.reader.join(5)
        return code


def first_difference(a: list, b: list) -> str:
    """Describes where two run lists first disagree (as styles per byte)."""
    def spans(runs):
        pos = 0
        for length, style in runs:
            yield pos, pos + length, style; pos += length
    ea = [s for lo, hi, s in spans(a) for _ in range(lo, hi)]
    eb = [s for lo, hi, s in spans(b) for _ in range(lo, hi)]
    for i, (x, y) in enumerate(zip(ea, eb)):
        if x != y:
            return f"style {x} vs {y} at offset {i}"
    return f"lengths {len(ea)} vs {len(eb)}" if len(ea) != len(eb) else "same styles, different run splits"


def check(daemon: Daemon, docs: list[Doc]) -> list[str]:
    """Opens each document's final text under a fresh URI and compares attributes; returns problems."""
    problems = []
    for n, doc in enumerate(docs):
        edited = daemon.settled(doc.uri)
        fresh = Doc(f"file:///soak/check/{n}.{TEMPLATES[doc.language][0]}", doc.language, doc.buf.decode())
        daemon.open(fresh)
        expected = daemon.settled(fresh.uri)
        daemon.notify("textDocument/didClose", {"textDocument": {"uri": fresh.uri}})
        if edited["version"] != doc.version:
            problems.append(f"{doc.uri}: version {edited['version']}, model has {doc.version}")
        if edited["runs"] != expected["runs"]:
            problems.append(f"{doc.uri}: runs differ ({first_difference(edited['runs'], expected['runs'])})")
        if edited["links"] != expected["links"]:
            problems.append(f"{doc.uri}: links differ ({len(edited['links'])} vs {len(expected['links'])})")
    return problems


def fresh_open_rss(args, docs: list[Doc]) -> int:
    """The idle VmRSS (kB) of a new daemon that only opens the documents' final texts: what
    the soaked daemon would hold if edits left nothing behind."""
    daemon = Daemon(args.binary, args.deltas, args.timeout)
    finals = [Doc(doc.uri, doc.language, doc.buf.decode()) for doc in docs]
    for doc in finals:
        daemon.open(doc)
    for doc in finals:
        daemon.settled(doc.uri)
    time.sleep(2)
    rss = daemon.rss()["VmRSS"]
    daemon.close()
    return rss


def run_reloads(args, docs: list[Doc], reloads: int) -> dict:
    """Reloads the grammars `reloads` times (a `workspace/didChangeConfiguration` naming
    `grammarPaths`, which rebuilds every document); returns the idle RSS after the first and
    after the last reload, and whether the documents still match fresh opens."""
    daemon = Daemon(args.binary, args.deltas, args.timeout)
    for doc in docs:
        daemon.open(doc)

    def reload_and_settle():
        daemon.notify("workspace/didChangeConfiguration", {"settings": {"highlightd": {"grammarPaths": []}}})
        for doc in docs:
            daemon.settled(doc.uri)

    reload_and_settle()
    time.sleep(2)
    after_one = daemon.rss()["VmRSS"]
    began = time.monotonic()
    for _ in range(reloads - 1):
        reload_and_settle()
    seconds = time.monotonic() - began
    time.sleep(2)
    after_all = daemon.rss()["VmRSS"]
    problems = check(daemon, docs)
    status = daemon.close()
    mb = lambda kb: round(kb / 1024, 1)
    return {"scenario": "reload", "documents": len(docs), "reloads": reloads, "seconds": round(seconds, 2),
            "rss_mb": {"after_first": mb(after_one), "after_last": mb(after_all)},
            "growth_mb": mb(after_all - after_one), "exit_status": status,
            "passed": not problems and status == 0, "problems": problems}


def print_reload_report(r: dict) -> None:
    """Prints the reload scenario's report for humans."""
    m = r["rss_mb"]
    print(f"== reload: {r['documents']} document(s), {r['reloads']} grammar reloads in {r['seconds']} s")
    print(f"   idle RSS MB: after the first {m['after_first']}  after the last {m['after_last']}  "
          f"growth {r['growth_mb']:+} MB, exit status {r['exit_status']}")
    print(f"   final state: {'PASS' if r['passed'] else 'FAIL'}")
    for p in r["problems"]:
        print(f"     - {p}")


def run(args, name: str, docs: list[Doc], total: int) -> dict:
    """Runs one scenario in a fresh daemon and returns its report."""
    rng = random.Random(args.seed)
    daemon = Daemon(args.binary, args.deltas, args.timeout)
    for doc in docs:
        daemon.open(doc)
    for doc in docs:
        daemon.settled(doc.uri)
    start_rss = daemon.rss()["VmRSS"]
    samples, began = [(0, start_rss)], time.monotonic()
    if name == "single":
        doc, sent = docs[0], 0
        while sent < total:
            batch = min(args.batch, total - sent)
            for _ in range(batch - 1):
                daemon.notify("textStorage/edit", doc.random_edit(rng))
            daemon.request("textStorage/edit", doc.random_edit(rng))
            before, sent = sent, sent + batch
            if sent // args.sample_every > before // args.sample_every:
                samples.append((sent, daemon.rss()["VmRSS"]))
    else:
        for sent in range(1, total + 1):
            daemon.notify("textStorage/edit", rng.choice(docs).random_edit(rng))
            if sent % args.sample_every == 0:
                samples.append((sent, daemon.rss()["VmRSS"]))
        slots = [daemon.start_request("textStorage/edit", doc.random_edit(rng)) for doc in docs]
        for slot in slots:
            daemon.wait(slot)
        total += len(docs)
    seconds = time.monotonic() - began
    end_rss = daemon.rss()["VmRSS"]
    samples.append((total, end_rss))
    for doc in docs:
        daemon.settled(doc.uri)
    time.sleep(2)
    mem = daemon.rss()
    problems = check(daemon, docs)
    problems += [f"rejected: {e}" for e in daemon.errors[:5]]
    status = daemon.close()
    fresh_rss = fresh_open_rss(args, docs)
    mb = lambda kb: round(kb / 1024, 1)
    return {"scenario": name, "documents": len(docs), "edits": total, "seconds": round(seconds, 2),
            "edits_per_s": round(total / seconds), "rss_mb": {
                "start": mb(start_rss), "peak_sampled": mb(max(s for _, s in samples)),
                "hwm": mb(mem["VmHWM"]), "end": mb(end_rss), "idle": mb(mem["VmRSS"]),
                "fresh": mb(fresh_rss)},
            "over_fresh_mb": mb(mem["VmRSS"] - fresh_rss),
            "growth_mb": mb(mem["VmRSS"] - start_rss),
            "growth_pct": round(100 * (mem["VmRSS"] - start_rss) / start_rss, 1),
            "samples_mb": [(n, mb(kb)) for n, kb in samples], "notifications": daemon.counts,
            "rejected": len(daemon.errors), "exit_status": status, "stderr_log": daemon.log.name,
            "passed": not problems and status == 0, "problems": problems}


def print_report(r: dict) -> None:
    """Prints one scenario's report for humans."""
    m = r["rss_mb"]
    print(f"== {r['scenario']}: {r['documents']} document(s), {r['edits']:,} edits in {r['seconds']} s "
          f"= {r['edits_per_s']:,} edits/s")
    print(f"   RSS MB: start {m['start']}  peak {m['peak_sampled']} (VmHWM {m['hwm']})  end {m['end']}  "
          f"idle {m['idle']}  growth {r['growth_mb']:+} MB ({r['growth_pct']:+}%)")
    print(f"   a new daemon with only the final texts open: {m['fresh']} MB idle; the soaked one holds "
          f"{r['over_fresh_mb']:+} MB more")
    print(f"   samples (edits, MB): {' '.join(f'{n}:{v}' for n, v in r['samples_mb'])}")
    print(f"   pushes {r['notifications'].get('textStorage/didProcessEditing', 0)}, rejected edits "
          f"{r['rejected']}, exit status {r['exit_status']}")
    print(f"   final state: {'PASS' if r['passed'] else 'FAIL'}")
    for p in r["problems"]:
        print(f"     - {p}")


def main() -> int:
    """Parses flags, runs the chosen scenarios, prints the report; returns the exit status."""
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--binary", default=str(ROOT / ".build/release/highlightd"))
    p.add_argument("--scenario", choices=["single", "many", "both", "reload"], default="both")
    p.add_argument("--reloads", type=int, default=100, help="grammar reloads in the reload scenario")
    p.add_argument("--edits", type=int, default=1_000_000, help="edits in the single scenario")
    p.add_argument("--batch", type=int, default=1000, help="edits per awaited batch (single)")
    p.add_argument("--doc-bytes", type=int, default=4000, help="initial size of each document")
    p.add_argument("--many-docs", type=int, default=50)
    p.add_argument("--many-edits", type=int, default=150_000, help="edits in total (many)")
    p.add_argument("--sample-every", type=int, default=10_000, help="edits between RSS samples")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--deltas", action="store_true", help="ask for attributeDeltas pushes")
    p.add_argument("--timeout", type=float, default=600, help="seconds to wait for one response")
    p.add_argument("--json", metavar="FILE", help="also write the report as JSON ('-' for stdout only)")
    args = p.parse_args()
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"soak: no executable at {args.binary} (swift build -c release?)")
    languages = ["rust", "javascript", "markdown"]
    plans = {"single": lambda: [Doc("file:///soak/single.rs", "rust", fixture("rust", args.doc_bytes))],
             "many": lambda: [Doc(f"file:///soak/many/{i}.{TEMPLATES[languages[i % 3]][0]}", languages[i % 3],
                                  fixture(languages[i % 3], args.doc_bytes)) for i in range(args.many_docs)]}
    names = ["single", "many"] if args.scenario == "both" else [args.scenario]
    reports = []
    if args.scenario == "reload":
        reports.append(run_reloads(args, plans["many"]()[:6], args.reloads))
        if args.json != "-":
            print_reload_report(reports[-1])
        names = []
    for name in names:
        reports.append(run(args, name, plans[name](), args.edits if name == "single" else args.many_edits))
        if args.json != "-":
            print_report(reports[-1])
    if args.json:
        text = json.dumps(reports, indent=2, ensure_ascii=False)
        print(text) if args.json == "-" else Path(args.json).write_text(text + "\n")
    return 0 if all(r["passed"] for r in reports) else 1


if __name__ == "__main__":
    sys.exit(main())
