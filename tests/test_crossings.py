"""Every crossing holds: each game, edition and item (its kit too), for each destination and
paper, is either refused by name before anything is drawn, or made as the destination's
product, in a file of the size the destination's template gives, that passes `pnp check
--for` that destination where pnp checks its files; and no file says anything its
destination does not print (crop marks, a ruler, a craft knife).

The home and print-shop files are the run's catalogue build (their every PDF is checked by
the catalogue sweeps, tests/test_print_shop.py and tests/test_render.py): here each request
is held to have its file there. The vendors' products, which no catalogue of the run holds,
are made here, each game's once."""

from __future__ import annotations

import dataclasses
import io
import itertools
import zipfile
from pathlib import Path

import pytest
from in_process import run_pnp
from PIL import Image

from generator.app.contents import Entry, entries
from generator.app.product_checks import product_paper
from generator.app.requests import ItemRequest, content, item_request
from generator.core.destinations import DESTINATIONS, HOME, PRINT_SHOP, Destination
from generator.core.formats import PDF, PNG, ZIP
from generator.core.paper import PAPERS, for_press
from generator.core.products import Kind
from generator.core.scene import Document, Text
from generator.core.units import MM_PER_INCH
from generator.games import GAMES
from generator.games.game import OptionError
from generator.games.items import WHOLE_KIT
from generator.render import render

PAPER_CHOICES = (None, "letter")      # None: the paper not given (A4)


def crossings():
    """(game, variant, options, item, destination, paper) over the whole cross product."""
    for game in GAMES.values():
        for (variant, options), item, place, paper in itertools.product(
                game.variants(), (*game.items, WHOLE_KIT), DESTINATIONS.values(),
                PAPER_CHOICES):
            if item == WHOLE_KIT or item in game.items_for(options):
                yield game, variant, options, item, place, paper


def ask(game, variant, item, place: Destination, paper: str | None):
    values = {"target": place.key}
    if variant != "standard":
        values["edition"] = variant
    if paper is not None:
        values["paper"] = paper
    return item_request(game, item, values=values, given=set(values) - {"edition"})


@pytest.fixture(scope="module")
def answered():
    """Each crossing's request, or the sentence it was refused with."""
    out = {}
    for game, variant, _options, item, place, paper in crossings():
        try:
            out[game.key, variant, item.key, place.key, paper] = ask(game, variant, item,
                                                                   place, paper)
        except OptionError as err:
            out[game.key, variant, item.key, place.key, paper] = str(err)
    return out


def test_each_crossing_is_made_or_refused_by_name(answered):
    """A refusal names the destination and what it does print (or why the paper or the
    item cannot be), in one line; every destination makes something of some game."""
    made_for = set()
    for (game, _variant, item, place, paper), answer in answered.items():
        if isinstance(answer, ItemRequest):
            made_for.add(place)
            assert answer.destination.key == place
            continue
        assert "\n" not in answer and "Traceback" not in answer
        where = DESTINATIONS[place]
        sold = where.product(GAMES[game].item_named(item).kind)
        if sold is None and item != "kit":
            assert f"{where.described} {where.verb} {where.sells}, not" in answer, answer
        elif paper is not None and sold is not None and (sold.trim or sold.card):
            assert "at its own size" in answer, answer
        else:
            assert where.described in answer or "paper" in answer, answer
    # Books are made by `pnp booklet` and `pnp record`, the rest by the item commands.
    assert made_for == {key for key, place in DESTINATIONS.items()
                        if any(kind is not Kind.BOOK for kind in place.products)}
    assert "tabletop-simulator" in made_for
    # Control: a request across a crossing the table has no product for is refused.
    with pytest.raises(OptionError, match="DriveThruCards prints cards, not boards"):
        ask(GAMES["hex"], "standard", GAMES["hex"].item_named("board"),
            DESTINATIONS["drivethrucards"], None)


