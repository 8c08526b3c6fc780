"""Vendors' own templates (--for thegamecrafter, drivethrucards, makeplayingcards, lulu,
drivethrurpg), card sizes, cut paths in CutContour, crop marks in a slug and the soft proof.
Each figure is read back from the files with real readers (Pillow, pikepdf, Ghostscript,
`pnp check`), each check beside a control that it fails on."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pikepdf
import pytest
from in_process import run_pnp
from PIL import Image

from generator import preflight
from generator.core.cards import CARD_SIZES, POKER
from generator.core.destinations import (
    DESTINATIONS,
    DRIVETHRURPG,
    LULU,
    PRINT_SHOP,
    THE_GAME_CRAFTER,
)
from generator.core.products import Kind
from generator.core.units import MM_PER_INCH


def pnp(*args: str, cwd: Path) -> None:
    result = run_pnp(*args, cwd=cwd, text=True)
    assert result.returncode == 0, result.stderr


def refused(*args: str, cwd: Path) -> str:
    result = run_pnp(*args, cwd=cwd, text=True)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    return result.stderr


class Made:
    """Each output several tests read, made once for the module, each in a folder of its
    own (a test lists the files its command wrote)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.folders: dict[tuple[str, ...], Path] = {}

    def __call__(self, *args: str) -> Path:
        if args not in self.folders:
            folder = self.root / f"made-{len(self.folders)}"
            folder.mkdir()
            pnp(*args, cwd=folder)
            self.folders[args] = folder
        return self.folders[args]


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Made:
    return Made(tmp_path_factory.mktemp("vendors"))


GAME_CRAFTER_DECK = ("cards", "blind-hex", "--for", "thegamecrafter", "-o", "deck.png")
SHOP_CARDS_PNG = ("cards", "blind-hex", "--for", "print-shop", "--format", "png", "-o",
                  "shop.png")
DRIVETHRU_CARDS = ("cards", "blind-hex", "--for", "drivethrucards", "-o", "dtc.pdf")


def pixels(trim_mm: float, bleed_mm: float, dpi: int = 300) -> int:
    return round((trim_mm + 2 * bleed_mm) / MM_PER_INCH * dpi)


def test_the_vendors_facts_are_their_templates() -> None:
    # The Game Crafter's and DriveThruCards' poker card, 825 × 1125 px at 300 dpi with bleed.
    assert (pixels(POKER.width, THE_GAME_CRAFTER.bleed_mm),
            pixels(POKER.height, THE_GAME_CRAFTER.bleed_mm)) == (825, 1125)
    mpc = DESTINATIONS["makeplayingcards"].product(Kind.CARDS)
    assert mpc is not None and mpc.bleed is not None
    assert (pixels(POKER.width, mpc.bleed), pixels(POKER.height, mpc.bleed)) == (822, 1122)
    # Its proof overlay's safe line, 75 px in from the image's edge: bleed plus safe zone.
    assert round((THE_GAME_CRAFTER.bleed_mm + THE_GAME_CRAFTER.margin) / MM_PER_INCH * 300) \
        == 75 != round((PRINT_SHOP.bleed_mm + PRINT_SHOP.margin) / MM_PER_INCH * 300)
    board = THE_GAME_CRAFTER.product(Kind.BOARD)
    assert board is not None and board.trim is not None
    assert pixels(board.trim, THE_GAME_CRAFTER.bleed_mm) == 5475
    book = DRIVETHRURPG.product(Kind.BOOK)
    assert not LULU.separated and DRIVETHRURPG.separated
    assert book is not None and book.page_multiple == 4
    # Control: the 63 × 88 mm card kept for home is not the vendors' poker card.
    assert pixels(CARD_SIZES["63x88mm"].width, THE_GAME_CRAFTER.bleed_mm) != 825


def test_the_game_crafter_takes_an_image_a_face_and_one_back(made: Made) -> None:
    deck = made(*GAME_CRAFTER_DECK)
    files = sorted(p.name for p in deck.iterdir())
    assert files.count("deck-back.png") == 1
    faces = [f for f in files if f != "deck-back.png"]
    assert len(faces) == len(set(faces)) >= 2 and all(f.startswith("deck-") for f in faces)
    for name in files:
        with Image.open(deck / name) as image:
            assert image.size == (825, 1125) and image.mode == "RGB"
    # Control: a print shop's cards are a PNG a page, front and back alternating, 63 × 88 mm.
    shop = made(*SHOP_CARDS_PNG)
    with Image.open(shop / "shop-1.png") as image:
        assert image.size != (825, 1125)
    assert (shop / "shop-4.png").exists()


