"""Pages read on any printer and in any palette: the Blind Hex worked example's tints told
apart in grey, colour words taken from the palette, frame numbers legible on their ground,
and each board lying the same way on every paper as in its rule figures. Each check has a
control that it rejects."""

from __future__ import annotations

import math
import re
import subprocess
from pathlib import Path

import pytest
from palettes import COLOUR, COLOUR_BLIND, PALETTES
from PIL import Image

from generator.app import documents
from generator.core.palette import LEGIBLE_CONTRAST, Palette, contrast, grey
from generator.core.paper import parse_paper
from generator.core.scene import Circle, Document, Page, Paint, Text
from generator.core.scene import Path as ScenePath
from generator.games import GAMES
from generator.games.blind_hex import marks as blind_hex_marks
from generator.games.blind_hex import pages as blind_hex_pages
from generator.games.blind_hex.rules import example_turn
from generator.games.blinq import pages as blinq_pages
from generator.games.hex_kb import pages as hex_kb_pages
from generator.games.hex_kb.examples import FIGURE_BOARD
from generator.games.items import ITEMS
from generator.games.nex import pages as nex_pages
from generator.i18n import ENGLISH
from generator.layout import hexboard, sheet
from generator.layout.printing import Printing
from generator.render.pdf import document_pdf

DPI = 300
# A board whose worked example leaves a cell of each kind free of letters, to sample.
EXAMPLE_SEED = 21


# --- the worked example's tints, printed in grey -----------------------------------------------


def grey_raster(page: Page, tmp_path: Path, name: str) -> Image.Image:
    pdf = tmp_path / f"{name}.pdf"
    pdf.write_bytes(document_pdf(Document((page,), name, "test", lang="en")))
    subprocess.run(["pdftoppm", "-gray", "-png", "-r", str(DPI), "-singlefile", str(pdf),
                    str(tmp_path / name)], check=True)
    return Image.open(tmp_path / f"{name}.png").convert("L")


def texture(image: Image.Image, centre, radius_mm: float) -> tuple[float, float, float]:
    """Mean grey, and the mean change in grey one step along each diagonal ("/" then "\\"),
    over a disc clear of the cell's letter and hash marks. Lines rising to the right change
    little along "/" and much along "\\"; a flat tint changes along neither."""
    k = DPI / 25.4
    cx, cy, r = centre.x * k, centre.y * k, radius_mm * k
    step = 3
    total, rising, falling, n = 0.0, 0.0, 0.0, 0
    for y in range(int(cy - r), int(cy + r)):
        for x in range(int(cx - r), int(cx + r)):
            d = math.hypot(x - cx, y - cy)
            if not 0.2 * r <= d <= r:
                continue
            v = image.getpixel((x, y))
            total += v
            rising += abs(v - image.getpixel((x + step, y - step)))
            falling += abs(v - image.getpixel((x + step, y + step)))
            n += 1
    return total / n, rising / n, falling / n


def example_textures(tmp_path: Path, palette: Palette, flat: bool = False):
    """Each kind of cell in the worked example (x's, o's, both), as textures."""
    turn = example_turn(5, EXAMPLE_SEED)
    figure = blind_hex_pages.example_figure(turn, palette, words=ENGLISH)
    shapes = figure.shapes
    p = hexboard.place_board(turn.board.size, 0, y=0, width=figure.width, height=figure.height,
                             with_coordinates=False, angle=blind_hex_pages.BOARD_ANGLE,
                             outset=blind_hex_marks.MARK_OUTSET)
    x_cells, o_cells = turn.allowed(turn.x_number), turn.allowed(turn.o_number)
    if flat:
        # Control: the tints alone, as the figure once printed them.
        fills = {h: palette["x tint"] for h in x_cells}
        fills.update((h, palette["o tint"]) for h in o_cells)
        fills.update((h, palette["both tint"]) for h in x_cells if h in o_cells)
        shapes = tuple(hexboard.cell_shapes(p, Paint(stroke=palette["board line"]), fills=fills))
    image = grey_raster(Page(figure.width, figure.height, shapes), tmp_path,
                        f"example-{palette.name}-{flat}")
    written = set(turn.x_writes) | set(turn.o_writes)
    kinds = {"x": [h for h in x_cells if h not in o_cells],
             "o": [h for h in o_cells if h not in x_cells],
             "both": [h for h in x_cells if h in o_cells]}
    out = {}
    for kind, cells in kinds.items():
        free = [h for h in cells if h not in written]
        assert free, f"the example has a {kind} cell without a letter"
        out[kind] = texture(image, p.centre(free[0]), 0.5 * p.cell_radius)
    return out


def told_apart(textures) -> list[str]:
    """x's cells run one way, o's the other, both cells both ways: each kind must differ from
    the others by at least 8 grey levels of change along one diagonal."""
    problems = []
    kinds = list(textures)
    for i, a in enumerate(kinds):
        for b in kinds[i + 1:]:
            (_, ar, af), (_, br, bf) = textures[a], textures[b]
            if max(abs(ar - br), abs(af - bf)) < 8:
                problems.append(f"{a} and {b} look alike in grey: {textures[a]} {textures[b]}")
    return problems


