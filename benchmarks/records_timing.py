"""Game records: judged a second, one printed, a folder printed as one booklet (`make
bench`, and `benchmarks/bench.py records` alone); and a tournament's folder of a hundred
records with variations and marks, its CPU seconds and memory."""

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


STUDY_RECORDS = 100      # MOST_RECORDS: the largest folder a booklet takes


def match_record(seed: int, size: int = 11) -> str:
    """An SGF record as MoHex's match script writes one (benzene's tournament/gameplayer.py:
    a node a line, GN and US, the loser resigning after the winning connection): random
    moves until someone connects, in 90 moves at most. Every third has a variation of six
    moves at move 20 and marks (a label, a triangle, an arrow), as a study of the game
    would."""
    import random

    from generator.games.hex.records import read_record
    from generator.games.hex.records.judge import replay
    rng = random.Random(seed)
    cells = [f"{chr(97 + c)}{r + 1}" for c in range(size) for r in range(size)]
    colours = ["BW"[i % 2] for i in range(len(cells))]
    while True:         # a game near MoHex's length (90 moves at most): random play runs on
        rng.shuffle(cells)
        game = replay(read_record(f"(;GM[11]SZ[{size}]" + "".join(
            f";{c}[{cell}]" for c, cell in zip(colours, cells, strict=True)) + ")"))
        played = game.won_on
        if played <= 90:
            break
    loser = "W" if game.winner == "black" else "B"
    nodes = [f";{colours[i]}[{cells[i]}]" for i in range(played)] + [f";{loser}[resign]"]
    if seed % 3 == 0 and played > 41:
        nodes[9] += f"LB[{cells[9]}:A]"
        nodes[29] += f"TR[{cells[30]}]"
        nodes[39] += f"AR[{cells[39]}:{cells[40]}]"
        branch = "".join(f";{colours[19 + k]}[{cells[played + k]}]" for k in range(6))
        nodes[19] = f"({nodes[19]}" + "\n".join(nodes[20:]) + f")({branch}C[Instead.])"
        del nodes[20:]
    return (f"(\n;GM[11]SZ[{size}]PB[mohex]PW[mohex]\nRE[{'BW'[loser == 'B']}+]"
            f"DT[2016-05-{seed % 28 + 1:02}]GN[tourney/{seed:04}]US[twogtp.py]\n"
            + "\n".join(nodes) + "\n)\n")


def study_folder_figures(tmp: str, runs: int = 3) -> tuple[float, float]:
    """The median CPU seconds (user and system) and the largest memory (MiB) of `pnp
    record hex FOLDER` printing STUDY_RECORDS match records, a third with a variation and
    marks, as one booklet; each run's own resource use (os.wait4), not the bench's."""
    folder = os.path.join(tmp, "olympiad")
    os.makedirs(folder, exist_ok=True)
    for seed in range(STUDY_RECORDS):
        with open(os.path.join(folder, f"{seed:04}.sgf"), "w", encoding="utf-8") as f:
            f.write(match_record(seed))
    cpu, memory = [], 0.0
    for _ in range(runs):
        child = subprocess.Popen([*PNP, "record", "hex", folder, "-o", f"{tmp}/olympiad.pdf"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _pid, status, usage = os.wait4(child.pid, 0)
        if status:
            raise RuntimeError(f"pnp record hex {folder} failed: {status}")
        cpu.append(usage.ru_utime + usage.ru_stime)
        memory = max(memory, usage.ru_maxrss / 1024)
    return statistics.median(cpu), memory
