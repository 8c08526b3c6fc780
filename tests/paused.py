"""Interrupting a child process at a known point of its work, and starting it so that the
signals a test sends reach it.

`Pause` puts tests/hooked on the child's PYTHONPATH (its sitecustomize wraps one function of
the child's): the child says on a FIFO when it has reached that function, and waits there
until the test releases it. A test signals the child while it is held there, so it takes the
interrupted path however fast or slow the machine is; no sleep guesses when the work runs.

`default_signals` is a preexec function: a child started with it takes SIGINT, SIGTERM and
SIGHUP with their default dispositions, even when whoever started the tests ignores them (a
background job of a shell ignores SIGINT, `nohup` SIGHUP, and an ignored signal stays ignored
across exec).
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import time
from pathlib import Path

HOOKED = Path(__file__).resolve().parent / "hooked"
HANG = 60.0          # s: a child that has not reached its pause by then has hung


def default_signals() -> None:
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, signal.SIG_DFL)


class Pause:
    """A pause at the first call of WHERE ("module:function") whose arguments' repr
    contains MATCH, in the children started with `env()`."""

    def __init__(self, folder: Path, where: str, match: str = "",
                 then: tuple[str, str] | None = None, *, swallow: bool = False):
        """With THEN (where, match), a second pause point, reached after the first. With
        SWALLOW, whatever is raised in the child while it is held (a signal handler's
        SystemExit) is swallowed there, as a library's bare `except:` does."""
        folder.mkdir(parents=True, exist_ok=True)
        self.folder, self.spec = folder, f"{where} {match}" if match else where
        if then is not None:
            self.spec += "\n" + (f"{then[0]} {then[1]}" if then[1] else then[0])
        os.mkfifo(folder / "arrived")
        os.mkfifo(folder / "go")
        # Open now, without waiting for a writer: the child's open of its end then returns.
        self._arrived = os.open(folder / "arrived", os.O_RDONLY | os.O_NONBLOCK)
        # A writer of our own, kept open, so that the FIFO never reads as ended between
        # one child's message and the next child's (select would then return at once, over
        # and over, while the children work).
        self._writer = os.open(folder / "arrived", os.O_WRONLY | os.O_NONBLOCK)
        self.pid: int | None = None
        self.swallow = swallow

    def env(self, base: dict[str, str] | None = None) -> dict[str, str]:
        env = dict(os.environ if base is None else base)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(HOOKED), env.get("PYTHONPATH"))
                                            if p)
        env["PNP_TEST_PAUSE"], env["PNP_TEST_PAUSE_DIR"] = self.spec, str(self.folder)
        if self.swallow:
            env["PNP_TEST_PAUSE_SWALLOW"] = "1"
        return env

    def reached(self, proc: subprocess.Popen, limit: float = HANG) -> int:
        """The pid of the process held at the pause, once it is there. Fails if PROC ends
        first, or after LIMIT seconds (a hang)."""
        self.pid = self.all_reached(proc, 1, limit)[0]   # the first there (others may follow)
        return self.pid

    def all_reached(self, proc: subprocess.Popen, count: int,
                    limit: float = HANG) -> list[int]:
        """The pids of the first COUNT processes held at the pause (each forked child of
        PROC is held at its own first matching call), once they are all there."""
        end = time.monotonic() + limit
        said = b""
        while said.count(b"\n") < count:
            # Waits on the FIFO; looks up between waits only to notice a child that died.
            ready, _, _ = select.select([self._arrived], [], [], 0.2)
            if ready:
                said += os.read(self._arrived, 64)
                continue
            if proc.poll() is not None:
                raise AssertionError(f"the child ended ({proc.returncode}) before reaching "
                                     f"{self.spec}")
            if time.monotonic() > end:
                raise AssertionError(f"the child did not reach {self.spec} in {limit:g} s")
        return [int(line) for line in said.split(b"\n")[:count]]

    def release(self) -> None:
        """Let the held child go on."""
        go = os.open(self.folder / "go", os.O_WRONLY | os.O_NONBLOCK)
        os.write(go, b"go")
        os.close(go)

    def close(self) -> None:
        os.close(self._writer)
        os.close(self._arrived)

    def __enter__(self) -> Pause:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def still_running(pids: set[int], limit: float = HANG) -> set[int]:
    """Of PIDS, those still running (not even a zombie) after each has been waited for, up
    to LIMIT seconds in all: a pidfd becomes readable when its process ends."""
    end = time.monotonic() + limit
    alive = set()
    for pid in pids:
        try:
            fd = os.pidfd_open(pid)
        except ProcessLookupError:
            continue
        try:
            ready, _, _ = select.select([fd], [], [], max(0.0, end - time.monotonic()))
            if not ready:
                alive.add(pid)
        finally:
            os.close(fd)
    return alive
