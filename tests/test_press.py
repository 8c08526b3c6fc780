"""Print shops' printing conditions (FOGRA39, GRACoL 2006, SWOP), checked by clients other than
pnp: LittleCMS (its own `transicc`, in floating point, and Pillow's ImageCms) for the
separation of every palette colour through the shipped profiles, Ghostscript (`tiffsep` and
`inkcov`) for the ink on the plates, pikepdf and qpdf for the PDF/X-1a marking. Each check is
shown failing on output that breaks it.
"""

import hashlib
import io
import shutil
import warnings
from pathlib import Path

import pikepdf
import pytest
from in_process import run_pnp
from palettes import PALETTES
from PIL import Image, ImageChops, ImageCms
from press_checks import (
    delta_e00,
    highest_ink,
    inkcov,
    out_of_gamut,
    pdfx_errors,
    pdfx_facts,
    plates,
    round_trip,
    transicc,
)

from generator.core.destinations import PRINT_SHOP
from generator.core.formats import PNG
from generator.core.geometry import Point
from generator.core.paper import NAMED, for_press
from generator.core.printing import CONDITIONS, full_gcr, rgb
from generator.core.scene import Document, Page, Paint, Text, line, rectangle
from generator.games.items import ITEMS
from generator.layout.printing import Printing
from generator.render import press
from generator.render.pdf import document_pdf
from generator.render.writers import Settings

KEYS = sorted(CONDITIONS)
COLOURS = sorted({c for p in PALETTES.values() for c in p.roles.values()})
ROUND_TRIP = 3.0           # ΔE00 inside the gamut
QUANTUM = 4 * 0.5 / 255 * 100   # %: Ghostscript rounds each of four plates to 1/255


@pytest.fixture(scope="module", autouse=True)
def clients():
    missing = [t for t in ("gs", "transicc", "qpdf") if shutil.which(t) is None]
    if missing:
        pytest.fail("missing system tools (make test installs them): " + ", ".join(missing))


def pnp(*args):
    return run_pnp(*args, text=True)   # in process (in_process.py)


# ------------------------------------------------------------------ colour science, not pnp's

def test_delta_e00_on_sharma_pairs():
    """Pairs from Sharma, Wu and Dalal's test data: the formula above is CIEDE2000."""
    assert delta_e00((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert delta_e00((50, -1.3802, -84.2814), (50, 0, -82.7485)) == pytest.approx(1.0, abs=1e-4)
    assert delta_e00((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387)) == \
        pytest.approx(1.2644, abs=1e-4)


# ------------------------------------------------------------------ the profiles

@pytest.mark.parametrize("key", KEYS)
def test_each_condition_ships_a_cmyk_output_profile(key):
    data = press.profile(key)
    assert data[12:16] == b"prtr" and data[16:20] == b"CMYK" and data[20:24] == b"Lab "
    assert data[8] == 2                               # ICC version 2, as PDF/X-1a reads
    description = ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(data)))
    assert CONDITIONS[key].identifier.split()[-1] in description.replace("GRACoL 2006",
                                                                         "TR 006")


@pytest.mark.parametrize("key", KEYS)
def test_every_palette_colour_prints_as_itself_inside_the_gamut(key):
    separations = {c: press.separate(c, key, ink_limit=CONDITIONS[key].ink_limit) for c in COLOURS}
    errors = round_trip(key, separations)
    outside = out_of_gamut(key, COLOURS)
    assert len(outside) < len(COLOURS) / 4
    warnings.warn(f"{key}: outside the gamut (ΔE00): " + ", ".join(
        f"{c} {errors[c]:.1f}" for c in sorted(outside)), stacklevel=1)
    wrong = {c: round(e, 2) for c, e in errors.items() if c not in outside and e > ROUND_TRIP}
    assert not wrong, wrong


def test_the_round_trip_tells_a_naive_separation():
    """Control: the plain arithmetic separation pnp used before (full GCR, no press) lands
    more than ΔE00 3 off on FOGRA39 for colours inside its gamut."""
    naive = {c: ("cmyk", full_gcr(rgb(c))) for c in COLOURS}
    errors = round_trip("fogra39", naive)
    outside = out_of_gamut("fogra39", COLOURS)
    assert max(e for c, e in errors.items() if c not in outside) > ROUND_TRIP


