"""What a PDF carries for cutting rather than printing: cut lines as the spot colour
`CutContour`, and crop marks in a slug outside the bleed.

CutContour: the name cutting RIPs (Roland VersaWorks, Summa, Mimaki, Graphtec) and print
vendors' die lines read as "cut here". It is a Separation colour of its own (alternate 100%
magenta, so a viewer shows it), stroked, and set to overprint: on press it knocks nothing
out of the artwork under it, and the separation prints on no process plate, so the print
does not show it while the cutter follows it. A shop's PNG and soft proof leave it out.

Crop marks: short lines in line with the trim's edges, starting CROP_GAP past the bleed so
no trimmed edge shows one, in the registration colour (Separation /All) that prints on every
plate, on a page enlarged by SLUG beyond the BleedBox. The MediaBox takes the slug; TrimBox
and BleedBox stay where they were, so a shop that imposes the pages itself ignores it.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import CMYKColorSep

from generator.core.geometry import Point
from generator.core.scene import (
    ARTIFACT,
    Circle,
    Clip,
    Group,
    Page,
    Paint,
    Path,
    Role,
    Shape,
)

CUT_CONTOUR = "CutContour"
CROP_GAP = 1.0          # mm between the bleed's edge and a crop mark
CROP_LENGTH = 5.0       # mm
SLUG = CROP_GAP + CROP_LENGTH + 1.0   # mm of page past the bleed that holds the marks
CROP_WIDTH = 0.1        # mm (0.28 pt): above the 0.25 pt a press holds
# A printer's mark, read by no one: an Artifact of type Page (ISO 32000-1, 14.8.2.2).
PRINTERS_MARK = Role(ARTIFACT, group="Page")
# Drawn in the registration colour: the writer knows these by their paint.
REGISTRATION_PAINT = Paint(stroke="#000000", width=CROP_WIDTH, round_caps=False)


def cut_contour_colour() -> CMYKColorSep:
    """The CutContour spot colour at full tint; its alternate shows it as magenta."""
    return CMYKColorSep(0, 1, 0, 0, spotName=CUT_CONTOUR, density=1)


def registration_colour() -> CMYKColorSep:
    """The registration colour: Separation /All, on every plate."""
    return CMYKColorSep(1, 1, 1, 1, spotName="All", density=1)


def set_cut_contour(canvas: Any) -> None:
    """Stroke in CutContour, overprinting (the caller saves and restores the state)."""
    canvas.setStrokeColor(cut_contour_colour())
    canvas.setStrokeOverprint(True)


def crop_marks(page: Page, bleed: float) -> list[Shape]:
    """Marks at the four corners of the trim, outside the bleed, in page mm (y down)."""
    near, far = bleed + CROP_GAP, bleed + CROP_GAP + CROP_LENGTH
    w, h = page.width, page.height
    lines = []
    for x in (0.0, w):
        lines += [(Point(x, -far), Point(x, -near)), (Point(x, h + near), Point(x, h + far))]
    for y in (0.0, h):
        lines += [(Point(-far, y), Point(-near, y)), (Point(w + near, y), Point(w + far, y))]
    return [Path(tuple((a, b) for a, b in lines), REGISTRATION_PAINT, role=PRINTERS_MARK)]


def is_mark(shape: Shape) -> bool:
    return isinstance(shape, Path) and shape.role is PRINTERS_MARK


def cut_lines(page: Page) -> list[Path]:
    """Every line to cut along on the page (wherever clips and groups put it)."""
    found: list[Path] = []

    def walk(shapes: tuple[Shape, ...]) -> None:
        for shape in shapes:
            if isinstance(shape, (Clip, Group)):
                walk(shape.shapes)
            elif isinstance(shape, Path) and shape.paint.cut:
                found.append(shape)
            elif isinstance(shape, Circle) and shape.paint.cut:
                raise TypeError("cut lines are paths")
    walk(page.shapes)
    return found
