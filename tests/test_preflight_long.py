"""`pnp check` on long files: it reads whole, and passes, the largest files pnp itself
makes (a booklet of a club's Hex records, the study booklet of one long game on the largest
lettered board), and still stops a hostile file that spreads its work over many pages.

The booklets once stopped at a reading budget meant for hostile files ("more than 500,000
drawing operations, at page 46: the rest was not read"), whose limits held for the whole
file. The control for each: the same file read under that old whole-file budget still
stops, so the file is as heavy as the test needs. (Other hostile files are
test_preflight_hostile.py's.)
"""

from __future__ import annotations

import random
import zlib
from dataclasses import astuple, replace
from pathlib import Path

import pikepdf
import pytest
from hypothesis import given
from hypothesis import strategies as st
from in_process import run_pnp

from generator.games.hex.records import read_record
from generator.games.hex.records.judge import replay
from generator.preflight.budget import CEILING, SHARE, Budget, Share
from generator.preflight.reader import read_facts

# The budget as it was, the same for a file of any length.
OLD = Share(decoded=16 << 20, operations=500_000, form_runs=10_000, text_runs=100_000,
            seconds=6.0)


def hexgui_game(rng: random.Random, size: int, moves: int) -> str:
    """A random legal game as HexGui writes one (src/hexgui/sgf/SgfWriter.java: the root's
    properties, then the moves, lines cut at 72 characters), no one connected before its
    last move; games that do not hold are drawn again."""
    while True:
        cells = [f"{chr(97 + c)}{r + 1}" for c in range(size) for r in range(size)]
        rng.shuffle(cells)
        nodes = [f"(;AP[HexGui:0.9.GIT]FF[4]GM[11]SZ[{size}]PB[Black]PW[White]",
                 *(f";{'BW'[i % 2]}[{cell}]" for i, cell in enumerate(cells[:moves])), ")"]
        lines = [""]
        for node in nodes:
            if len(lines[-1]) + len(node) > 72:
                lines.append("")
            lines[-1] += node
        text = "\n".join(lines) + "\n"
        if not replay(read_record(text)).illegal:
            return text


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> Path:
    """Thirty 100-move games on 13 x 13, a tournament's folder."""
    folder = tmp_path_factory.mktemp("records") / "t30"
    folder.mkdir()
    rng = random.Random(30)
    for number in range(30):
        (folder / f"round-{number:02}.sgf").write_text(hexgui_game(rng, 13, 100))
    return folder


def made_and_checked(made: list[str], target: str) -> tuple[str, Path]:
    out = Path(made[-1])
    result = run_pnp(*made, text=True)
    assert result.returncode == 0, result.stderr
    checked = run_pnp("check", str(out), "--for", target, text=True)
    assert checked.returncode == 0 and checked.stderr == "", checked.stdout
    return checked.stdout, out


def assert_heavier_than_the_old_budget(path: Path) -> None:
    old = read_facts(path, Budget(share=OLD, ceiling=OLD))
    assert old.limits and "the rest was not read" in old.limits[0], old.limits


# Each long file is made and read once (each takes seconds): the booklet for a print shop,
# the stricter intake, and the long game for home printing; both readings go through the same
# budget, which is what these tests are for.
# Both long files are the exhaustive tier (`make test-all`, CI): the per-page allowance they
# read under is checked in `make test` by test_a_files_allowance_grows_with_its_pages and
# test_no_file_takes_more_than_the_ceiling below, on files small enough to make in a second.
@pytest.mark.exhaustive(reason="allowance covered by test_a_files_allowance_grows_with_its_pages")
@pytest.mark.parametrize("target", ["print-shop"])
def test_a_booklet_of_thirty_records_is_read_whole_and_passes(club, tmp_path, target):
    report, pdf = made_and_checked(["booklet", "--records", str(club), "--for", target,
                                    "-o", str(tmp_path / "t30.pdf")], target)
    assert "limits" not in report and "ready for" in report
    assert_heavier_than_the_old_budget(pdf)


