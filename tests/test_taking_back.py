"""A failed or interrupted `pnp build --out n1/n2/n3` takes back the folders it made, the
ones above the output folder as well; folders that were there before stay (README, "Exit
statuses"). The failure is injected while the build is held inside its first write
(tests/paused.py): a folder put where the build will write a file, or a SIGTERM."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest
from paused import HANG, Pause, default_signals

PNP = [sys.executable, "-m", "generator.ui.cli"]
BUILD = ["build", "hex", "--paper", "a4", "--jobs", "1"]


def held_build(tmp_path: Path, out: Path, failure: str) -> tuple[int, str]:
    """Run the build, hold it at its first PDF's rename, inject FAILURE, let it go on."""
    with Pause(tmp_path / "held", "os:replace", ".pdf") as pause:
        proc = subprocess.Popen([*PNP, *BUILD, "--out", str(out)], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, env=pause.env(),
                                preexec_fn=default_signals)
        pause.reached(proc)
        assert out.is_dir(), "the build should have made its folder by its first write"
        if failure == "signal":
            proc.send_signal(signal.SIGTERM)
        else:
            # A folder where the build will write its index page, last.
            (out / "index.html").mkdir()
            pause.release()
        _, err = proc.communicate(timeout=HANG)
    return proc.returncode, err


@pytest.mark.timing
@pytest.mark.parametrize("failure, status", [("folder in the way", 2), ("signal", 143)])
def test_a_failed_build_takes_back_the_folders_above_its_own(tmp_path, failure, status):
    work = tmp_path / "work"
    work.mkdir()
    code, err = held_build(tmp_path, work / "n1" / "n2" / "n3", failure)
    assert code == status, err
    assert err.splitlines()[-1].startswith("pnp: ") and "Traceback" not in err, err
    assert list(work.iterdir()) == [], "n1, n2 and n3 should all have been taken back"


@pytest.mark.timing
@pytest.mark.parametrize("failure, status", [("folder in the way", 2), ("signal", 143)])
def test_folders_that_were_there_before_the_build_stay(tmp_path, failure, status):
    """The control: n1 and n2 existed (n1 with a file of the user's): they stay, and only
    n3, which the build made, goes."""
    work = tmp_path / "work"
    (work / "n1" / "n2").mkdir(parents=True)
    (work / "n1" / "mine.txt").write_text("mine")
    code, err = held_build(tmp_path, work / "n1" / "n2" / "n3", failure)
    assert code == status, err
    assert sorted(p.relative_to(work).as_posix() for p in work.rglob("*")) == \
        ["n1", "n1/mine.txt", "n1/n2"]


def test_a_build_that_succeeds_keeps_its_folders(tmp_path):
    """The control for both: without a failure the folders made stay, holding the build."""
    out = tmp_path / "n1" / "n2" / "n3"
    done = subprocess.run([*PNP, *BUILD, "--out", str(out)], capture_output=True, text=True,
                          preexec_fn=default_signals, timeout=HANG * 5)
    assert done.returncode == 0, done.stderr
    assert (out / "index.html").is_file() and list(out.rglob("*.pdf"))
