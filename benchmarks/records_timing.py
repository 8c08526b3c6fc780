"""Game records: judged a second, one printed, a folder printed as one booklet (`make
bench`, and `benchmarks/bench.py records` alone)."""

from __future__ import annotations

import os
import statistics
import subprocess
import time

from timing import PNP


def hundred_move_record(seed: int) -> str:
    """A 13 x 13 SGF record of 100 random moves in which no one connects before the last
    (random seeds are tried until one does not), ending in a resignation."""
    import random

    from generator.games.hex.records import read_record
    from generator.games.hex.records.judge import replay
    rng = random.Random(seed)
    while True:
        cells = [f"{chr(97 + c)}{r + 1}" for c in range(13) for r in range(13)]
        rng.shuffle(cells)
        nodes = "".join(f";{'BW'[i % 2]}[{cell}]" for i, cell in enumerate(cells[:100]))
        text = f"(;FF[4]GM[11]SZ[13]PB[A]PW[B]RE[W+R]{nodes};B[resign])"
        if not replay(read_record(text)).illegal:
            return text


FOLDER_RECORDS = 50      # a tournament's games, printed as one booklet


def records_figures(tmp: str, count: int = 1000) -> tuple[float, float, float]:
    """Records judged a second by one `pnp judge hex --format json` over `count` 100-move
    records, the seconds `pnp record hex` takes to print one to PDF, and the seconds it
    takes to print a folder of FOLDER_RECORDS of them as one booklet."""
    folder = os.path.join(tmp, "records")
    os.makedirs(folder, exist_ok=True)
    texts = [hundred_move_record(seed) for seed in range(20)]
    paths = []
    for i in range(count):
        paths.append(os.path.join(folder, f"{i}.sgf"))
        with open(paths[-1], "w", encoding="utf-8") as f:
            f.write(texts[i % len(texts)])
    judged = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([*PNP, "judge", "hex", "--format", "json", *paths], check=True,
                       capture_output=True)
        judged.append(time.perf_counter() - start)
    printed = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([*PNP, "record", "hex", paths[0], "-o", f"{tmp}/record.pdf"],
                       check=True, capture_output=True)
        printed.append(time.perf_counter() - start)
    tournament = os.path.join(tmp, "tournament")
    os.makedirs(tournament, exist_ok=True)
    for i in range(FOLDER_RECORDS):
        with open(os.path.join(tournament, f"{i:03}.sgf"), "w", encoding="utf-8") as f:
            f.write(texts[i % len(texts)])
    booklet = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([*PNP, "record", "hex", tournament, "-o", f"{tmp}/tournament.pdf"],
                       check=True, capture_output=True)
        booklet.append(time.perf_counter() - start)
    return (count / statistics.median(judged), statistics.median(printed),
            statistics.median(booklet))
