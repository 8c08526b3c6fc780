"""Tiled boards and counter sheets as players cut them: each tiled sheet carries one ruler and
no page footer, and a counter sheet has no empty cut box. Each check has a control case that
fails it."""

from dataclasses import replace
from pathlib import Path

import pytest
from in_process import pnp_ok
from poppler_pages import pdf_pages, pdf_texts

from generator import i18n, render
from generator.core.formats import PDF
from generator.core.palette import COLOUR
from generator.core.paper import NAMED, PAPERS
from generator.core.scene import Document
from generator.core.scene import Path as Stroke
from generator.games import GAMES
from generator.games.items import BOARD, ITEMS
from generator.i18n import ENGLISH
from generator.layout import cutsheet, tiling
from generator.layout.printing import Printing


def run(*args: str) -> None:
    pnp_ok(*args)   # in process (in_process.py)


def tiled_faults(pdf: Path) -> list[str]:
    faults = []
    for k, text in enumerate(pdf_texts(pdf), start=1):
        if text.count("50 mm") != 1:
            faults.append(f"sheet {k}: {text.count('50 mm')} rulers")
        if "Black joins the two B sides" in text or "João" in text:
            faults.append(f"sheet {k}: the board page's footer")
    return faults


def test_tiled_sheets_carry_one_ruler_and_no_page_footer(tmp_path):
    pdf = tmp_path / "tiled.pdf"
    run("board", "nex", "--size", "19", "--cell", "20", "--tile", "-o", str(pdf))
    assert pdf_pages(pdf) > 1 and tiled_faults(pdf) == []


def test_control_tiling_the_whole_board_page_shows_its_ruler_and_footer(tmp_path):
    game = GAMES["nex"]
    options = game.make_options(size=19)
    pages = game.pages()
    a4 = NAMED["a4"]
    virtual = tiling.virtual_paper(a4, lambda p: pages.board_cell(options, p, words=ENGLISH),
                                   target=20.0)
    page = pages.items[BOARD](options, Printing(paper=virtual)).pages[0]
    sheets = tiling.tile(page, virtual.margin, sheet_paper=a4, title="Nex board", colours=COLOUR,
                         words=i18n.ENGLISH)
    pdf = tmp_path / "old.pdf"
    render.save(Document(tuple(sheets), "old", "me", lang="en"), pdf, fmt=PDF, default_stem="old")
    faults = tiled_faults(pdf)
    assert any("2 rulers" in f for f in faults) and any("footer" in f for f in faults)


def boxed_cells(block: cutsheet.Block, cuts: list) -> set[tuple[int, int]]:
    """Grid cells of the block closed on all four sides by cut lines."""
    def covered(a, b) -> bool:
        for p, q in cuts:
            along_x = abs(p.y - q.y) < 1e-6 and abs(a.y - b.y) < 1e-6 and abs(p.y - a.y) < 1e-6
            if along_x and min(p.x, q.x) - 1e-6 <= a.x and b.x <= max(p.x, q.x) + 1e-6:
                return True
            along_y = abs(p.x - q.x) < 1e-6 and abs(a.x - b.x) < 1e-6 and abs(p.x - a.x) < 1e-6
            if along_y and min(p.y, q.y) - 1e-6 <= a.y and b.y <= max(p.y, q.y) + 1e-6:
                return True
        return False
    from generator.core.geometry import Point
    out = set()
    for r in range(block.rows):
        for c in range(block.columns):
            x, y, s = block.x + c * block.pitch, block.y + r * block.pitch, block.side
            corners = [Point(x, y), Point(x + s, y), Point(x + s, y + s), Point(x, y + s)]
            if all(covered(*sorted((a, b), key=lambda p: (p.x, p.y)))
                   for a, b in zip(corners, corners[1:] + corners[:1], strict=False)):
                out.add((r, c))
    return out


def empty_boxes(block: cutsheet.Block, cuts: list) -> set[tuple[int, int]]:
    drawn = {(n // block.columns, n % block.columns) for n in range(block.count)}
    return boxed_cells(block, cuts) - drawn


def cut_lines(block: cutsheet.Block) -> list:
    paths = [s for s in cutsheet.block_shapes(block, COLOUR) if isinstance(s, Stroke)
             and s.paint.stroke == COLOUR["cut line"]]
    return [tuple(sub) for sub in paths[0].subpaths]    # the first: cut lines, then marks


@pytest.mark.parametrize("size", [9, 11, 13, 19])
@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_counter_sheets_have_no_empty_cut_boxes(size, paper):
    game = GAMES["nex"]
    options = game.make_options(size=size)
    side = 8.0
    runs = [cutsheet.TileRun(k, size * size, None if k == "white" else "#000000",
                             lambda c, s, bleed: []) for k in ("black", "white", "neutral")]
    blocks = [b for page in cutsheet.layout(PAPERS[paper], side, runs=runs) for b in page]
    for block in blocks:
        if block.run.background:
            assert block.count == block.rows * block.columns    # every box a counter
        else:
            assert empty_boxes(block, cut_lines(block)) == set()
            assert len(boxed_cells(block, cut_lines(block))) == block.count
    assert game.pages().items[ITEMS["counters"]](options, Printing(paper=PAPERS[paper])).pages


def test_control_a_full_grid_of_cuts_leaves_empty_boxes():
    run_ = cutsheet.TileRun("white", 121, None, lambda c, s, bleed: [])
    block = cutsheet.Block(run_, 10, 10, 20, 7, 8.9, count=121)
    full = cutsheet.shared_cuts(replace(block, count=block.rows * block.columns))
    assert len(empty_boxes(block, full)) == 19
    assert empty_boxes(block, cut_lines(block)) == set()
