"""The checks: pure functions from a PDF's facts to the lines of the report, for whom it is
read: a destination (home printing, or a print shop or vendor that takes PDF/X-1a) or
screen readers, so each rule can be tested on its own.

Boxes and positions in the facts are in PDF points; details are given in mm (and pt for
line widths).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from generator.core import printing
from generator.core.destinations import Checks, Destination
from generator.core.paper import NAMED
from generator.core.printing import (
    BLEED_IN,
    BLEED_MM,
    DARK,
    HOME_MARGIN,
    THINNEST_LINE,
    ScreenReader,
)
from generator.core.printing import SHOP_SAFE as SHOP_MARGIN
from generator.core.products import Faces, Kind
from generator.core.units import PT_PER_MM
from generator.preflight.access import AccessFacts
from generator.preflight.access_checks import access_summary, screen_reader_checks
from generator.preflight.facts import (
    SLACK,
    Box,
    Colour,
    PageFacts,
    PdfFacts,
    TextRun,
    darkness,
    ink,
    inside,
    pure_black,
    shrink,
)
from generator.preflight.inks import ink_checks
from generator.preflight.lines import Check, found_on, pages_listed
from generator.preflight.pdfx_checks import (
    check_flavour,
    check_identification,
    check_output_intent,
    check_pdf_version,
    claims_pdfx,
)
from generator.preflight.prepress import (
    check_annotations,
    check_encryption,
    check_overprint,
    check_resolution,
    check_transfer,
)

MAX_INK = printing.INK_LIMIT * 100    # %: total area coverage a press can dry

PAPER_NAMES = {**{p.name: (p.width, p.height) for p in NAMED.values()},
               "A6": (105.0, 148.0), "Legal": (215.9, 355.6), "half Letter": (139.7, 215.9)}


def _mm(pt: float) -> str:
    return f"{pt / PT_PER_MM:.1f}"


def paper_name(width_mm: float, height_mm: float) -> str:
    w, h = sorted((width_mm, height_mm))
    for name, (pw, ph) in PAPER_NAMES.items():
        if abs(w - pw) < 1 and abs(h - ph) < 1:
            return name
    return "custom"


def inch_trim(box: Box) -> bool:
    """Whether a trim size is in inches: both sides whole eighths of an inch."""
    return all(abs(side / 9 - round(side / 9)) * 9 < 0.15
               for side in (box[2] - box[0], box[3] - box[1]))


def _size(box: Box) -> str:
    return f"{_mm(box[2] - box[0])} × {_mm(box[3] - box[1])} mm"


def check_page_size(facts: PdfFacts) -> Check:
    pages = facts.pages
    if not pages:
        return Check("page size", False, "the PDF has no pages")
    sizes: dict[tuple[int, int], list[int]] = {}
    bad: list[str] = []
    for p in pages:
        sheet = p.trim or p.crop or p.media
        w, h = sheet[2] - sheet[0], sheet[3] - sheet[1]
        if w < 1 or h < 1:
            bad.append(f"page {p.number} is empty ({_size(sheet)})")
        short, long = sorted((round(w / PT_PER_MM), round(h / PT_PER_MM)))
        sizes.setdefault((short, long), []).append(p.number)
        for name, box in (("CropBox", p.crop), ("BleedBox", p.bleed), ("TrimBox", p.trim)):
            if box is not None and not inside(box, p.media):
                bad.append(f"page {p.number}: {name} reaches outside the MediaBox")
        if p.trim is not None and p.bleed is not None and not inside(p.trim, p.bleed):
            bad.append(f"page {p.number}: TrimBox reaches outside the BleedBox")
    described = [f"{paper_name(*(float(v) for v in size))} {size[0]:g} × {size[1]:g} mm "
                 f"({len(numbers)} page{'s' if len(numbers) > 1 else ''})"
                 for size, numbers in sizes.items()]
    if len(sizes) > 1:
        bad.append("pages of different sizes: " + ", ".join(described))
    if bad:
        return Check("page size", False, "; ".join(bad[:3]))
    return Check("page size", True, described[0])


def check_boxes(facts: PdfFacts) -> Check:
    missing = [p.number for p in facts.pages if p.trim is None or p.bleed is None]
    if missing:
        which = sorted({name for p in facts.pages for name, box in
                        (("TrimBox", p.trim), ("BleedBox", p.bleed)) if box is None})
        return Check("boxes", False, f"no {' or '.join(which)} on {pages_listed(missing)}")
    return Check("boxes", True, "MediaBox, TrimBox and BleedBox on every page")


def check_bleed(facts: PdfFacts) -> Check:
    least: tuple[float, int, Box] | None = None
    for p in facts.pages:
        if p.trim is None or p.bleed is None:
            continue
        sides = (p.trim[0] - p.bleed[0], p.trim[1] - p.bleed[1],
                 p.bleed[2] - p.trim[2], p.bleed[3] - p.trim[3])
        if least is None or min(sides) < least[0]:
            least = (min(sides), p.number, p.trim)
    if least is None:
        return Check("bleed", False, "no bleed: the pages have no TrimBox and BleedBox")
    value, number, trim = least
    if inch_trim(trim):
        need, shown = BLEED_IN * 72, f"{value / 72:.3f} in"
        wanted = f"{BLEED_IN} in"
    else:
        need, shown = BLEED_MM * PT_PER_MM, f"{value / PT_PER_MM:.1f} mm"
        wanted = f"{BLEED_MM:g} mm"
    if value < need - SLACK:
        return Check("bleed", False, f"{shown} on page {number}, at least {wanted} needed")
    return Check("bleed", True, f"{shown} at least on every side (needs {wanted})")


def check_fonts(facts: PdfFacts) -> Check:
    fonts: dict[str, bool] = {}
    for p in facts.pages:
        for name, ok in p.fonts.items():
            fonts[name] = fonts.get(name, True) and ok
    missing = sorted(name for name, ok in fonts.items() if not ok)
    if missing:
        return Check("fonts", False, f"{len(missing)} of {len(fonts)} not embedded: "
                                     f"{', '.join(missing)}")
    if not fonts:
        return Check("fonts", True, "no fonts")
    return Check("fonts", True, f"all {len(fonts)} embedded")


def check_colour(facts: PdfFacts, shop: bool) -> Check:
    spaces = sorted({s for p in facts.pages for s in p.spaces})
    shown = ", ".join(spaces) if spaces else "none (nothing painted)"
    if not shop:
        return Check("colour", True, shown, info=True)
    count, listed = found_on(facts, _not_for_press)
    if count:
        return Check("colour", False, f"{listed} (PDF/X-1a: DeviceCMYK and DeviceGray only): "
                                      f"{shown}")
    return Check("colour", True, shown)


def _not_for_press(page: PageFacts) -> set[str]:
    """What a page paints with that PDF/X-1a does not allow, each by its kind: RGB, Lab,
    ICC-based (even ICC-based CMYK: X-1a's colour is the output intent's device CMYK)."""
    kinds = {"RGB" for c in page.colours | page.slug if c.family == "rgb"}
    for space in page.spaces:
        if "Lab" in space:
            kinds.add("Lab")
        elif any(key in space for key in ("DeviceRGB", "CalRGB", "ICCBased (RGB)")):
            kinds.add("RGB")
        elif "ICCBased" in space:
            kinds.add("ICC-based colour")
        elif "CalGray" in space:
            kinds.add("CalGray")
    return kinds


def check_ink(facts: PdfFacts, shop: bool) -> Check:
    worst: tuple[float, Colour, int] | None = None
    for p in facts.pages:
        for colour in p.colours:
            amount = ink(colour)
            if amount is not None and (worst is None or amount > worst[0]
                                       or (amount == worst[0] and colour.describe()
                                           < worst[1].describe())):
                worst = (amount, colour, p.number)
    if worst is None:
        return Check("ink", True, "no colours painted", info=not shop)
    amount, colour, number = worst
    source = " (from RGB, naively)" if colour.family == "rgb" else ""
    detail = f"highest {amount:.0f}%{source}: {colour.describe()} on page {number}"
    if not shop:
        return Check("ink", True, detail, info=True)
    if amount > MAX_INK + 0.5:
        return Check("ink", False, f"{detail}; at most {MAX_INK:.0f}%")
    return Check("ink", True, f"{detail} (at most {MAX_INK:.0f}%)")


def check_spots(facts: PdfFacts) -> Check:
    """Spot colours and DeviceN each ask for plates of their own: a four-colour press has
    none to give. The Registration colour (Separation /All) is no spot: it prints on every
    process plate, so it is named, for marks in the slug or on the page (where the ink line
    counts it on all four plates)."""
    count, listed = found_on(facts, lambda p: {s for s in p.spots if not _cutting(s)})
    if count:
        more = f" and {count - 4} more" if count > 4 else ""
        return Check("spot colours", False, f"{listed}{more} (CMYK and Gray only: each needs "
                                            f"a plate of its own)")
    named = []
    cuts, where = found_on(facts, lambda p: {s for s in p.spots if _cutting(s)})
    if cuts:
        named.append(f"{where} (a cutter's line, on no printing plate)")
    marks, where = found_on(facts, lambda p: _registration(p.slug))
    if marks:
        named.append(f"{where} (the Registration colour, on every plate: marks in the "
                     f"slug, trimmed away)")
    printed, where = found_on(facts, lambda p: _registration(p.colours))
    if printed:
        named.append(f"{where} (the Registration colour, on every plate, in the printed "
                     f"area)")
    if named:
        return Check("spot colours", True, f"none printed; {'; '.join(named)}")
    return Check("spot colours", True, "none, and no DeviceN")


def _registration(colours: set[Colour]) -> set[str]:
    """The Registration colour's spaces among COLOURS, as the file names them."""
    return {c.space for c in colours if c.family == "all"}


