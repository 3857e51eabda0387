"""A small inventory report: reads stock lines and prints what to reorder.

Format described at https://example.org/inventory/format?v=2 (version 2).
"""

import csv
import sys
from dataclasses import dataclass

REORDER_LEVEL = 12  # units; see https://docs.python.org/3/library/csv.html
CURRENCY = "€"


@dataclass
class Item:
    sku: str
    name: str
    count: int
    price: float

    def value(self) -> float:
        return self.count * self.price

    def needs_reorder(self, level: int = REORDER_LEVEL) -> bool:
        return self.count < level


def parse(rows):
    """Turn CSV rows into items, skipping blank lines and comments."""
    items = []
    for row in rows:
        if not row or row[0].startswith("#"):
            continue
        sku, name, count, price = row
        items.append(Item(sku, name.strip(), int(count), float(price)))
    return items


def report(items, out=sys.stdout):
    total = sum(item.value() for item in items)
    for item in sorted(items, key=lambda i: i.count):
        flag = "REORDER" if item.needs_reorder() else "ok"
        out.write(f"{item.sku:>8} {item.name:<20} {item.count:5d} {flag}\n")
    out.write(f"total value: {total:.2f} {CURRENCY}\n")
    return total


def main(argv):
    if len(argv) != 2:
        print("usage: inventory.py STOCK.csv", file=sys.stderr)
        return 2
    with open(argv[1], newline="", encoding="utf-8") as handle:
        items = parse(csv.reader(handle))
    report(items)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
