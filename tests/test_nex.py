"""Nex: who has connected, which turns are legal, and the pieces printed for the table."""

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core.geometry import Hex, Point, Rhombus
from generator.core.gridfile import GridError, hex_name
from generator.core.palette import COLOUR, INK_SAVER, grey
from generator.core.paper import NAMED, PAPERS
from generator.core.scene import Circle, Paint, Path, Text, rectangle
from generator.games.nex import pages, rules
from generator.games.nex.rules import BLACK, NEUTRAL, WHITE, IllegalTurn, Turn, apply_turn
from generator.i18n import ENGLISH
from generator.layout import cutsheet
from generator.layout.printing import Printing


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
    connected = [c for c in (BLACK, WHITE) if rules.connection(size, stones, colour=c)]
    assert len(connected) == 1


@pytest.mark.parametrize("size", range(9, 20))
def test_every_board_size_in_range_fills_to_one_winner(size):
    wins = {BLACK: 0, WHITE: 0}
    for seed in range(40):
        stones = random_fill(size, seed)
        assert sum(1 for c in wins if rules.connection(size, stones, colour=c)) == 1
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
    assert rules.connection(3, grid(position), colour=BLACK) is None
    assert rules.connection(3, grid(position.replace("N", "B")), colour=BLACK)


def test_black_joins_columns_and_white_joins_rows():
    column_a_to_c = grid("B . .\n. B .\n. . B")   # not touching: a1, b2, c3 are not adjacent
    assert rules.connection(3, column_a_to_c, colour=BLACK) is None
    # a2-b2-c2 runs along a row, from column a to column c: Black's sides.
    assert rules.connection(3, grid(". . .\nB B B\n. . ."), colour=BLACK)
    assert rules.connection(3, grid(". . .\nW W W\n. . ."), colour=WHITE) is None
    # b1-b2-b3 runs down column b, from row 1 to row 3: White's sides.
    assert rules.connection(3, grid(". W .\n. W .\n. W ."), colour=WHITE)


def cell(name: str) -> Hex:
    return Hex(ord(name[0]) - ord("a"), int(name[1:]) - 1)


def turn(notation: str, size: int = 5) -> Turn:
    return rules.parse_turn(notation, 1, size=size)


def test_a_drop_puts_one_own_and_one_neutral_stone_on_empty_cells():
    after = apply_turn(5, {}, colour=BLACK, turn=turn("c3 (d4)"))
    assert after == {cell("c3"): BLACK, cell("d4"): NEUTRAL}
    with pytest.raises(IllegalTurn, match="c3 holds a Black stone"):
        apply_turn(5, after, colour=WHITE, turn=turn("c3 (e5)"))
    with pytest.raises(IllegalTurn, match="d4 holds a neutral stone"):
        apply_turn(5, after, colour=WHITE, turn=turn("a1 (d4)"))


def test_a_conversion_takes_two_neutrals_and_gives_one_own_stone():
    before = {cell("a1"): NEUTRAL, cell("b1"): NEUTRAL, cell("c1"): WHITE, cell("d1"): BLACK}
    after = apply_turn(5, before, colour=WHITE, turn=turn("a1 b1 (c1)"))
    assert after == {cell("a1"): WHITE, cell("b1"): WHITE, cell("c1"): NEUTRAL,
                     cell("d1"): BLACK}
    with pytest.raises(IllegalTurn, match="stone given up must be White's"):
        apply_turn(5, before, colour=WHITE, turn=turn("a1 b1 (d1)"))
    with pytest.raises(IllegalTurn, match="only neutral stones can be taken"):
        apply_turn(5, before, colour=WHITE, turn=turn("a1 d1 (c1)"))
    with pytest.raises(IllegalTurn, match="e5 is empty"):
        apply_turn(5, before, colour=BLACK, turn=turn("a1 e5 (d1)"))


