"""`pnp` run inside the test's own process, through click's CliRunner, for the tests that are
about what a command says and the status it ends with, not about the process: `Pnp.main`
(generator/ui/running.py) turns every refusal into its one line and status in Python, the
same code whichever way it is called. Signals, pipes, devices and what a process leaves
behind are still tested through real processes.

`pnp build` runs here too, in one process (`--jobs 1`, unless the test gives `--jobs`): its
worker processes are not to be forked from a test worker. Its parallel path (a pool of
forked workers, their signals and their failures) is the session's catalogue build
(conftest.py) and the tests that start `pnp build` as a process of its own (test_cli.py's
`process`, test_interrupted_work.py). A build run here takes a quarter of the processor time
of one started as a process: 0.3 s against 1.2 s for one game."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from click.testing import CliRunner

from generator.ui.cli import main


def run_pnp(*args: str, cwd: Path | None = None, text: bool = False) -> subprocess.CompletedProcess:
    """The command's exit status, standard output and standard error, as subprocess.run
    gives them (bytes, or text with `text`), run from `cwd` when given."""
    if args and args[0] == "build" and "--jobs" not in args:
        args = (*args, "--jobs", "1")
    here = os.getcwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        result = CliRunner().invoke(main, list(args))
    finally:
        os.chdir(here)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"pnp {' '.join(args)} raised") from result.exception
    if text:
        return subprocess.CompletedProcess(args, result.exit_code, result.stdout, result.stderr)
    return subprocess.CompletedProcess(args, result.exit_code, result.stdout_bytes,
                                       result.stderr_bytes)


def pnp_ok(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """run_pnp, for a command that must succeed: its text, or its messages if it fails."""
    result = run_pnp(*args, cwd=cwd, text=True)
    assert result.returncode == 0, (args, result.stderr)
    return result
