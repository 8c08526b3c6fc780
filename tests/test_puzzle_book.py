"""`pnp puzzles hex`: a puzzle book whose every answer is proven (docs/puzzles.md). The JSON
it writes is read back and every position solved again, by the solver from the SGF alone
and, on small boards, by the exhaustive minimax of the tests (solver_oracle.py); a wrong
list of winning moves is caught (the control). The book's own puzzles are the same bytes
for the same seed; the levels are spread; bad input is one line, status 2, nothing
written."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from in_process import run_pnp
from recording import words
from solver_oracle import Oracle

from generator.games.hex.puzzle_choice import BookPuzzle, Source, spread
from generator.games.hex.records.model import BLACK, WHITE, Cell, cell_name
from generator.games.hex.solver import Budget, Position, solve
from generator.games.hex.solver.positions import read_position
from generator.games.hex.solver.puzzles import Puzzle

MOST_EMPTY_FOR_MINIMAX = 16      # cells: a 4 x 4 board, which the minimax takes in a second


def a_game(size: int, seed: int, players: tuple[str, str] = ("", "")) -> str:
    """A record of random moves to the end of the game (and past it: the solver's
    positions stop where it is won)."""
    rng = random.Random(seed)
    cells = [f"{chr(97 + c)}{r + 1}" for c in range(size) for r in range(size)]
    rng.shuffle(cells)
    moves = "".join(f";{'BW'[i % 2]}[{cell}]" for i, cell in enumerate(cells))
    named = f"PB[{players[0]}]PW[{players[1]}]EV[Club ladder]" if players[0] else ""
    return f"(;FF[4]GM[11]SZ[{size}]{named}{moves})"


def disagreements(fact: dict[str, object]) -> list[str]:
    """What an independent solve of the puzzle's SGF says otherwise than the book: the
    player to move, the winner, and the whole set of winning moves (by the minimax too
    where the board is small enough)."""
    read = read_position(str(fact["position"]).encode())
    position = read.position
    out = []
    if position.to_move != fact["to_move"]:
        out.append(f"to move: {position.to_move} vs {fact['to_move']}")
    solution = solve(position, Budget(seconds=60))
    listed = set(fact["winning_moves"])  # type: ignore[call-overload]
    if not solution.proven or solution.winner != position.to_move:
        out.append("not a proven win for the player to move")
    if {cell_name(c) for c in solution.winning} != listed:
        out.append(f"solver: {sorted(cell_name(c) for c in solution.winning)} vs "
                   f"{sorted(listed)}")
    empty = position.columns * position.rows - len(position.black) - len(position.white)
    if empty <= MOST_EMPTY_FOR_MINIMAX:
        exhaustive = Oracle(position.columns, position.rows).winning_moves(position)
        if {cell_name(c) for c in exhaustive} != listed:
            out.append(f"minimax: {sorted(cell_name(c) for c in exhaustive)} vs "
                       f"{sorted(listed)}")
    return out


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("club")
    for k in range(4):
        size = 4 if k % 2 else 5
        (folder / f"round-{k + 1}.sgf").write_text(
            a_game(size, k, ("Alice", "Bob") if k < 2 else ("", "")))
    (folder / "README.txt").write_text("not a record")
    return folder


@pytest.fixture(scope="module")
def facts(club: Path) -> list[dict[str, object]]:
    done = run_pnp("puzzles", "hex", str(club), "--count", "6", "--format", "json",
                   text=True)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_every_answer_of_the_json_is_proven_again(facts: list[dict[str, object]]) -> None:
    assert 1 <= len(facts) <= 6
    for fact in facts:
        assert set(fact) >= {"position", "to_move", "winning_moves", "level", "source"}
        assert fact["to_move"] in (BLACK, WHITE) and 1 <= int(fact["level"]) <= 4  # type: ignore[call-overload]
        assert disagreements(fact) == [], fact
    checked = [f for f in facts if read_position(str(f["position"]).encode()).position.columns
               == 4]
    assert checked, "no puzzle small enough for the minimax"


def test_a_wrong_list_of_winning_moves_is_caught(facts: list[dict[str, object]]) -> None:
    fact = facts[0]
    moves = list(fact["winning_moves"])  # type: ignore[call-overload]
    read = read_position(str(fact["position"]).encode()).position
    taken = {cell_name(c) for c in read.black | read.white}
    losing = next(f"{chr(97 + q)}{r + 1}" for r in range(read.rows)
                  for q in range(read.columns)
                  if f"{chr(97 + q)}{r + 1}" not in taken | set(moves))
    assert disagreements({**fact, "winning_moves": moves[1:]})          # one left out
    assert disagreements({**fact, "winning_moves": [*moves, losing]})   # a loser added


def test_the_sources_name_the_records(facts: list[dict[str, object]], club: Path) -> None:
    for fact in facts:
        source = fact["source"]
        assert isinstance(source, dict)
        assert str(source["record"]).startswith(str(club)) and source["move"] >= 0
        named = source["record"].endswith(("round-1.sgf", "round-2.sgf"))
        assert (source["black"] == "Alice") == named


def test_the_book_prints_puzzles_answers_and_sources(club: Path, tmp_path: Path) -> None:
    done = run_pnp("puzzles", "hex", str(club / "round-1.sgf"), str(club / "round-2.sgf"),
                   "--count", "3", "-o", str(tmp_path / "book.pdf"), text=True)
    assert done.returncode == 0, done.stderr
    said = words(tmp_path / "book.pdf")
    for text in ("Puzzles", "Answers", "Puzzle 1.", "to move and win", "Level",
                 "Alice (Black) against Bob (White)", "Winning moves, all of them",
                 "Club ladder"):
        assert text in said, text
    assert "Carol" not in said      # control: a name no record holds


def test_the_same_seed_makes_the_same_book(tmp_path: Path) -> None:
    made = []
    for seed, name in (("4", "a.pdf"), ("4", "b.pdf"), ("1", "c.pdf")):
        done = run_pnp("puzzles", "hex", "--seed", seed, "--count", "2", "-o",
                       str(tmp_path / name), text=True)
        assert done.returncode == 0, done.stderr
        made.append((tmp_path / name).read_bytes())
    assert made[0] == made[1]
    assert made[0] != made[2]       # control: another seed, another book


def book_puzzle(level_effort: int, game: int, move: int, answers: int = 2) -> BookPuzzle:
    """A puzzle of the given effort (so level) and number of winning moves (made up: the
    choice reads only their count)."""
    position = Position(3, 3, frozenset(), frozenset({Cell(0, 0)}), BLACK)
    solution = solve(position, Budget())
    winning = tuple(Cell(q, 2) for q in range(answers))
    return BookPuzzle(Puzzle(move, solution.__class__(
        position, solution.winner, winning, solution.losing, solution.unsettled,
        level_effort, 0.0, solution.line, solution.connection)), Source(move, game=game))


def test_the_levels_are_spread() -> None:
    # Nine of level 1, three of level 2, one of level 3: four chosen take each level's
    # hardest, the rest from the level with most.
    found = ([book_puzzle(10 + k, k, 1) for k in range(9)] +
             [book_puzzle(100 + k, k, 2) for k in range(3)] + [book_puzzle(500, 0, 3)])
    chosen = spread(found, 4)
    assert sorted(p.level for p in chosen) == [1, 2, 2, 3]
    assert [p.level for p in chosen] == sorted(p.level for p in chosen)
    everything = spread(found, 40)
    assert len(everything) == len(found)
    lopsided = spread(found[:9], 3)     # control: one level alone gives its hardest
    assert [p.puzzle.effort for p in lopsided] == [16, 17, 18]
    # A puzzle of one answer goes before harder ones of many.
    single = book_puzzle(11, 20, 1, answers=1)
    assert single in spread([*found[:9], single], 2)
    assert single not in spread([*found[:9], book_puzzle(11, 20, 1, answers=2)], 2)  # control


@pytest.mark.parametrize("args", [
    ("/nonexistent/round.sgf",),
    ("--count", "0"),
    ("--paper", "a3"),
    ("--budget", "-1"),
])
def test_bad_input_is_one_line_and_writes_nothing(args: tuple[str, ...], tmp_path: Path
                                                  ) -> None:
    done = run_pnp("puzzles", "hex", *args, cwd=tmp_path, text=True)
    assert done.returncode == 2
    assert done.stderr.startswith("pnp: ") or "Error" in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) <= 3
    assert list(tmp_path.iterdir()) == []


def test_records_that_hold_no_puzzle_are_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.sgf"
    bad.write_text("(;FF[4]GM[11]SZ[3];B[b2];W[b2)")    # cut short: no record
    done = run_pnp("puzzles", "hex", str(bad), cwd=tmp_path, text=True)
    assert done.returncode == 2 and done.stderr.startswith("pnp: ")
    assert "Traceback" not in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.sgf"]


def test_options_that_do_not_go_together_are_refused(club: Path, tmp_path: Path) -> None:
    for args in (("--format", "json", "--for", "print-shop"),
                 (str(club), "--seed", "3"),
                 ("--format", "json", "-o", str(tmp_path / "missing" / "book.json")),
                 ("-o", str(tmp_path / "book.svg"))):
        done = run_pnp("puzzles", "hex", *args, "--count", "1", cwd=tmp_path, text=True)
        assert done.returncode == 2 and done.stderr.startswith("pnp: "), args
        assert len(done.stderr.strip().splitlines()) == 1 and not done.stdout, args
        assert list(tmp_path.iterdir()) == [], args


def test_a_record_that_cannot_be_read_is_left_out(club: Path, tmp_path: Path) -> None:
    (tmp_path / "bad.sgf").write_text("(;FF[4]GM[11]SZ[3];B[b2")
    done = run_pnp("puzzles", "hex", str(tmp_path / "bad.sgf"), str(club / "round-2.sgf"),
                   "--count", "1", "--format", "json", "-o", str(tmp_path / "book.json"),
                   text=True)
    assert done.returncode == 0, done.stderr
    assert "bad.sgf: left out of the book" in done.stderr
    assert len((tmp_path / "book.json").read_text().splitlines()) == 1


def test_the_print_shops_book_passes_the_check_and_the_homes_does_not(club: Path,
                                                                      tmp_path: Path) -> None:
    for target in ("print-shop", "home"):
        book = tmp_path / f"{target}.pdf"
        done = run_pnp("puzzles", "hex", str(club / "round-2.sgf"), "--count", "2",
                       "--for", target, "--lang", "es", "-o", str(book), text=True)
        assert done.returncode == 0, done.stderr
        checked = run_pnp("check", "--for", "print-shop", str(book), text=True)
        # Control: the home book has no bleed, so the print shop's check refuses it.
        assert (checked.returncode == 0) == (target == "print-shop"), checked.stdout[-800:]
        assert "Soluciones" in words(book)
        if target == "home":        # tagged: every figure described, headings in order
            read = run_pnp("check", "--for", "screen-reader", str(book), text=True)
            assert read.returncode == 0 and "figures      all" in read.stdout, read.stdout


class Clock:
    """A clock that moves on a second each time it is read: time bounds without waiting."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_the_total_time_bounds_the_cutting_and_is_shared() -> None:
    from generator.games.hex.puzzle_choice import from_games, record_game
    from generator.games.hex.records import read_record
    games = [record_game(f"g{k}.sgf", read_record(a_game(5, k))) for k in range(4)]
    unbounded = from_games(games, 40, budget=Budget(seconds=30), seconds=10**6,
                           clock=Clock())
    assert {p.source.record for p in unbounded} == {f"g{k}.sgf" for k in range(4)}
    clock = Clock()
    bounded = from_games(games, 40, budget=Budget(seconds=30), seconds=12, clock=clock)
    # Each game's share is the time left over the games left: every game is reached, and
    # the walk ends within a few readings of the total.
    assert clock.now <= 12 + 2 * len(games) + 4
    assert len(bounded) < len(unbounded)        # control: the bound cut something
    assert {p.source.record for p in bounded} <= {f"g{k}.sgf" for k in range(4)}
    twice = from_games([games[0], games[0]], 40, budget=Budget(seconds=30), seconds=10**6)
    once = from_games([games[0]], 40, budget=Budget(seconds=30), seconds=10**6)
    assert len(twice) == len(once)              # a position two games share is one puzzle