@pytest.mark.parametrize("notation", ["c3", "(c3)", "c3 d4", "c3 (d4) (e5)", "a1 b1 c1 (d1)"])
def test_a_turn_of_the_wrong_shape_is_illegal(notation):
    with pytest.raises(IllegalTurn):
        apply_turn(5, {cell("e5"): NEUTRAL, cell("e4"): NEUTRAL}, colour=BLACK, turn=turn(notation))


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
    after = apply_turn(3, before, colour=WHITE, turn=turn("c3", 3))
    assert after[cell("c3")] == WHITE and len(after) == 9


def test_one_neutral_and_no_empty_cell_the_player_takes_it():
    before = almost_full([], ["b2"])
    assert apply_turn(3, before, colour=BLACK, turn=turn("b2", 3))[cell("b2")] == BLACK


def test_one_empty_and_one_neutral_the_opponent_takes_the_neutral():
    before = almost_full(["c3"], ["a1"])
    after = apply_turn(3, before, colour=BLACK, turn=turn("c3", 3))
    assert after[cell("c3")] == BLACK and after[cell("a1")] == WHITE
    assert NEUTRAL not in after.values() and len(after) == 9


def test_a_single_cell_is_illegal_while_ordinary_turns_remain():
    with pytest.raises(IllegalTurn, match="no ordinary turn is left"):
        apply_turn(3, almost_full(["c3", "c2"], []), colour=BLACK, turn=turn("c3", 3))
    with pytest.raises(IllegalTurn, match="no ordinary turn is left"):
        apply_turn(3, almost_full(["c3"], ["a1", "a2"]), colour=BLACK, turn=turn("c3", 3))


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
        stones = apply_turn(size, stones, colour=colour, turn=t)
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
    figures = pages.figures(COLOUR, words=ENGLISH)
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
    p = pages.board_placement(options, PAPERS["a4"], words=ENGLISH)
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


def count_maxima(size: int) -> dict[str, int]:
    """The most stones of each kind any sequence of turns reaches, found by walking every
    count of stones the designer's turns can lead to (a drop, a conversion, the three
    full-board conventions; the swap changes no count), not by the formula under test."""
    cells = size * size
    start = (0, 0, 0, BLACK)            # black, white, neutral stones; who moves
    seen, todo = {start}, [start]
    while todo:
        b, w, x, mover = todo.pop()
        empty = cells - b - w - x
        mine, theirs = (b, w) if mover == BLACK else (w, b)
        after = []
        if empty >= 2:
            after.append((mine + 1, theirs, x + 1))         # drop
        if x >= 2 and mine >= 1:
            after.append((mine + 1, theirs, x - 1))         # convert
        if empty == 1 and x == 0 or empty == 0 and x == 1:
            after.append((mine + 1, theirs, 0))             # the last cell or neutral
        if empty == 1 and x == 1:
            after.append((mine + 1, theirs + 1, 0))         # and the neutral to the opponent
        for m, t, n in after:
            state = (m, t, n, WHITE) if mover == BLACK else (t, m, n, BLACK)
            if state not in seen:
                seen.add(state)
                todo.append(state)
    return {BLACK: max(s[0] for s in seen), WHITE: max(s[1] for s in seen),
            NEUTRAL: max(s[2] for s in seen)}


@pytest.mark.parametrize("size", [1, 2, 3, 4, *rules.SIZES])
def test_the_most_stones_of_each_kind_follow_from_the_turns(size):
    assert rules.most_stones(size) == count_maxima(size)


def test_no_game_played_by_the_engine_holds_more_stones_than_the_most():
    """Random legal games through the rules' own turns, to the full board: the walk over
    counts models what the engine plays."""
    rng = random.Random(5)
    for size in (3, 4, 5):
        most = rules.most_stones(size)
        for _game in range(30):
            stones: dict[Hex, str] = {}
            mover = BLACK
            while True:
                turns = legal_turns(size, stones, mover)
                if not turns:
                    break
                stones = apply_turn(size, stones, colour=mover, turn=rng.choice(turns))
                counts = {k: sum(1 for v in stones.values() if v == k) for k in most}
                assert all(counts[k] <= most[k] for k in most), (size, counts)
                mover = WHITE if mover == BLACK else BLACK


