"""The Hex solver against Benzene's DFPN puzzle suite, and puzzles cut from games (`make
bench`, or `benchmarks/bench.py solver` alone).

The suite is Benzene's own (github.com/cgao3/benzene-vanilla-cmake, `regression/`: the
commands in `dfpn-puzzle.tst` and the positions in `sgf/puzzles/`); it is not part of pnp.
PNP_BENZENE names the folder that holds it; without it the section is skipped, in one line.
Each command names the player to move (`dfpn-solve-state white`), which is read from the
command, not from the file's PL (four files say PL[B] where the suite asks for White), and
Benzene's answer: the winner, or its winning moves, which leave out the moves it prunes as
inferior or by symmetry. pnp lists every winning move, so an answer agrees when Benzene's
moves are among pnp's; pnp's others are counted as extra. Benzene's times are those its
comments quote (a 2.66 GHz Core 2 Quad; under 0.5 s they are not quoted). With
PNP_BENZENE_TIMES naming a JSON object of Benzene's own times on this machine, by SGF path
as the commands name them ({"sgf/puzzles/7x7-henderson-05.sgf": 2.71, ...}), the ratio to
those is printed too.

Each puzzle is solved in this process within a budget: 10 s up to 6 x 6, 60 s on 7 x 7, and
PNP_BENZENE_BUDGET seconds (60 by default) on larger boards.
"""

from __future__ import annotations

import json
import os
import re
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass

SMALL, SEVEN = 10.0, 60.0       # seconds a puzzle: up to 6 x 6, and 7 x 7
_COMMAND = re.compile(r"^\d+ (dfpn-solve-state|dfpn-solver-find-winning) (black|white)\s*$")
_ANSWER = re.compile(r"^#\? \[(.*)\]")
_QUOTED = re.compile(r"^# Takes (\d+) seconds?")


@dataclass(frozen=True, slots=True)
class Case:
    """One command of the suite: the SGF it loads, the player to move, Benzene's answer."""
    sgf: str
    to_move: str
    winner_only: bool             # dfpn-solve-state: the answer is the winner
    answer: tuple[str, ...]       # the winner, or Benzene's winning moves
    quoted: float | None          # Benzene's quoted seconds, when it quotes them
    size: int


def cases(folder: str) -> Iterator[Case]:
    """The suite's commands, in its order (those commented out are not read)."""
    with open(os.path.join(folder, "dfpn-puzzle.tst"), encoding="utf-8") as tst:
        lines = tst.read().splitlines()
    sgf, quoted = None, None
    for i, line in enumerate(lines):
        if (said := _QUOTED.match(line)) is not None:
            quoted = float(said.group(1))
        elif line.startswith("loadsgf "):
            sgf = line.split()[1]
        elif (command := _COMMAND.match(line)) is not None and sgf is not None:
            answer = _ANSWER.match(lines[i + 1])
            assert answer is not None, lines[i + 1]
            size = int(re.search(r"(\d+)x\d+", sgf).group(1))  # type: ignore[union-attr]
            yield Case(sgf, command.group(2), command.group(1) == "dfpn-solve-state",
                       tuple(answer.group(1).split()), quoted, size)
            sgf, quoted = None, None


@dataclass(frozen=True, slots=True)
class Result:
    case: Case
    proven: bool
    agrees: bool                  # proven, and Benzene's answer within pnp's
    extra: tuple[str, ...]        # pnp's winning moves that Benzene leaves out
    seconds: float
    nodes: int


def run_case(folder: str, case: Case) -> Result:
    from generator.games.hex.records.model import cell_name
    from generator.games.hex.solver import Budget, solve
    from generator.games.hex.solver.positions import read_position
    with open(os.path.join(folder, case.sgf), "rb") as f:
        position = read_position(f.read(), to_move=case.to_move).position
    seconds = SMALL if case.size <= 6 else SEVEN if case.size == 7 else \
        float(os.environ.get("PNP_BENZENE_BUDGET", "60"))
    start = time.perf_counter()
    solution = solve(position, Budget(seconds=seconds))
    took = time.perf_counter() - start
    winning = tuple(cell_name(c) for c in solution.winning)
    if case.winner_only:
        agrees = solution.winner == case.answer[0]
        extra: tuple[str, ...] = ()
    else:
        winner = case.to_move if case.answer else ("white" if case.to_move == "black"
                                                   else "black")
        agrees = solution.proven and solution.winner == winner and \
            set(case.answer) <= set(winning)
        extra = tuple(m for m in winning if m not in case.answer)
    return Result(case, solution.proven if not case.winner_only else
                  solution.winner is not None, agrees, extra, took, solution.nodes)


