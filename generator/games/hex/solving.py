"""`pnp solve hex`: a file's position solved (solver/), said as lines and as the facts
`--format json` prints, in the file's own terms (a record's Black and White and cells; the
project's own files' Red and Blue and theirs, solver/positions.py)."""

from __future__ import annotations

from generator.core.formats import JsonValue
from generator.games.hex.records.model import BLACK, WHITE, Cell, Colour, other
from generator.games.hex.solver import Budget, Solution, solve
from generator.games.hex.solver.positions import Read, Terms, read_position
from generator.games.solvers import Solved, SolveRequest

# --to-move's words: the first player is Black in a record and Red in the project's files.
PLAYERS: dict[str, Colour] = {"black": BLACK, "white": WHITE, "red": BLACK, "blue": WHITE}


def solve_file(data: bytes, request: SolveRequest) -> Solved:
    """Read the position, solve it within the request's budget, and say what was found."""
    to_move = PLAYERS[request.to_move] if request.to_move else None
    read = read_position(data, move=request.move, to_move=to_move)
    solution = solve(read.position, Budget(seconds=request.seconds, nodes=request.nodes))
    return Solved(lines(read, solution), facts(read, solution))


def _cells(terms: Terms, cells: tuple[Cell, ...]) -> list[str]:
    """Cells named in the file's terms, in its board order (row by row)."""
    return [terms.cell(c) for c in sorted(cells, key=terms.order)]


def _listed(count: int, what: str, names: list[str]) -> str:
    return f"{what} ({count}): {' '.join(names)}" if names else f"{what}: none"


def lines(read: Read, solution: Solution) -> tuple[str, ...]:
    """What `pnp solve` prints."""
    terms, position = read.terms, read.position
    mover = terms.colour(solution.to_move).capitalize()
    head = (f"{read.what}: {position.columns} × {position.rows}, {mover} to move; "
            f"{solution.nodes:,} positions in {solution.seconds:.2f} s")
    out = [head]
    winning = _cells(terms, solution.winning)
    losing = _cells(terms, solution.losing)
    unsettled = _cells(terms, solution.unsettled)
    if solution.winner is None:
        out.append("Not proven within the budget: who wins is not known.")
    else:
        winner = terms.colour(solution.winner).capitalize()
        out.append(f"{winner} wins (proven)." if solution.proven else
                   f"{winner} wins (proven), but not every move was settled within the "
                   f"budget.")
    if solution.winner is not None or winning or losing:
        # Complete when proven, or when the player to move loses: then every move does.
        every = solution.proven or solution.winner == other(solution.to_move)
        out.append(_listed(len(winning), "Winning moves" + (", all of them" if every else
                                                              " proven so far"), winning))
        out.append(_listed(len(losing), "Losing moves", losing))
    if unsettled:
        out.append(_listed(len(unsettled), "Unsettled", unsettled))
    if solution.line:
        out.append("Main line: " + " ".join(terms.cell(c) for c in solution.line))
    if solution.connection:
        out.append("Winning connection: " + " ".join(_cells(terms, solution.connection)))
    return tuple(out)


def facts(read: Read, solution: Solution) -> dict[str, JsonValue]:
    """What `pnp solve --format json` prints: one object."""
    terms, position = read.terms, read.position
    return {
        "position": read.what, "size": [position.columns, position.rows],
        "to_move": terms.colour(solution.to_move),
        "winner": terms.colour(solution.winner) if solution.winner else None,
        "winning_moves": list(_cells(terms, solution.winning)),
        "losing_moves": list(_cells(terms, solution.losing)),
        "unsettled": list(_cells(terms, solution.unsettled)),
        "proven": solution.proven, "nodes": solution.nodes,
        "seconds": round(solution.seconds, 3),
        "main_line": [terms.cell(c) for c in solution.line],
        "connection": list(_cells(terms, solution.connection)),
    }
