"""The `pnp` program's entry point: the interrupt handler first, then the command.

Nothing here imports a third-party module, and the handler is installed before the command
line (click, reportlab, ...) is imported, so a Ctrl-C in the first milliseconds is one line
and status 130, not a traceback from an import. The run ends with `os._exit`: Python's own
shutdown puts the default handlers back, and a Ctrl-C in that moment would end the process by
the signal, with nothing said.
"""

from __future__ import annotations

import typing

from generator.ui.signals import quiet_on_signals, run


def main() -> typing.NoReturn:
    quiet_on_signals()
    from generator.ui.cli import main as command  # only now: click and everything else
    run(command)