# Spot colours that cutters and die-makers read and no press prints: the names cutting RIPs
# and print vendors' die-line conventions use (CutContour: Roland VersaWorks, Summa, Mimaki).
CUTTING_SPOTS = ("CutContour", "Thru-cut", "Die", "DieCut", "KissCut")


def _cutting(space: str) -> bool:
    return any(space.rstrip(")").endswith(name) for name in CUTTING_SPOTS)


def check_transparency(facts: PdfFacts) -> Check:
    """PDF/X-1a has no transparency: what a press's RIP would flatten, differently from a
    viewer, fails here."""
    count, listed = found_on(facts, lambda p: p.transparency)
    if count:
        return Check("transparency", False, f"{listed} (PDF/X-1a has none: flatten it)")
    return Check("transparency", True, "none: no soft masks, alpha or blend modes")


def check_limits(facts: PdfFacts) -> Check:
    """What the reading could not afford: the other lines then speak of what was read."""
    return Check("limits", False, "; ".join(facts.limits[:3]))


def check_black_text(facts: PdfFacts) -> Check:
    runs = [t for p in facts.pages for t in p.texts if t.colour is not None]
    black = [t for t in runs if (darkness(t.colour) or 0) >= DARK]   # type: ignore[arg-type]
    wrong = [t for t in black if t.colour is not None and not pure_black(t.colour)]
    if wrong:
        first = wrong[0]
        assert first.colour is not None
        return Check("black text", False,
                     f"{len(wrong)} of {len(black)} black text runs not 100% K only, e.g. "
                     f"'{first.text[:24]}' on page {first.page} in {first.colour.describe()}")
    counted = f"{len(black)} black text run{'' if len(black) == 1 else 's'}"
    return Check("black text", True, f"{counted}, all 100% K only")


