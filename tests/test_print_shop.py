"""`--for print-shop`: pages with bleed and boxes, press colour, booklets in reading order.

Every print-shop file `pnp build --for print-shop` writes (every game and item, A4 and
Letter, and the booklets) passes `pnp check --for print-shop`, and the home files beside it
still pass `--for home`. The boxes, colour operators, ink, OutputIntent and page order are
read back with pikepdf and poppler (shop_reading.py); each check is shown failing on a file
that breaks it. The command line's --for, --bleed and the rest: test_print_shop_cli.py.
"""

import subprocess
from pathlib import Path

import pikepdf
import pytest
from hypothesis import given
from hypothesis import strategies as st
from in_process import run_pnp
from PIL import Image
from reportlab.pdfgen.canvas import Canvas
from shop_reading import (
    BLEED_IN_MM,
    PT,
    box_errors,
    boxes,
    colour_operations,
    most_ink,
    order_errors,
    output_profile,
    rgb_operations,
    shop_pdfs,
)

from generator import preflight
from generator.core.destinations import HOME, PRINT_SHOP
from generator.core.geometry import Point
from generator.core.palette import COLOUR
from generator.core.paper import NAMED, SHOP_SAFE, Paper, for_press
from generator.core.printing import BLEED_MM, CONDITIONS
from generator.core.scene import Document, Page, Paint, line, rectangle
from generator.games import KEYS
from generator.games.blind_hex.cards import CARD_HEIGHT, CARD_WIDTH
from generator.games.items import CARDS
from generator.layout import booklet, cutsheet
from generator.preflight import inks
from generator.preflight.reader import read_facts
from generator.render import press
from generator.render.pdf import document_pdf, into_bleed

GAMES = KEYS


def pnp(*args, cwd=None):
    return run_pnp(*args, cwd=cwd, text=True)   # in process (in_process.py)


@pytest.fixture(scope="module")
def shop_catalogue(catalogue_folder):
    """`pnp build --for print-shop`: the home catalogue and the print shop's beside it (the
    run's one catalogue build, conftest.py)."""
    return catalogue_folder


@pytest.fixture(scope="module")
def shop_facts(shop_catalogue, sweep) -> dict[Path, preflight.PdfFacts]:
    """The preflight's reading of every print-shop file, read once for the tests that judge
    those facts (the whole report, and the booklets' text against the trim). The reader runs
    in this process: the child it is given for files of unknown origin, and its limits, are
    the subject of test_preflight_hostile.py, and `pnp check` reads six of these files below."""
    return {path: read_facts(path) for path in sweep(shop_pdfs(shop_catalogue))}


# ------------------------------------------------------------------ the whole catalogue

def test_every_print_shop_file_passes_the_print_shop_preflight(shop_catalogue, shop_facts,
                                                               sweep):
    files = shop_pdfs(shop_catalogue)
    assert sorted(shop_facts) == sweep(files)
    # Every game's items and kit on A4 and Letter, and a booklet of each game and of them all
    # on each of the two papers.
    assert len([f for f in files if "booklets" in f.parts]) == 2 * (len(GAMES) + 1)
    for key in GAMES:
        assert any(f.name.endswith("-kit-a4.pdf") for f in (shop_catalogue / "print-shop"
                                                             / key).iterdir())
        assert any(f.name.endswith("-kit-letter.pdf") for f in (shop_catalogue / "print-shop"
                                                                 / key).iterdir())
    for path in shop_facts:
        # preflight.check_file, on the facts read once (shop_facts).
        bad = [c for c in preflight.checks(shop_facts[path], PRINT_SHOP, booklet=None)
               if not c.passed]
        assert not bad, f"{path}: {bad}"