@pytest.mark.exhaustive(reason="allowance covered by test_a_files_allowance_grows_with_its_pages")
@pytest.mark.parametrize("target", ["home"])
def test_a_650_move_game_diagrammed_every_10_moves_is_read_whole_and_passes(tmp_path, target):
    record = tmp_path / "long26.sgf"
    record.write_text(hexgui_game(random.Random(26), 26, 650))
    # A diagram every 10 moves: 65 full boards, past what the old budget read.
    report, pdf = made_and_checked(["record", "hex", str(record), "--every", "10",
                                    "--for", target,
                                    "-o", str(tmp_path / "long26.pdf")], target)
    assert "limits" not in report and "ready for" in report
    assert_heavier_than_the_old_budget(pdf)


# ---------------------------------------------------------------- many pages

def pages_pdf(path: Path, pages: int, content: bytes) -> Path:
    """PAGES pages, each drawn by the same content (one stream, deflated, shared)."""
    pdf = pikepdf.new()
    stream = pikepdf.Stream(pdf, zlib.compress(content, 9))
    stream.Filter = pikepdf.Name.FlateDecode
    for _ in range(pages):
        pdf.add_blank_page(page_size=(300, 300))
        pdf.pages[-1].obj.Contents = stream
    pdf.save(path)
    return path


def test_a_files_allowance_grows_with_its_pages(tmp_path):
    """A long document may take more than one page's limits in all, but not by piling its
    work on a few pages. With every amount a tenth of pnp's (a page's least 50,000
    operations, 10,000 more for each page; read in this process, as `pnp check`'s reading
    child reads): ten pages of 9,000 operations pass, past the 50,000 the whole file once
    had; one page of 45,000 passes; two pages of 45,000 are over what two pages may take.
    (test_preflight_hostile.py holds `pnp check` to pnp's own amounts.)"""
    tenth = Budget(operations=50_000, share=replace(SHARE, operations=10_000))
    assert read_facts(pages_pdf(tmp_path / "ten.pdf", 10, b"q Q " * 4_500), tenth).limits == []
    assert read_facts(pages_pdf(tmp_path / "one.pdf", 1, b"q Q " * 22_500), tenth).limits == []
    assert read_facts(pages_pdf(tmp_path / "two.pdf", 2, b"q Q " * 22_500), tenth).limits == [
        "more than 50,000 drawing operations in a file of 2 pages, at page 2: "
        "the rest was not read"]


@given(st.integers(min_value=1, max_value=10**7), st.integers(min_value=0, max_value=10**4))
def test_the_allowance_lies_between_a_page_and_the_ceiling(pages, more):
    budget = Budget()
    allowed, grown = astuple(budget.for_file(pages)), astuple(budget.for_file(pages + more))
    for least, now, larger, most in zip(astuple(budget.page), allowed, grown,
                                        astuple(CEILING), strict=True):
        assert least <= now <= larger <= most
    assert budget.for_file(10**6) == CEILING        # a million cheap pages buy no more


def test_no_file_takes_more_than_the_ceiling(tmp_path):
    """However many pages share the work, the reading stops at the ceiling: here, with every
    amount a tenth of pnp's (a page's least 50,000 operations, 10,000 more for each page),
    a ceiling of 60,000 operations for ten pages of 9,000 (control: without that ceiling the
    same budget reads them)."""
    path = pages_pdf(tmp_path / "ten.pdf", 10, b"q Q " * 4_500)
    tenth = Budget(operations=50_000, share=replace(SHARE, operations=10_000))
    stopped = read_facts(path, replace(tenth, ceiling=replace(CEILING, operations=60_000)))
    assert stopped.limits[0] == ("more than 60,000 drawing operations in a file of 10 pages, "
                                 "at page 7: the rest was not read")
    assert read_facts(path, tenth).limits == []
