"""Score pads hold the longest game each board allows, turns that fill no cell included; a
game with no longest (Blind Hex: a turn where both chose the same numbers writes nothing and
can come again) says how to go on past the last row. Longest games are played out with the
games' own rule engines, not counted by hand."""

import dataclasses
import itertools

import pytest

from generator import i18n
from generator.app import documents
from generator.core.geometry import Rhombus
from generator.core.palette import COLOUR
from generator.core.paper import NAMED
from generator.core.scene import SMALLEST_TEXT, Page, Text
from generator.fonts import text_width
from generator.games import GAMES
from generator.games.blinq.rules import PER_PLAYER
from generator.games.hex import rules as hex_rules
from generator.games.hex_kb.board import SIZES as HEX_KB_SIZES
from generator.games.items import ITEMS
from generator.games.nex import rules as nex_rules
from generator.i18n import ENGLISH
from generator.layout import scorepad
from generator.layout.printing import Printing

PAPERS = ["a4", "letter", "a5"]


def last_row(pages: tuple[Page, ...]) -> int:
    """The highest row number the pad prints (its record's rows are numbered on over its
    sheets; the match tally's five rows are lower)."""
    return max(int(s.text) for p in pages for s in p.shapes
               if isinstance(s, Text) and s.text.isdigit())


def pad(key: str, paper: str, **options) -> tuple[Page, ...]:
    game = GAMES[key]
    return documents.make_document(game, ITEMS["pad"], options=game.make_options(**options),
                                   printing=Printing(paper=NAMED[paper])).pages


def longest_nex(size: int) -> int:
    """Turns in a game played to the end of the board through the engine, each turn taking
    as little as it can: take two neutrals whenever that is legal, else drop, else the
    full-board turns; wins are not looked for, so no game is longer."""
    stones: dict = {}
    colour, turns = nex_rules.BLACK, 0
    cells = list(Rhombus(size))
    while True:
        empty = [h for h in cells if h not in stones]
        neutral = [h for h, c in stones.items() if c == nex_rules.NEUTRAL]
        mine = [h for h, c in stones.items() if c == colour]
        if len(neutral) >= 2 and mine:
            turn = nex_rules.Turn((neutral[0], neutral[1]), (mine[0],))
        elif len(empty) >= 2:
            turn = nex_rules.Turn((empty[0],), (empty[1],))
        elif empty or neutral:
            turn = nex_rules.Turn(((empty or neutral)[0],))
        else:
            return turns
        stones = nex_rules.apply_turn(size, stones, colour=colour, turn=turn)
        turns += 1
        colour = nex_rules.other(colour)


