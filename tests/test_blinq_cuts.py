"""Blinq's blocks share their cuts: each block meets its neighbours in the same colour at
every edge (white half up on one row, down on the next), so they lie edge to edge and one
cut serves the blocks on both sides. Read back from the PDF `pnp tiles blinq` writes (qpdf
through pikepdf): a knife cut is a straight cut line across the sheet, guided by its crop
marks; the cuts are counted against the same blocks laid 6 mm apart, each with a bleed of
its own, as they were (the control: such a sheet is caught as not sharing)."""

from __future__ import annotations

from pathlib import Path

import pytest
from in_process import pnp_ok
from pdfdrawing import cuts, drawing, pages

from generator.core.palette import COLOUR
from generator.core.paper import PAPERS
from generator.games.blinq import pages as blinq_pages
from generator.i18n import ENGLISH
from generator.layout import cutsheet
from generator.render.pdf import document_pdf


def knife_cuts(pdf: Path) -> list[list[float]]:
    """Each page's straight cut lines, as the places they run along (x of an upright cut,
    y of a level one, to 0.1 mm), each counted once however many pieces it passes."""
    sheets = []
    for n in range(1, pages(pdf) + 1):
        lines = set()
        for a, b in cuts(drawing(pdf, n)):
            upright = abs(a[0] - b[0]) < 1e-3
            lines.add(("x", round(a[0], 1)) if upright else ("y", round(a[1], 1)))
        sheets.append(sorted(v for _axis, v in lines))
    return sheets


def gaps(pdf: Path) -> list[float]:
    """The distances between neighbouring parallel cuts on each page closer than the room a
    block of pieces keeps round it (cutsheet.MARGIN): where two cuts run a gutter apart
    instead of one serving the blocks on both sides."""
    found = []
    for n in range(1, pages(pdf) + 1):
        for axis in (0, 1):
            at = sorted({round((a[axis] + b[axis]) / 2, 1) for a, b in cuts(drawing(pdf, n))
                         if abs(a[axis] - b[axis]) < 1e-3})
            found += [q - p for p, q in zip(at, at[1:], strict=False) if q - p < cutsheet.MARGIN]
    return found


def apart(tmp_path: Path, paper: str) -> Path:
    """The blocks as they were laid: 6 mm apart, each with its own bleed."""
    p = PAPERS[paper]
    side = blinq_pages.board_cell(p)
    runs = [cutsheet.TileRun("dual", blinq_pages.BLOCKS, None,
                             lambda c, s, bleed: []),
            cutsheet.TileRun("neutral", 1, None, lambda c, s, bleed: [])]
    sheets = cutsheet.tile_pages(p, side, runs=runs, title="Blinq blocks", subtitle="",
                                 footer="", colours=COLOUR, gutter=2 * cutsheet.BLEED)
    out = tmp_path / "apart.pdf"
    out.write_bytes(document_pdf(blinq_pages.document(sheets, "blocks", words=ENGLISH)))
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_blocks_share_their_cuts(tmp_path, paper):
    out = tmp_path / "blocks.pdf"
    pnp_ok("tiles", "blinq", "--paper", paper, "-o", str(out))
    assert gaps(out) == [], "parallel cuts a gutter apart"
    shared = sum(map(len, knife_cuts(out)))
    before = sum(map(len, knife_cuts(apart(tmp_path, paper))))
    print(f"{paper}: {before} knife cuts apart, {shared} shared")
    assert shared < before


def test_control_blocks_laid_apart_are_caught(tmp_path):
    assert gaps(apart(tmp_path, "a4")) != []