@pytest.mark.parametrize("name", sorted(PALETTES))
def test_the_worked_examples_tints_stay_apart_in_grey(tmp_path, name):
    textures = example_textures(tmp_path, PALETTES[name])
    assert told_apart(textures) == []
    _, x_rising, x_falling = textures["x"]
    _, o_rising, o_falling = textures["o"]
    assert x_falling > x_rising and o_rising > o_falling     # each its own slant


def test_flat_tints_are_caught_looking_alike_in_grey(tmp_path):
    assert len(told_apart(example_textures(tmp_path, PALETTES["ink-saver"], flat=True))) == 3


def test_this_turns_letters_differ_from_earlier_ones_in_grey():
    for palette in PALETTES.values():
        earlier = grey(palette["rule"])
        for side in ("x side", "o side"):
            assert abs(grey(palette[side]) - earlier) >= 40, (palette.name, side)
    turn = example_turn(5, 1)
    shapes = blind_hex_pages.example_figure(turn, COLOUR, words=ENGLISH).shapes
    rings = [s for s in shapes if isinstance(s, Circle)]
    assert len(rings) == len(turn.x_writes) + len(turn.o_writes)


# --- colour words from the palette -----------------------------------------------------------

COLOUR_WORDS = re.compile(r"\b(green|yellow|amber|mint|blue|red|purple|orange)\b")


def wrong_colour_words(text: str, palette: Palette, roles: tuple[str, ...]) -> list[str]:
    """Colour words in a text that the palette does not use for any of these roles."""
    allowed = {w for role in roles for w in palette.colour_word(role, words=ENGLISH).split()}
    return [w for w in COLOUR_WORDS.findall(text) if w not in allowed]


@pytest.mark.parametrize("name", sorted(PALETTES))
def test_captions_name_the_colours_the_palette_prints(name):
    palette = PALETTES[name]
    captions = [f.caption for f in blinq_pages.figures(palette, words=ENGLISH).values()]
    framed = [c for c in captions if "fram" in c and "(" in c]
    assert framed and all(palette.colour_word("highlight", words=ENGLISH) in c for c in framed[:1])
    for caption in captions:
        assert wrong_colour_words(caption, palette, ("highlight",)) == [], caption
    doc = documents.make_document(GAMES["hex-kb"], ITEMS["rules"],
                                  options=GAMES["hex-kb"].make_options(),
                                  printing=Printing(paper=parse_paper("a4"),
                                                    palette=PALETTES[name]))
    text = " ".join(s.text for page in doc.pages for s in page.shapes if isinstance(s, Text))
    assert palette.colour_word("portal", words=ENGLISH) in text
    # Red and Blue are the players' names; any other colour word must be the palette's.
    players = [w for w in wrong_colour_words(text, palette, ("portal",))
               if w not in ("red", "blue")]
    assert players == []


def test_the_colour_word_check_catches_a_caption_from_another_palette():
    caption = "A block on level 2 (green frame), centred on the platform of b1."
    assert wrong_colour_words(caption, COLOUR_BLIND, ("highlight",)) == ["green"]
    assert wrong_colour_words(caption, COLOUR, ("highlight",)) == []


# --- frame numbers ------------------------------------------------------------------------------


def frame_number_contrasts(page: Page) -> list[float]:
    """Each frame number's contrast with the fill of the cell or stone it is set on."""
    grounds = []
    for s in page.shapes:
        if isinstance(s, ScenePath) and s.closed and s.paint.fill:
            grounds += [(sub, s.paint.fill) for sub in s.subpaths]
        elif isinstance(s, Circle) and s.paint.fill:
            grounds.append((s, s.paint.fill))

    def ground_at(x: float, y: float) -> str:
        found = "#ffffff"
        for shape, fill in grounds:
            if isinstance(shape, Circle):
                if math.hypot(x - shape.centre.x, y - shape.centre.y) <= shape.radius:
                    found = fill
            elif inside(shape, x, y):
                found = fill
        return found
    numbers = [s for s in page.shapes if isinstance(s, Text) and s.text.isdigit()
               and s.font == "bold"]
    return [contrast(s.colour, ground_at(s.position.x, s.position.y - 0.35 * s.size))
            for s in numbers]


def inside(polygon, x: float, y: float) -> bool:
    hit = False
    for a, b in zip(polygon, list(polygon[1:]) + [polygon[0]], strict=False):
        if (a.y > y) != (b.y > y) and x < a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y):
            hit = not hit
    return hit


@pytest.mark.parametrize("name", sorted(PALETTES))
@pytest.mark.parametrize("item", ["board", "puzzle"])
def test_frame_numbers_read_at_4_5_to_1_in_every_palette(name, item):
    game = GAMES["hex-kb"]
    doc = documents.make_document(game, ITEMS[item], options=game.make_options(),
                                  printing=Printing(paper=parse_paper("a4"),
                                                    palette=PALETTES[name]))
    for page in doc.pages:
        found = frame_number_contrasts(page)
        assert found and min(found) >= LEGIBLE_CONTRAST, (name, item, min(found))