def longest_hex(size: int) -> int:
    stones: dict = {}
    colour, turns = hex_rules.RED, 0
    for h in Rhombus(size):
        stones = hex_rules.apply_turn(stones, colour, turn=hex_rules.Turn((h,)))
        turns += 1
        colour = hex_rules.other(colour)
    return turns


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("size", [9, 11, 19])
def test_the_nex_pad_holds_the_longest_game_with_the_swap(paper, size):
    turns = longest_nex(size) + 1            # and White's swap, a turn of its own
    assert last_row(pad("nex", paper, size=size)) >= -(-turns // 2)   # a row is a round


def test_control_the_first_rounds_nex_pad_is_too_short():
    # Rows for drops alone, as the pad had them: a quarter of the cells.
    size = 11
    assert -(-size ** 2 // 4) < -(-(longest_nex(size) + 1) // 2)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("size, swap", [(11, True), (10, True), (10, False), (19, True)])
def test_the_hex_pad_holds_the_longest_game(paper, size, swap):
    turns = longest_hex(size) + (1 if swap else 0)
    # Row n holds each player's n-th turn: Red, who moves first, has the most.
    assert last_row(pad("hex", paper, size=size, swap=swap)) >= -(-turns // 2)


def test_control_an_even_board_with_the_swap_needs_one_row_more_than_without():
    assert -(-(longest_hex(10) + 1) // 2) > -(-longest_hex(10) // 2)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("size", [7, 11, 25])
def test_the_hex_kb_pad_holds_a_game_that_claims_every_cell(paper, size):
    cells = len(GAMES["hex-kb"].make_options(size=size).board().cells)
    assert last_row(pad("hex-kb", paper, size=size)) >= -(-cells // 2)


@pytest.mark.parametrize("paper", PAPERS)
def test_the_blinq_pad_holds_every_block(paper):
    assert last_row(pad("blinq", paper)) >= PER_PLAYER


def carry_on(pages: tuple[Page, ...]) -> str:
    texts = [s.text for s in pages[-1].shapes if isinstance(s, Text) and s.font == "bold"]
    return " ".join(t for t in texts if "row" in t or "turn" in t)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("size, edition", [(11, "cards"), (11, "pennies"), (13, "cards"),
                                           (4, "cards")])
def test_the_blind_hex_pad_holds_every_turn_that_writes_and_says_how_to_go_on(paper, size,
                                                                             edition):
    pages = pad("blind-hex", paper, size=size, edition=edition)
    last = last_row(pages)
    # Every turn that writes fills four cells (two letters a player).
    assert last * 4 >= size * size
    said = carry_on(pages)
    assert f"past row {last}," in said and f"from turn {last + 1}" in said


def test_control_a_blind_hex_pad_without_the_sentence_is_caught(monkeypatch):
    original = scorepad.score_pad
    monkeypatch.setattr(scorepad, "score_pad", lambda paper, p, *, colours, words: original(
        paper, dataclasses.replace(p, carry_on=None), colours=colours, words=words))
    assert "past row" not in carry_on(pad("blind-hex", "a4"))


# --- one sheet on A4 and on Letter ---------------------------------------------------------

def pads_as_asked(monkeypatch, key: str, paper: str, lang: str) -> tuple[list, list]:
    """The pad's pages, and the Pad the game asked for with the plan of its record (caught
    on their way through the setter)."""
    asked: list = []
    original = scorepad.record_sheets

    def catching(paper_, p, *, first_top):
        plan = original(paper_, p, first_top=first_top)
        asked.append((p, plan))
        return plan
    monkeypatch.setattr(scorepad, "record_sheets", catching)
    game = GAMES[key]
    pages = list(documents.make_document(game, ITEMS["pad"], options=game.make_options(),
                                         printing=Printing(paper=NAMED[paper],
                                                           words=i18n.words(lang))).pages)
    return pages, asked


def record_rows(page: Page) -> list[float]:
    """The heights of the record's rows, from its printed row numbers: the gap between
    each number and the next one below it in the same block."""
    numbers = sorted((s.position.x, int(s.text), s.position.y) for s in page.shapes
                     if isinstance(s, Text) and s.text.isdigit())
    return [y2 - y1 for (x1, n1, y1), (x2, n2, y2) in itertools.pairwise(numbers)
            if abs(x1 - x2) < 1e-6 and n2 == n1 + 1]


def writable_faults(pad: scorepad.Pad, plan: list, paper: str) -> list[str]:
    """Columns narrower than they say they can be written in, and headings that would not
    fit theirs at 6 pt."""
    faults = []
    total = sum(c.weight for c in pad.record)
    for part in plan:
        width = scorepad.block_width(NAMED[paper], part.blocks)
        for column in pad.record:
            w = width * column.weight / total
            if w < column.least - 1e-9:
                faults.append(f"{column.heading}: {w:.1f} mm, needs {column.least}")
            if text_width(column.heading, SMALLEST_TEXT, role="bold") > w - 1.0:
                faults.append(f"{column.heading}: heading wider than its column at 6 pt")
    return faults


@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_pad_holds_the_longest_game_on_one_sheet_of_a4_and_letter(monkeypatch, key,
                                                                         paper):
    for lang in i18n.LANGUAGES:
        pages, asked = pads_as_asked(monkeypatch, key, paper, lang)
        assert len(pages) == 1, (lang, key, paper)
        rows = record_rows(pages[0])
        assert rows and min(rows) >= scorepad.MIN_ROW_HEIGHT - 1e-9
        assert min(s.size for s in pages[0].shapes if isinstance(s, Text)) \
            >= SMALLEST_TEXT - 1e-9
        assert writable_faults(*asked[0], paper) == [], lang


def test_control_a_letter_pad_that_may_not_narrow_takes_two_sheets(monkeypatch):
    """Nex on Letter, its columns not saying how narrow they may go: two blocks of rows
    5.5 mm high do not hold 61 rounds, and the pad runs on to a second sheet."""
    _pages, asked = pads_as_asked(monkeypatch, "nex", "letter", "en")
    pad, plan = asked[0]
    assert [part.blocks for part in plan] == [3]
    stiff = dataclasses.replace(pad, record=tuple(
        dataclasses.replace(c, least=0.0) for c in pad.record))
    assert len(scorepad.score_pad(NAMED["letter"], stiff, colours=COLOUR, words=ENGLISH)) == 2
    # And a column narrower than it says it may go is caught.
    tight = dataclasses.replace(pad, record=tuple(
        dataclasses.replace(c, least=c.least * 1.5) for c in pad.record))
    assert not scorepad.writable(NAMED["letter"], tight, blocks=3)
    assert writable_faults(tight, plan, "letter")


# --- no sheet, and no row, past the longest game ---------------------------------------------

def hex_kb_rows(size: int) -> int:
    return -(-len(GAMES["hex-kb"].make_options(size=size).board().cells) // 2)


# The most rows a game on each board can fill, from the games' own engines (the swap a turn
# of its own in Hex and Nex; a Hex KB game claims every cell at most once).
LONGEST_ROWS = {
    "hex": (hex_rules.SIZES, lambda size: -(-(longest_hex(size) + 1) // 2)),
    "nex": (nex_rules.SIZES, lambda size: -(-(longest_nex(size) + 1) // 2)),
    "hex-kb": (HEX_KB_SIZES, hex_kb_rows),
}


def record_numbers(page: Page) -> list[int]:
    """The row numbers of the page's move record (its tables are named record 1, 2, ...;
    the match tally's are not)."""
    return [int(s.text) for s in page.shapes if isinstance(s, Text) and s.text.isdigit()
            and s.role is not None and s.role.table is not None
            and s.role.table.table.startswith("record")]


def rows_past(pages: tuple[Page, ...], longest: int) -> list[str]:
    """Rows numbered past the longest game, and sheets whose record starts past it."""
    faults = []
    last = max(n for page in pages for n in record_numbers(page))
    if last > longest:
        faults.append(f"row {last} printed for a game of {longest}")
    for k, page in enumerate(pages[1:], start=2):
        numbers = record_numbers(page)
        if numbers and min(numbers) > longest:
            faults.append(f"sheet {k} starts at row {min(numbers)}")
    return faults


@pytest.mark.parametrize("key", sorted(LONGEST_ROWS))
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_pad_prints_a_row_or_a_sheet_no_game_reaches(key, paper):
    sizes, rows = LONGEST_ROWS[key]
    faults = {}
    for size in sizes:
        pages = pad(key, paper, size=size)
        longest = rows(size)
        assert last_row(pages) >= longest, (size, "the longest game still fits")
        if found := rows_past(pages, longest):
            faults[size] = found
    assert faults == {}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_blinq_pad_stops_at_its_last_block(paper):
    assert last_row(pad("blinq", paper)) == PER_PLAYER


def test_control_a_second_sheet_of_rows_past_the_game_is_caught(monkeypatch):
    """Hex 13 x 13 on Letter as once printed: the record ran on to rows 97-177 on a second
    sheet for a game of 85 rows."""
    monkeypatch.setattr(scorepad.Pad, "last_row", property(lambda p: None))
    pages = pad("hex", "letter", size=13)
    assert len(pages) == 2
    assert rows_past(pages, LONGEST_ROWS["hex"][1](13))