def test_the_catalogue_shelves_the_book_in_each_language(tmp_path: Path) -> None:
    from generator.app.index_page import index_html
    from generator.app.puzzle_request import shelved
    from generator.games import all_games
    books = shelved(all_games()["hex"], ["a4"], langs=["en", "de"], shops=[{"count": 2, "seed": 4}])
    assert [b.lang for b in books] == ["en", "de"]
    assert books[0].chosen is books[1].chosen           # solved once for every edition
    paths = [b.path(tmp_path) for b in books]
    assert paths[0].parent == tmp_path / "booklets"
    assert paths[1].parent == tmp_path / "de" / "booklets" and paths[0] != paths[1]
    pages = {lang: index_html(tmp_path, [], made=(), lang=lang, languages=(),
                              recorded=list(zip(books, [[p] for p in paths],
                                                                   strict=True)))
             for lang in ("en", "de")}
    assert "Hex puzzles, A4" in pages["en"] and "Hex-Rätsel, A4" in pages["de"]
    assert "Hex-Rätsel" not in pages["en"]      # control: each page lists its own language's


def line_faults(fact: dict[str, object]) -> list[str]:
    """What is wrong with a puzzle's main line: a move onto a taken cell, a winner's move
    the solver does not prove to win, or a line that does not end with the winner joined."""
    position = read_position(str(fact["position"]).encode()).position
    winner = position.to_move
    oracle = Oracle(position.columns, position.rows)
    stones = {BLACK: set(position.black), WHITE: set(position.white)}
    mover = winner
    for k, name in enumerate(fact["main_line"]):  # type: ignore[call-overload]
        cell = Cell(ord(name[0]) - 97, int(name[1:]) - 1)
        if cell in stones[BLACK] | stones[WHITE]:
            return [f"move {k + 1}, {name}, is onto a taken cell"]
        if mover == winner:
            now = Position(position.columns, position.rows, frozenset(stones[BLACK]),
                           frozenset(stones[WHITE]), mover)
            if cell not in solve(now, Budget(seconds=60)).winning:
                return [f"move {k + 1}, {name}, is not proven to win"]
        stones[mover].add(cell)
        mover = WHITE if mover == BLACK else BLACK
    if not oracle.joined(oracle.bits(frozenset(stones[winner])), 0 if winner == BLACK else 1):
        return ["the line ends before the winner has connected"]
    shaded = {Cell(ord(n[0]) - 97, int(n[1:]) - 1) for n in fact["connection"]}  # type: ignore[attr-defined]
    if not shaded <= stones[winner] or not oracle.joined(oracle.bits(frozenset(shaded)),
                                                         0 if winner == BLACK else 1):
        return ["the shaded connection is not the winner's joined stones"]
    return []


