"""What a page holds that a press prints otherwise than a screen shows, read while the page
is interpreted: white set to overprint, transfer functions, transparency groups, images by
their effective resolution, annotations over the printed area, and what is painted wholly
outside the bleed (a layout program's crop and registration marks, trimmed away).
"""

from __future__ import annotations

import math

import pikepdf

from generator.core.units import PT_PER_MM
from generator.preflight.facts import SLACK, Box, Colour, Matrix, Placed, ink, inside
from generator.preflight.resources import Operand

# Annotations PDF/X lets stand on the printed area: a printer's marks and trapping.
PRINTING_ANNOTATIONS = {"/PrinterMark", "/TrapNet"}
MAX_ANNOTATIONS = 4096     # read on a page; a page that holds more is no print file anyway


def is_white(colour: Colour) -> bool:
    """No ink at all: white on a press, which overprinting turns into nothing."""
    amount = ink(colour)
    return colour.family != "none" and amount is not None and amount < 0.5


def transfer_functions(state: pikepdf.Object) -> list[str]:
    """The transfer functions an ExtGState sets (TR, or TR2 but its /Default)."""
    found = []
    if "/TR" in state:
        found.append("TR")
    if "/TR2" in state and str(state["/TR2"]) != "/Default":
        found.append("TR2")
    return found


def transparency_group(obj: pikepdf.Object) -> bool:
    """Whether a page or form XObject has a transparency group (/Group /S /Transparency)."""
    group = obj.get("/Group")
    return (group is not None and hasattr(group, "get")
            and str(group.get("/S", "")) == "/Transparency")


def placed(width: pikepdf.Object | None, height: pikepdf.Object | None,
           *, ctm: Matrix) -> Placed | None:
    """An image of width × height pixels drawn through `ctm` (the unit square, as every
    image is): its effective resolution, in pixels per inch along each side, the fewer."""
    if width is None or height is None:
        return None
    try:
        pixels = int(width), int(height)
    except (TypeError, ValueError):
        return None
    across, up = math.hypot(ctm[0], ctm[1]), math.hypot(ctm[2], ctm[3])
    if min(pixels) < 1 or across <= 0 or up <= 0:
        return None
    ppi = min(pixels[0] / (across / 72), pixels[1] / (up / 72))
    return Placed(ppi, pixels, (across, up))


def lower(found: Placed | None, known: Placed | None) -> Placed | None:
    if found is None:
        return known
    return found if known is None or found.ppi < known.ppi else known


def extend(extent: list[float] | None, ctm: Matrix, *, x: float, y: float) -> list[float]:
    """The extent (x0, y0, x1, y1 in default user space) grown to take in a point."""
    px, py = x * ctm[0] + y * ctm[2] + ctm[4], x * ctm[1] + y * ctm[3] + ctm[5]
    if extent is None:
        return [px, py, px, py]
    extent[0], extent[1] = min(extent[0], px), min(extent[1], py)
    extent[2], extent[3] = max(extent[2], px), max(extent[3], py)
    return extent


PATH_POINTS = frozenset(("m", "l", "c", "v", "y", "re", "n"))


class PathReach:
    """Whether the path being built reaches the printed area, told subpath by subpath (a
    layout program may stroke all four corners' crop marks as one path): a subpath's extent
    is its points', the control points of a curve bounding it."""

    __slots__ = ("area", "current", "reaches", "seen")

    def __init__(self, area: Box | None):
        self.area = area
        self.current: list[float] | None = None
        self.reaches = self.seen = False

    @staticmethod
    def for_page(media: Box, area: Box | None) -> PathReach:
        """Paths measured only on a page larger than its printed area: a page without a
        slug (pnp's own, whose MediaBox is the BleedBox) costs no measuring."""
        if area is None or inside(media, area):
            return NO_SLUG
        return PathReach(area)

    def step(self, op: str, args: list[Operand], *, ctm: Matrix) -> None:
        """One of PATH_POINTS."""
        if op == "n":
            self.clear()
            return
        if op in ("m", "re"):
            self._close()
        if op == "re":
            x, y, w, h = (float(v) for v in args[:4])
            for px, py in ((x, y), (x + w, y + h), (x, y + h), (x + w, y)):
                self.current = extend(self.current, ctm, x=px, y=py)
            self._close()
            return
        for i in range(0, len(args) - 1, 2):
            self.current = extend(self.current, ctm, x=float(args[i]), y=float(args[i + 1]))

    def _close(self) -> None:
        if self.current is not None:
            self.seen = True
            self.reaches = self.reaches or not outside(self.current, self.area)
            self.current = None

    def in_slug(self, text: Box | None = None) -> bool:
        """Whether the run of `text`, else every subpath, lies wholly outside the printed
        area."""
        if text is not None:
            return outside(text, self.area)
        self._close()
        return self.seen and not self.reaches

    def clear(self) -> None:
        self.current, self.reaches, self.seen = None, False, False


class _NoSlug(PathReach):
    """A page with nothing outside its printed area: nothing to measure."""

    def step(self, op: str, args: list[Operand], *, ctm: Matrix) -> None:
        pass

    def in_slug(self, text: Box | None = None) -> bool:
        return False

    def clear(self) -> None:
        pass


NO_SLUG = _NoSlug(None)


def outside(extent: list[float] | tuple[float, ...] | None, area: Box | None) -> bool:
    """Whether what covers `extent` lies wholly outside `area` (touching its edge is
    outside): trimmed away, never printed on the sheet."""
    if extent is None or area is None:
        return False
    return (extent[2] <= area[0] + SLACK or extent[0] >= area[2] - SLACK
            or extent[3] <= area[1] + SLACK or extent[1] >= area[3] - SLACK)


def annotations_over(page: pikepdf.Object, area: Box | None) -> list[str]:
    """The annotations over the printed area (the BleedBox, else the TrimBox, else the
    MediaBox) but printer's marks and trap networks, each as "Link at 20.0, 30.0 mm"."""
    listed = page.get("/Annots")
    if listed is None or area is None or not hasattr(listed, "__len__"):
        return []
    found = []
    for number in range(min(len(listed), MAX_ANNOTATIONS)):
        annotation = listed[number]
        if not hasattr(annotation, "get"):
            continue
        subtype = str(annotation.get("/Subtype", "/an unknown kind"))
        rect = annotation.get("/Rect")
        if subtype in PRINTING_ANNOTATIONS or rect is None or len(rect) != 4:
            continue
        try:
            x0, y0, x1, y1 = (float(v) for v in rect)
        except (TypeError, ValueError):
            continue
        box = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
        if not outside(box, area):
            found.append(f"{subtype.lstrip('/')} at {box[0] / PT_PER_MM:.1f}, "
                         f"{box[1] / PT_PER_MM:.1f} mm")
    return found
