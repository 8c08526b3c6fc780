"""The `pnp` program's entry point: the interrupt handler first, then the command.

Nothing here imports a third-party module, and the handler is installed before the command
line (click, reportlab, ...) is imported, so a Ctrl-C in the first milliseconds is one line
and status 130, not a traceback from an import. The run ends with `os._exit`: Python's own
shutdown puts the default handlers back, and a Ctrl-C in that moment would end the process by
the signal, with nothing said.
"""

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


def main() -> typing.NoReturn:
    quiet_on_signals()
    from generator.ui.cli import main as command  # only now: click and everything else
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