@pytest.mark.parametrize("key", KEYS)
def test_greys_are_black_ink_alone_at_their_lightness(key):
    for grey in ("#6b6b6b", "#8c8c8c", "#d9d9d9"):
        space, values = press.separate(grey, key, ink_limit=240.0)
        assert space == "gray"
        (l_wanted, *_), = transicc("*sRGB", "*Lab", [[v * 255 for v in rgb(grey)]])
        (l_printed, *_), = transicc(str(press.PROFILES / CONDITIONS[key].profile), "*Lab",
                                    [(0, 0, 0, (1 - values[0]) * 100)])
        assert abs(l_printed - l_wanted) < 1.0, (grey, l_printed, l_wanted)
    # Control: the grey's own level as K (what plain arithmetic gives) prints far lighter.
    (l_plain, *_), = transicc(str(press.PROFILES / CONDITIONS[key].profile), "*Lab",
                              [(0, 0, 0, (1 - 0x6b / 255) * 100)])
    assert l_plain > transicc("*sRGB", "*Lab", [[0x6b] * 3])[0][0] + 3


def test_a_lower_ink_limit_is_kept_and_the_colour_kept_near():
    full = press.separate("#0e2d82", "fogra39", ink_limit=300.0)
    low = press.separate("#0e2d82", "fogra39", ink_limit=160.0)
    assert sum(full[1]) > 1.6                  # control: the colour needs more than 160%
    assert sum(low[1]) <= 1.6
    errors = round_trip("fogra39", {"#0e2d82": low})
    naive = round_trip("fogra39", {"#0e2d82": ("cmyk", tuple(
        v * 1.6 / sum(full[1]) for v in full[1]))})
    assert errors["#0e2d82"] <= naive["#0e2d82"] + 1e-9


# ------------------------------------------------------------------ the plates (Ghostscript)

def shop_item(tmp: Path, game: str, item: str, paper: str, key: str,
              ink_limit: float | None = None) -> Path:
    """A game's item as a print shop's PDF for condition `key`."""
    from generator.app import documents
    from generator.games import load
    shop = for_press(NAMED[paper], PRINT_SHOP, condition=key, ink_limit=ink_limit)
    chosen = load(game)
    doc = documents.make_document(chosen, ITEMS[item], options=chosen.make_options(),
                                  printing=Printing(paper=shop))
    out = tmp / f"{game}-{item}-{key}.pdf"
    out.write_bytes(document_pdf(doc, shop.press))
    return out


@pytest.mark.parametrize("key,paper", [
    ("fogra39", "a4"), ("gracol", "letter"),
    pytest.param("swop", "letter", marks=pytest.mark.exhaustive(
        reason="gracol-letter keeps the letter paper and a US condition in make test"))])
def test_ink_per_pixel_within_the_limit(tmp_path, key, paper):
    for game, item in (("hex-kb", "kit"), ("blinq", "board")):
        out = shop_item(tmp_path, game, item, paper, key)
        assert highest_ink(out, tmp_path) <= 240 + QUANTUM, out
    low = shop_item(tmp_path, "blinq", "board", paper, key, ink_limit=150)
    assert highest_ink(low, tmp_path) <= 150 + QUANTUM
    # Control: a rich black of four full inks is 400% on the plates.
    heavy = pikepdf.new()
    heavy.add_blank_page(page_size=(200, 200))
    heavy.pages[0].Contents = heavy.make_stream(b"1 1 1 1 k 10 10 100 100 re f")
    heavy.save(tmp_path / "heavy.pdf")
    assert highest_ink(tmp_path / "heavy.pdf", tmp_path) == pytest.approx(400)


def dark_text_page() -> Document:
    shapes = [Text(Point(20, 20 + 12 * i), "Dark text on the black plate", 9, colour)
              for i, colour in enumerate(("#000000", "#0e2d82", "#004488", "#5a1010"))]
    shapes.append(line(Point(20, 90), Point(150, 90), paint=Paint(stroke="#0e2d82", width=0.1)))
    return Document((Page(210, 297, tuple(shapes)),), "dark", "test", lang="en")


@pytest.mark.parametrize("key", KEYS)
def test_dark_text_and_hairlines_are_on_the_black_plate_alone(tmp_path, key):
    shop = tmp_path / "shop.pdf"
    paper = for_press(NAMED["a4"], PRINT_SHOP, condition=key)
    shop.write_bytes(document_pdf(dark_text_page(), paper.press))
    (page,) = plates(shop, tmp_path, dpi=150)
    c, m, y, k = (band.getextrema()[1] for band in page.split())
    assert (c, m, y) == (0, 0, 0) and k == 255
    # Control: the same page in RGB is separated by Ghostscript into rich black.
    home = tmp_path / "home.pdf"
    home.write_bytes(document_pdf(dark_text_page()))
    (page,) = plates(home, tmp_path, dpi=150)
    assert max(band.getextrema()[1] for band in page.split()[:3]) > 0