def _ratios(results: list[Result], times: dict[str, float] | None) -> str:
    """Median and worst of pnp's time over Benzene's (quoted, or measured here)."""
    pairs = [(r.seconds, times[r.case.sgf] if times is not None else r.case.quoted)
             for r in results if r.proven]
    ratios = [mine / theirs for mine, theirs in pairs if theirs]
    if not ratios:
        return f"{'-':>7} {'-':>7}"
    return f"{statistics.median(ratios):7.2f} {max(ratios):7.2f}"


def print_suite() -> None:
    folder = os.environ.get("PNP_BENZENE")
    if not folder or not os.path.isfile(os.path.join(folder, "dfpn-puzzle.tst")):
        print("solver: Benzene's DFPN puzzle suite skipped; set PNP_BENZENE to its "
              "regression folder (github.com/cgao3/benzene-vanilla-cmake: regression/, "
              "with dfpn-puzzle.tst and sgf/puzzles/)")
        return
    times = None
    if os.environ.get("PNP_BENZENE_TIMES"):
        with open(os.environ["PNP_BENZENE_TIMES"], encoding="utf-8") as f:
            times = {k: float(v) for k, v in json.load(f).items()}
    results: dict[int, list[Result]] = {}
    for case in cases(folder):
        results.setdefault(case.size, []).append(run_case(folder, case))
    print("solver: Benzene's DFPN puzzle suite; pnp's time over Benzene's quoted time"
          + (" and over Benzene's on this machine" if times else ""))
    head = (f"  {'size':6} {'puzzles':>7} {'proven':>6} {'agree':>5} {'extra':>5} "
            f"{'worst s':>8} {'median':>7} {'worst':>7}")
    print(head + (f" {'median':>7} {'worst':>7}  (this machine)" if times else ""))
    for size in sorted(results):
        group = results[size]
        line = (f"  {size}x{size:<4} {len(group):7} {sum(r.proven for r in group):6} "
                f"{sum(r.agrees for r in group):5} {sum(len(r.extra) for r in group):5} "
                f"{max(r.seconds for r in group):8.2f} {_ratios(group, None)}")
        if times:
            line += f" {_ratios([r for r in group if r.case.sgf in times], times)}"
        print(line)
    for _, group in sorted(results.items()):
        for r in group:
            if r.extra or not r.agrees:
                name = r.case.sgf.rsplit("/", 1)[-1]
                said = f"also wins at {' '.join(r.extra)}" if r.extra else \
                    ("not proven" if not r.proven else "disagrees")
                print(f"    {name}: {said} ({r.seconds:.1f} s, {r.nodes:,} positions; Benzene "
                      f"{' '.join(r.case.answer) or 'loses'})")
    small = [r for size, group in results.items() if size <= 6 for r in group]
    seven = [r for r in results.get(7, []) if r.case.quoted is None or r.case.quoted < 60]
    fast = sum(r.proven and r.seconds < SMALL for r in small)
    print(f"  up to 6x6, each under {SMALL:g} s: {fast} of {len(small)}; 7x7 that Benzene "
          f"proved in under a minute, under a minute: "
          f"{sum(r.proven and r.seconds < SEVEN for r in seven)} of {len(seven)}")


def print_cutting(games: int = 3, size: int = 7, seconds: float = 1.0) -> None:
    """Puzzles cut from random games (seeded): positions tried a second, puzzles found."""
    import random

    from generator.games.hex.records import read_record
    from generator.games.hex.solver import Budget
    from generator.games.hex.solver.positions import game_positions
    from generator.games.hex.solver.puzzles import cut
    tried = found = 0
    start = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        cells = [f"{chr(97 + c)}{r + 1}" for c in range(size) for r in range(size)]
        rng.shuffle(cells)
        moves = "".join(f";{'BW'[i % 2]}[{cell}]" for i, cell in enumerate(cells))
        positions = game_positions(read_record(f"(;FF[4]GM[11]SZ[{size}]{moves})"))
        tried += len(positions)
        found += len(cut(positions, Budget(seconds=seconds)))
    took = time.perf_counter() - start
    print(f"  puzzles cut from {games} random {size}x{size} games: {tried} positions in "
          f"{took:.1f} s ({took / tried:.3f} s each, at most {seconds:g} s), {found} puzzles")
