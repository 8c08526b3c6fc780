"""Interrupted work leaves nothing half-made: a build stopped by SIGINT, SIGTERM or SIGHUP
(sent to it, handed by the kernel to one of its threads, or its terminal closed) stops its
workers and takes away its temporary files and the files it had made, and a write stopped
at its rename leaves the old file. Each child is held at a known point of its work
(tests/paused.py) and signalled there, so the test takes the interrupted path on a fast
machine and on a loaded one."""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import select
import signal
import subprocess
import sys
import termios
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from paused import HANG, Pause, default_signals, still_running
from refusal_checks import PNP, check_pdf, one_error_line


def _children(pid: int) -> set[int]:
    found = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            found |= {int(c) for c in (task / "children").read_text().split()}
    return found


def _build(out: Path, pause: Pause, pnp: Sequence[str] = PNP) -> subprocess.Popen[str]:
    """`pnp build` on two workers, in a session of its own, with PAUSE's hook in its
    environment (each worker is held at its own first matching call)."""
    return subprocess.Popen([*pnp, "build", "--out", str(out), "--jobs", "2"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, env=pause.env(), preexec_fn=default_signals)


@pytest.mark.timing
@pytest.mark.parametrize("signum, status, word", [(signal.SIGINT, 130, "interrupted"),
                                                  (signal.SIGTERM, 143, "terminated"),
                                                  (signal.SIGHUP, 129, "hung up")])
def test_an_interrupted_build_stops_its_workers_and_leaves_nothing(
        tmp_path, signum, status, word):
    """The signal comes while a worker is held inside the write of a PDF, its temporary
    file made and not yet renamed: the build stops, its workers with it, and what it made
    goes, temporary files and finished ones alike. A hangup (the terminal closed, an SSH
    session dropped) is a stop like the others."""
    out = tmp_path / "out"
    with Pause(tmp_path / "held", "os:replace", ".pdf") as pause:
        proc = _build(out, pause)
        err: list[str] = []
        reader = threading.Thread(target=lambda: err.append(proc.stderr.read()), daemon=True)
        reader.start()
        held = pause.reached(proc)
        workers = _children(proc.pid)
        assert held in workers, "a worker of the build should be the one held"
        assert list(out.rglob(".pnp-*.part")), "the held worker should be inside its write"
        if signum == signal.SIGTERM:
            os.kill(proc.pid, signum)     # SIGTERM to the parent alone
        else:
            # Ctrl-C reaches the whole process group, and so does a hangup: the shell
            # passes it on to each of its jobs.
            os.killpg(proc.pid, signum)
        proc.wait(HANG)
        reader.join(HANG)
    text = "".join(err)
    assert proc.returncode == status, text
    assert "Traceback" not in text and "Error" not in text, text
    assert text.endswith(f"pnp: {word}\n") and text.count("\n") <= 2, text
    assert not out.exists(), sorted(out.rglob("*"))
    # The parent has reaped its workers, or they have ended and are init's to reap.
    assert still_running(workers) == set()


def _on_a_terminal() -> None:
    """A preexec function: the child, leader of a session of its own, takes the pty on its
    standard input as its controlling terminal, as a login shell's job does."""
    default_signals()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


@pytest.mark.timing
def test_a_closed_terminal_stops_the_build_and_leaves_nothing(tmp_path):
    """The hangup as it comes: the build runs on a terminal (its progress bar drawn there),
    and the terminal closes while a worker is held inside its write. The kernel sends the
    session's leader SIGHUP, and the terminal refuses every write after it (EIO), the
    progress bar's last one among them: the build still ends as stopped, status 129, and
    takes back what it had made."""
    out = tmp_path / "out"
    leader, follower = pty.openpty()
    with Pause(tmp_path / "held", "os:replace", ".pdf") as pause:
        try:
            proc = subprocess.Popen([*PNP, "build", "--out", str(out), "--jobs", "2"],
                                    stdin=follower, stdout=follower, stderr=follower,
                                    start_new_session=True, env=pause.env(),
                                    preexec_fn=_on_a_terminal)
        finally:
            os.close(follower)
        try:
            pause.reached(proc)
            workers = _children(proc.pid)
            shown = b""
            while select.select([leader], [], [], 0)[0]:
                shown += os.read(leader, 65536)
            assert b"Building" in shown, shown       # the progress bar, on the terminal
            os.close(leader)                         # the terminal hangs up
            leader = -1
            proc.wait(HANG)
        finally:
            if leader >= 0:
                os.close(leader)
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 129
    assert not out.exists(), sorted(out.rglob("*"))
    assert still_running(workers) == set()


# The command as it was before a hangup was one of its stops: SIGHUP left to its default.
HANGUP_NOT_A_STOP = [sys.executable, "-c", "import signal, sys; sys.argv[0] = 'pnp'; "
                     "from generator.ui import signals; del signals.STOPS[signal.SIGHUP]; "
                     "from generator.ui.start import main; main()"]


@pytest.mark.timing
def test_a_hangup_that_is_not_a_stop_leaves_the_half_built_catalogue(tmp_path):
    """The control: the same hangup at the same point, to a build whose SIGHUP is left
    to its default, ends it by the signal with nothing said, and the catalogue it had begun
    stays behind, its folder and the held worker's temporary file among it."""
    out = tmp_path / "out"
    with Pause(tmp_path / "held", "os:replace", ".pdf") as pause:
        proc = _build(out, pause, HANGUP_NOT_A_STOP)
        pause.reached(proc)
        workers = _children(proc.pid)
        try:
            os.killpg(proc.pid, signal.SIGHUP)
            proc.wait(HANG)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)     # the workers, still held
        err = proc.stderr.read()        # ended once the workers have gone with its pipe
    assert proc.returncode == -signal.SIGHUP and "pnp:" not in err, err
    assert out.is_dir() and list(out.rglob(".pnp-*.part")), sorted(out.rglob("*"))
    assert still_running(workers) == set()