def legal_turns(size: int, stones, mover) -> list[Turn]:
    empty = [h for h in Rhombus(size) if h not in stones]
    neutral = [h for h, k in stones.items() if k == NEUTRAL]
    mine = [h for h, k in stones.items() if k == mover]
    turns = [Turn(mine=(a,), neutral=(b,)) for a in empty for b in empty if a != b]
    turns += [Turn(mine=(a, b), neutral=(c,)) for a in neutral for b in neutral if a < b
              for c in mine]
    if not turns:
        turns = [Turn(mine=(h,)) for h in (empty or neutral)[:1]]
    return turns


def printed_kinds(size: int, paper: str) -> dict[str, int]:
    """Counters on the printed sheet of each kind, told apart by their stone's fill."""
    fills = {COLOUR[role]: kind for role, kind in (("black stone", BLACK),
                                                    ("white stone", WHITE),
                                                    ("neutral stone", NEUTRAL))}
    counts = dict.fromkeys((BLACK, WHITE, NEUTRAL), 0)
    side = pages.sheet_side(rules.Options(size=size), NAMED[paper], words=ENGLISH)
    for shape in counter_sheet(size, paper):
        # A counter's stone, not the smaller ring inside a neutral one.
        if isinstance(shape, Circle) and shape.paint.fill in fills \
                and shape.radius > 0.4 * side:
            counts[fills[shape.paint.fill]] += 1
    return counts


def count_faults(printed: dict[str, int], most: dict[str, int]) -> list[str]:
    """Kinds with fewer counters than a game can use, or more than a few spares beyond."""
    return [f"{kind}: {printed[kind]} for at most {most[kind]}" for kind in most
            if not most[kind] < printed[kind] <= most[kind] + pages.SPARES]


@pytest.mark.parametrize("size", [9, 11, 13, 19])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_counters_are_those_a_game_can_use_and_a_few_spares(size, paper):
    assert count_faults(printed_kinds(size, paper), rules.most_stones(size)) == []


def test_control_a_counter_for_every_cell_of_each_kind_is_too_many():
    """The sheet as once printed: 135 of each kind (whole rows of 11 x 11 = 121)."""
    assert len(count_faults(dict.fromkeys((BLACK, WHITE, NEUTRAL), 135),
                            rules.most_stones(11))) == 3


def cut_pitch(shapes) -> float:
    """The side of the counters as cut: the spacing of the cut lines drawn across the
    sheet (the paths marked to cut)."""
    xs = sorted({round(x, 3) for s in shapes if isinstance(s, Path) and s.paint.cut
                 for sub in s.subpaths for a, b in zip(sub, sub[1:], strict=False)
                 if abs(a.x - b.x) < 1e-6 for x in (a.x,)})
    return min(b - a for a, b in zip(xs, xs[1:], strict=False) if b - a > 1e-3)


def square_fits(cell: list[Point], centre: Point, side: float) -> bool:
    """Whether a square of this side, turned some way, lies inside the cell's hexagon."""
    for degrees in range(0, 90):
        turn = math.radians(degrees)
        corners = [Point(centre.x + side / math.sqrt(2) * math.cos(turn + k * math.pi / 2),
                         centre.y + side / math.sqrt(2) * math.sin(turn + k * math.pi / 2))
                   for k in range(4)]
        if all(inside(cell, c.x, c.y) for c in corners):
            return True
    return False


@pytest.mark.parametrize("size", range(9, 20, 2))
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_counter_as_cut_lies_inside_a_cell_of_the_board(size, paper):
    options = rules.Options(size=size)
    p = pages.board_placement(options, pages.board_paper(options, NAMED[paper], words=ENGLISH),
                              words=ENGLISH)
    cell = list(p.corners(Hex(1, 1)))
    side = cut_pitch(counter_sheet(size, paper))
    assert math.isclose(side, pages.sheet_side(options, NAMED[paper], words=ENGLISH), abs_tol=0.01)
    assert square_fits(cell, p.centre(Hex(1, 1)), side), (side, p.cell_radius)