def test_score_pads_print_on_the_black_plate_alone(tmp_path):
    """inkcov: a score pad (text and rules) puts no cyan, magenta or yellow on any page."""
    out = tmp_path / "pad.pdf"
    assert pnp("pad", "hex-kb", "--for", "print-shop", "-o", str(out)).returncode == 0
    coverage = inkcov(out)
    assert coverage and all(c == m == y == 0 and k > 0 for c, m, y, k in coverage)
    # Control: dark blue text in RGB takes cyan and magenta under inkcov.
    rgb_text = tmp_path / "rgb.pdf"
    rgb_text.write_bytes(document_pdf(dark_text_page()))
    assert any(c > 0 or m > 0 for c, m, _, _ in inkcov(rgb_text))


# ------------------------------------------------------------------ PDF/X-1a

@pytest.mark.parametrize("key", KEYS)
def test_print_shop_files_are_marked_pdfx_1a_for_their_condition(tmp_path, key):
    out = tmp_path / "kit.pdf"
    paper = for_press(NAMED["letter"], PRINT_SHOP, condition=key)
    page = Page(215.9, 279.4, (rectangle(20, 20, w=50, h=50, paint=Paint(fill="#2e9d4a")),
                               Text(Point(20, 100), "Text", 9, "#000000")))
    out.write_bytes(document_pdf(Document((page,), "Marked", "test", lang="en"), paper.press))
    assert not pdfx_errors(out, key)
    assert pdfx_facts(out)["OutputConditionIdentifier"] == CONDITIONS[key].identifier
    # Controls: another condition's file, and a home file, fail.
    other = KEYS[(KEYS.index(key) + 1) % len(KEYS)]
    assert pdfx_errors(out, other)
    home = tmp_path / "home.pdf"
    home.write_bytes(document_pdf(Document((page,), "Home", "test", lang="en")))
    assert len(pdfx_errors(home, key)) >= 3
    assert pdfx_facts(home) == {"Trapped": "False"}


def test_the_default_condition_follows_the_paper(tmp_path):
    for paper, key in (("a4", "fogra39"), ("letter", "gracol")):
        out = tmp_path / f"{paper}.pdf"
        assert pnp("pad", "nex", "--paper", paper, "--for", "print-shop", "-o",
                   str(out)).returncode == 0
        assert not pdfx_errors(out, key), paper


# ------------------------------------------------------------------ font subsets

def subset_names(pdf: bytes) -> dict[str, str]:
    """Each embedded font program's hash: the name it is embedded under."""
    names = {}
    with pikepdf.open(io.BytesIO(pdf)) as document:
        for obj in document.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font" and \
                    "/FontDescriptor" in obj:
                program = obj.FontDescriptor.get("/FontFile2")
                digest = hashlib.sha256(program.read_bytes()).hexdigest()
                names[digest] = str(obj.BaseFont)
                assert str(obj.FontDescriptor.FontName) == str(obj.BaseFont)
    return names


def one_text(text: str) -> Document:
    return Document((Page(148, 210, (Text(Point(20, 20), text, 9, "#000000"),)),), text, "t",
                    lang="en")


def test_font_subsets_are_named_by_their_contents():
    """reportlab's subset holds printable ASCII and then what else the text uses: "Hex ×"
    and "Nex é" embed different subsets, "Hex" and "Nex board" the same one."""
    shop = for_press(NAMED["a5"], PRINT_SHOP).press
    names = {text: subset_names(document_pdf(one_text(text), shop))
             for text in ("Hex ×", "Nex é", "Hex", "Nex board")}
    assert set(names["Hex ×"].values()).isdisjoint(names["Nex é"].values())
    assert names["Hex"] == names["Nex board"]
    assert all(not n.startswith("/AAAAAA+") for found in names.values() for n in found.values())
    # Control: reportlab alone names both different subsets the same.
    home = [subset_names(document_pdf(one_text(text))) for text in ("Hex ×", "Nex é")]
    assert set(home[0]) != set(home[1])
    assert set(home[0].values()) == set(home[1].values())


# ------------------------------------------------------------------ the print shop's PNG