def test_each_main_line_is_played_out_to_the_connection(facts: list[dict[str, object]]
                                                        ) -> None:
    for fact in facts:
        assert line_faults(fact) == [], fact
    fact = facts[0]
    line = list(fact["main_line"])  # type: ignore[call-overload]
    position = read_position(str(fact["position"]).encode()).position
    taken = cell_name(min(position.black | position.white, key=lambda c: (c.row, c.column)))
    # Controls: a move onto a taken cell, a line cut short of the connection, and a
    # connection that lacks a stone.
    assert line_faults({**fact, "main_line": [taken, *line[1:]]})
    assert line_faults({**fact, "main_line": line[:-1]})
    assert line_faults({**fact, "connection": list(fact["connection"])[:1]})  # type: ignore[call-overload]


def smallest_points(pages: list) -> float:  # type: ignore[type-arg]
    from generator.core.scene import Clip, text_sizes
    return min(size for page in pages for size, t in
               text_sizes(s for s in page.shapes if not isinstance(s, Clip))
               if t.text.strip()) * 72 / 25.4


def test_nothing_in_the_book_is_under_6_pt(club: Path) -> None:
    from generator.app import puzzle_request as R
    from generator.core.geometry import Point
    from generator.core.scene import Page, Text
    from generator.games import all_games
    request = R.puzzle_request(all_games()["hex"], [(str(club), "club")], values={"count": 3})
    chosen, _left_out = R.puzzles(request)
    pages = list(R.document(request, chosen).pages)
    assert smallest_points(pages) >= 6.0 - 1e-6
    # Control: a text at 5 pt is measured as such.
    small = Page(100, 100, (Text(Point(1, 1), "5 pt", 5 * 25.4 / 72, "#000000"),))
    assert smallest_points([*pages, small]) < 6.0


def test_an_interrupt_stops_the_book_and_writes_nothing(tmp_path: Path) -> None:
    """Held at the solver's first analysis and interrupted there: one line, 128 + SIGINT,
    and no book (control: the same command, not interrupted, writes one)."""
    import signal
    import subprocess
    import sys

    from paused import HANG, Pause, default_signals
    command = [sys.executable, "-m", "generator.ui.cli", "puzzles", "hex", "--count", "1",
               "--seed", "4"]
    with Pause(tmp_path / "held", "generator.games.hex.solver.dfpn:analyse") as pause:
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, env=pause.env(), preexec_fn=default_signals,
                                cwd=tmp_path)
        pause.reached(proc)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=HANG)
    assert proc.returncode == 128 + signal.SIGINT and err == "pnp: interrupted\n"
    assert out == "" and not list(tmp_path.glob("*.pdf"))
    done = run_pnp(*command[3:], cwd=tmp_path, text=True)
    assert done.returncode == 0 and list(tmp_path.glob("*.pdf"))
