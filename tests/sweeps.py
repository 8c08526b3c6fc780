"""How much of the run's catalogue a sweep reads (`sweep`, a fixture of conftest.py).

The catalogue holds each game's items on A4 and on Letter: the same drawing and the same
writer on two papers. In `make test` a sweep reads one file of each kind (each game's each
item, booklet and page, in each format), on the two papers in turn, so both papers are read;
the exhaustive tier (`make test-all`, CI) reads every file.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest

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


def on_the_diagonal(rows: Iterable[Any], columns: Sequence[Any], *,
                    reason: str) -> list[tuple[Any, Any, tuple]]:
    """Every row with every column, and the marks of each pair: `make test` keeps the
    diagonal, the columns in turn down the rows (row n with column n modulo their number),
    so each row and each column is read there; the other pairs are the exhaustive tier's.
    A pair is (row, column, marks), for `pytest.param(..., marks=marks)`."""
    later = (pytest.mark.exhaustive(reason=reason),)
    return [(row, column, () if column == columns[n % len(columns)] else later)
            for n, row in enumerate(rows) for column in columns]