def test_the_contrast_check_catches_portal_colour_on_its_tint():
    # Control: the numbers as once drawn, in the portal colour on the frame's tint.
    palette = COLOUR_BLIND
    assert contrast(palette["portal"], palette["portal tint"]) < 2.0
    page = Page(20, 20, (ScenePath(((hexboard.Point(0, 0), hexboard.Point(20, 0),
                                     hexboard.Point(20, 20), hexboard.Point(0, 20)),),
                                   Paint(fill=palette["portal tint"]), closed=True),
                         Text(hexboard.Point(10, 11), "7", 3.0, palette["portal"], "bold")))
    assert max(frame_number_contrasts(page)) < LEGIBLE_CONTRAST


def test_ink_saver_puzzle_prints_no_solid_discs():
    game = GAMES["hex-kb"]
    doc = documents.make_document(game, ITEMS["puzzle"], options=game.make_options(),
                                  printing=Printing(paper=parse_paper("a4"),
                                                    palette=PALETTES["ink-saver"]))
    discs = [s for page in doc.pages for s in page.shapes
             if isinstance(s, Circle) and s.paint.fill]
    assert discs == []
    colour = documents.make_document(game, ITEMS["puzzle"], options=game.make_options(),
                                     printing=Printing(paper=parse_paper("a4")))
    assert [s for s in colour.pages[0].shapes if isinstance(s, Circle) and s.paint.fill]


# --- one orientation per board -------------------------------------------------------------------


def axes(p: hexboard.Placement) -> tuple[int, int]:
    """The page angles of the board's q and r directions, in degrees."""
    a, b, c = p.point(0, 0), p.point(1, 0), p.point(0, 1)
    return (round(math.degrees(math.atan2(b.y - a.y, b.x - a.x))),
            round(math.degrees(math.atan2(c.y - a.y, c.x - a.x))))


PAPERS = ("a4", "letter", "a5", "a3", "tabloid", "145x210", "420x297")


def board_axes(key: str, paper: str) -> tuple[int, int]:
    game = GAMES[key]
    opts = game.make_options()
    if key == "blind-hex":
        placed = blind_hex_pages.board_paper(opts, parse_paper(paper), words=ENGLISH)
        return axes(blind_hex_pages.board_placement(opts, placed, words=ENGLISH))
    if key == "hex-kb":
        placed = hex_kb_pages.board_paper(opts, parse_paper(paper), words=ENGLISH)
        x, y, w, h = sheet.body_box(placed)
        return axes(hex_kb_pages.place(opts.board(), x, y=y, w=w, h=h,
                                       with_coordinates=opts.coordinates))
    placed = nex_pages.board_paper(opts, parse_paper(paper), words=ENGLISH)
    return axes(nex_pages.board_placement(opts, placed, words=ENGLISH))


def figure_axes(key: str) -> tuple[int, int]:
    if key == "blind-hex":
        return axes(hexboard.place_board(5, 0, y=0, width=80, height=78, with_coordinates=False,
                                         angle=blind_hex_pages.BOARD_ANGLE))
    if key == "hex-kb":
        return axes(hex_kb_pages.place(FIGURE_BOARD, 0, y=0, w=80, h=64, with_coordinates=False))
    return axes(nex_pages.place(5, 0, y=0, w=42, h=58))


@pytest.mark.parametrize("key", ["blind-hex", "hex-kb", "nex"])
@pytest.mark.parametrize("paper", PAPERS)
def test_each_board_lies_as_in_its_figures_on_every_paper(key, paper):
    assert board_axes(key, paper) == figure_axes(key)


def test_the_orientation_check_catches_a_board_free_to_turn():
    # Control: Hex KB free to take any turn of 30 degrees, as it once was, lies otherwise on
    # Letter than in its figures.
    letter = parse_paper("letter")
    board = GAMES["hex-kb"].make_options().board()
    boxes = [sheet.body_box(p) for p in (letter, letter.turned())]
    placings = [hexboard.place_board(board.size, x, y=y, width=w, height=h, angle=angle,
                                     outset=hexboard.BORDER_ROW)
                for x, y, w, h in boxes for angle in hexboard.ANGLES]
    best = max(placings, key=lambda pl: pl.cell_radius)
    assert axes(best) != figure_axes("hex-kb")


# --- the board with too few numbers --------------------------------------------------------------


@pytest.mark.parametrize("item", ["board", "pad", "kit", "rules"])
def test_blind_hex_items_with_fewer_numbers_than_the_rules_play_are_refused(item):
    game = GAMES["blind-hex"]
    with pytest.raises(Exception, match="--numbers of at least 4"):
        documents.check(game, ITEMS[item], options=game.make_options(numbers=3),
                        paper=parse_paper("a4"), words=ENGLISH)
    documents.check(game, ITEMS[item], options=game.make_options(numbers=4),
                    paper=parse_paper("a4"), words=ENGLISH)
