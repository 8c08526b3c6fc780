"""Blinq: the stacking model, the view from above, the judge and the printed blocks."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core.gridfile import GridError
from generator.core.palette import COLOUR
from generator.core.paper import PAPERS
from generator.core.scene import Path
from generator.games.blinq import pages, rules
from generator.games.blinq.rules import BLACK, EMPTY, NEUTRAL, WHITE, Spot
from generator.layout import cutsheet
from generator.layout.printing import Printing


def play(text: str, neutral: str = "c3") -> rules.Replay:
    return rules.replay(rules.read_moves(text)[1], neutral)


def view_rows(stack) -> list[str]:
    return rules.view_text(rules.top_view(stack))


def test_a_level_one_block_covers_its_cell_and_shows_both_halves():
    # Cell b1 is column 1, row 0: quarter cells (2..3, 0..1). White half up: the top row of
    # the cell is white, the bottom row black. The neutral block fills c3: (4..5, 4..5).
    rows = view_rows(play("1 b1 U").stack)
    assert rows[0] == "..WW......"
    assert rows[1] == "..BB......"
    assert rows[4] == "....NN...." and rows[5] == "....NN...."
    assert all(r == EMPTY * 10 for i, r in enumerate(rows) if i not in (0, 1, 4, 5))


@pytest.mark.parametrize("side, top, bottom", [("U", "WW", "BB"), ("D", "BB", "WW"),
                                               ("L", "WB", "WB"), ("R", "BW", "BW")])
def test_each_orientation_puts_the_white_half_on_that_side(side, top, bottom):
    rows = view_rows(play(f"1 a1 {side}").stack)
    assert rows[0][:2] == top and rows[1][:2] == bottom


def test_a_level_two_block_covers_a_quarter_of_each_block_below():
    # Four level-1 blocks b1, c1, b2, c2, all white half up: rows 0 and 2 white, 1 and 3
    # black over columns 2..5. The level-2 block "2 b1" sits half a cell in, over columns
    # 3..4 and rows 1..2; white half left puts W at column 3 and B at column 4 there.
    stack = play("1 b1 U\n1 c1 U\n1 b2 U\n1 c2 U\n2 b1 L").stack
    rows = view_rows(stack)
    assert rows[0][2:6] == "WWWW"
    assert rows[1][2:6] == "BWBB"
    assert rows[2][2:6] == "WWBW"
    assert rows[3][2:6] == "BBBB"


def test_white_wins_the_rules_example_by_bridging_with_a_level_two_block():
    # White's blocks b1, b2, b4, b5 (white half left) make a white strip down quarter-cell
    # column 2, but Black's b3 (white half up) leaves quarter-cell row 5 black there. "2 a3 R"
    # sits over a3, b3, a4, b4 and shows white on quarter-cell column 2, rows 5 and 6: the
    # strip is whole.
    game = pages.example_game()
    assert game.result == "White connected on move 9: White wins"
    colour, path = rules.winner(game.stack)
    assert colour == WHITE and {s.col for s in path} == {2}
    assert [s.row for s in path] == list(range(10))
    before = play("\n".join(pages.EXAMPLE_GAME.splitlines()[:8]))
    assert before.result == "" and rules.winner(before.stack) is None


def test_a_move_can_complete_the_other_players_path():
    # Blocks a1..e1 with their white half up leave quarter-cell row 1 black from the left
    # frame to the right: Black's path, completed by White's move 5.
    game = play("1 a1 U\n1 b1 U\n1 c1 U\n1 d1 U\n1 e1 U")
    assert game.result == "Black connected on move 5: Black wins"


def test_the_neutral_block_breaks_paths():
    # Row 3 (quarter-cell rows 4 and 5) across: a3, b3, d3, e3 with white half up give a
    # white top quarter-cell row 4 except under the neutral c3, and black quarter-cell row 5
    # likewise: no path.
    game = play("1 a3 D\n1 b3 D\n1 d3 D\n1 e3 D")
    assert rules.winner(game.stack) is None
    moved = play("1 a3 D\n1 b3 D\n1 c3 D\n1 d3 D\n1 e3 D", neutral="a1")
    assert moved.result.startswith("Black connected on move 5")


@pytest.mark.parametrize("moves, message", [
    ("2 b1 U", "move 1 (White, line 1): no 2 × 2 platform under 2 b1: 1 b1, 1 c1, 1 b2, "
               "1 c2 empty"),
    ("1 c3 U", "move 1 (White, line 1): 1 c3 already holds the neutral block"),
    ("1 a1 U\n1 a1 D", "move 2 (Black, line 2): 1 a1 already holds a block"),
    ("2 e5 U", "move 1 (White, line 1): off the board: level 2 places run a1 to d4"),
    ("6 a1 U", "move 1 (White, line 1): there is no level 6; levels run 1 to 5"),
    ("resign\n1 a1 U", "move 2 (Black, line 2): the game was over: White resigned on move 1: "
                       "Black wins"),
])
def test_illegal_moves_are_reported_with_their_number(moves, message):
    game = play(moves)
    assert game.errors == [message]


def test_a_player_out_of_blocks_cannot_place_another():
    # A full game that ends drawn, replayed with Black's second move off the board: White
    # then makes its 27 placements before Black, and the next White move finds none left.
    for seed in range(100):
        moves = random_game(seed, to_the_end=True)
        game = rules.replay(moves)
        if game.result.startswith("draw"):
            break
    else:
        pytest.fail("no drawn game among 100 random games")
    assert game.placed == {WHITE: 27, BLACK: 27}
    spoiled = [moves[0], rules.Move(Spot(5, 3, 3), "U", 99)] + moves[1:]
    errors = rules.replay(spoiled).errors
    assert errors[0].startswith("move 2 (Black, line 99): off the board")
    assert any("out of blocks: White has placed all 27" in e for e in errors[1:])


def random_game(seed: int, neutral: str = "c3", to_the_end: bool = False) -> list[rules.Move]:
    """Random legal placements until someone connects or the pyramid is full; with
    to_the_end, wins are ignored and the pyramid is always filled."""
    rng = random.Random(seed)
    stack = rules.start(neutral)
    moves = []
    for n in range(rules.BLOCKS):
        free = [s for s in rules.spots() if s not in stack
                and all(p in stack for p in s.platform())]
        spot = rng.choice(free)
        stack[spot] = rng.choice("URDL")
        moves.append(rules.Move(spot, stack[spot], n + 1))
        if not to_the_end and rules.winner(stack):
            break
    return moves


@given(st.integers(0, 2 ** 32), st.sampled_from(["c3", "a1", "e5", "b4"]))
def test_a_legal_random_game_stacks_only_on_platforms(seed, neutral):
    moves = random_game(seed, neutral)
    game = rules.replay(moves, neutral)
    assert game.errors == []
    assert sum(game.placed.values()) == len(moves)
    placed = set(rules.start(neutral))
    for move in moves:
        assert all(p in placed for p in move.spot.platform())
        placed.add(move.spot)
        assert move.spot.on_board()
    view = rules.top_view(game.stack)
    assert len(view) == 100 and set(view) == set(rules.TOP_VIEW)
    colours = [c for c in (WHITE, BLACK) if rules.connection(view, c)]
    assert len(colours) <= 1
    if len(colours) == 0:
        assert game.result.startswith("draw") and len(game.stack) == 55


def test_the_full_pyramid_holds_exactly_the_54_blocks_and_the_neutral():
    assert len(rules.spots()) == rules.BLOCKS + 1


@given(st.integers(0, 2 ** 32))
def test_the_top_view_always_has_100_quarter_cells(seed):
    moves = random_game(seed, to_the_end=True)
    stack = rules.start()
    for move in moves:
        stack[move.spot] = move.orientation
        view = rules.top_view(stack)
        assert len(view) == 100
        assert set(view.values()) <= {WHITE, BLACK, NEUTRAL, EMPTY}


def test_move_notation_reads_words_and_letters():
    assert rules.parse_move("12. 2 b3 up", 1) == rules.Move(Spot(2, 1, 2), "U", 1)
    assert rules.parse_move("1c4R", 3) == rules.Move(Spot(1, 2, 3), "R", 3)
    assert rules.parse_move("resign", 4) == rules.Move(line=4)


@pytest.mark.parametrize("text, where", [("1 c3 X", "line 1, column 6"),
                                         ("next to the centre", "line 1, column 1"),
                                         ("neutral z9\n1 a1 U", "line 1, column 1")])
def test_unreadable_moves_name_line_and_column(text, where):
    with pytest.raises(GridError, match=where):
        rules.judge(text)


def test_the_block_sheet_has_54_dual_blocks_and_one_neutral_with_bleed():
    for paper in PAPERS.values():
        side = pages.board_cell(paper)
        runs = [cutsheet.TileRun("dual", 54, None, lambda c, s, bleed: []),
                cutsheet.TileRun("neutral", 1, None, lambda c, s, bleed: [])]
        counts = {"dual": 0, "neutral": 0}
        for page in cutsheet.layout(paper, side, runs=runs, gutter=2 * cutsheet.BLEED):
            for block in page:
                counts[block.run.name] += block.count
        assert counts == {"dual": 54, "neutral": 1}
    doc = pages.tiles_item(rules.Options(), Printing(paper=PAPERS["a4"]))
    side = pages.board_cell(PAPERS["a4"])
    blacks = [s for page in doc.pages for s in page.shapes
              if isinstance(s, Path) and s.paint.fill == COLOUR["black stone"]]
    assert len(blacks) == 54
    for field in blacks:
        xs = [p.x for p in field.subpaths[0]]
        ys = [p.y for p in field.subpaths[0]]
        # White half up: the black half is the lower half, bled on its three outer sides.
        assert max(xs) - min(xs) == pytest.approx(side + 2 * cutsheet.BLEED)
        assert max(ys) - min(ys) == pytest.approx(side / 2 + cutsheet.BLEED)


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_the_blocks_are_the_size_of_a_board_cell(paper):
    board = pages.board_item(rules.Options(), Printing(paper=PAPERS[paper])).pages[0]
    grid = next(s for s in board.shapes if isinstance(s, Path)
                and s.paint.stroke == COLOUR["board line"])
    verticals = sorted({round(a.x, 6) for a, b in grid.subpaths if a.x == b.x})
    steps = [b - a for a, b in zip(verticals, verticals[1:], strict=False)]
    assert len(verticals) == 6 and max(steps) - min(steps) < 1e-5
    tiles = pages.tiles_item(rules.Options(), Printing(paper=PAPERS[paper]))
    field = next(s for page in tiles.pages for s in page.shapes
                 if isinstance(s, Path) and s.paint.fill == COLOUR["black stone"])
    xs = [p.x for p in field.subpaths[0]]
    assert max(xs) - min(xs) - 2 * cutsheet.BLEED == pytest.approx(steps[0])


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_the_score_pad_holds_a_whole_game(paper):
    from generator.core.scene import Text
    page = pages.pad_item(rules.Options(), Printing(paper=PAPERS[paper])).pages[0]
    numbers = {s.text for s in page.shapes if isinstance(s, Text) and s.text.isdigit()}
    assert {str(n) for n in range(1, rules.PER_PLAYER + 1)} <= numbers
