"""The interrupt handler every way of starting pnp installs first: until the command runs
there is nothing to clean up, so SIGINT or SIGTERM is one line and 128 + the signal's number.
Only the standard library: it is installed before click, reportlab or the package's own
modules are imported (generator/ui/start.py, and generator/ui/running.py for
`python -m generator.ui.cli`)."""

from __future__ import annotations

import os
import signal
import sys
import typing


def quiet_exit(signum: int, frame: object) -> None:
    """Until the command runs there is nothing to clean up: one line, and out."""
    os.write(2, b"pnp: interrupted\n" if signum == signal.SIGINT else b"pnp: terminated\n")
    os._exit(128 + signum)


def quiet_on_signals() -> None:
    # A signal the caller ignores (a background job's SIGINT, nohup) stays ignored.
    for sig in (signal.SIGINT, signal.SIGTERM):
        if signal.getsignal(sig) is not signal.SIG_IGN:
            signal.signal(sig, quiet_exit)


def run(command: typing.Callable[..., object]) -> typing.NoReturn:
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