def check_thinnest_line(facts: PdfFacts) -> Check:
    widths = [(p.thinnest, p.number) for p in facts.pages if p.thinnest is not None]
    if not widths:
        return Check("thinnest line", True, "no stroked lines")
    width, number = min(widths)
    detail = f"{width:.2f} pt ({width / PT_PER_MM:.2f} mm) on page {number}"
    if width < THINNEST_LINE - 1e-6:
        return Check("thinnest line", False, f"{detail}, under {THINNEST_LINE} pt")
    return Check("thinnest line", True, f"{detail} (at least {THINNEST_LINE} pt)")


def check_safe_zone(facts: PdfFacts, shop: bool, *, safe: float | None = None) -> Check:
    """Text inside the margin that SAFE (mm) gives, the one a vendor names for itself, or by
    default home printing's margin or a print shop's safe zone."""
    margin = safe if safe is not None else SHOP_MARGIN if shop else HOME_MARGIN
    what = "safe zone" if shop else "printer margin"
    outside: list[TextRun] = []
    count = 0
    for p in facts.pages:
        zone = shrink(p.trim or p.crop or p.media, margin * PT_PER_MM)
        for run in p.texts:
            count += 1
            if not inside(run.box, zone):
                outside.append(run)
    if outside:
        first = outside[0]
        return Check("safe zone", False,
                     f"{len(outside)} of {count} text runs outside the {margin:g} mm {what}, "
                     f"e.g. '{first.text[:24]}' at {_mm(first.box[0])}, {_mm(first.box[1])} mm "
                     f"on page {first.page}")
    every = "the 1 text run" if count == 1 else f"all {count} text runs"
    return Check("safe zone", True, f"{every} inside the {margin:g} mm {what}")


def is_booklet(facts: PdfFacts) -> bool:
    return "booklet" in facts.title.lower()


def imposed_two_up(facts: PdfFacts) -> bool:
    """Every page is landscape: sides of sheets that each carry two booklet pages, as a
    booklet imposed for printing at home is."""
    return bool(facts.pages) and all(
        p.media[2] - p.media[0] > p.media[3] - p.media[1] for p in facts.pages)


