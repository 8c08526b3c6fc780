"""`pnp check` reads whole, and passes, the largest files pnp itself makes: a booklet of a
club's Hex records and the study booklet of one long game on the largest lettered board.

They once stopped at a reading budget meant for hostile files ("more than 500,000 drawing
operations, at page 46: the rest was not read"), whose limits held for the whole file. The
control for each: the same file read under that old whole-file budget still stops, so the
file is as heavy as the test needs. (Hostile files are test_preflight_hostile.py's.)
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from in_process import run_pnp

from generator.games.hex.records import read_record
from generator.games.hex.records.judge import replay
from generator.preflight.budget import Budget, Share
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


@pytest.mark.parametrize("target", ["home", "print-shop"])
def test_a_booklet_of_thirty_records_is_read_whole_and_passes(club, tmp_path, target):
    report, pdf = made_and_checked(["booklet", "--records", str(club), "--for", target,
                                    "-o", str(tmp_path / "t30.pdf")], target)
    assert "limits" not in report and "ready for" in report
    assert_heavier_than_the_old_budget(pdf)


@pytest.mark.parametrize("target", ["home", "print-shop"])
def test_a_650_move_game_on_26_x_26_is_read_whole_and_passes(tmp_path, target):
    record = tmp_path / "long26.sgf"
    record.write_text(hexgui_game(random.Random(26), 26, 650))
    report, pdf = made_and_checked(["record", "hex", str(record), "--for", target,
                                    "-o", str(tmp_path / "long26.pdf")], target)
    assert "limits" not in report and "ready for" in report
    assert_heavier_than_the_old_budget(pdf)