def test_makeplayingcards_cards_are_its_own_template(tmp_path: Path) -> None:
    # MakePlayingCards' poker template is 822 × 1122 px: its 36 px of bleed, not the 0.125 in
    # a print shop asks for cards in general.
    pnp("cards", "blind-hex", "--for", "makeplayingcards", "-o", "mpc.png", cwd=tmp_path)
    sizes = set()
    for path in tmp_path.glob("mpc-*.png"):
        with Image.open(path) as image:
            sizes.add(image.size)
    assert sizes == {(822, 1122)}
    # Control: a bleed asked for is the one drawn.
    pnp("cards", "blind-hex", "--for", "makeplayingcards", "--bleed", "3.175", "-o",
        "asked.png", cwd=tmp_path)
    with Image.open(next(tmp_path.glob("asked-*.png"))) as image:
        assert image.size == (825, 1125)


def test_the_game_crafter_board_is_one_quad_fold_image(tmp_path: Path) -> None:
    pnp("board", "hex", "--for", "thegamecrafter", "-o", "board.png", cwd=tmp_path)
    with Image.open(tmp_path / "board.png") as image:
        assert image.size == (5475, 5475)
    assert "at its own size" in refused("board", "hex", "--for", "thegamecrafter", "--paper",
                                        "a4", "-o", "b.png", cwd=tmp_path)


def test_drivethrucards_is_a_1up_pdfx_of_poker_cards(tmp_path: Path, made: Made) -> None:
    dtc = made(*DRIVETHRU_CARDS) / "dtc.pdf"
    with pikepdf.open(dtc) as pdf:
        sizes = {tuple(round(float(v) / 72 * 300) for v in p.mediabox[2:]) for p in pdf.pages}
        assert sizes == {(825, 1125)} and len(pdf.pages) % 2 == 0
        assert pdf.Root.OutputIntents[0].S == "/GTS_PDFX"
    assert all(c.passed for c in preflight.check_file(dtc, PRINT_SHOP))
    assert "prints poker cards" in refused("cards", "blind-hex", "--for", "drivethrucards",
                                           "--card-size", "tarot", cwd=tmp_path)


def page_contents(pdf: pikepdf.Pdf) -> list[bytes]:
    """Each page's drawing, its content streams joined."""
    return [p.Contents.read_bytes() if isinstance(p.Contents, pikepdf.Stream)
            else b"".join(s.read_bytes() for s in p.Contents) for p in pdf.pages]