def check_page_count(facts: PdfFacts, booklet: bool) -> Check:
    count = len(facts.pages)
    if not booklet:
        return Check("page count", True, f"{count} page{'s' if count != 1 else ''}",
                     info=True)
    pages, what = count, f"{count} pages"
    if imposed_two_up(facts):
        pages, what = 2 * count, f"{2 * count} pages ({count} sides, two pages a side)"
    if pages % 4:
        return Check("page count", False, f"{what}: a booklet needs a multiple of 4")
    return Check("page count", True, f"{what}, a multiple of 4 for a booklet")


def check_deck(facts: PdfFacts, destination: Destination) -> list[Check]:
    """For a vendor that prints a deck alone, at one card size, one card a page: every
    page the card's trim, and the pages in its order (DriveThruCards: each card's back
    before its face, so every odd page is the back they share)."""
    products = list(destination.products.values())
    deck = products[0] if len(products) == 1 and products[0].kind is Kind.CARDS else None
    if deck is None or deck.card is None:
        return []
    card = deck.card
    wrong = [p.number for p in facts.pages
             if not _is_size(p.trim or p.media, card.width, card.height)]
    size = Check("card size", not wrong and bool(facts.pages),
                 f"{card} cards, {card.width:.1f} × {card.height:.1f} mm trimmed" if not wrong
                 else f"{pages_listed(wrong)} not {card} cards ({card.width:.1f} × "
                      f"{card.height:.1f} mm trimmed)")
    if deck.faces is not Faces.BACK_FIRST:
        return [size]
    looks = [_look(p) for p in facts.pages]
    backs = looks[0::2]
    first = len(looks) % 2 == 0 and len(set(backs)) == 1 and len(looks) > 2 and \
        len(set(looks[1::2])) > 1
    order = Check("page order", first,
                  "each card's back, then its face" if first else
                  f"{destination.described} asks for each card's back before its face: "
                  f"every odd page the back the cards share")
    return [size, order]


def _is_size(box: Box, width: float, height: float) -> bool:
    w, h = (box[2] - box[0]) / PT_PER_MM, (box[3] - box[1]) / PT_PER_MM
    return abs(w - width) < 0.5 and abs(h - height) < 0.5


def _look(page: PageFacts) -> tuple[object, ...]:
    """What a page shows, as far as telling two cards apart goes: its text where it stands,
    and its colours."""
    return (tuple(sorted((t.text, round(t.box[0]), round(t.box[1])) for t in page.texts)),
            frozenset(c.describe() for c in page.colours))


Reader = Destination | ScreenReader


def checks(facts: PdfFacts, reader: Reader, *, booklet: bool | None = None) -> list[Check]:
    """The report for whom the file is read: a destination (home printing, or a print shop
    or vendor, which adds boxes, bleed, CMYK/Gray only, no spot colours, total ink, no
    transparency and black text; the PDF/X flavour a vendor names; its safe zone; a deck's
    card size and page order) or screen readers (the accessibility lines alone,
    generator.preflight.access_checks). `booklet` None: when the title says so. A reading
    stopped by its budget fails first."""
    if isinstance(reader, ScreenReader):
        access = screen_reader_checks(facts.access or AccessFacts())
        return ([check_limits(facts)] if facts.limits else []) + access
    if reader.checks is None:
        raise ValueError(f"pnp checks no PDF for {reader.described}")
    shop = reader.checks is Checks.PRINT_SHOP
    result = [check_limits(facts)] if facts.limits else []
    result.append(check_page_size(facts))
    if shop:
        result += [check_boxes(facts), check_bleed(facts)]
    result.append(check_fonts(facts))
    result.append(check_colour(facts, shop))
    if shop:
        result.append(check_spots(facts))
    result.append(check_ink(facts, shop))
    if shop:
        result += [check_transparency(facts), check_black_text(facts)]
        result += ink_checks(facts)
    result += [check_thinnest_line(facts), check_safe_zone(facts, shop, safe=reader.margin),
               check_page_count(facts, is_booklet(facts) if booklet is None else booklet)]
    if shop:
        result += [check_overprint(facts), check_resolution(facts), check_annotations(facts),
                   check_transfer(facts), check_encryption(facts)]
    if shop or claims_pdfx(facts):     # a file that says it is PDF/X is held to it
        result += [check_identification(facts), check_output_intent(facts),
                   check_pdf_version(facts, shop)]
    if reader.pdfx_named:
        result.append(check_flavour(facts, reader.pdfx, who=reader.described))
    result += check_deck(facts, reader)
    if facts.access is not None:
        result.append(access_summary(facts.access))
    return result


def report_lines(results: Sequence[Check]) -> Iterator[str]:
    width = max((len(c.name) for c in results), default=0)
    for c in results:
        mark = "info" if c.info else "warn" if c.warning else "pass" if c.passed else "FAIL"
        yield f"{mark}  {c.name:{width}}  {c.detail}"