def test_no_print_shop_file_has_small_text_in_two_or_more_inks(shop_catalogue, shop_facts,
                                                                 tmp_path):
    """The warn line passes a file, so the test above would not see it: every print-shop
    file's small text is in one ink or black alone (render/press.py: separate_text)."""
    warned = {path: check.detail for path, facts in shop_facts.items()
              if (check := inks.check_small_text(facts)).warning}
    assert not warned, warned
    # Control: 7 pt text in magenta and yellow on one of these files is warned of.
    source = shop_catalogue / "print-shop" / "hex-kb" / "standard-rules-a4.pdf"
    with pikepdf.open(source) as pdf:
        page = pdf.pages[0]
        fonts = page.obj.Resources.Font
        fonts["/Fxx"] = fonts[next(iter(fonts.keys()))]
        page.contents_add(pdf.make_stream(b"q 0 0.88 0.91 0 k BT /Fxx 7 Tf 200 200 Td (R) Tj "
                                          b"ET Q"), prepend=False)
        pdf.save(tmp_path / "small-text-in-two-inks.pdf")
    control = inks.check_small_text(read_facts(tmp_path / "small-text-in-two-inks.pdf"))
    assert control.warning and "'R' at 7.0 pt" in control.detail, control


# The home files beside them pass `pnp check --for home`: test_preflight.py checks every one
# of this same catalogue.


def test_a_home_file_fails_the_print_shop_preflight(shop_catalogue):
    """Control: the preflight tells the two apart."""
    home = shop_catalogue / "blind-hex" / "cards-board-a4.pdf"
    failed = {c.name for c in preflight.check_file(home, PRINT_SHOP) if not c.passed}
    assert {"boxes", "bleed", "colour"} <= failed


def test_pnp_check_for_print_shop_passes_each_kind_of_file(shop_catalogue):
    shop = shop_catalogue / "print-shop"
    for path in (shop / "blinq" / "standard-board-a4.pdf",
                 shop / "nex" / "standard-rules-letter.pdf",
                 shop / "hex-kb" / "standard-pad-a4.pdf",
                 shop / "nex" / "standard-counters-letter.pdf",
                 shop / "blind-hex" / "pennies-kit-a4.pdf",
                 shop / "booklets" / "all-games-booklet-letter.pdf"):
        done = pnp("check", str(path), "--for", "print-shop")
        assert done.returncode == 0, done.stdout
        assert done.stdout.rstrip().endswith("ready for a print shop")


def test_boxes_trim_is_the_paper_and_bleed_all_round(shop_catalogue):
    shop = shop_catalogue / "print-shop"
    for path in shop.rglob("*.pdf"):
        if "booklets" in path.parts:
            page = booklet.FORMATS["letter" if "letter" in path.name else "a4"][0]
        elif path.name.startswith("cards-cards-"):
            # One card a page, at the card's trim, with the eighth of an inch card printers
            # ask for on any paper, as `pnp cards blind-hex --for print-shop` makes them.
            assert CARDS.shop_bleed is not None
            card = Paper("card", CARD_WIDTH, CARD_HEIGHT)
            assert not box_errors(path, card, CARDS.shop_bleed), path
            continue
        else:
            page = NAMED["letter" if path.name.endswith("-letter.pdf") else "a4"]
        bleed = BLEED_IN_MM if page.inches else BLEED_MM
        assert not box_errors(path, page, bleed), path


def test_box_check_fails_on_wrong_boxes(shop_catalogue):
    """Controls: a home file has no boxes, and a print-shop file has not another bleed or
    another trim."""
    home = shop_catalogue / "nex" / "standard-board-a4.pdf"
    shop = shop_catalogue / "print-shop" / "nex" / "standard-board-a4.pdf"
    assert box_errors(home, NAMED["a4"], BLEED_MM)
    assert box_errors(shop, NAMED["a4"], 5.0)
    assert box_errors(shop, NAMED["letter"], BLEED_MM)
    assert not box_errors(shop, NAMED["a4"], BLEED_MM)


def test_no_rgb_and_ink_at_most_240(shop_catalogue, sweep):
    for path in sweep(shop_pdfs(shop_catalogue)):
        operations = colour_operations(path)     # each file's content read once
        assert not rgb_operations(path, operations), path
        assert most_ink(path, operations) <= 240.0 + 1e-6, path


def test_rgb_and_ink_checks_fail_on_bad_files(shop_catalogue, tmp_path):
    """Controls: the home board paints RGB; a rich black of four full inks is 400%."""
    assert rgb_operations(shop_catalogue / "blind-hex" / "cards-board-a4.pdf")
    heavy = tmp_path / "heavy.pdf"
    c = Canvas(str(heavy), invariant=1)
    c.setFillColorCMYK(1, 1, 1, 1)
    c.rect(10, 10, 100, 100, stroke=0, fill=1)
    c.save()
    assert most_ink(heavy) == pytest.approx(400.0)