def test_each_home_and_print_shop_request_is_in_the_catalogue(answered, catalogue_folder):
    """What the command line makes at home and for a print shop, the catalogue holds, at
    the path the catalogue gives it (and its sweeps check every PDF of it)."""
    files = {p.relative_to(catalogue_folder) for p in catalogue_folder.rglob("*")}
    papers = [*PAPERS.values(), *(for_press(p, PRINT_SHOP) for p in PAPERS.values())]
    listed = {(e.game.key, e.variant, e.item.key, e.paper.press.destination.key,
               e.paper.name): e for e in entries(sorted(GAMES), papers)
              if e.backs is None and e.fmt == PDF}
    found = 0
    for (game, variant, item, place, paper), answer in answered.items():
        if not isinstance(answer, ItemRequest) or place not in (HOME.key, PRINT_SHOP.key):
            continue
        key = (game, variant, item, place, PAPERS[paper or "a4"].name)
        entry: Entry = listed[key]
        assert entry.path(Path(".")) in files, entry.path(Path("."))
        found += 1
    assert found > 100


def pixels(mm: float, dpi: int = 300) -> int:
    return round(mm / MM_PER_INCH * dpi)


@pytest.fixture(scope="module")
def vendor_products(answered):
    """Each vendor product made, once a game, variant and item, with what it draws (a
    virtual table's kits are the tests of tests/test_tabletop*.py)."""
    return [(answer, content(answer)) for (_g, _v, _i, _place, paper), answer in answered.items()
            if isinstance(answer, ItemRequest) and answer.destination.shop
            and answer.destination != PRINT_SHOP and paper is None]


def test_a_vendors_products_are_its_templates_sizes(vendor_products, tmp_path):
    """The Game Crafter's quad-fold board 5475 px square, its and MakePlayingCards' poker
    faces 825 × 1125 and 822 × 1122 px, DriveThruCards' deck 2.75 × 3.75 in a page passing
    its own check; a vendor's kit a zip of those products and a note of what to order.
    Each product's pages are measured; one page of each kind of product is drawn."""
    sizes = {}
    for request, drawn in vendor_products:
        if request.parts:
            data = render(drawn, ZIP, target=Path("kit.zip"))[0][1]
            with zipfile.ZipFile(io.BytesIO(data)) as kit:
                names = kit.namelist()
            assert "ORDER.txt" in names and len(names) > 2
            continue
        assert isinstance(drawn, Document)
        kind = request.destination.key, request.item.key
        first = kind not in sizes
        sizes.setdefault(kind, set()).update(
            (round(p.width, 1), round(p.height, 1)) for p in drawn.pages)
        if not first:
            continue
        bleed = request.paper.press.bleed
        if request.fmt == PNG:
            page = dataclasses.replace(drawn, pages=drawn.pages[:1])
            [(_path, png)] = render(page, PNG, target=Path("one.png"),
                                    press=request.settings.press)
            with Image.open(io.BytesIO(png)) as image:
                width, height = drawn.pages[0].width, drawn.pages[0].height
                assert image.size == (pixels(width + 2 * bleed), pixels(height + 2 * bleed))
                assert image.mode == "RGB"
        else:
            assert request.fmt == PDF
            path = tmp_path / f"{request.stem}.pdf"
            path.write_bytes(render(drawn, PDF, target=path, press=request.settings.press)[0][1])
            checked = run_pnp("check", "--for", request.destination.key, str(path), text=True)
            assert checked.returncode == 0, checked.stdout
    quad = 18 * MM_PER_INCH
    assert sizes["thegamecrafter", "board"] == {(round(quad, 1), round(quad, 1))}
    assert pixels(quad + 2 * 0.125 * MM_PER_INCH) == 5475
    poker = {(63.5, 88.9)}
    assert sizes["thegamecrafter", "cards"] == sizes["makeplayingcards", "cards"] == poker
    assert sizes["drivethrucards", "cards"] == poker


def test_the_drivethrucards_check_holds_a_deck_to_its_order_and_size(tmp_path):
    """Control: a print shop's 63 × 88 mm deck, face first, fails DriveThruCards' check on
    both counts, where DriveThruCards' own deck passes."""
    assert run_pnp("cards", "blind-hex", "--for", "print-shop", "-o",
                   str(tmp_path / "shop.pdf")).returncode == 0
    checked = run_pnp("check", "--for", "drivethrucards", str(tmp_path / "shop.pdf"),
                      text=True)
    assert checked.returncode == 1
    failing = [line.split()[1:3] for line in checked.stdout.splitlines()
               if line.startswith("FAIL")]
    assert ["card", "size"] in failing and ["page", "order"] in failing
    assert run_pnp("cards", "blind-hex", "--for", "drivethrucards", "-o",
                   str(tmp_path / "dtc.pdf")).returncode == 0
    assert run_pnp("check", "--for", "drivethrucards", str(tmp_path / "dtc.pdf")
                   ).returncode == 0