def test_drivethrucards_takes_pdfx_2003_back_first_and_no_die_line(tmp_path: Path,
                                                                  made: Made) -> None:
    """DriveThruCards' "Specifications for Print Cards": PDF/X-1a:2003, the back of card 1 on
    the first page and its face on the second, and so through the deck, no die line for the
    corners; its card-prep page has the PDF/X made for SWOP. A print shop's cards are the
    control: PDF/X-1a:2001 (version PDF/X-1:2001 with its conformance key), face first."""
    made_dtc = made(*DRIVETHRU_CARDS) / "dtc.pdf"
    pnp("cards", "blind-hex", "--for", "print-shop", "--paper", "letter", "-o", "shop.pdf",
        cwd=tmp_path)
    with pikepdf.open(made_dtc) as dtc, pikepdf.open(tmp_path / "shop.pdf") as shop:
        info = dtc.trailer.Info
        assert str(info.GTS_PDFXVersion) == "PDF/X-1a:2003"
        assert "/GTS_PDFXConformance" not in info
        with dtc.open_metadata() as xmp:
            assert xmp["pdfx:GTS_PDFXVersion"] == "PDF/X-1a:2003"
            assert "pdfx:GTS_PDFXConformance" not in xmp
        assert str(dtc.Root.OutputIntents[0].OutputConditionIdentifier) == "CGATS TR 003"
        assert str(shop.trailer.Info.GTS_PDFXVersion) == "PDF/X-1:2001"
        assert str(shop.trailer.Info.GTS_PDFXConformance) == "PDF/X-1a:2001"
        assert str(shop.Root.OutputIntents[0].OutputConditionIdentifier) == "CGATS TR 006"
        # The shared back is the one drawing that repeats: odd pages here, even in the control.
        ours, theirs = page_contents(dtc), page_contents(shop)
        assert len(set(ours[0::2])) == 1 and len(set(ours[1::2])) == len(ours) // 2
        assert len(set(theirs[1::2])) == 1 and len(set(theirs[0::2])) == len(theirs) // 2
    checks = {c.name: c for c in preflight.check_file(made_dtc, PRINT_SHOP)}
    assert all(c.passed for c in checks.values()), [c for c in checks.values() if not c.passed]
    assert "PDF/X-1a:2003" in checks["PDF/X"].detail
    assert subprocess.run(["qpdf", "--check", str(made_dtc)],
                          capture_output=True).returncode == 0
    assert "no die line" in refused("cards", "blind-hex", "--for", "drivethrucards",
                                    "--cut-path", "-o", "cut.pdf", cwd=tmp_path)
    assert not (tmp_path / "cut.pdf").exists()
    # `pnp check --for drivethrucards` holds a file to the flavour it names; the print
    # shop's PDF/X-1a:2001 cards, ready for a print shop, are not ready for it.
    ours_checked = run_pnp("check", "--for", "drivethrucards", str(made_dtc), text=True)
    assert ours_checked.returncode == 0, ours_checked.stdout
    assert "PDF/X-1a:2003, as DriveThruCards asks" in ours_checked.stdout
    theirs_checked = run_pnp("check", "--for", "drivethrucards", str(tmp_path / "shop.pdf"),
                             text=True)
    assert theirs_checked.returncode == 1
    assert "PDF/X-1a:2001, where DriveThruCards asks for PDF/X-1a:2003" in \
        theirs_checked.stdout
    assert run_pnp("check", "--for", "print-shop", str(tmp_path / "shop.pdf")).returncode == 0


@pytest.mark.parametrize("vendor,made_by", [
    ("drivethrucards", ("cards", "blind-hex")), ("drivethrurpg", ("booklet", "nex")),
    ("drivethrurpg", ("booklet", "hex", "blinq", "--paper", "letter"))])
def test_what_pnp_makes_for_a_vendor_passes_its_check(tmp_path: Path, vendor: str,
                                                      made_by: tuple[str, ...]) -> None:
    """`pnp check --for VENDOR` holds text to the safe zone the vendor names (DriveThruCards:
    an eighth of an inch; DriveThruRPG: half an inch), the one pnp lays its products out
    to."""
    pnp(*made_by, "--for", vendor, "-o", "made.pdf", cwd=tmp_path)
    made = str(tmp_path / "made.pdf")
    checked = run_pnp("check", "--for", vendor, made, text=True)
    assert checked.returncode == 0, checked.stdout
    zone = f"inside the {DESTINATIONS[vendor].margin:g} mm safe zone"
    assert zone in checked.stdout


def test_lulu_takes_srgb_and_no_pdfx(tmp_path: Path) -> None:
    pnp("booklet", "hex", "--for", "lulu", "-o", "lulu.pdf", cwd=tmp_path)
    pnp("booklet", "hex", "--for", "print-shop", "-o", "shop.pdf", cwd=tmp_path)
    with pikepdf.open(tmp_path / "lulu.pdf") as pdf:
        assert "/OutputIntents" not in pdf.Root
        assert b" rg" in b"".join(p.Contents.read_bytes() if isinstance(p.Contents, pikepdf.Stream)
                                  else b"".join(s.read_bytes() for s in p.Contents)
                                  for p in pdf.pages)
        trim, bleed = pdf.pages[0].TrimBox, pdf.pages[0].BleedBox
        assert abs(float(trim[0]) - float(bleed[0]) - 9) < 0.01       # 0.125 in = 9 pt
    with pikepdf.open(tmp_path / "shop.pdf") as control:
        assert "/OutputIntents" in control.Root
    assert "takes sRGB" in refused("booklet", "hex", "--for", "lulu", "--press", "swop",
                                   cwd=tmp_path)


