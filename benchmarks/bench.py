"""Times whole commands over several runs and prints medians (seconds).

Run with `make bench`. The baseline is the bare import of the libraries every kit needs, on
the same machine, so the ratios travel between machines better than the seconds do.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

from generator.geometry import Hex

RUNS = int(os.environ.get("BENCH_RUNS", "9"))
# The installed command, as users run it (its start-up is what the ratios measure).
SCRIPT = os.path.join(os.path.dirname(sys.executable), "pnp")
PNP = [SCRIPT] if os.path.exists(SCRIPT) else [sys.executable, "-m", "generator.cli"]


def median_seconds(command: list[str], runs: int = RUNS) -> float:
    subprocess.run(command, check=True, capture_output=True)  # warm the file cache
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def hex_kb_adjudications(count: int = 10_000, runs: int = 5) -> float:
    """Median seconds to judge `count` random full 11 x 11 Hex KB boards, in process."""
    import random
    from generator.games.hex_kb.rules import BLUE, RED, Judge, KleinBoard, default_radius
    board = KleinBoard(11, default_radius(11))
    judge = Judge(board)
    rng = random.Random(1)
    fills = [[rng.choice((RED, BLUE)) for _ in board.cells] for _ in range(count)]
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for colours in fills:
            judge.judge(colours)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def hex_kb_position(path: str) -> None:
    """A full 11 x 11 Hex KB position, as `pnp judge hex-kb` reads it."""
    import random
    from generator.games.hex_kb.rules import BLUE, RED, WINDOW, KleinBoard, default_radius
    board = KleinBoard(11, default_radius(11))
    rng = random.Random(1)
    colour = {h: rng.choice((RED, BLUE)) for h in board.cells}
    rows = [" ".join(WINDOW if (h := Hex(q, r)) in board.holes else colour[board.canonical(h)]
                     for q in range(11)) for r in range(11)]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(rows) + "\n")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        from generator.games.blinq import pages as blinq
        with open(f"{tmp}/blinq.txt", "w", encoding="utf-8") as f:
            f.write(blinq.EXAMPLE_GAME)
        hex_kb_position(f"{tmp}/kb.txt")
        cases = [
            ("import click", [sys.executable, "-c", "import click"]),
            ("pnp --help", [*PNP, "--help"]),
            ("judge hex-kb 11x11 position", [*PNP, "judge", "hex-kb", f"{tmp}/kb.txt"]),
            ("import reportlab canvas", [sys.executable, "-c", "import reportlab.pdfgen.canvas"]),
            ("import baseline", [sys.executable, "-c", "import reportlab.pdfgen.canvas, "
                                 "reportlab.platypus, svgwrite, click, jinja2"]),
            ("kit blind-hex letter 11x11", [*PNP, "kit", "blind-hex", "--paper", "letter",
                                            "-o", f"{tmp}/kit11.pdf"]),
            ("kit blind-hex letter 25x25", [*PNP, "kit", "blind-hex", "--paper", "letter",
                                            "--size", "25", "-o", f"{tmp}/kit25.pdf"]),
            ("kit nex a4 11x11", [*PNP, "kit", "nex", "-o", f"{tmp}/nex11.pdf"]),
            ("kit nex a4 19x19", [*PNP, "kit", "nex", "--size", "19", "-o",
                                  f"{tmp}/nex19.pdf"]),
            ("kit blinq a4", [*PNP, "kit", "bling", "-o", f"{tmp}/blinq.pdf"]),
            ("kit hex-kb a4 11x11", [*PNP, "kit", "hex-kb", "-o", f"{tmp}/kb11.pdf"]),
            ("puzzle hex-kb 25x25", [*PNP, "puzzle", "hex-kb", "--size", "25", "-o",
                                     f"{tmp}/kb25.pdf"]),
            ("board blind-hex a4 11x11 pdf", [*PNP, "board", "blind-hex", "-o",
                                              f"{tmp}/board.pdf"]),
            ("board blind-hex a4 11x11 png 300", [*PNP, "board", "blind-hex", "--format", "png",
                                                  "--dpi", "300", "-o", f"{tmp}/board.png"]),
            ("judge blinq (example game)", [*PNP, "judge", "bling", f"{tmp}/blinq.txt"]),
            ("build (whole catalogue)", [*PNP, "build", "--out", f"{tmp}/out"]),
        ]
        results = {}
        print(f"median of {RUNS} runs, seconds")
        for name, command in cases:
            runs = RUNS if "build" not in name else max(3, RUNS // 3)
            results[name] = median_seconds(command, runs)
            print(f"  {name:32} {results[name]:7.3f}")
        base = results["import baseline"]
        click_ = results["import click"]
        k11 = results["kit blind-hex letter 11x11"]
        k25 = results["kit blind-hex letter 25x25"]
        print(f"  pnp --help / import click       {results['pnp --help'] / click_:7.2f}  "
              f"(target <= 1.5)")
        print(f"  judge hex-kb / import click     "
              f"{results['judge hex-kb 11x11 position'] / click_:7.2f}  (target <= 1.5)")
        print(f"  kit 11x11 / import canvas       "
              f"{k11 / results['import reportlab canvas']:7.2f}  (target <= 2.5)")
        print(f"  kit 11x11 / import baseline     {k11 / base:7.2f}  (target <= 1.6)")
        print(f"  kit 25x25 / kit 11x11           {k25 / k11:7.2f}  (target <= 1.5)")
        png = results["board blind-hex a4 11x11 png 300"]
        print(f"  board png 300 dpi / board pdf   "
              f"{png / results['board blind-hex a4 11x11 pdf']:7.2f}")
        print(f"  build, four games, A4 + Letter  {results['build (whole catalogue)']:7.3f}  "
              f"(target < 3)")
        print(f"  Hex KB: 10,000 adjudications 11x11 {hex_kb_adjudications():7.3f}  "
              f"(target < 1.5)")


if __name__ == "__main__":
    main()
