"""How much of the run's catalogue a sweep reads (`sweep`, a fixture of conftest.py).

The catalogue holds each game's items on A4 and on Letter: the same drawing and the same
writer on two papers. In `make test` a sweep reads one file of each kind (each game's each
item, booklet and page, in each format), on the two papers in turn, so both papers are read;
the exhaustive tier (`make test-all`, CI) reads every file.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path

# A paper in a catalogue file's name: `standard-board-a4.pdf`, `cards-cards-letter-2.svg`,
# `hex-booklet-a4.pdf`.
PAPER = re.compile(r"-(a4|letter)(?=(?:-\d+)?$)")
PAPERS = ("a4", "letter")

Sweep = Callable[[Iterable[Path]], list[Path]]


def item_of(path: Path) -> tuple[str, str]:
    """What a file is, whatever its paper, format or page: its folder and its name without
    them (a board's SVG and PDF on A4 and Letter are one item)."""
    stem = re.sub(r"-\d+$", "", path.stem)
    return str(path.parent), PAPER.sub("", stem)


def paper_of(path: Path) -> str | None:
    m = PAPER.search(path.stem)
    return m.group(1) if m else None


def every_file(files: Iterable[Path]) -> list[Path]:
    return sorted(files)


def one_of_each(files: Iterable[Path]) -> list[Path]:
    """The files of one paper for each item, the items (in order) taking the papers in turn;
    a file with no paper in its name (the index page) is always read."""
    files = sorted(files)
    papers: dict[tuple[str, str], set[str]] = {}
    for path in files:
        papers.setdefault(item_of(path), set()).add(paper_of(path) or "")
    chosen = {}
    for n, (item, found) in enumerate(sorted(papers.items())):
        turn = PAPERS[n % len(PAPERS)]
        chosen[item] = turn if turn in found else min(found)
    return [path for path in files if (paper_of(path) or "") == chosen[item_of(path)]]