def test_drivethrurpg_books_count_pages_in_fours(tmp_path: Path) -> None:
    pnp("booklet", "hex", "blinq", "--for", "drivethrurpg", "-o", "book.pdf", cwd=tmp_path)
    with pikepdf.open(tmp_path / "book.pdf") as pdf:
        count = len(pdf.pages)
    book = DRIVETHRURPG.product(Kind.BOOK)
    assert book is not None
    assert count % book.page_multiple == 0
    assert all(c.passed for c in preflight.check_file(tmp_path / "book.pdf", PRINT_SHOP))
    assert (count + 2) % book.page_multiple != 0       # control: two pages more fail


def test_a_card_sized_paper_is_for_cards(tmp_path: Path) -> None:
    pnp("cards", "blind-hex", "--paper", "2.5x3.5in", "-o", "c.pdf", cwd=tmp_path)
    assert "card's size" in refused("board", "hex", "--paper", "2.5x3.5in", cwd=tmp_path)
    assert "must be" in refused("cards", "blind-hex", "--paper", "2x3in", cwd=tmp_path)


def separations(pdf: Path, out: Path) -> set[str]:
    """The separations Ghostscript's tiffsep writes for the file's first page."""
    out.mkdir()
    subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiffsep",
                    "-r20", "-dFirstPage=1", "-dLastPage=1",
                    f"-sOutputFile={out / 'p%d.tif'}", str(pdf)], check=True, timeout=120)
    return {p.name.split("(")[1].split(")")[0] for p in out.glob("p1(*).tif")}


@pytest.mark.parametrize("game,item", [("blinq", "tiles"), ("blind-hex", "cards")])
def test_cut_path_is_a_spot_colour_set_to_overprint(tmp_path: Path, game: str,
                                                     item: str) -> None:
    pnp(item, game, "--for", "print-shop", "--cut-path", "--crop-marks", "-o", "cut.pdf",
        cwd=tmp_path)
    pnp(item, game, "--for", "print-shop", "-o", "plain.pdf", cwd=tmp_path)
    assert "CutContour" in separations(tmp_path / "cut.pdf", tmp_path / "cut")
    assert "CutContour" not in separations(tmp_path / "plain.pdf", tmp_path / "plain")
    with pikepdf.open(tmp_path / "cut.pdf") as pdf:
        page = pdf.pages[0]
        spaces = page.Resources.ColorSpace
        cut = next(v for v in spaces.values() if v[0] == "/Separation" and v[1] == "/CutContour")
        assert cut[2] == "/DeviceCMYK"
        assert any(g.get("/OP") is True for g in page.Resources.ExtGState.values())
        media, bleed = page.MediaBox, page.BleedBox
        assert float(media[2]) > float(bleed[2]) and float(media[0]) < float(bleed[0])
    with pikepdf.open(tmp_path / "plain.pdf") as control:
        assert [float(v) for v in control.pages[0].MediaBox] == \
            [float(v) for v in control.pages[0].BleedBox]
    for name in ("cut.pdf", "plain.pdf"):
        assert all(c.passed for c in preflight.check_file(tmp_path / name, PRINT_SHOP))
        assert subprocess.run(["qpdf", "--check", str(tmp_path / name)],
                              capture_output=True).returncode == 0


def test_a_spot_colour_that_prints_still_fails_the_check(tmp_path: Path) -> None:
    """Control for the CutContour exemption: a spot colour of another name is refused."""
    pnp("tiles", "blinq", "--for", "print-shop", "--cut-path", "-o", "cut.pdf", cwd=tmp_path)
    with pikepdf.open(tmp_path / "cut.pdf", allow_overwriting_input=True) as pdf:
        for page in pdf.pages:
            for space in page.Resources.ColorSpace.values():
                if space[0] == "/Separation" and space[1] == "/CutContour":
                    space[1] = pikepdf.Name("/PantoneOrange")
        pdf.save(tmp_path / "spot.pdf")
    spots = {c.name: c for c in preflight.check_file(tmp_path / "spot.pdf", PRINT_SHOP)}
    assert not spots["spot colours"].passed


def test_an_svg_cut_file_holds_the_cut_lines_alone(tmp_path: Path) -> None:
    pnp("tiles", "blinq", "--cut-path", "--format", "svg", "-o", "t.svg", cwd=tmp_path)
    cut = (tmp_path / "t-1-cut.svg").read_text()
    page = (tmp_path / "t-1.svg").read_text()
    assert cut.count("<path") >= 1 and "<text" not in cut
    assert page.count("<path") > cut.count("<path")        # control: the page draws more
    assert "--cut-path is for" in refused("tiles", "blinq", "--cut-path", "--format", "png",
                                          cwd=tmp_path)


