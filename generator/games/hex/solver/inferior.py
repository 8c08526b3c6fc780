"""Cells a player can never need, and the fill-in they allow (Björnsson, Hayward, Johanson
and van Rijswijck, "Dead cell analysis in Hex and the Shannon game", 2006; Henderson,
Arneson and Hayward, "Solving 8x8 Hex", IJCAI 2009, section 3).

A winning set of a player is a set of empty cells that, with the player's stones, joins the
player's two sides; it is minimal when no cell of it can be left out. An empty cell in no
minimal winning set of a player is *useless* to that player:

* the position's value, whoever moves, is unchanged when the opponent is given the cell
  (a strategy that would have used it wins with a minimal set, which does without it;
  and a stone more never hurts its owner, so the opponent gains nothing he can lose), and
* it stays useless when stones are added, of either colour (a minimal set of the larger
  position, with the new stones, holds a minimal set of the smaller one, which avoids it).

So every cell useless to one player is filled with the other's stone, all at once, and the
search repeats on the filled position until nothing more is found; each step keeps the
value of the position. A cell useless to both is *dead*; it is given to the player not to
move. A move into a filled cell is then worth a pass (answer.py uses this at the root).

The test is local and sufficient, not exact (deciding deadness is NP-complete): a cell is
useless to a player when its neighbours in the player's graph (empty cells, and each chain
of the player's stones with the sides it touches as one node) are pairwise adjacent: any
path through the cell can step from one neighbour to the next without it, so the cell is in
no minimal winning set. Around a cell, two empty neighbours are adjacent only when they
are next to each other, so the test asks: at most one of the player's nodes touches the
cell, and its empty neighbours are at most two, side by side, each touching that node.
"""

from __future__ import annotations

from collections.abc import Iterator

from generator.games.hex.solver.board import Board, bits, chain_of


def nodes(board: Board, stones: int, *, empty: int, colour: int) -> list[tuple[int, int]]:
    """The colour's nodes: (stones, empty cells they touch), its two sides first (each with
    the stones joined to it; the side's own row touches it), then each other chain."""
    out = []
    rest = stones
    for side in board.edges[colour]:
        group = chain_of(board, stones, seed=stones & side)
        rest &= ~group
        out.append((group, (board.spread(group) | side) & empty))
    while rest:
        group = chain_of(board, stones, seed=rest & -rest)
        rest &= ~group
        out.append((group, board.spread(group) & empty))
    return out


def useless(board: Board, stones: int, *, empty: int, colour: int) -> int:
    """The empty cells the local test finds useless to `colour`, whose stones are `stones`."""
    touches = [touch for _, touch in nodes(board, stones, empty=empty, colour=colour)]
    one = many = 0
    for touch in touches:
        many |= one & touch
        one |= touch
    near = board.near
    found = 0
    for cell in bits(empty & ~many):
        around = near[cell] & empty
        if around & (around - 1):
            low = around & -around
            rest = around ^ low
            if rest & (rest - 1) or not near[low.bit_length() - 1] & rest:
                continue
        mask = 1 << cell
        if mask & one and around & ~next(t for t in touches if t & mask):
            continue
        found |= mask
    return found


def killers(board: Board, stones: int, *, empty: int, colour: int) -> list[int]:
    """For each bit, the empty cells next to it that would make it useless to `colour` if
    the opponent took them: the local test with that neighbour gone (the colour's chains
    are the same, a cell fewer is empty)."""
    touches = [touch for _, touch in nodes(board, stones, empty=empty, colour=colour)]
    one = many = 0
    for touch in touches:
        many |= one & touch
        one |= touch
    near = board.near
    found = [0] * len(near)
    for cell in bits(empty & ~many):
        around = near[cell] & empty
        mask = 1 << cell
        touch = next((t for t in touches if t & mask), -1)
        for killer in bits(around):
            rest = around & ~(1 << killer)
            if rest & (rest - 1):
                low = rest & -rest
                high = rest ^ low
                if high & (high - 1) or not near[low.bit_length() - 1] & high:
                    continue
            if rest & ~touch:
                continue
            found[cell] |= 1 << killer
    return found


def captured_pairs(board: Board, black: int, *, white: int) -> tuple[int, int]:
    """Pairs of neighbouring empty cells either of which, taken by the opponent, the player
    answers with the other, leaving the opponent's stone useless to him: the player can
    fill both (Henderson, Arneson and Hayward's captured sets, two cells at a time). The
    pairs taken, in board order, meet no pair taken before them; cells for (black,
    white)."""
    empty = board.cells & ~(black | white)
    taken = 0
    out = [0, 0]
    for colour in (0, 1):
        # The opponent's cells that die: pairs the colour captures.
        dying = killers(board, white if colour == 0 else black, empty=empty, colour=1 - colour)
        for cell in bits(empty):
            for other in bits(dying[cell] & ~((2 << cell) - 1)):
                pair = 1 << cell | 1 << other
                if dying[other] >> cell & 1 and not pair & taken:
                    taken |= pair
                    out[colour] |= pair
    return out[0], out[1]


def fill_steps(board: Board, black: int, *, white: int, to_move: int
               ) -> Iterator[tuple[int, int, bool]]:
    """The fill-in, step by step: each step's cells for Black and for White, and whether
    they are captured pairs (else cells useless to one player). Every cell found useless
    is filled first, all at once; only when none is left, every captured pair; then again,
    to a fixed point. Dead cells go to the player not to move."""
    while True:
        empty = board.cells & ~(black | white)
        if not empty:
            return
        to_white = useless(board, black, empty=empty, colour=0)
        to_black = useless(board, white, empty=empty, colour=1)
        pairs = not (to_white | to_black)
        if pairs:
            to_black, to_white = captured_pairs(board, black, white=white)
            if not (to_white | to_black):
                return
        dead = to_white & to_black
        if to_move == 0:
            to_black &= ~dead
        else:
            to_white &= ~dead
        black |= to_black
        white |= to_white
        yield to_black, to_white, pairs


def fill_in(board: Board, black: int, *, white: int, to_move: int) -> tuple[int, int]:
    """The position with its fill-in (fill_steps) made: (black, white)."""
    black, white, _ = fill_in_pairs(board, black, white=white, to_move=to_move)
    return black, white


def fill_in_pairs(board: Board, black: int, *, white: int, to_move: int
                  ) -> tuple[int, int, tuple[int, int]]:
    """fill_in's position, and the cells it gave each colour (Black, White) as captured
    pairs: a move into the other player's pairs is not worth a pass (answer.py), and not
    dominated by the move whose fill-in they are (analysis.py), as moves into any other
    filled cell are."""
    pairs = [0, 0]
    for to_black, to_white, captured in fill_steps(board, black, white=white, to_move=to_move):
        black |= to_black
        white |= to_white
        if captured:
            pairs[0] |= to_black
            pairs[1] |= to_white
    return black, white, (pairs[0], pairs[1])


def opponent_pairs(board: Board, black: int, *, white: int, to_move: int) -> int:
    """The cells the fill-in gives the player not to move as captured pairs."""
    return fill_in_pairs(board, black, white=white, to_move=to_move)[2][1 - to_move]
