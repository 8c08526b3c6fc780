"""pnp into a pipe whose reader has gone ends with 141 (128 + SIGPIPE), as a shell reports any
tool that SIGPIPE ended, and says nothing: never 1, never a traceback. Each case has its
control, the same command read to the end."""

import subprocess
import sys

import pytest

PNP = [sys.executable, "-m", "generator.ui.cli"]


def pnp(*args, cwd=None):
    return subprocess.run([*PNP, *args], capture_output=True, text=True, cwd=cwd)


BROKEN_PIPE = 141   # 128 + SIGPIPE, as a shell reports a tool SIGPIPE ended


def with_reader_gone(*args, cwd=None):
    """Run pnp with its standard output a pipe whose reader has already gone: its first
    write fails, whatever the size of the output."""
    child = subprocess.Popen([*PNP, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             stdin=subprocess.DEVNULL, cwd=cwd)
    child.stdout.close()
    err = child.stderr.read()
    child.stderr.close()
    return child.wait(), err.decode()


@pytest.mark.parametrize("moves, status", [("1. c4\n2. d5\n", 0), ("1. c4\n2. c4\n", 1)])
def test_judge_into_a_closed_pipe_is_141_and_quiet(tmp_path, moves, status):
    game = tmp_path / "game.txt"
    game.write_text(moves)
    # Control: with its output read, the judge's own status (1: an illegal turn).
    assert pnp("judge", "hex", str(game)).returncode == status
    assert with_reader_gone("judge", "hex", str(game)) == (BROKEN_PIPE, "")


@pytest.mark.parametrize("args", [("--help",), ("board", "--help"), ("judge", "nex", "--help"),
                                  ("list",), ("stats", "hex-kb"), ("--version",),
                                  ("board", "nex", "--format", "json", "-o", "-")])
def test_any_output_into_a_closed_pipe_is_141_and_quiet(args):
    assert pnp(*args).returncode == 0   # control
    assert with_reader_gone(*args) == (BROKEN_PIPE, "")


def test_a_file_written_then_its_name_into_a_closed_pipe_is_141(tmp_path):
    out = tmp_path / "board.pdf"
    assert with_reader_gone("board", "nex", "-o", str(out)) == (BROKEN_PIPE, "")
    assert out.read_bytes().startswith(b"%PDF")   # the work stands


def test_a_pdf_into_head_through_a_shell_pipe_is_141():
    # As a person types it: a kit larger than a pipe holds, cut short by head.
    command = " ".join(f"'{a}'" for a in PNP) + " kit hex-kb -o - | head -c1 >/dev/null"
    result = subprocess.run(["bash", "-c", command + "; echo ${PIPESTATUS[0]}"],
                            capture_output=True, text=True)
    assert result.stdout.split() == [str(BROKEN_PIPE)] and result.stderr == ""
    # Control: read to the end, the same command succeeds.
    whole = subprocess.run(["bash", "-c", command.replace("head -c1", "cat")
                            + "; echo ${PIPESTATUS[0]}"], capture_output=True, text=True)
    assert whole.stdout.split() == ["0"]
