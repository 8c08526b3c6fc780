"""`make test` on a fresh clone, timed (`BENCH_TESTS=N make bench`, or `benchmarks/bench.py
tests`): the whole, its pytest run and the CPU of all it ran, against the baseline."""

from __future__ import annotations

import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

from timing import ENV

# `make test` on a fresh clone of commit a8a31e1 (before the sweeps shared their rasters and
# the template cache left the package), measured as make_test_on_a_fresh_clone measures it
# (git clone, then `make test` with Python free to write bytecode) on the project's 2-core
# machine on 2026-11-24 at 14:10-14:41 UTC, once, while other work kept the load average at
# 19-21: seconds of wall time for the whole (venv, install, lint, types, tests), of its
# pytest run (pytest's own summary), and CPU seconds (user + system) of all it ran. The wall
# times are the load's more than the suite's: on that machine unloaded the whole took about
# 190-220 s and pytest 170-185 s, and the CPU seconds are the figure to compare under load.
# The suite then held 2,332 tests (pytest --collect-only at a8a31e1).
BASELINE_MAKE_TEST = {"make test": 1833.0, "pytest": 1420.0, "cpu": 240.3, "tests": 2332}


def make_test_on_a_fresh_clone(root: str | None = None) -> dict[str, float]:
    """Seconds of `make test` on a fresh clone of a checkout's commit (venv, install, lint,
    type check, the tests, on the machine's cores): the whole, its pytest run (from pytest's
    summary line) and the CPU seconds of every process it ran (user and system); and the
    number of tests that passed."""
    import re
    import resource
    root = root or os.path.join(os.path.dirname(__file__), "..")
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", root, f"{tmp}/pnp"],
                       check=True, capture_output=True)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(["make", "test"], cwd=f"{tmp}/pnp", capture_output=True,
                              text=True, env=ENV)
        total = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    summary = re.findall(r"in ([0-9.]+)s", done.stdout)
    passed = re.findall(r"([0-9]+) passed", done.stdout)
    if done.returncode != 0:
        print(done.stdout[-3000:], done.stderr[-2000:], file=sys.stderr)
        raise SystemExit("make test failed on a fresh clone")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"make test": total, "pytest": float(summary[-1]) if summary else math.nan,
            "cpu": cpu, "tests": float(passed[-1]) if passed else math.nan}


def print_make_test(runs: int) -> None:
    """`make test` on a fresh clone, `runs` times: medians. Only the CPU seconds are set
    against the baseline: its wall times were taken under a load of 19-21 and say more about
    that load than about the suite."""
    results = [make_test_on_a_fresh_clone() for _ in range(runs)]
    load = os.getloadavg()[0]
    print(f"make test on a fresh clone, median of {runs}, seconds")
    for name, label in (("make test", "make test, whole (wall)"),
                        ("pytest", "its pytest run (wall)")):
        print(f"  {label:32} {statistics.median(r[name] for r in results):7.1f}")
    cpu, base = statistics.median(r["cpu"] for r in results), BASELINE_MAKE_TEST["cpu"]
    print(f"  {'CPU of all it ran (user+sys)':32} {cpu:7.1f}  ({cpu / base:.2f} of the "
          f"baseline's {base:.0f}; target < 0.5)")
    tests, then = statistics.median(r["tests"] for r in results), BASELINE_MAKE_TEST["tests"]
    print(f"  {'CPU per test passed, ms':32} {1000 * cpu / tests:7.1f}  ({tests:.0f} tests; "
          f"the baseline's {1000 * base / then:.0f} ms for {then:.0f})")
    print(f"  load average at the end: {load:.1f} on {os.cpu_count()} cores")