def test_output_intent_with_the_condition_s_profile(shop_catalogue, sweep):
    """Metric papers print on FOGRA39, inch papers (Letter, half letter) on GRACoL."""
    for path in sweep(shop_pdfs(shop_catalogue)):
        key = "gracol" if path.stem.endswith("-letter") else "fogra39"
        assert output_profile(path) == press.profile(key), path
    # Control: the home files carry none.
    assert output_profile(shop_catalogue / "nex" / "standard-board-a4.pdf") is None


# ------------------------------------------------------------------ the separation

colours = st.tuples(*[st.integers(0, 255)] * 3)


@given(colours, st.sampled_from(sorted(CONDITIONS)), st.integers(100, 300))
def test_separation_keeps_the_ink_limit_and_greys_on_black(rgb, key, limit):
    colour = "#{:02x}{:02x}{:02x}".format(*rgb)
    space, values = press.separate(colour, key, ink_limit=float(limit))
    assert all(0 <= v <= 1 for v in values)
    if space == "gray":
        assert rgb[0] == rgb[1] == rgb[2]
    else:
        assert rgb[0] != rgb[1] or rgb[1] != rgb[2]
        assert sum(values) <= limit / 100 + 1e-9


def test_the_ink_limit_is_needed():
    """Control: a dark red takes more than 240% through the profile alone."""
    assert sum(press.separate("#800000", "fogra39", ink_limit=300.0)[1]) > 2.4
    assert sum(press.separate("#800000", "fogra39", ink_limit=240.0)[1]) <= 2.4


def test_dark_text_is_black_ink_alone_and_light_lines_are_held(tmp_path):
    """Dark blue text prints 100% K; a hairline is widened to 0.25 pt. Controls: the same
    page for home printing keeps the blue and the hairline, and fails those checks."""
    from generator.core.scene import Text
    page = Page(210, 297, (Text(Point(20, 40), "Blue", 5, "#0e2d82"),
                           line(Point(20, 60), Point(120, 60), paint=Paint(stroke="#e8412f",
                                                                     width=0.01))))
    doc = Document((page,), "test", "test", lang="en")
    shop_paper = for_press(NAMED["a4"], PRINT_SHOP)
    shop, home = tmp_path / "shop.pdf", tmp_path / "home.pdf"
    shop.write_bytes(document_pdf(doc, shop_paper.press))
    home.write_bytes(document_pdf(doc))
    shop_results = {c.name: c.passed for c in preflight.check_file(shop, PRINT_SHOP)}
    assert shop_results["black text"] and shop_results["thinnest line"]
    assert shop_results["colour"] and shop_results["ink"]
    home_results = {c.name: c.passed for c in preflight.check_file(home, PRINT_SHOP)}
    assert not home_results["black text"] and not home_results["thinnest line"]


# ------------------------------------------------------------------ bleed, marks, margins

def test_what_reaches_the_trim_runs_into_the_bleed(tmp_path):
    """A background to the page's edge is drawn out to the bleed's edge; a block inside the
    page stays where it is (control). Seen in poppler's rendering of the MediaBox."""
    page = Page(148, 210, (rectangle(0, 0, w=148, h=40, paint=Paint(fill="#0e2d82")),
                           rectangle(40, 100, w=60, h=60, paint=Paint(fill="#e8412f"))))
    bled = into_bleed(page, 3.0)
    assert bled.shapes[1] == page.shapes[1]
    assert bled.shapes[0] != page.shapes[0]
    paper = for_press(NAMED["a5"], PRINT_SHOP)
    pdf = tmp_path / "bled.pdf"
    pdf.write_bytes(document_pdf(Document((page,), "bled", "test", lang="en"), paper.press))
    subprocess.run(["pdftoppm", "-png", "-r", "72", str(pdf), str(tmp_path / "r")],
                   check=True)
    image = Image.open(next(tmp_path.glob("r*.png"))).convert("RGB")
    px = 72 / 25.4
    assert abs(image.size[0] - (148 + 6) * px) <= 1 and abs(image.size[1] - (210 + 6) * px) <= 1
    top_corner = image.getpixel((1, 1))              # in the bleed, above the band
    beside_block = image.getpixel((round(1 * px), round(133 * px)))   # bleed beside the block
    assert sum(top_corner) < 400                     # blue ink in the bleed
    assert beside_block == (255, 255, 255)           # control: nothing runs out there


