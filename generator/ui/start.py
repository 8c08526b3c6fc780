"""The `pnp` program's entry point: the interrupt handler first, then the command.

Nothing here imports a third-party module, and the handler is installed before the command
line (click, reportlab, ...) is imported, so a Ctrl-C in the first milliseconds is one line
and status 130, not a traceback from an import. The run ends with `os._exit`: Python's own
shutdown puts the default handlers back, and a Ctrl-C in that moment would end the process by
the signal, with nothing said.
"""

from __future__ import annotations

import os
import sys
import typing

from generator.ui.signals import quiet_on_signals


def main() -> typing.NoReturn:
    quiet_on_signals()
    from generator.ui.cli import main as command  # only now: click and everything else
    run(command)


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
