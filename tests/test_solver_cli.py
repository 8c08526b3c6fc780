"""`pnp solve hex` through the command line: the verdict and every winning move as text and
as JSON, a budget that runs out (a node budget, the same on every machine), the files it
reads (an SGF puzzle's setup and PL, a record at a move, the project's position file in its
own colours), one line and exit status 2 for what it cannot solve, and an interrupt."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from in_process import run_pnp
from paused import HANG, Pause, default_signals

# Piet Hein's puzzle 4 (HexWiki, "Puzzles"): Blue, White here, to play and win at b3.
HEIN_4 = "(;FF[4]GM[11]SZ[4]AB[d1][a4]AW[c2]PL[W])"
# Bert Enderton's puzzle 1 (HexWiki, "Puzzles"): Red, Black here, wins only at b4.
ENDERTON_1 = "(;FF[4]GM[11]SZ[7]AB[c4][e5][a6]AW[c3][f3][d4][c5]PL[B])"


def solve(tmp_path: Path, text: str, *options: str, name: str = "p.sgf"
          ) -> subprocess.CompletedProcess:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return run_pnp("solve", "hex", str(path), *options, text=True)


def facts(tmp_path: Path, text: str, *options: str, name: str = "p.sgf") -> dict:
    result = solve(tmp_path, text, "--format", "json", *options, name=name)
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.splitlines()) == 1
    found: dict = json.loads(result.stdout)
    return found


def test_the_verdict_and_every_winning_move_as_text(tmp_path: Path) -> None:
    result = solve(tmp_path, ENDERTON_1)
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0].startswith("SGF record, as set up: 7 × 7, Black to move")
    assert lines[1] == "Black wins (proven)."
    assert lines[2] == "Winning moves, all of them (1): b4"
    assert lines[3].startswith("Losing moves (41): ")
    assert any(line.startswith("Main line: b4 ") for line in lines)


def test_one_json_object(tmp_path: Path) -> None:
    found = facts(tmp_path, HEIN_4)
    assert found["to_move"] == "white" and found["winner"] == "white"
    assert found["winning_moves"] == ["b3"] and found["proven"] is True
    assert found["unsettled"] == [] and isinstance(found["nodes"], int)
    assert isinstance(found["seconds"], float) and found["size"] == [4, 4]
    # Every empty cell is settled, once, and the lists are in board order (row by row).
    cells = found["winning_moves"] + found["losing_moves"]
    assert sorted(cells) == sorted(set(cells)) and len(cells) == 16 - 3
    order = [f"{c}{r}" for r in range(1, 5) for c in "abcd"]
    assert found["losing_moves"] == [c for c in order if c in found["losing_moves"]]
    assert found["main_line"][0] == "b3" and found["connection"]


def test_a_budget_that_runs_out_says_not_proven(tmp_path: Path) -> None:
    found = facts(tmp_path, ENDERTON_1, "--nodes", "3")
    assert found["winner"] is None and found["proven"] is False
    assert found["winning_moves"] == [] and len(found["unsettled"]) == 42
    assert found["nodes"] <= 3
    text = solve(tmp_path, ENDERTON_1, "--budget", "0").stdout
    assert "Not proven within the budget" in text
    # Control: with the budget it needs, the same position is proven.
    assert facts(tmp_path, ENDERTON_1, "--nodes", "100000")["proven"] is True


def test_a_budget_that_runs_out_keeps_what_was_proven(tmp_path: Path) -> None:
    # Enough to prove who wins, not to settle every move: the winner stands, unproven.
    full = facts(tmp_path, ENDERTON_1)["nodes"]
    found = facts(tmp_path, ENDERTON_1, "--nodes", str(full - 1))
    assert found["proven"] is False and found["unsettled"]
    assert found["winner"] in ("black", None)
    assert set(found["winning_moves"]) <= {"b4"}


def test_a_record_at_a_move(tmp_path: Path) -> None:
    game = "(;FF[4]GM[11]SZ[3];B[b2];W[a3];B[c1];W[b3])"
    found = facts(tmp_path, game, "--move", "2")
    assert found["to_move"] == "black" and found["position"] == "SGF record, after move 2"
    assert facts(tmp_path, game, "--move", "3")["to_move"] == "white"
    # After its last move by default.
    assert facts(tmp_path, game)["position"] == "SGF record, after move 4"


def test_to_move_overrides_the_file(tmp_path: Path) -> None:
    assert facts(tmp_path, HEIN_4, "--to-move", "black")["to_move"] == "black"


def test_a_position_file_in_its_own_colours(tmp_path: Path) -> None:
    # Hein's puzzle 4 in the project's own terms: Red first, joining the columns, so each
    # cell is the SGF's reflected in the long diagonal (d1 is a4, c2 is b3).
    own = ". . . R\n . . . .\n  . B . .\n   R . . .\n"
    found = facts(tmp_path, own, name="p.txt")
    assert (found["to_move"], found["winner"], found["winning_moves"]) == \
        ("blue", "blue", ["c2"])
    record = facts(tmp_path, HEIN_4)
    assert (record["to_move"], record["winner"], record["winning_moves"]) == \
        ("white", "white", ["b3"])
    assert found["nodes"] == record["nodes"]


@pytest.mark.parametrize("text, options, says", [
    ("(;FF[4]GM[11]SZ[3]AB[a1][a2][a3])", (), "the game is over: Black has connected"),
    ("(;FF[4]GM[11]SZ[20]AB[a1])", (), "boards of 1 to 19 cells a side"),
    ("(;FF[4]GM[11]SZ[5]AB[f1])", (), "is off the 5 × 5 board"),
    ("(;FF[4]GM[11]SZ[5]AB[a1]PL[X])", (), "PL[X] is not a player to move"),
    ("(;FF[4]GM[11]SZ[5]AB[a1][b1])", (), "whose turn it is cannot be told"),
    ("(;FF[4]GM[11]SZ[5];B[a1];W[b1])", ("--move", "3"), "the record has 2 moves"),
    ("(;FF[4]GM[11]SZ[5];B[a1];W[a1])", (), "a1 already holds a Black stone"),
    ("(;FF[4]GM[11]SZ[5];B[a1];W[swap-pieces];W[a1])", (), "illegal move 3"),
    ("R R .\n . . .\n . . .\n", ("--move", "1"), "--move is for a record"),
    ("(;FF[4]GM[11]SZ[5]", (), "cut short"),
])
def test_what_cannot_be_solved_is_one_line(tmp_path: Path, text: str,
                                           options: tuple[str, ...], says: str) -> None:
    result = solve(tmp_path, text, *options)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("pnp: ") and len(result.stderr.splitlines()) == 1
    assert says in result.stderr


def test_an_unreadable_file_is_one_line(tmp_path: Path) -> None:
    result = run_pnp("solve", "hex", str(tmp_path / "missing.sgf"), text=True)
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "cannot be read" in result.stderr
    # Control: the same command on a file that is there.
    (tmp_path / "there.sgf").write_text(HEIN_4)
    assert run_pnp("solve", "hex", str(tmp_path / "there.sgf"), text=True).returncode == 0


@pytest.mark.timing
def test_an_interrupt_stops_the_search(tmp_path: Path) -> None:
    """Held at its first analysis and interrupted there: one line, 128 + SIGINT."""
    (tmp_path / "p.sgf").write_text(ENDERTON_1)
    with Pause(tmp_path / "held", "generator.games.hex.solver.dfpn:analyse") as pause:
        proc = subprocess.Popen([sys.executable, "-m", "generator.ui.cli", "solve", "hex",
                                 str(tmp_path / "p.sgf")], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, env=pause.env(),
                                preexec_fn=default_signals)
        pause.reached(proc)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=HANG)
    assert proc.returncode == 128 + signal.SIGINT and err == "pnp: interrupted\n"
    assert out == ""
