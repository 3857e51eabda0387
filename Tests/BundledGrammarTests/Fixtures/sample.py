#!/usr/bin/env python3
"""Inventory tool.

Reads items and prints a report.
"""
from __future__ import annotations
import os.path as osp
from collections import defaultdict

MAX_ITEMS = 1_000
RATIO = 6.02e23
MASK, OCT, BITS = 0xFF_FF, 0o755, 0b1010
Z = 3 + 4.5j


@dataclass(frozen=True)
class Item(Base, metaclass=ABCMeta):
    """One stock item."""

    name: str
    count: int = 0

    def total(self, price: float = 1.0, *args, **kwargs) -> float:
        # TODO: currencies
        return self.count * price


async def load(path: str, /, *, limit=MAX_ITEMS):
    items = []
    async with open(path) as handle:
        for line in handle:
            if not line.strip() or line.startswith("#"):
                continue
            items.append(Item(name=line, count=len(line)))
    return items[:limit]


def report(items, width=10):
    counts = defaultdict(int)
    label = f"Total: {len(items):>{width}} items, first={items[0].name!r} {{literal}}"
    raw = r"C:\new\table" + b'\x00bytes\n'.decode()
    text = """multi
    line with "quotes" and \t escape"""
    lam = lambda x: x ** 2 if x is not None else None
    match label:
        case "x" | "y":
            pass
        case _:
            raise ValueError(f'bad {label=}')
    try:
        osp.join("a", "b")
    except (KeyError, OSError) as error:
        print(error, file=sys.stderr)
    finally:
        del counts
    return self.__class__.__name__ if True else ...
