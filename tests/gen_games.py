"""Played games of any size for the record tests: legal move lists made from a seed."""

import random

from generator.core.gridfile import hex_name
from generator.core.hexgrid import Hex


def _cells(size: int, seed: int) -> list[str]:
    cells = [hex_name(Hex(q, r)) for q in range(size) for r in range(size)]
    random.Random(seed).shuffle(cells)
    return cells


def nex_game(size: int, turns: int) -> str:
    """Drops only (a stone and a neutral one on empty cells), so every turn is legal."""
    cells = _cells(size, 1)
    return f"size {size}\n" + "".join(f"{k + 1}. {cells[2 * k]} ({cells[2 * k + 1]})\n"
                                       for k in range(turns))


def hex_kb_game(size: int, claims: int) -> str:
    """Claims on distinct cells of the game (no window cell, a frame cell once), as many as
    asked or as the board has."""
    from generator.games.hex_kb import moves
    board, _ = moves.read_moves(f"size {size}\n")
    out, seen = [], set()
    for name in _cells(size, 2):
        try:
            claim = moves.claim(board, name, line=1)
        except ValueError:
            continue
        if claim.cell not in seen:
            seen.add(claim.cell)
            out.append(name)
        if len(out) == claims:
            break
    return f"size {size}\n" + "".join(f"{k + 1}. {c}\n" for k, c in enumerate(out))


def hex_game(size: int, moves: int) -> str:
    cells = _cells(size, 3)
    return f"size {size}\n" + "".join(f"{k + 1}. {c}\n" for k, c in enumerate(cells[:moves]))
