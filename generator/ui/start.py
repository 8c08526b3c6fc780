"""The `pnp` program's entry point: the interrupt handler first, then the command.

Importing this module installs the handler: the launcher pip writes imports it as its
second statement (after `sys`), and nothing before the handler imports a module that
Python's own start has not imported already (generator/__init__.py and generator/ui/signals.py
use `os`, `sys` and the C module `_signal` only: not `signal`, whose enums cost 10 ms, nor
`typing`). From there on a Ctrl-C is one line and status 130, not a traceback from an
import. What comes before is Python's own start (10 to 20 ms on an idle machine, more on a
busy one), where Python's own handling holds: docs/commands.md says so. The run ends with
`os._exit`: Python's own shutdown puts the default handlers back, and a Ctrl-C in that
moment would end the process by the signal, with nothing said.
"""

from __future__ import annotations

from generator.ui.signals import quiet_on_signals, run

quiet_on_signals()

TYPE_CHECKING = False        # as in signals.py: no `typing` at the start
if TYPE_CHECKING:
    from typing import NoReturn


def main() -> NoReturn:
    quiet_on_signals()       # again, for a caller that put its own handlers back since
    from generator.ui.cli import main as command  # only now: click and everything else
    run(command)