def test_control_the_counters_once_cut_a_little_narrower_than_a_cell_do_not_fit():
    options = rules.Options()
    p = pages.board_placement(options, pages.board_paper(options, NAMED["a4"], words=ENGLISH),
                              words=ENGLISH)
    cell = list(p.corners(Hex(1, 1)))
    assert not square_fits(cell, p.centre(Hex(1, 1)), 1.62 * p.cell_radius)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_guide_says_how_many_counters_are_spares(paper):
    options = rules.Options()
    printing = Printing(paper=NAMED[paper])
    kit = nex_game().kit(options, lambda item: nex_game().make(item, options, printing=printing),
                         printing=printing)
    said = " ".join(s.text for s in kit.pages[0].shapes if isinstance(s, Text))
    printed, most = printed_kinds(11, paper), rules.most_stones(11)
    for kind in most:
        assert f"{printed[kind]} {rules.NAMES[kind].lower()}" in said
        assert f"{most[kind]} {rules.NAMES[kind].lower()}" in said


def nex_game():
    from generator.games import find
    return find("nex")


@pytest.mark.parametrize("size", range(9, 20))
@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_a_second_counter_sheet_is_earned(size, paper):
    """Two sheets where one cannot hold the counters at anything near their size: the
    second is no stray row or two; a sheet fewer where counters a tenth smaller allow."""
    options = rules.Options(size=size)
    side = pages.sheet_side(options, PAPERS[paper], words=ENGLISH)
    runs = pages.runs_of(pages.wanted(options), words=ENGLISH)
    assert not spare_sheet(PAPERS[paper], side, runs)
    assert len(pages.counters_item(options, Printing(paper=PAPERS[paper])).pages) == len(
        cutsheet.layout(PAPERS[paper], side, runs=runs))
    # Never smaller than fingers need, nor than SPARING of a cell's counter.
    full = pages.counter_side(options, PAPERS[paper], words=ENGLISH)
    assert side >= min(full, max(pages.SPARING * full, pages.GO_SET_SIDE)) - 0.1


SMALLER = 0.9     # counters this much smaller are still for fingers, and cut as easily


def spare_sheet(paper, side: float, runs) -> bool:
    """Whether the counters take a sheet that counters a tenth smaller would not: a last
    sheet holding a few rows that a little less size would have fitted on the one before."""
    return len(cutsheet.layout(paper, side * SMALLER, runs=runs)) < len(
        cutsheet.layout(paper, side, runs=runs))


def test_control_a_sheet_for_one_row_more_than_the_first_holds_is_caught():
    paper, side = PAPERS["a4"], 12.0
    first = cutsheet.layout(paper, side, runs=[cutsheet.TileRun("B", 10_000, None, lambda c, s,
                                                           bleed: [])])[0][0]
    runs = [cutsheet.TileRun("B", first.count + first.columns, None, lambda c, s, bleed: [])]
    assert len(cutsheet.layout(paper, side, runs=runs)) == 2 and spare_sheet(paper, side, runs)


def counter_sheet(size: int, paper: str, colours=COLOUR):
    printing = Printing(paper=NAMED[paper], palette=colours)
    return [s for page in pages.counters_item(rules.Options(size=size), printing).pages
            for s in page.shapes]