# What a page may say only where its destination prints it: crop marks and the ruler are
# drawn at home alone, and a vendor cuts its own products.
HOME_ONLY = ("crop marks", "ruler at the foot", "calibration sheet", "folded cards")
NOT_FOR_VENDORS = ("craft knife", *HOME_ONLY)


def test_no_file_says_what_its_destination_does_not_print(vendor_products, catalogue_folder,
                                                          pdf_texts):
    """A print shop's files name no crop marks, ruler, calibration sheet or folded kit (it
    has none of them); a vendor's products no craft knife either. Control: the home files
    say them."""
    shop = sorted((catalogue_folder / PRINT_SHOP.folder).rglob("*.pdf"))
    assert shop
    for path in shop:
        text = pdf_texts.text(path).replace("\n", " ")
        assert not [phrase for phrase in HOME_ONLY if phrase in text], path
    home = " ".join(pdf_texts.text(p).replace("\n", " ")
                    for p in sorted(catalogue_folder.glob("*/*kit-a4.pdf")))
    assert all(phrase in home for phrase in HOME_ONLY[:3])
    for request, drawn in vendor_products:
        words = " ".join(s.text for page in getattr(drawn, "pages", ()) for s in page.shapes
                         if isinstance(s, Text))
        assert not [phrase for phrase in NOT_FOR_VENDORS if phrase in words], request.stem


@pytest.mark.parametrize("vendor, game, products, sells", [
    ("drivethrucards", "blind-hex", ["cards-cards-poker.pdf"], "cards"),
    ("thegamecrafter", "hex", ["standard-board-18x18in.png"], "cards and boards")])
def test_a_build_for_a_vendor_makes_its_products_and_says_what_it_left_out(
        tmp_path, vendor, game, products, sells):
    """`pnp build --for VENDOR` writes its products in its folder and nothing it does not
    print (nor its products among the home files), and names in one line what it left out;
    the index page lists the products under the vendor's name."""
    out = tmp_path / "out"
    result = run_pnp("build", game, "--for", vendor, "--paper", "a4", "--out", str(out),
                     text=True)
    assert result.returncode == 0, result.stderr
    left = [line for line in result.stderr.splitlines() if "left out for" in line]
    assert len(left) == 1 and f"(it prints {sells})" in left[0] and "rules" in left[0]
    made = sorted(p.name for p in (out / vendor).rglob("*") if p.is_file())
    assert made == products
    assert not [p for p in (out / game).iterdir() if "18x18" in p.name or "poker" in p.name]
    index = (out / "index.html").read_text()
    assert f"For {DESTINATIONS[vendor].described}" in index
    assert all(f"{vendor}/{game}/{name}" in index for name in products)
    if vendor == "drivethrucards":
        checked = run_pnp("check", "--for", vendor, str(out / vendor / game / products[0]))
        assert checked.returncode == 0


def test_the_kits_other_layouts_are_in_the_catalogue(catalogue_folder):
    """The guide of a kit printed back to back sends the player to the calibration sheet
    and to the kit laid out to fold: both are in the catalogue and on its index page."""
    index = (catalogue_folder / "index.html").read_text()
    for name in ("cards-kit-gutter-fold-a4.pdf", "cards-kit-calibration-a4.pdf"):
        assert (catalogue_folder / "blind-hex" / name).exists()
        assert f"blind-hex/{name}" in index
    # Hex and Hex KB print nothing back to back (Hex KB's solution has a sheet of its own).
    for game in ("hex", "hex-kb"):
        assert not list((catalogue_folder / game).glob("*calibration*"))
        assert not list((catalogue_folder / game).glob("*gutter-fold*"))


def test_a_fixed_product_takes_no_paper():
    board = GAMES["hex"].item_named("board")
    product = DESTINATIONS["thegamecrafter"].product(board.kind)
    assert product is not None
    paper = product_paper(PAPERS["a4"], product, given=False, described="x")
    assert paper.width == paper.height == pytest.approx(18 * MM_PER_INCH)
    with pytest.raises(OptionError, match="at its own size"):
        product_paper(PAPERS["a4"], product, given=True, described="x")
