"""`pnp judge hex FILE...` on records and move lists together, with --format json, and the
record item (`pnp record hex FILE`): exit statuses, one-line errors on hostile input, the
booklet's text as poppler reads it, and SGF written back and read again. Each check has its
control: an illegal record, a truncated one, a position where a game is wanted."""

import json
import subprocess
from pathlib import Path

import pytest
from recording import pnp

from generator.games.hex.records import read_record
from generator.games.hex.records.judge import replay
from generator.games.hex.records.write import from_move_list, to_move_list

GOOD = ("(;FF[4]GM[11]SZ[3]PB[MoHex]PW[Wolve]EV[Test]DT[2009-06-01]RE[B+];B[b2]C[centre];"
        "W[swap-pieces];W[a1];B[b1]C[threatens b3];W[a2];B[b3])\n")
ILLEGAL = "(;FF[4]GM[11]SZ[3];B[b2];W[b2])"
TRUNCATED = "(;FF[4]GM[11]SZ[3];B[b2"
MOVES = "size 3\n1. b2\n2. a1\n3. b1\n4. a2\n5. b3\n"
POSITION = "R..\n.B.\n...\n"


@pytest.fixture
def files(tmp_path: Path) -> Path:
    for name, text in (("good.sgf", GOOD), ("illegal.sgf", ILLEGAL),
                       ("cut.sgf", TRUNCATED), ("moves.txt", MOVES),
                       ("position.txt", POSITION)):
        (tmp_path / name).write_text(text)
    return tmp_path


def test_judge_takes_records_and_move_lists_together_as_json(files: Path) -> None:
    done = pnp("judge", "hex", "--format", "json", "good.sgf", "moves.txt",
               "position.txt", cwd=files)
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["file"] for r in rows] == ["good.sgf", "moves.txt", "position.txt"]
    good, moves, position = rows
    assert (good["moves"], good["swap"], good["winner"], good["end"], good["illegal"]) == \
        (6, "swap-sides", "black", None, [])
    assert good["size"] == [3, 3]
    # The move list in its own colours: Red's b2, b1, b3 do not join columns a and c,
    # but its records' reading does not matter: the rules engine says who connected.
    assert moves["moves"] == 5 and moves["illegal"] == []
    assert position["format"] == "position" and position["winner"] is None


def test_judge_exit_statuses_with_controls(files: Path) -> None:
    assert pnp("judge", "hex", "good.sgf", cwd=files).returncode == 0
    illegal = pnp("judge", "hex", "good.sgf", "illegal.sgf", cwd=files)
    assert illegal.returncode == 1
    assert "illegal: move 2 (white b2): b2 already holds a Black stone" in illegal.stdout
    cut = pnp("judge", "hex", "illegal.sgf", "cut.sgf", "missing.sgf", cwd=files)
    assert cut.returncode == 2           # unreadable outranks illegal
    errors = cut.stderr.splitlines()
    assert len(errors) == 2 and all(e.startswith("pnp: ") for e in errors)
    assert "cut short" in errors[0] and "missing.sgf: cannot be read" in errors[1]
    assert "Traceback" not in cut.stderr
    # The readable file is judged all the same.
    assert "illegal.sgf:" in cut.stdout


@pytest.mark.parametrize("hostile", [
    "(" * 5000 + ";FF[4]GM[11]SZ[3]" + ")" * 5000,
    "(;FF[4]GM[11]SZ[1000000000];B[a1])",
    "(;FF[4]GM[11]SZ[3]C[" + "x" * 100_000 + "];B[a1])",
    "(;FF[4]GM[11]SZ[3];B[b2]" + ";W[a1]" * 2,
])
def test_hostile_records_are_one_line(files: Path, hostile: str) -> None:
    (files / "hostile.sgf").write_text(hostile)
    for args in (("judge", "hex", "hostile.sgf"), ("record", "hex", "hostile.sgf",
                                                  "-o", "out.pdf")):
        done = pnp(*args, cwd=files)
        assert done.returncode in (1, 2), done.stderr
        if done.returncode == 2:
            assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith("pnp: ")
    assert not (files / "out.pdf").exists()


def test_record_booklet_shows_players_comments_and_moves(files: Path) -> None:
    done = pnp("record", "hex", "good.sgf", "--every", "3", "-o", "game.pdf", cwd=files)
    assert done.returncode == 0, done.stderr
    text = subprocess.run(["pdftotext", "-layout", "game.pdf", "-"], cwd=files,
                          capture_output=True, text=True, check=True).stdout
    for wanted in ("MoHex (Black) against Wolve (White)", "Test", "2009-06-01", "B+",
                   "Moves 1 to 3", "Moves 4 to 6", "centre", "threatens b3",
                   "swap-sides", "b1 b2 b3"):
        assert wanted in " ".join(text.split()), wanted
    info = subprocess.run(["pdfinfo", "game.pdf"], cwd=files, capture_output=True,
                          text=True, check=True).stdout
    assert "Tagged:          yes" in info


def test_record_refuses_what_it_cannot_print(files: Path) -> None:
    for name in ("illegal.sgf", "cut.sgf", "position.txt"):
        done = pnp("record", "hex", name, "-o", "x.pdf", cwd=files)
        assert done.returncode == 2 and done.stderr.startswith(f"pnp: {name}: "), name
        assert len(done.stderr.splitlines()) == 1
    assert pnp("record", "hex", "good.sgf", "--every", "0", cwd=files).returncode == 2
    assert not (files / "x.pdf").exists()


def test_sgf_written_back_reads_as_the_same_game(files: Path) -> None:
    done = pnp("record", "hex", "good.sgf", "--format", "sgf", "-o", "-", cwd=files)
    assert done.returncode == 0, done.stderr
    again, first = read_record(done.stdout), read_record(GOOD)
    assert [(m.colour, m.kind, m.cell) for m in again.moves] == \
        [(m.colour, m.kind, m.cell) for m in first.moves]
    assert replay(again).winner == replay(first).winner == "black"
    # A move list through SGF and back is the same move list; the control: another list.
    from_list = pnp("record", "hex", "moves.txt", "--format", "sgf", "-o", "-", cwd=files)
    back = to_move_list(read_record(from_list.stdout))
    assert back.splitlines()[-5:] == MOVES.splitlines()[-5:]
    assert to_move_list(from_move_list("size 3\n1. b2\n2. a2\n")).splitlines()[-1] != \
        MOVES.splitlines()[2]
