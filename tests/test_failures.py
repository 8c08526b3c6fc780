"""A run that fails makes and replaces nothing, and says so in one line; a run whose work is
done stays done. Disks that are full or read-only are real: small tmpfs mounts, made where
the machine allows it (root, as CI runs), skipped elsewhere."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from pathlib import Path

import pytest
from in_process import run_pnp

PNP = [sys.executable, "-m", "generator.ui.cli"]


def pnp(*args: str, **kw) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*PNP, *args], capture_output=True, text=True, timeout=300, **kw)


def inside(*args: str) -> subprocess.CompletedProcess[str]:
    """`pnp` run in this process (in_process.py), the same code, for a refusal or a file
    where the process's own streams are not the question."""
    return run_pnp(*args, text=True)


@contextlib.contextmanager
def mounted(folder: Path, options: str):
    folder.mkdir()
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "none", str(folder)],
                          capture_output=True)
    if made.returncode:
        pytest.skip("no tmpfs mounts here (not root)")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], capture_output=True)


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("pnp: ") and result.stderr.count("\n") == 1, result.stderr
    return result.stderr


def test_a_build_on_a_full_disk_leaves_nothing_it_made(tmp_path):
    with mounted(tmp_path / "disk", "size=300k") as disk:
        (disk / "mine").mkdir()
        (disk / "mine" / "notes.txt").write_text("kept")
        assert "No space left" in one_line_error(pnp("build", "nex", "--out", str(disk / "out")))
        assert "No space left" in one_line_error(
            pnp("build", "nex", "--out", str(disk / "mine"), "--lang", "pt"))
        left = sorted(p.relative_to(disk).as_posix() for p in disk.rglob("*"))
        assert left == ["mine", "mine/notes.txt"]


def test_the_full_disk_control_does_fill_up(tmp_path):
    # Control: the same build on a disk with room writes its files, so the test above saw a
    # build that had started writing.
    with mounted(tmp_path / "disk", "size=64m") as disk:
        result = pnp("build", "nex", "--out", str(disk / "out"), "--paper", "a4")
        assert result.returncode == 0, result.stderr
        assert len(list((disk / "out" / "nex").glob("*.pdf"))) >= 4


def test_a_read_only_disk_is_refused_before_drawing(tmp_path):
    with mounted(tmp_path / "ro", "ro,size=64k") as disk:
        said = one_line_error(inside("kit", "hex-kb", "-o", str(disk / "kit.pdf")))
        assert "Read-only file system" in said and str(disk / "kit.pdf") in said


def test_png_pages_too_large_for_memory_are_refused_with_the_largest_dpi(tmp_path):
    said = one_line_error(inside("board", "nex", "--paper", "1500x1500", "--format", "png",
                                 "--dpi", "1200", "-o", str(tmp_path / "b.png")))
    assert "at most --dpi 169" in said and not list(tmp_path.iterdir())
    said = one_line_error(inside("board", "nex", "--format", "png", "--dpi", "1200",
                                 "-o", str(tmp_path / "b.png")))
    assert "at most --dpi 1017" in said          # A4
    # Control: the largest dpi named is taken.
    small = inside("board", "nex", "--paper", "a5", "--format", "png", "--dpi", "150",
                   "-o", str(tmp_path / "b.png"))
    assert small.returncode == 0, small.stderr


def test_a_closed_standard_output_is_one_line(tmp_path):
    for args in (["board", "nex", "-o", "-"], ["board", "nex", "--format", "svg", "-o", "-"],
                 ["booklet", "nex", "-o", "-"]):
        result = subprocess.run([*PNP, *args], capture_output=True, text=True, timeout=120,
                                stdout=None, close_fds=True,
                                preexec_fn=lambda: __import__("os").close(1))
        assert "cannot write to standard output" in one_line_error(result)


def test_a_closed_standard_input_for_a_puzzle_book_is_one_line(tmp_path):
    target = tmp_path / "book.pdf"
    closed = subprocess.run([*PNP, "puzzles", "hex", "-", "-o", str(target)],
                            capture_output=True, text=True, timeout=120, stdin=None,
                            close_fds=True, preexec_fn=lambda: __import__("os").close(0))
    assert one_line_error(closed) == "pnp: <stdin>: cannot be read: standard input is closed\n"
    # Control: an open but empty standard input is read, and refused for what it holds.
    empty = subprocess.run([*PNP, "puzzles", "hex", "-", "-o", str(target)],
                           capture_output=True, text=True, timeout=120,
                           stdin=subprocess.DEVNULL)
    assert "cannot be read" not in one_line_error(empty) and empty.returncode == 2
    assert not target.exists()


def test_work_in_place_stays_done_when_stdout_is_full(tmp_path):
    old = tmp_path / "old.pdf"
    old.write_bytes(b"old")
    with open("/dev/full", "w") as full:
        result = subprocess.run([*PNP, "board", "nex", "-o", str(old)], stdout=full,
                                stderr=subprocess.PIPE, text=True, timeout=120)
    # The board is written; the line that names it had nowhere to go, and that is no failure.
    assert result.returncode == 0 and result.stderr == ""
    assert old.read_bytes().startswith(b"%PDF-")


def test_a_build_leaves_out_what_its_paper_cannot_hold_and_says_so(tmp_path):
    result = pnp("build", "blind-hex", "--paper", "a5", "--out", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    left = [line for line in result.stderr.splitlines() if "left out" in line]
    assert [line.split(":")[1].strip() for line in left] == [
        "left out blind-hex pennies board on A5", "left out blind-hex pennies kit on A5"]
    names = {p.name for p in (tmp_path / "out" / "blind-hex").iterdir()}
    assert "pennies-rules-a5.pdf" in names and "pennies-board-a5.pdf" not in names
    assert "cards-board-a5.pdf" in names      # control: the cards board fits A5


def test_a_build_whose_paper_holds_nothing_is_refused(tmp_path):
    said = one_line_error(pnp("build", "blind-hex", "--paper", "110x110",
                              "--out", str(tmp_path / "o")))
    assert "the paper must be at least" in said and not (tmp_path / "o").exists()
