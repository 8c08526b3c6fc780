"""The solver against the published answers of classic Hex puzzles, encoded here from their
sources (each cited below and in docs/solver.md). The puzzles are drawn as HexWiki draws
them: Red joins the top and bottom rows (Black in an SGF), Blue the left and right columns
(White); `a1` is the top-left cell, letters are columns.

Sources:
- Piet Hein's puzzles 2 to 5 and 7: HexWiki, "Puzzles" (positions) and "Solutions to Piet
  Hein's puzzles" (https://www.hexwiki.net/index.php/Solutions_to_Piet_Hein%27s_puzzles).
- Bert Enderton's puzzle 1: HexWiki, "Puzzles" and "Solutions to puzzles"
  (https://www.hexwiki.net/index.php/Solutions_to_puzzles): "The unique winning first move
  is Red b4 ... Red d3 is defeated by blue b5, red b5 is defeated by blue d3".
- Eric Demer's five 5 x 5 puzzles: HexWiki, "Puzzles" (https://www.hexwiki.net/index.php/
  Puzzles): "for each of them, the player whose turn it is has exactly 1 winning move".
  Puzzle 5 is labelled "Blue to move", but its HexWorld link (#5c1,e2b5a1e1: four moves
  from Red) and its stones (two each) give Red the move; read so, Red has exactly one
  winning move, as Demer says, and with Blue to move Blue would have nineteen.

A published "unique" winning move is one move where the game allows no other; puzzle
books often leave out moves that only delay, such as an intrusion into the opponent's
bridge to the edge that he answers (Enderton's puzzle 4, c4, also wins at g3 and g4 that
way: docs/solver.md), so such puzzles are not held to uniqueness here.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from generator.games.hex.records.model import cell_name
from generator.games.hex.solver import Solution, solve
from generator.games.hex.solver.positions import read_position


@dataclass(frozen=True, slots=True)
class Published:
    """A puzzle as published: its position, who wins, and what is said of its moves."""
    name: str
    sgf: str
    winner: str
    only: frozenset[str] = frozenset()       # the whole set of winning moves, when said
    wins: frozenset[str] = frozenset()       # moves said to win
    loses: frozenset[str] = frozenset()      # moves said to lose
    one_winning_move: bool = False           # "exactly one winning move"


PUZZLES = [
    Published("Hein 2", "(;GM[11]SZ[3]AB[a2][b3]AW[a1]PL[W])", "white",
              wins=frozenset({"b2"})),
    Published("Hein 3", "(;GM[11]SZ[6]AB[c3][f3][d5]AW[b1][b5]PL[W])", "white",
              wins=frozenset({"e2"})),
    Published("Hein 4", "(;GM[11]SZ[4]AB[d1][a4]AW[c2]PL[W])", "white",
              wins=frozenset({"b3"})),
    Published("Hein 5", "(;GM[11]SZ[4]AB[a4]AW[a1]PL[W])", "white", wins=frozenset({"b3"})),
    Published("Hein 7", "(;GM[11]SZ[5]AB[a2][b3][b4]AW[a3][c3][a5]PL[W])", "white",
              only=frozenset({"c2"})),
    Published("Enderton 1", "(;GM[11]SZ[7]AB[c4][e5][a6]AW[c3][f3][d4][c5]PL[B])", "black",
              only=frozenset({"b4"}), loses=frozenset({"d3", "b5"})),
    Published("Demer 1", "(;GM[11]SZ[5]AB[e4][a2]AW[c3][b2]PL[B])", "black",
              one_winning_move=True),
    Published("Demer 2", "(;GM[11]SZ[5]AB[d5][e1]AW[a2]PL[W])", "white",
              one_winning_move=True),
    Published("Demer 3", "(;GM[11]SZ[5]AB[a4][e3]AW[d1]PL[W])", "white",
              one_winning_move=True),
    Published("Demer 4", "(;GM[11]SZ[5]AB[e5][a1]AW[e1][c1]PL[B])", "black",
              one_winning_move=True),
    Published("Demer 5", "(;GM[11]SZ[5]AB[e2][a1]AW[b5][e1]PL[B])", "black",
              one_winning_move=True),
]


def disagreements(puzzle: Published, solution: Solution) -> list[str]:
    """What the solution says that the publication does not."""
    winning = {cell_name(c) for c in solution.winning}
    losing = {cell_name(c) for c in solution.losing}
    out = []
    if not solution.proven or solution.winner != puzzle.winner:
        out.append(f"winner {solution.winner} (proven: {solution.proven})")
    if puzzle.only and winning != puzzle.only:
        out.append(f"winning moves {sorted(winning)}, published {sorted(puzzle.only)}")
    if not puzzle.wins <= winning:
        out.append(f"{sorted(puzzle.wins - winning)} said to win")
    if not puzzle.loses <= losing:
        out.append(f"{sorted(puzzle.loses - losing)} said to lose")
    if puzzle.one_winning_move and len(winning) != 1:
        out.append(f"{len(winning)} winning moves, published one")
    return out


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.name for p in PUZZLES])
def test_the_published_answer(puzzle: Published) -> None:
    solution = solve(read_position(puzzle.sgf.encode()).position)
    assert disagreements(puzzle, solution) == []


def test_a_wrong_published_answer_is_told() -> None:
    # Control: Enderton's puzzle 1 claimed for d3, or for Blue, is refused by the same check.
    enderton = PUZZLES[5]
    solution = solve(read_position(enderton.sgf.encode()).position)
    assert disagreements(enderton, solution) == []
    for wrong in (Published(enderton.name, enderton.sgf, "black", only=frozenset({"d3"})),
                  Published(enderton.name, enderton.sgf, "white"),
                  Published(enderton.name, enderton.sgf, "black", wins=frozenset({"b5"}))):
        assert disagreements(wrong, solution) != []