def solid_blocks(shapes, side: float) -> list[Path]:
    """Filled areas of dark ink larger than one counter: a block printed as one."""
    return [s for s in shapes if isinstance(s, Path) and s.paint.fill
            and grey(s.paint.fill) < 128
            and any((max(q.x for q in sub) - min(q.x for q in sub))
                    * (max(q.y for q in sub) - min(q.y for q in sub)) > 1.5 * side * side
                    for sub in s.subpaths)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_counters_are_for_fingers_and_no_solid_block_of_ink(paper):
    side = pages.counter_side(rules.Options(), PAPERS[paper], words=ENGLISH)
    assert side >= pages.GO_SET_SIDE
    assert solid_blocks(counter_sheet(11, paper), side) == []


def test_control_a_black_block_printed_as_one_is_caught():
    side = 8.8
    block = rectangle(20, 20, w=15 * side, h=9 * side, paint=Paint(fill=COLOUR["black stone"]))
    assert solid_blocks([block], side)


@pytest.mark.parametrize("size, paper", [(11, "a4"), (11, "letter"), (13, "a4"), (15, "a4"),
                                         (19, "a4"), (13, "a5")])
def test_the_counter_sheet_says_when_a_go_set_serves_better(size, paper):
    side = pages.counter_side(rules.Options(size=size), NAMED[paper], words=ENGLISH)
    # Read as printed, line after line: on A5 "Go" may end one footer line, "set" open the next.
    said = "Go set" in " ".join(s.text for s in counter_sheet(size, paper) if isinstance(s, Text))
    assert said == (size > 13 or side < pages.GO_SET_SIDE), (size, paper, side)


def inside(polygon, x, y) -> bool:
    signs = []
    for a, b in zip(polygon, polygon[1:] + polygon[:1], strict=False):
        signs.append((b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x) > 0)
    return all(signs) or not any(signs)


def test_ink_saver_counters_differ_by_letter_not_by_fill():
    doc = pages.counters_item(rules.Options(), Printing(paper=PAPERS["a4"], palette=INK_SAVER))
    from generator.core.scene import Circle, Path, Text
    shapes = [s for page in doc.pages for s in page.shapes]
    fills = {s.paint.fill for s in shapes if isinstance(s, (Circle, Path)) and s.paint.fill}
    # No dark fills: black stones keep only a light grey, to tell them apart in one ink.
    assert fills <= {"#ffffff", INK_SAVER["black stone"]}
    assert grey(INK_SAVER["black stone"]) >= 180
    letters = {s.text for s in shapes if isinstance(s, Text) and len(s.text) == 1}
    assert {"B", "W", "N"} <= letters


def balance_faults(size: int, seed: int) -> list[str]:
    """Replays a random game with the swap through the engine, and checks the rule sheet's
    sentence: Black has one stone more than White after each of Black's turns, and as many
    after each of White's but the swap, which changes no stone (White then moves at once)."""
    rng = random.Random(seed)
    stones: dict[Hex, str] = {}
    first = rng.choice(legal_turns(size, stones, BLACK))
    turns = [first, Turn(swap=True)]
    stones = apply_turn(size, stones, colour=BLACK, turn=first)
    movers = [BLACK, WHITE]
    mover = WHITE                       # after the swap White takes a turn at once
    while len(turns) < 14 and (options := legal_turns(size, stones, mover)):
        turn = rng.choice([t for t in options if len(t.mine) + len(t.neutral) > 1] or options)
        turns.append(turn)
        movers.append(mover)
        stones = apply_turn(size, stones, colour=mover, turn=turn)
        mover = WHITE if mover == BLACK else BLACK
    faults = []
    for n, who in enumerate(movers, start=1):
        replayed = rules.replay(turns[:n], size)
        assert not replayed.errors, replayed.errors
        b, w = (sum(1 for k in replayed.stones.values() if k == c) for c in (BLACK, WHITE))
        expected = w + 1 if who == BLACK or turns[n - 1].swap else w
        if b != expected:
            faults.append(f"turn {n} ({who}): {b} black, {w} white")
    return faults


@pytest.mark.parametrize("seed", range(5))
def test_the_stone_balance_the_rules_state_holds_with_the_swap(seed):
    assert balance_faults(7, seed) == []


def test_control_the_old_sentence_fails_once_the_swap_is_used():
    """"After each pair of turns Black and White have the same number of stones": with the
    swap, the second pair (White's turn, then Black's) leaves Black one ahead."""
    size, turns = rules.read_moves("size 5\n1. c3 (b3)\n2. swap\n3. c2 (d3)\n4. b4 (e3)\n")
    stones = rules.replay(turns, size).stones
    black, white = (sum(1 for k in stones.values() if k == c) for c in (BLACK, WHITE))
    assert black != white
