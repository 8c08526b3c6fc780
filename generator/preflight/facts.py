"""The plain facts the reader gathers from a PDF, and the geometry and ink arithmetic the
reader and the checks share.

Units: boxes and positions are in PDF points (1/72 in) in default user space.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from generator.core import printing
from generator.preflight.access import AccessFacts

SLACK = 0.05                   # pt: rounding allowed when comparing positions

Matrix = tuple[float, float, float, float, float, float]
Box = tuple[float, float, float, float]   # x0, y0, x1, y1 with x0 <= x1, y0 <= y1
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

# Colour families: gray, rgb, cmyk; "process" (a Separation naming one process plate, whose
# values are already spread over C, M, Y, K), "spot" (a Separation on a plate of its own),
# "all" (Separation /All: the registration colour, on every plate), "none" (Separation
# /None, which paints nothing), "devicen", and "other" (patterns, Lab, unknown).


@dataclass(frozen=True)
class Colour:
    """A colour as painted: its space's name, family and components in that family (0..1;
    for CMYK, process, spot and DeviceN, ink amounts)."""
    space: str
    family: str
    values: tuple[float, ...]

    def describe(self) -> str:
        return f"{self.space} {' '.join(f'{v:.2f}' for v in self.values)}".strip()


# Slots: a page of small text can hold many thousands of runs.
@dataclass(frozen=True, slots=True)
class TextRun:
    page: int
    box: Box                 # the run's extent in default user space, approximately
    size: float              # pt, as it appears on the page
    text: str
    colour: Colour | None    # fill colour, None for invisible text


@dataclass
class PageFacts:
    number: int
    media: Box
    crop: Box | None = None
    trim: Box | None = None
    bleed: Box | None = None
    spaces: set[str] = field(default_factory=set)       # colour spaces painted with
    colours: set[Colour] = field(default_factory=set)   # vector and text colours painted
    thinnest: float | None = None                       # pt, strokes and stroked text
    texts: list[TextRun] = field(default_factory=list)
    fonts: dict[str, bool] = field(default_factory=dict)   # font name: embedded
    spots: set[str] = field(default_factory=set)           # spaces with plates of their own
    transparency: set[str] = field(default_factory=set)    # what painted see-through
    # What a press would print otherwise than the screen shows (generator.preflight.prepress)
    slug: set[Colour] = field(default_factory=set)       # painted wholly outside the bleed
    overprint_white: set[str] = field(default_factory=set)  # white set to overprint
    transfer: set[str] = field(default_factory=set)      # transfer functions set
    annotations: list[str] = field(default_factory=list)  # on the printed area
    image: Placed | None = None                          # the image of least resolution


@dataclass(frozen=True, slots=True)
class Placed:
    """An image as drawn: its pixels and its size on the page (pt), and so its effective
    resolution, the fewer pixels per inch of its two directions."""
    ppi: float
    pixels: tuple[int, int]
    size: tuple[float, float]


@dataclass
class PdfFacts:
    pages: list[PageFacts]
    title: str = ""
    limits: list[str] = field(default_factory=list)   # budgets the reading ran into
    document: DocumentFacts | None = None             # what the file says of itself
    access: AccessFacts | None = None                 # what it offers a screen reader
    encryption: str = ""                              # "AES-256": opened with no password


@dataclass(frozen=True, slots=True)
class Intent:
    """An OutputIntent: its subtype (GTS_PDFX), the condition it names and where that is
    registered, and its embedded profile's class and colour space ("prtr CMYK"), "" when
    none is embedded."""
    subtype: str
    identifier: str
    registry: str
    profile: str


@dataclass(frozen=True)
class DocumentFacts:
    """The file's own claims: its PDF version and whether it holds object streams, the
    document information's PDF/X keys, Title and dates, the same read from its XMP packet
    (keys as "pdfx:GTS_PDFXVersion", "pdfxid:GTS_PDFXVersion", "xmp:CreateDate"), and its
    OutputIntents."""
    version: str
    object_streams: bool
    info: dict[str, str]
    xmp: dict[str, str]
    intents: tuple[Intent, ...]
    xmp_problem: str = ""         # why the XMP packet could not be read, if it could not


# ---------------------------------------------------------------- matrices and boxes

def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n, in PDF's row-vector convention (m × n)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s,
            e * p + f * r + t, e * q + f * s + u)


def apply(m: Matrix, x: float, *, y: float) -> tuple[float, float]:
    return x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]


def smallest_scale(m: Matrix) -> float:
    """The least a length can be stretched by the matrix (its smaller singular value)."""
    a, b, c, d = m[:4]
    total = a * a + b * b + c * c + d * d
    det = a * d - b * c
    return math.sqrt(max(0.0, (total - math.sqrt(max(0.0, total * total - 4 * det * det))) / 2))


def inside(inner: Box, outer: Box, *, slack: float = SLACK) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack
            and inner[2] <= outer[2] + slack and inner[3] <= outer[3] + slack)


def shrink(box: Box, by: float) -> Box:
    return box[0] + by, box[1] + by, box[2] - by, box[3] - by


# ---------------------------------------------------------------- colours and ink

def ink(colour: Colour) -> float | None:
    """Total ink in percent: CMYK, process, spot and DeviceN amounts summed, gray as K, the
    registration colour on every process plate, RGB through a naive conversion (K = 1 − max,
    the rest under it); None where it cannot be told (patterns, Lab)."""
    v = colour.values
    if colour.family == "gray" and len(v) == 1:
        return (1 - v[0]) * 100
    if colour.family == "all" and len(v) == 1:
        return v[0] * len(printing.PROCESS_PLATES) * 100
    if colour.family == "none":
        return 0.0
    if colour.family in ("cmyk", "process", "spot", "devicen"):
        return sum(v) * 100
    if colour.family == "rgb" and len(v) == 3:
        return sum(printing.full_gcr(v)) * 100
    return None


def darkness(colour: Colour) -> float | None:
    """0 for white, 1 for black, by the printing facts' one grey formula."""
    v = colour.values
    if colour.family == "gray" and len(v) == 1:
        return 1 - v[0]
    if colour.family == "rgb" and len(v) == 3:
        return 1 - printing.luma(v)
    if colour.family in ("cmyk", "process") and len(v) == 4:
        return 1 - printing.luma(printing.composite(v))
    if colour.family == "all" and len(v) == 1:
        return v[0]
    return None


def pure_black(colour: Colour) -> bool:
    """100% K and nothing else: CMYK 0 0 0 1, or gray 0 (which prints on the K plate)."""
    v = colour.values
    if colour.family == "gray":
        return len(v) == 1 and v[0] <= 0.005
    if colour.family in ("cmyk", "process"):
        return len(v) == 4 and max(v[:3]) <= 0.005 and v[3] >= 0.995
    return False
