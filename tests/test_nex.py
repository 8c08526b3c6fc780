"""Nex: who has connected, which turns are legal, and the pieces printed for the table."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core.geometry import Hex, Rhombus
from generator.core.gridfile import GridError, hex_name
from generator.core.palette import COLOUR, INK_SAVER, grey
from generator.core.paper import NAMED, PAPERS
from generator.core.scene import Paint, Path, Text, rectangle
from generator.games.nex import pages, rules
from generator.games.nex.rules import BLACK, NEUTRAL, WHITE, IllegalTurn, Turn, apply_turn
from generator.layout import cutsheet


def replay_text(text: str) -> rules.Replay:
    size, turns = rules.read_moves(text)
    return rules.replay(turns, size)


def grid(text: str) -> dict[Hex, str]:
    return rules.read_position(text)[1]


def random_fill(size: int, seed: int, kinds=(BLACK, WHITE)) -> dict[Hex, str]:
    rng = random.Random(seed)
    return {h: rng.choice(kinds) for h in Rhombus(size)}


@given(st.integers(1, 19), st.integers(0, 2 ** 32))
def test_a_full_board_without_neutrals_has_exactly_one_connected_player(size, seed):
    stones = random_fill(size, seed)
    connected = [c for c in (BLACK, WHITE) if rules.connection(size, stones, c)]
    assert len(connected) == 1


@pytest.mark.parametrize("size", range(9, 20))
def test_every_board_size_in_range_fills_to_one_winner(size):
    wins = {BLACK: 0, WHITE: 0}
    for seed in range(40):
        stones = random_fill(size, seed)
        assert sum(1 for c in wins if rules.connection(size, stones, c)) == 1
        wins[rules.winner(size, stones)[0]] += 1
    assert wins[BLACK] and wins[WHITE]   # neither colour wins every random fill


def test_the_chain_found_is_a_real_chain_of_own_stones():
    stones = random_fill(11, 7)
    colour, path = rules.winner(11, stones)
    axis = (lambda h: h.q) if colour == BLACK else (lambda h: h.r)
    assert axis(path[0]) == 0 and axis(path[-1]) == 10
    assert all(stones[h] == colour for h in path)
    assert all(b in a.neighbours() for a, b in zip(path, path[1:], strict=False))


def test_neutral_stones_never_connect():
    # Black's row 2 is complete but for one neutral stone: no chain.
    position = """
    . . .
    B N B
    W W .
    """
    assert rules.connection(3, grid(position), BLACK) is None
    assert rules.connection(3, grid(position.replace("N", "B")), BLACK)


def test_black_joins_columns_and_white_joins_rows():
    column_a_to_c = grid("B . .\n. B .\n. . B")   # not touching: a1, b2, c3 are not adjacent
    assert rules.connection(3, column_a_to_c, BLACK) is None
    # a2-b2-c2 runs along a row, from column a to column c: Black's sides.
    assert rules.connection(3, grid(". . .\nB B B\n. . ."), BLACK)
    assert rules.connection(3, grid(". . .\nW W W\n. . ."), WHITE) is None
    # b1-b2-b3 runs down column b, from row 1 to row 3: White's sides.
    assert rules.connection(3, grid(". W .\n. W .\n. W ."), WHITE)


def cell(name: str) -> Hex:
    return Hex(ord(name[0]) - ord("a"), int(name[1:]) - 1)


def turn(notation: str, size: int = 5) -> Turn:
    return rules.parse_turn(notation, 1, size)


def test_a_drop_puts_one_own_and_one_neutral_stone_on_empty_cells():
    after = apply_turn(5, {}, BLACK, turn("c3 (d4)"))
    assert after == {cell("c3"): BLACK, cell("d4"): NEUTRAL}
    with pytest.raises(IllegalTurn, match="c3 holds a Black stone"):
        apply_turn(5, after, WHITE, turn("c3 (e5)"))
    with pytest.raises(IllegalTurn, match="d4 holds a neutral stone"):
        apply_turn(5, after, WHITE, turn("a1 (d4)"))


def test_a_conversion_takes_two_neutrals_and_gives_one_own_stone():
    before = {cell("a1"): NEUTRAL, cell("b1"): NEUTRAL, cell("c1"): WHITE, cell("d1"): BLACK}
    after = apply_turn(5, before, WHITE, turn("a1 b1 (c1)"))
    assert after == {cell("a1"): WHITE, cell("b1"): WHITE, cell("c1"): NEUTRAL,
                     cell("d1"): BLACK}
    with pytest.raises(IllegalTurn, match="stone given up must be White's"):
        apply_turn(5, before, WHITE, turn("a1 b1 (d1)"))
    with pytest.raises(IllegalTurn, match="only neutral stones can be taken"):
        apply_turn(5, before, WHITE, turn("a1 d1 (c1)"))
    with pytest.raises(IllegalTurn, match="e5 is empty"):
        apply_turn(5, before, BLACK, turn("a1 e5 (d1)"))


@pytest.mark.parametrize("notation", ["c3", "(c3)", "c3 d4", "c3 (d4) (e5)", "a1 b1 c1 (d1)"])
def test_a_turn_of_the_wrong_shape_is_illegal(notation):
    with pytest.raises(IllegalTurn):
        apply_turn(5, {cell("e5"): NEUTRAL, cell("e4"): NEUTRAL}, BLACK, turn(notation))


def almost_full(empty: list[str], neutral: list[str], size: int = 3) -> dict[Hex, str]:
    """A board of alternating black and white stones with the named cells left over."""
    left = {cell(n) for n in empty} | {cell(n) for n in neutral}
    stones = {}
    for i, h in enumerate(h for h in Rhombus(size) if h not in left):
        stones[h] = BLACK if i % 2 == 0 else WHITE
    stones.update({cell(n): NEUTRAL for n in neutral})
    return stones


def test_one_empty_cell_and_no_neutral_the_player_just_drops():
    before = almost_full(["c3"], [])
    after = apply_turn(3, before, WHITE, turn("c3", 3))
    assert after[cell("c3")] == WHITE and len(after) == 9


def test_one_neutral_and_no_empty_cell_the_player_takes_it():
    before = almost_full([], ["b2"])
    assert apply_turn(3, before, BLACK, turn("b2", 3))[cell("b2")] == BLACK


def test_one_empty_and_one_neutral_the_opponent_takes_the_neutral():
    before = almost_full(["c3"], ["a1"])
    after = apply_turn(3, before, BLACK, turn("c3", 3))
    assert after[cell("c3")] == BLACK and after[cell("a1")] == WHITE
    assert NEUTRAL not in after.values() and len(after) == 9


def test_a_single_cell_is_illegal_while_ordinary_turns_remain():
    with pytest.raises(IllegalTurn, match="no ordinary turn is left"):
        apply_turn(3, almost_full(["c3", "c2"], []), BLACK, turn("c3", 3))
    with pytest.raises(IllegalTurn, match="no ordinary turn is left"):
        apply_turn(3, almost_full(["c3"], ["a1", "a2"]), BLACK, turn("c3", 3))


def legal_turn(size: int, stones: dict[Hex, str], colour: str, rng: random.Random) -> Turn:
    """A random legal turn, or the full-board convention when no ordinary turn is left."""
    empty = [h for h in Rhombus(size) if h not in stones]
    neutrals = [h for h, c in stones.items() if c == NEUTRAL]
    own = [h for h, c in stones.items() if c == colour]
    options = []
    if len(empty) >= 2:
        options.append("drop")
    if len(neutrals) >= 2 and own:
        options.append("take")
    choice = rng.choice(options) if options else "single"
    if choice == "drop":
        a, b = rng.sample(empty, 2)
        return Turn((a,), (b,))
    if choice == "take":
        return Turn(tuple(rng.sample(neutrals, 2)), (rng.choice(own),))
    return Turn(((empty or neutrals)[0],), ())


def notation(t: Turn) -> str:
    return " ".join([hex_name(h) for h in t.mine] +
                    [f"({hex_name(h)})" for h in t.neutral])


@given(st.integers(1, 9), st.integers(0, 2 ** 32))
def test_random_legal_games_replay_cleanly_and_end_with_one_winner(size, seed):
    rng = random.Random(seed)
    stones: dict[Hex, str] = {}
    colour, lines = BLACK, [f"size {size}"]
    while not rules.winner(size, stones):
        t = legal_turn(size, stones, colour, rng)
        stones = apply_turn(size, stones, colour, t)
        lines.append(notation(t))
        counts = [sum(1 for c in stones.values() if c == k) for k in (BLACK, WHITE)]
        if t.neutral:   # an ordinary turn gives its player exactly one stone
            assert counts[0] - counts[1] == (1 if colour == BLACK else 0)
        colour = rules.other(colour)
        assert len(lines) < 10 * size * size + 2, "the game does not end"
    game = replay_text("\n".join(lines))
    assert game.errors == [] and game.stones == stones
    assert game.won[0] == rules.winner(size, stones)[0] and game.won[1] == len(lines) - 1


def test_illegal_turns_are_all_reported_with_their_numbers():
    text = "size 5\n1. c3 (b3)\n2. c3 (d3)\n# a comment line\n3. b3 d3 (c3)\n4. swap\n"
    verdict = rules.judge(text)
    assert not verdict.clean
    illegal = [line for line in verdict.lines if line.startswith("illegal")]
    assert [line.split(":")[1].strip().split(" (")[0] for line in illegal] == \
        ["turn 2", "turn 3", "turn 4"]
    assert "line 5" in illegal[1]   # the comment line counts in line numbers


def test_swap_as_the_second_turn_keeps_white_to_move():
    game = replay_text("size 5\nc3 (b3)\nswap\nd4 (a1)\n")
    assert game.errors == []
    assert game.stones[cell("d4")] == WHITE


def test_turns_after_a_win_are_illegal():
    moves = pages.EXAMPLE_GAME + "10. a1 (a2)\n"
    game = replay_text(moves)
    assert game.errors == ["turn 10 (White, line 11): the game was over: Black connected on "
                           "turn 9"]


def test_the_rules_example_game_is_legal_and_black_wins_on_its_last_turn():
    size, turns = rules.read_moves(pages.EXAMPLE_GAME)
    game = rules.replay(turns, size)
    assert game.errors == []
    assert game.won[:2] == (BLACK, len(turns))
    figures = pages.figures(COLOUR)
    assert set(figures) == {"drop", "take", "goal"}


@pytest.mark.parametrize("text, where", [
    ("B B\nB\n", "line 2"), ("B X\nB B\n", "line 1, column 3"),
    ("size 5\nc3 (q9)\n", "line 2, column 4"), ("size 50\n", "line 1"),
    ("c3 (b3\n", "column 4"), ("", "line 1")])
def test_unreadable_files_name_the_line_and_column(text, where):
    with pytest.raises(GridError) as err:
        rules.judge(text)
    assert where in str(err.value) and "\n" not in str(err.value)


def test_the_board_stands_on_a_corner_as_in_the_rules_diagram():
    options = rules.Options(size=11)
    p = pages.board_placement(options, PAPERS["a4"])
    centres = {h: p.centre(h) for h in Rhombus(11)}
    top = min(centres, key=lambda h: centres[h].y)
    assert top == Hex(0, 0)
    for k in range(21):   # each row across the diagram is one line of constant q + r
        ys = {round(c.y, 6) for h, c in centres.items() if h.q + h.r == k}
        assert len(ys) == 1
    mid = p.centre(Hex(5, 5))
    # Black's q = 0 side lies up and to the left (NW) of the centre; White's r = 0 side NE.
    nw, ne = p.centre(Hex(0, 5)), p.centre(Hex(5, 0))
    assert nw.x < mid.x and nw.y < mid.y and ne.x > mid.x and ne.y < mid.y


def tiles_per_kind(options, paper, colours):
    doc = pages.counters_item(options, PAPERS[paper], colours, 1)
    side = pages.TILE_PER_CELL * pages.board_placement(options, PAPERS[paper]).cell_radius
    return doc, side


@pytest.mark.parametrize("size", range(9, 20))
@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_counters_cover_every_cell_in_each_kind_in_whole_rows_and_their_stones_fit_a_cell(
        size, paper):
    options = rules.Options(size=size)
    p = pages.board_placement(options, pages.board_paper(options, PAPERS[paper]))
    side = pages.counter_side(options, PAPERS[paper])
    runs = [cutsheet.TileRun(k, size * size, None, lambda c, s, bleed: [], whole_rows=True)
            for k in "BWN"]
    placed = {k: 0 for k in "BWN"}
    for page in cutsheet.layout(PAPERS[paper], side, runs):
        for block in page:
            placed[block.run.name] += block.count
            # No counter alone on a short last row.
            assert block.count == block.columns * block.rows
    assert all(n >= size * size for n in placed.values())
    # The printed stone lies inside a cell: its rim within the hexagon's inscribed circle.
    flat = min((p.centre(Hex(0, 0)) - p.centre(h)).length()
               for h in Rhombus(size).neighbours(Hex(0, 0)))
    assert pages.STONE_SHARE * side * 2 <= flat


SMALLER = 0.9     # counters this much smaller are still for fingers, and cut as easily


def spare_sheet(paper, side: float, runs) -> bool:
    """Whether the counters take a sheet that counters a tenth smaller would not: a last
    sheet holding a few rows that a little less size would have fitted on the one before."""
    return len(cutsheet.layout(paper, side * SMALLER, runs)) < len(
        cutsheet.layout(paper, side, runs))


@pytest.mark.parametrize("size", range(9, 20))
@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_a_second_counter_sheet_is_earned(size, paper):
    """Two sheets where one cannot hold the counters at anything near their size: the
    second is no stray row or two (Nex 11 x 11 on A4: 270 and 135 counters); 10 x 10 on
    Letter, whose second sheet held 5 rows, fits one with 11 mm counters for 12.2."""
    options = rules.Options(size=size)
    side = pages.sheet_side(options, PAPERS[paper])
    runs = [cutsheet.TileRun(k, size * size, None, lambda c, s, bleed: [], whole_rows=True)
            for k in "BWN"]
    assert not spare_sheet(PAPERS[paper], side, runs)
    assert len(pages.counters_item(options, PAPERS[paper], COLOUR, 1).pages) == len(
        cutsheet.layout(PAPERS[paper], side, runs))
    # Never smaller than fingers need, nor than SPARING of a cell's counter.
    full = pages.counter_side(options, PAPERS[paper])
    assert side >= min(full, max(pages.SPARING * full, pages.GO_SET_SIDE)) - 0.1


def test_control_a_sheet_for_one_row_more_than_the_first_holds_is_caught():
    paper, side = PAPERS["a4"], 12.0
    first = cutsheet.layout(paper, side, [cutsheet.TileRun("B", 10_000, None, lambda c, s,
                                                           bleed: [])])[0][0]
    runs = [cutsheet.TileRun("B", first.count + first.columns, None, lambda c, s, bleed: [])]
    assert len(cutsheet.layout(paper, side, runs)) == 2 and spare_sheet(paper, side, runs)


def counter_sheet(size: int, paper: str, colours=COLOUR):
    return [s for page in pages.counters_item(rules.Options(size=size), NAMED[paper], colours,
                                              1).pages for s in page.shapes]


def solid_blocks(shapes, side: float) -> list[Path]:
    """Filled areas of dark ink larger than one counter: a block printed as one."""
    return [s for s in shapes if isinstance(s, Path) and s.paint.fill
            and grey(s.paint.fill) < 128
            and any((max(q.x for q in sub) - min(q.x for q in sub))
                    * (max(q.y for q in sub) - min(q.y for q in sub)) > 1.5 * side * side
                    for sub in s.subpaths)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_counters_are_for_fingers_and_no_solid_block_of_ink(paper):
    side = pages.counter_side(rules.Options(), PAPERS[paper])
    assert side >= 11.0
    assert solid_blocks(counter_sheet(11, paper), side) == []


def test_control_a_black_block_printed_as_one_is_caught():
    side = 8.8
    block = rectangle(20, 20, 15 * side, 9 * side, Paint(fill=COLOUR["black stone"]))
    assert solid_blocks([block], side)


@pytest.mark.parametrize("size, paper", [(11, "a4"), (11, "letter"), (13, "a4"), (15, "a4"),
                                         (19, "a4"), (13, "a5")])
def test_the_counter_sheet_says_when_a_go_set_serves_better(size, paper):
    side = pages.counter_side(rules.Options(size=size), NAMED[paper])
    # Read as printed, line after line: on A5 "Go" may end one footer line, "set" open the next.
    said = "Go set" in " ".join(s.text for s in counter_sheet(size, paper) if isinstance(s, Text))
    assert said == (size > 13 or side < pages.GO_SET_SIDE), (size, paper, side)


def inside(polygon, x, y) -> bool:
    signs = []
    for a, b in zip(polygon, polygon[1:] + polygon[:1], strict=False):
        signs.append((b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x) > 0)
    return all(signs) or not any(signs)


def test_ink_saver_counters_differ_by_letter_not_by_fill():
    doc = pages.counters_item(rules.Options(), PAPERS["a4"], INK_SAVER, 1)
    from generator.core.scene import Circle, Path, Text
    shapes = [s for page in doc.pages for s in page.shapes]
    fills = {s.paint.fill for s in shapes if isinstance(s, (Circle, Path)) and s.paint.fill}
    # No dark fills: black stones keep only a light grey, to tell them apart in one ink.
    assert fills <= {"#ffffff", INK_SAVER["black stone"]}
    assert grey(INK_SAVER["black stone"]) >= 180
    letters = {s.text for s in shapes if isinstance(s, Text) and len(s.text) == 1}
    assert {"B", "W", "N"} <= letters