def test_the_print_shop_png_is_a_soft_proof(made: Made) -> None:
    """The shop's PNG shows the separated inks through the press profile."""
    from PIL import ImageCms

    from generator.render.press import profile, separate

    shop, deck = made(*SHOP_CARDS_PNG), made(*GAME_CRAFTER_DECK)
    with Image.open(shop / "shop-1.png") as proof, Image.open(deck / "deck-x-A.png") as rgb:
        # The ace's big diamond, in the middle of the card, in x's colour.
        shown = proof.getpixel((proof.width // 2, int(proof.height * 0.4)))
        artwork = rgb.getpixel((rgb.width // 2, int(rgb.height * 0.4)))
    colour = "#" + "".join(f"{v:02x}" for v in artwork)
    space, inks = separate(colour, "fogra39", ink_limit=240.0)
    assert space == "cmyk"
    press = ImageCms.ImageCmsProfile(io.BytesIO(profile("fogra39")))
    to_screen = ImageCms.buildTransform(press, ImageCms.createProfile("sRGB"), "CMYK", "RGB",
                                        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    expected = ImageCms.applyTransform(
        Image.new("CMYK", (1, 1), tuple(round(v * 255) for v in inks)), to_screen)
    assert expected is not None
    want = expected.getpixel((0, 0))
    assert max(abs(a - b) for a, b in zip(shown, want, strict=True)) <= 3


def test_a_colour_the_press_cannot_print_shows_as_it_prints() -> None:
    """sRGB's pure green is far outside offset's gamut: the proof shows the duller green the
    press prints, the sRGB PNG (the control) the green of the artwork."""
    import io

    from generator.core.formats import PNG
    from generator.core.paper import NAMED, for_press
    from generator.core.scene import Document, Page, Paint, rectangle
    from generator.render.writers import Settings, files_of

    page = Page(20.0, 20.0, (rectangle(0, 0, w=20, h=20, paint=Paint(fill="#00ff00")),))
    doc = Document((page,), "green", "pnp", lang="en")
    shown = {}
    for target in (PRINT_SHOP, LULU):
        press = for_press(NAMED["a4"], target).press
        [(_, png)] = files_of(doc, PNG, target=Path("g.png"), settings=Settings(100, press))
        with Image.open(io.BytesIO(png)) as image:
            shown[target.key] = image.getpixel((image.width // 2, image.height // 2))
    assert shown["lulu"] == (0, 255, 0)
    assert shown["print-shop"][1] < 235 and shown["print-shop"][0] + shown["print-shop"][2] > 20


@pytest.mark.parametrize("vendor", ["thegamecrafter", "makeplayingcards"])
def test_a_vendor_of_cards_is_given_no_booklet(tmp_path: Path, vendor: str) -> None:
    """The Game Crafter and MakePlayingCards print no books: `pnp booklet`, a folder of
    records and one record's study booklet are refused for them by name, with what they
    print, where each once wrote a PDF or the pages as PNGs. The control: a vendor that
    prints books (Lulu) is given the booklet."""
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "one.sgf").write_text("(;FF[4]GM[11]SZ[3];B[b1];W[a1];B[b2])")
    sells = DESTINATIONS[vendor].sells
    said = refused("booklet", "hex", "--for", vendor, cwd=tmp_path)
    assert f"prints {sells}, not books" in said
    said = refused("record", "hex", "games", "--for", vendor, cwd=tmp_path)
    assert f"prints {sells}, not game records" in said
    said = refused("record", "hex", "games/one.sgf", "--for", vendor, cwd=tmp_path)
    assert f"prints {sells}, not game records" in said
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games"]
    pnp("booklet", "hex", "--for", "lulu", "-o", "lulu.pdf", cwd=tmp_path)
    assert (tmp_path / "lulu.pdf").read_bytes().startswith(b"%PDF-")
    pnp("record", "hex", "games/one.sgf", "--for", "lulu", cwd=tmp_path)
    assert (tmp_path / "hex-record-one-lulu.pdf").exists()
