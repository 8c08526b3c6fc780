"""The interrupt handler every way of starting pnp installs first: until the command runs
there is nothing to clean up, so SIGINT, SIGTERM or SIGHUP is one line and 128 + the
signal's number. Only the standard library: it is installed before click, reportlab or the
package's own modules are imported (generator/ui/start.py, and generator/ui/running.py for
`python -m generator.ui.cli`)."""

from __future__ import annotations

# `_signal`: the C module Python's own start imported already, not `signal`, which wraps it
# in enums: importing enum (with functools and collections) took 10 ms, before the handler.
import _signal  # type: ignore[import-not-found]
import os
import sys

# Nor `typing`'s: importing typing (and re with it) took 10 to 30 ms more. mypy reads any
# name TYPE_CHECKING as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import NoReturn

# The signals that stop pnp, each with the word its one line says: Ctrl-C, `kill`'s
# default, and a hangup (the terminal closed, an SSH session dropped: the shell passes it on
# to its jobs). Each ends the run the same way, and `pnp build` takes back what it made.
STOPS: dict[int, str] = {_signal.SIGINT: "interrupted", _signal.SIGTERM: "terminated"}
if hasattr(_signal, "SIGHUP"):       # not on Windows
    STOPS[_signal.SIGHUP] = "hung up"


def stopped(signum: int) -> str:
    """The one line a stop by SIGNUM says, without its `pnp: `."""
    return STOPS.get(signum, "stopped")


def quiet_exit(signum: int, frame: object) -> None:
    """Until the command runs there is nothing to clean up: one line, and out. After a
    hangup the terminal may be gone, and the line with it."""
    # Not contextlib.suppress: nothing is imported this early that need not be.
    try:  # noqa: SIM105
        os.write(2, f"pnp: {stopped(signum)}\n".encode())
    except OSError:
        pass
    os._exit(128 + signum)


def quiet_on_signals() -> None:
    # A signal the caller ignores (a background job's SIGINT, nohup's SIGHUP) stays ignored.
    for sig in STOPS:
        if _signal.getsignal(sig) != _signal.SIG_IGN:
            _signal.signal(sig, quiet_exit)


def run(command: Callable[..., object]) -> NoReturn:
    """Run the command line and end with its status (`python -m generator.ui.cli` too)."""
    try:
        command(prog_name="pnp")
        status = 0
    except SystemExit as done:
        status = done.code if isinstance(done.code, int) else int(done.code is not None)
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(status)