def test_the_print_shop_png_is_a_soft_proof_and_the_game_crafter_s_is_rgb(tmp_path):
    """A print shop's PNG is a soft proof: the green field #2e9d4a as FOGRA39 prints its
    separation, within ΔE00 3 of the green drawn (inside the gamut), with the bleed all
    round. The Game Crafter, which takes sRGB, gets the green as drawn (control: the two
    PNGs differ, so the proof is not the RGB artwork)."""
    from generator import render
    from generator.core.destinations import THE_GAME_CRAFTER
    page = Page(148, 210, (rectangle(0, 0, w=148, h=210, paint=Paint(fill="#2e9d4a")),))
    doc = Document((page,), "green", "test", lang="en")
    shown = {}
    for target in (PRINT_SHOP, THE_GAME_CRAFTER):
        press = for_press(NAMED["a5"], target).press
        (path,) = render.save(doc, tmp_path / f"{target.key}.png", fmt=PNG, default_stem="green",
                              allowed=(PNG,),
                              settings=Settings(50, press))
        image = Image.open(path).convert("RGB")
        assert abs(image.width - (148 + 2 * press.bleed) / 25.4 * 50) <= 1
        shown[target.key] = image.getpixel((1, 1))                   # in the bleed, too
    assert shown["thegamecrafter"] == (0x2e, 0x9d, 0x4a)
    assert shown["print-shop"] != shown["thegamecrafter"]
    proof, drawn = transicc("*sRGB", "*Lab", [shown["print-shop"], (0x2e, 0x9d, 0x4a)])
    assert delta_e00(proof, drawn) <= 3


def test_a_soft_proof_converted_band_by_band_is_the_proof_converted_whole(tmp_path,
                                                                          monkeypatch):
    """Past proof.WHOLE pixels a soft proof is read from Ghostscript's TIFF, converted and
    deflated a band at a time (a page at 900 dpi: 1.34 GB whole, 164 MB so). Forced here
    in bands of a few rows: the very pixels of the proof converted whole, at its size."""
    from generator import render
    from generator.render import proof
    page = Page(148, 210, (rectangle(0, 0, w=148, h=210, paint=Paint(fill="#2e9d4a")),
                           rectangle(20, 30, w=60, h=90, paint=Paint(fill="#b00d27"))))
    doc = Document((page,), "two fields", "test", lang="en")
    press = for_press(NAMED["a5"], PRINT_SHOP).press

    def proofed(name: str) -> Image.Image:
        (path,) = render.save(doc, tmp_path / f"{name}.png", fmt=PNG, default_stem=name,
                              allowed=(PNG,),
                              settings=Settings(60, press))
        return Image.open(path).convert("RGB")

    whole = proofed("whole")
    monkeypatch.setattr(proof, "WHOLE", 0)
    monkeypatch.setattr(proof, "BAND", 40_000)
    written: list[int] = []          # pages written band by band, not read whole after all
    monkeypatch.setattr(proof, "png_from_bands", lambda *args, **named: written.append(1) or
                        render.png.png_from_bands(*args, **named))
    banded = proofed("banded")
    assert written == [1] and banded.size == whole.size
    assert ImageChops.difference(banded, whole).getbbox() is None
    # The control: the comparison sees a proof of another page.
    monkeypatch.setattr(proof, "WHOLE", 10**9)
    doc = Document((Page(148, 210, page.shapes[:1]),), "one field", "test", lang="en")
    assert ImageChops.difference(proofed("other"), whole).getbbox() is not None


# ------------------------------------------------------------------ the command line

def test_press_and_ink_limit_options(tmp_path):
    out = tmp_path / "swop.pdf"
    done = pnp("board", "nex", "--for", "print-shop", "--press", "swop", "--ink-limit", "200",
               "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert not pdfx_errors(out, "swop")
    assert pdfx_errors(out, "gracol")                  # control: not the inch paper's default
    booklet = tmp_path / "booklet.pdf"
    assert pnp("booklet", "nex", "--for", "print-shop", "--paper", "letter", "--press",
               "fogra39", "-o", str(booklet)).returncode == 0
    assert not pdfx_errors(booklet, "fogra39")


@pytest.mark.parametrize("args", [
    ["board", "nex", "--press", "swop"],                       # the press is the print shop's
    ["board", "nex", "--ink-limit", "200"],
    ["board", "nex", "--for", "print-shop", "--ink-limit", "350"],
    ["board", "nex", "--for", "print-shop", "--ink-limit", "90"],
    ["board", "nex", "--for", "print-shop", "--press", "fogra"],
    ["booklet", "nex", "--for", "print-shop", "--ink-limit", "301"],
])
def test_bad_press_options_are_one_line(tmp_path, args):
    done = pnp(*args, "-o", str(tmp_path / "x.pdf"))
    assert done.returncode == 2
    assert done.stderr.startswith("pnp: ") and done.stderr.count("\n") == 1
    assert not list(tmp_path.iterdir())
