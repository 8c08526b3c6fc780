"""What every benchmark shares: how many runs, the command as users run it, and medians of
whole commands (benchmarks/bench.py)."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

RUNS = int(os.environ.get("BENCH_RUNS", "9"))
# The installed command, as users run it (its start-up is what the ratios measure).
SCRIPT = os.path.join(os.path.dirname(sys.executable), "pnp")
PNP = [SCRIPT] if os.path.exists(SCRIPT) else [sys.executable, "-m", "generator.ui.cli"]


# Commands run as an installed pnp runs: with its modules compiled to bytecode, as pip
# leaves them, even where the calling shell asks Python not to write bytecode.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def median_seconds(command: list[str], runs: int = RUNS) -> float:
    # The first run warms the file cache (and writes any bytecode still missing).
    subprocess.run(command, check=True, capture_output=True, env=ENV)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, env=ENV)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def interleaved_medians(cases: list[tuple[str, list[str]]], runs: int = RUNS
                        ) -> dict[str, float]:
    """Median seconds of each command, the commands run in turn, round after round: a busy
    moment of a shared machine then falls on every command alike, and the ratios between
    them (start-up against `import click`, a kit against the imports) hold."""
    for _, command in cases:      # warm the file cache, write any bytecode still missing
        subprocess.run(command, check=True, capture_output=True, env=ENV)
    times: dict[str, list[float]] = {name: [] for name, _ in cases}
    for _ in range(runs):
        for name, command in cases:
            start = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True, env=ENV)
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(seconds) for name, seconds in times.items()}
