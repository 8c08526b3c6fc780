"""`pnp judge` run as a real process, as the judge-input tests run it: its status, output,
processor time and peak memory (measured.py), and the one line a refusal must be."""

import contextlib
import random
import re
import subprocess
import sys
import tempfile
import typing
from dataclasses import dataclass
from pathlib import Path

from measured import LAUNCHER

from generator.core.geometry import Hex
from generator.games import GAMES
from generator.games.hex_kb.rules import KleinBoard

PNP = [sys.executable, "-m", "generator.ui.cli"]
# Every game with a judge, from the registry.
JUDGES = {key: game.judge for key, game in GAMES.items() if game.judge is not None}
MEMORY_MB = 100            # the most a judge may take on any input
# The most processor time (not wall clock: a loaded machine does not change it) a refusal
# may take, start-up included: a judge that read and parsed a huge file whole would take
# far more. Its start-up takes under a second.
QUICK_CPU_S = 5
WHERE = re.compile(r"line [1-9]\d*, column [1-9]\d*: \S")


@dataclass
class Run:
    status: int
    out: str
    err: str
    cpu_s: float
    peak_mb: float


def run(args, stdin: Path | typing.IO[bytes] | None = None, timeout: float = 60) -> Run:
    """A real process, and its own peak memory."""
    with tempfile.TemporaryDirectory() as tmp:
        out, err, peak = Path(tmp, "out"), Path(tmp, "err"), Path(tmp, "peak")
        with out.open("wb") as o, err.open("wb") as e, \
                (stdin.open("rb") if isinstance(stdin, Path) else
                 contextlib.nullcontext(stdin or subprocess.DEVNULL)) as i:
            status = subprocess.run([sys.executable, "-c", LAUNCHER, str(peak), *args],
                                    stdin=i, stdout=o, stderr=e, timeout=timeout,
                                    check=False).returncode
        cpu = float(Path(f"{peak}.cpu").read_text())
        return Run(status, out.read_text("utf-8", "replace"),
                   err.read_text("utf-8", "replace"), cpu, int(peak.read_text()) / 1024)


def judge(game: str, file, stdin: Path | typing.IO[bytes] | None = None,
          measure: bool = False) -> Run:
    """`pnp judge GAME FILE`; with measure, its peak memory and processor time too (a
    slower start)."""
    args = [*PNP, "judge", game, str(file)]
    if measure:
        return run(args, stdin)
    with stdin.open("rb") if isinstance(stdin, Path) else \
            contextlib.nullcontext(stdin or subprocess.DEVNULL) as i:
        done = subprocess.run(args, stdin=i, capture_output=True, timeout=60, check=False)
    return Run(done.returncode, done.stdout.decode("utf-8", "replace"),
               done.stderr.decode("utf-8", "replace"), float("nan"), float("nan"))


def assert_one_line_error(result: Run, name, *fragments: str) -> None:
    assert result.status == 2, result
    assert result.out == ""
    assert "Traceback" not in result.err
    assert result.err.endswith("\n") and len(result.err.splitlines()) == 1, result.err
    assert result.err.startswith(f"pnp: {name}: "), result.err
    for fragment in fragments:
        assert fragment in result.err, result.err


def write(tmp_path: Path, data: str | bytes, name: str = "game.txt") -> Path:
    path = tmp_path / name
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def kb_grid(size: int = 11, radius: int = 0, seed: int = 0) -> str:
    """A Hex KB position with random stones; twins agree and windows are O."""
    board, rng = KleinBoard(size, radius), random.Random(seed)
    colour = {h: rng.choice("RB.") for h in board.cells}
    rows = []
    for r in range(size):
        rows.append(" " * r + " ".join(
            "O" if Hex(q, r) in board.holes else colour[board.canonical(Hex(q, r))]
            for q in range(size)))
    return "\n".join(rows) + "\n"
