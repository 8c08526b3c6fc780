"""A second Ctrl-C while pnp stops for the first, or one just after the last file is written,
ends the run with the documented status and one line (README, "Exit statuses"): not
"pnp: interrupted" twice, and not ended by the signal with nothing said. The child is held at
known points (tests/paused.py) and signalled there; it starts with the default dispositions
of SIGINT and SIGTERM, whatever the test runner's are."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from paused import HANG, Pause, default_signals

PNP = [sys.executable, "-m", "generator.ui.cli"]


def start(tmp_path: Path, pause: Pause) -> subprocess.Popen:
    return subprocess.Popen([*PNP, "board", "hex", "-o", str(tmp_path / "board.pdf")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=pause.env(), preexec_fn=default_signals)


@pytest.mark.timing
def test_a_second_ctrl_c_while_stopping_says_nothing_more(tmp_path):
    # Held in the write of the board, then at the very end of the interrupted run, its
    # line already said.
    with Pause(tmp_path / "held", "os:replace", "board.pdf",
               then=("os:_exit", "(130,)")) as pause:
        proc = start(tmp_path, pause)
        pid = pause.reached(proc)
        os.kill(pid, signal.SIGINT)
        pause.reached(proc)
        os.kill(pid, signal.SIGINT)     # the second Ctrl-C
        # Ignored, it leaves the child held; taken (the fault), it has ended the child.
        with contextlib.suppress(OSError):
            pause.release()
        _, err = proc.communicate(timeout=HANG)
    assert (proc.returncode, err) == (130, "pnp: interrupted\n")
    assert not (tmp_path / "board.pdf").exists()


@pytest.mark.timing
def test_a_ctrl_c_just_after_the_last_file_is_written_is_one_line(tmp_path):
    with Pause(tmp_path / "held", "os:_exit", "(0,)") as pause:
        proc = start(tmp_path, pause)
        pid = pause.reached(proc)
        assert (tmp_path / "board.pdf").is_file()
        os.kill(pid, signal.SIGINT)     # ends the held child: nothing to release
        out, err = proc.communicate(timeout=HANG)
    assert (proc.returncode, err) == (130, "pnp: interrupted\n")
    assert out.strip() == str(tmp_path / "board.pdf")     # the file stays written


@pytest.mark.timing
def test_released_without_a_signal_the_run_ends_as_it_would(tmp_path):
    """The control: held at the same points and let go, the run is done, with nothing on
    stderr, so the lines above come from the signals."""
    with Pause(tmp_path / "held", "os:_exit", "(0,)") as pause:
        proc = start(tmp_path, pause)
        pause.reached(proc)
        pause.release()
        _, err = proc.communicate(timeout=HANG)
    assert (proc.returncode, err) == (0, "")
    assert (tmp_path / "board.pdf").is_file()