@pytest.mark.timing
def test_a_stop_that_lands_on_a_helper_thread_still_stops_the_build(tmp_path):
    """The kernel may hand a signal sent to a process to any of its threads that does not
    block it. Sent here to one of the threads the build's pool runs (as `kill` of that
    thread's id does), while both workers are held inside their writes, so that no result
    ever wakes the main thread: the build must still stop. (Before the pool's threads held
    the signals back, this waited for ever.)"""
    out = tmp_path / "out"
    with Pause(tmp_path / "held", "os:replace", ".pdf") as pause:
        proc = _build(out, pause)
        held = set(pause.all_reached(proc, 2))
        assert held == _children(proc.pid), "both workers should be held in their writes"
        threads = {int(t.name) for t in Path(f"/proc/{proc.pid}/task").iterdir()} - {proc.pid}
        assert threads, "the pool should run threads beside the main one"
        os.kill(min(threads), signal.SIGTERM)
        try:
            _, err = proc.communicate(timeout=HANG)
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 143 and err.endswith("pnp: terminated\n"), err
    assert [p for p in out.rglob(".*")] == []
    assert still_running(held) == set()


@pytest.mark.timing
def test_a_stop_that_a_library_swallows_still_stops_the_worker(tmp_path):
    """Libraries that catch every exception (a bare `except:`) catch the SystemExit that a
    worker's SIGTERM raises too. Both workers are held inside their writes by pauses that
    swallow it as such a library does, and the build is terminated: each worker goes on
    with its part, and must still end when the part is done. (Before it did, each then
    waited for more work on the task queue's lock, which the stopping parent holds, and the
    build waited for them for ever.)"""
    out = tmp_path / "out"
    with Pause(tmp_path / "held", "os:replace", ".pdf", swallow=True) as pause:
        proc = _build(out, pause)
        try:
            held = set(pause.all_reached(proc, 2))
            assert held == _children(proc.pid), "both workers should be held in their writes"
            os.kill(proc.pid, signal.SIGTERM)
            _, err = proc.communicate(timeout=HANG)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 143 and err.endswith("pnp: terminated\n"), err
    assert not out.exists(), sorted(out.rglob("*"))
    assert still_running(held) == set()


@contextlib.contextmanager
def _kit_held_at_its_rename(tmp_path: Path) -> Iterator[tuple[Path, Pause, subprocess.Popen]]:
    """`pnp kit` writing over an old kit.pdf in a folder, held at the rename of its finished
    temporary file over the old one."""
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "kit.pdf").write_text("old")
    with Pause(tmp_path / "held", "os:replace", "kit.pdf") as pause:
        proc = subprocess.Popen([*PNP, "kit", "blind-hex", "-o", str(folder / "kit.pdf")],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                env=pause.env(), preexec_fn=default_signals)
        pause.reached(proc)
        yield folder, pause, proc


@pytest.mark.timing
def test_a_write_terminated_before_its_rename_leaves_the_old_file(tmp_path):
    """The writer is held at the rename of its finished temporary file over the old one,
    the moment that decides which of the two a reader sees, and terminated there."""
    with _kit_held_at_its_rename(tmp_path) as (folder, _, proc):
        # Mid-way: the new file is whole beside the old one, which is still in place.
        staged = list(folder.glob(".pnp-*.part"))
        assert len(staged) == 1 and (folder / "kit.pdf").read_text() == "old"
        check_pdf(staged[0])
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=HANG)
    assert proc.returncode == 143, err
    assert one_error_line(err) == "pnp: terminated\n"
    assert sorted(p.name for p in folder.iterdir()) == ["kit.pdf"]
    assert (folder / "kit.pdf").read_text() == "old"


@pytest.mark.timing
def test_a_write_let_go_from_the_same_point_leaves_a_whole_new_file(tmp_path):
    """The control: released at the same point without a signal, the new file replaces the
    old one, whole, and nothing else is left."""
    with _kit_held_at_its_rename(tmp_path) as (folder, pause, proc):
        pause.release()
        _, err = proc.communicate(timeout=HANG)
    assert proc.returncode == 0, err
    assert sorted(p.name for p in folder.iterdir()) == ["kit.pdf"]
    check_pdf(folder / "kit.pdf")
