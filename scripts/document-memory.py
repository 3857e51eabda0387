#!/usr/bin/env python3
"""What an open document costs `highlightd serve` in memory (not part of the test command).

A daemon opens one document per language first (so that grammars, themes and caches are
loaded and are not counted), waits until it is idle, then opens the documents measured and
waits again. It reports how much the daemon's resident size (VmRSS) grew, per document and per
byte of text. With `--heap`, it also asks the C library (glibc's `malloc_stats`, called through
`gdb`) how many bytes of heap are in use and how many the heap holds from the system: resident
size also counts freed memory the allocator keeps, so the two tell live data from
fragmentation.

Waiting for the highlighting asks `textStorage/attributes` for an empty range at each document's
start (any range would do, and an empty one cannot fall inside a character): a full answer of a
large document is a large transient allocation of its own.

    scripts/document-memory.py --binary .build-static/release/highlightd --language javascript --bytes 1000000
    scripts/document-memory.py --binary B --language rust javascript markdown --bytes 8000 --documents 50
    scripts/document-memory.py --binary B --file ../shared/data/benchmark/large.js --heap
"""
import argparse, re, shutil, subprocess, sys, time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import soak  # noqa: E402  (the daemon client and the fixtures)

EXTENSIONS = {"js": "javascript", "ts": "typescript", "rs": "rust", "md": "markdown", "css": "css",
              "py": "python", "json": "json", "html": "html", "yaml": "yaml", "yml": "yaml"}


def settle(daemon: soak.Daemon, uri: str) -> None:
    """Waits until the document has no background work left, asking for an empty range of it."""
    while daemon.request("textStorage/attributes", {"uri": uri, "range": {"offset": 0, "length": 0}})["pending"]:
        time.sleep(0.05)


def heap(daemon: soak.Daemon) -> tuple[int, int] | None:
    """(bytes in use, bytes held from the system) of the daemon's heap, from `malloc_stats`."""
    daemon.log.flush()
    seen = len(Path(daemon.log.name).read_text(errors="replace"))
    subprocess.run(["gdb", "-p", str(daemon.proc.pid), "-batch", "-ex", "call (void)malloc_stats()"],
                   capture_output=True, check=False)
    time.sleep(0.3)
    printed = Path(daemon.log.name).read_text(errors="replace")[seen:]
    found = re.findall(r"Total \(incl\. mmap\):\s*system bytes\s*=\s*(\d+)\s*in use bytes\s*=\s*(\d+)", printed)
    return (int(found[-1][1]), int(found[-1][0])) if found else None


def measure(daemon: soak.Daemon, with_heap: bool) -> dict:
    time.sleep(2.5)  # the idle upkeep (caches dropped, freed pages returned) runs first
    figures = {"rss": daemon.rss()["VmRSS"] * 1024}
    if with_heap and (numbers := heap(daemon)):
        figures["in_use"], figures["system"] = numbers
    return figures


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--binary", default=str(soak.ROOT / ".build/release/highlightd"))
    p.add_argument("--language", nargs="+", default=["javascript"], choices=sorted(soak.TEMPLATES))
    p.add_argument("--bytes", type=int, default=1_000_000, help="size of each generated document")
    p.add_argument("--documents", type=int, default=1, help="documents generated (languages in turn)")
    p.add_argument("--file", nargs="*", default=[], help="real files to open instead of generated ones")
    p.add_argument("--heap", action="store_true", help="also read heap figures through gdb")
    args = p.parse_args()
    if args.heap and not shutil.which("gdb"):
        p.error("--heap reads the heap through gdb: install it (apt-get install gdb)")

    if args.file:
        docs = [soak.Doc(f"file:///measured/{i}/{Path(f).name}", EXTENSIONS.get(Path(f).suffix[1:], "plaintext"),
                         Path(f).read_text()) for i, f in enumerate(args.file)]
    else:
        docs = [soak.Doc(f"file:///measured/{i}.{soak.TEMPLATES[lang][0]}", lang, soak.fixture(lang, args.bytes))
                for i, lang in enumerate(args.language[i % len(args.language)] for i in range(args.documents))]
    languages = sorted({d.language for d in docs} - {"plaintext"})
    daemon = soak.Daemon(args.binary, False, 120)
    for i, lang in enumerate(languages):
        # A grammar loads on open whatever the text; the templates also fill the style caches.
        warm = soak.Doc(f"file:///warm/{i}", lang, soak.fixture(lang, 4000) if lang in soak.TEMPLATES else "x\n")
        daemon.open(warm)
        settle(daemon, warm.uri)
    before = measure(daemon, args.heap)
    for doc in docs:
        daemon.open(doc)
    for doc in docs:
        settle(daemon, doc.uri)
    after = measure(daemon, args.heap)
    daemon.close()

    text = sum(len(d.buf) for d in docs)
    rss = after["rss"] - before["rss"]
    print(f"{len(docs)} document(s), {text:,} bytes ({', '.join(sorted({d.language for d in docs}))}): "
          f"resident +{rss / 2**20:.2f} MB, {rss / len(docs) / 1024:.1f} KB per document, "
          f"{rss / text:.1f} bytes per byte")
    if "in_use" in before and "in_use" in after:
        live, held = after["in_use"] - before["in_use"], after["system"] - before["system"]
        print(f"heap in use +{live / 2**20:.2f} MB ({live / text:.1f} bytes per byte); "
              f"held from the system +{held / 2**20:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
