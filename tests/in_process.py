"""`pnp` run inside the test's own process, through click's CliRunner, for the tests that are
about what a command says and the status it ends with, not about the process: `Pnp.main`
(generator/ui/running.py) turns every refusal into its one line and status in Python, the
same code whichever way it is called. Signals, pipes, devices and what a process leaves
behind are still tested through real processes, and so is `pnp build`, which starts worker
processes of its own (not to be forked from a test worker)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from generator.ui.cli import main


def run_pnp(*args: str, cwd: Path | None = None, text: bool = False) -> subprocess.CompletedProcess:
    """The command's exit status, standard output and standard error, as subprocess.run
    gives them (bytes, or text with `text`), run from `cwd` when given."""
    if args and args[0] == "build":
        return subprocess.run([sys.executable, "-m", "generator.ui.cli", *args], cwd=cwd,
                              capture_output=True, text=text, timeout=600)
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