def test_no_ruler_or_crop_marks_at_the_print_shop(tmp_path):
    """Home sheets carry the calibration ruler and crop marks outside the cut blocks; the
    print shop's carry neither (controls: the home ones do)."""
    for target, expect in (("home", True), ("print-shop", False)):
        out = tmp_path / f"{target}.pdf"
        assert pnp("counters", "nex", "--for", target, "-o", str(out)).returncode == 0
        text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True,
                              check=True).stdout
        assert ("50 mm" in text and "2 in" in text) is expect
    runs = [cutsheet.TileRun("dark", 30, "#000000",
                             lambda centre, side, bleed: [])]
    for target, expect in ((HOME, True), (PRINT_SHOP, False)):
        paper = for_press(NAMED["a4"], target)
        (blocks, *_) = cutsheet.layout(paper, 20.0, runs=runs)
        shapes = [s for b in blocks for s in cutsheet.block_shapes(b, COLOUR,
                                                                   press_shop=paper.press.shop)]
        outside = []
        for b in blocks:
            for s in shapes:
                for sub in getattr(s, "subpaths", ()):
                    for p in sub:
                        if not (b.x - cutsheet.BLEED - 1e-6 <= p.x <= b.x + b.width
                                + cutsheet.BLEED + 1e-6 and b.y - cutsheet.BLEED - 1e-6 <= p.y
                                <= b.y + b.height + cutsheet.BLEED + 1e-6):
                            outside.append(p)
        assert bool(outside) is expect


def booklet_text_outside(path: Path, margin_mm: float,
                         facts: preflight.PdfFacts | None = None) -> list[str]:
    """The text runs outside the trim less the margin (from the file, or from its facts read
    once)."""
    facts = facts or preflight.read_pdf(path)
    wrong = []
    for page in facts.pages:
        zone = preflight.shrink(page.trim or page.media, margin_mm * PT)
        wrong += [f"page {page.number}: {t.text}" for t in page.texts
                  if not preflight.inside(t.box, zone)]
    return wrong


def test_booklet_text_half_an_inch_inside_the_trim(shop_catalogue, shop_facts):
    booklets = [path for path in shop_facts if "booklets" in path.parts]
    assert len(booklets) >= len(GAMES) + 1
    for path in booklets:
        assert not booklet_text_outside(path, booklet.SHOP_OUTER, shop_facts[path]), path
    # Control: the home booklet keeps 12 mm, not half an inch.
    assert booklet_text_outside(shop_catalogue / "booklets" / "nex-booklet-a4.pdf",
                                booklet.SHOP_OUTER)


def test_sheets_keep_text_five_mm_inside_the_trim(shop_catalogue, shop_facts):
    tiles = [path for path in shop_facts if path.name.startswith("standard-tiles-")]
    assert tiles
    for shop in tiles:
        assert not booklet_text_outside(shop, SHOP_SAFE, shop_facts[shop])
        # Control: it is near 5 mm, not more.
        assert booklet_text_outside(shop, SHOP_SAFE + 1, shop_facts[shop])


# ------------------------------------------------------------------ booklets

def test_print_shop_booklets_are_single_pages_in_reading_order(shop_catalogue):
    for path in (shop_catalogue / "print-shop" / "booklets").glob("*.pdf"):
        assert not order_errors(path), (path, order_errors(path))


def test_the_home_booklet_is_imposed_so_not_in_reading_order(shop_catalogue):
    """Control: the imposed booklet's sheets are out of reading order."""
    assert order_errors(shop_catalogue / "booklets" / "all-games-booklet-a4.pdf")


def test_booklet_pages_are_a5_or_half_letter(tmp_path):
    for paper, trim in (("a4", (148.0, 210.0)), ("letter", (139.7, 215.9))):
        out = tmp_path / f"{paper}.pdf"
        done = pnp("booklet", "nex", "--for", "print-shop", "--paper", paper, "-o", str(out))
        assert done.returncode == 0, done.stderr
        page = Paper("page", *trim)
        assert not box_errors(out, page, BLEED_IN_MM if paper == "letter" else BLEED_MM)
        assert len(boxes(out)) % 4 == 0


