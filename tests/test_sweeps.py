"""`make test`'s sweeps of the catalogue read each of its items once, on both papers in
turn (tests/sweeps.py); the exhaustive tier's read every file."""

from __future__ import annotations

from pathlib import Path

from sweeps import PAPERS, every_file, item_of, one_of_each, paper_of


def names(*given: str) -> list[Path]:
    return [Path("/c") / name for name in given]


def test_one_of_each_reads_every_item_once_on_both_papers(catalogue_folder):
    files = [p for p in catalogue_folder.rglob("*") if p.is_file()]
    chosen = one_of_each(files)
    assert {item_of(p) for p in chosen} == {item_of(p) for p in files}
    assert {paper_of(p) for p in chosen} == {*PAPERS, None}
    # An item's pages and formats are read on one paper, so a page and its PDF stay a pair.
    for item in {item_of(p) for p in chosen}:
        assert len({paper_of(p) for p in chosen if item_of(p) == item}) == 1, item
    assert len(chosen) < 0.6 * len(files)
    assert every_file(files) == sorted(files)


def test_an_item_on_one_paper_only_is_read_on_it():
    # Control: the paper an item is not printed on is never asked for. The items in turn:
    # the index (no paper, A4's turn), Hex's board (Letter's turn, on A4 only), Nex's board
    # (A4's turn, on both).
    files = names("hex/standard-board-a4.pdf", "nex/standard-board-letter.pdf",
                  "nex/standard-board-a4.pdf", "index.html")
    assert one_of_each(files) == names("hex/standard-board-a4.pdf", "index.html",
                                       "nex/standard-board-a4.pdf")
    # Pages of one item on one paper go together; the item's name is without them.
    pages = names("hex-kb/standard-rules-a4-1.svg", "hex-kb/standard-rules-a4-2.svg",
                  "hex-kb/standard-rules-a4.pdf", "hex-kb/standard-rules-letter-1.svg")
    assert {item_of(p) for p in pages} == {("/c/hex-kb", "standard-rules")}
    assert one_of_each(pages) == sorted(pages[:3])
