"""The format-neutral drawing model: pages of shapes and text, in millimetres, y downwards.

Games build these values; the writers in generator.render turn them into SVG or PDF and know
nothing else. Colours are "#rrggbb" strings already resolved from a palette.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from generator.core.geometry import Affine, Point, hatching
from generator.core.units import MM_PER_INCH

Anchor = Literal["start", "middle", "end"]
# How much of its width a text runs back from its anchor: where its line begins.
BEFORE_ANCHOR: dict[Anchor, float] = {"start": 0.0, "middle": 0.5, "end": 1.0}

# No text on a page is set smaller than 6 pt (em size, mm): below that a print reads as specks.
SMALLEST_TEXT = 6 * MM_PER_INCH / 72
FontRole = Literal["regular", "bold", "italic", "bolditalic"]


@dataclass(frozen=True)
class InTable:
    """Where a table's part stands: the table (its name, unique on its page), the row (0:
    the column headings) and the column (0: the row headings). A caption stands in no
    row (`row` None)."""
    table: str
    row: int | None = None
    column: int = 0


@dataclass(frozen=True)
class Role:
    """What a shape is part of, for those who read the page without seeing it: the tagged
    PDF's structure (generator.render.tagging) and the web edition (generator.render.html).
    The writers that draw ignore it, so a role changes no mark on the page.

    kind: a heading (H1, H2, H3), a paragraph (P), a list item (LI) and its label (Lbl), a
    figure (Figure) and its caption (Caption), a table's header cell (TH) and data cell
    (TD) and its caption (Caption), or an Artifact (page furniture: a running footer, a
    folio, a ruler, a rule across the page, a table's rules), which is not read.
    Shapes with the same kind, element and text are one element wherever they fall (a
    paragraph that runs on into the next column). `text` is the element as written: a
    paragraph's or heading's markup, a figure's description, the credit a footer carries.
    `group` holds consecutive elements together (the items of one list); for an Artifact
    it is its type (Pagination, Layout, Page). `page` is the page it is read on, where that
    is not the page it is printed on (a booklet's pages imposed two to a sheet). `table`
    places a table's cells and caption in it."""
    kind: str
    element: int = 0
    text: str = ""
    group: str = ""
    page: int = 0
    table: InTable | None = None


ARTIFACT = "Artifact"


@dataclass(frozen=True)
class Paint:
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.25
    dash: tuple[float, ...] = ()
    round_caps: bool = True
    # A line to cut along: with --cut-path the PDF strokes it in the CutContour spot colour,
    # set to overprint, for a cutter to read rather than the press to print.
    cut: bool = False


@dataclass(frozen=True)
class Path:
    """One or more polylines drawn with one paint; closed ones can be filled."""
    subpaths: tuple[tuple[Point, ...], ...]
    paint: Paint
    closed: bool = False
    role: Role | None = None


@dataclass(frozen=True)
class Circle:
    centre: Point
    radius: float
    paint: Paint
    role: Role | None = None


@dataclass(frozen=True)
class Text:
    position: Point  # the baseline point the anchor refers to
    text: str
    size: float  # em size, mm
    colour: str = "#000000"
    font: FontRole = "regular"
    anchor: Anchor = "start"
    angle: float = 0.0  # degrees, clockwise on the page, about position
    role: Role | None = None


@dataclass(frozen=True)
class Clip:
    """Shapes seen only inside a rectangle: one sheet's window onto a larger drawing."""
    x: float
    y: float
    width: float
    height: float
    shapes: tuple[Shape, ...]
    role: Role | None = None


@dataclass(frozen=True)
class Group:
    """Shapes drawn through a transform, kept as they were made: moving or scaling a group
    changes its transform, never its shapes, so a drawing repeated (a record's board under
    each of a booklet's hundreds of diagrams) is held once, and a figure set on a page and
    the page on a sheet is not copied point by point twice over. The transform scales
    and moves, never turns, so text inside stays upright as it does outside. `least` is
    the thinnest stroke its lines are drawn at, in the units outside it
    (`lines_at_least`). The writers draw it through the transform (PDF's `cm`, SVG's
    `<g transform>`)."""
    shapes: tuple[Shape, ...]
    transform: Affine = Affine()
    least: float = 0.0
    role: Role | None = None

    def __post_init__(self) -> None:
        t = self.transform
        if t.b != 0.0 or t.c != 0.0 or t.a != t.d or t.a <= 0.0:
            raise ValueError("a group is scaled alike both ways and moved, never turned")


Shape = Path | Circle | Text | Clip | Group


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    shapes: tuple[Shape, ...]
    # What the page is, where a vendor takes an image a page named so ("x-A", "back"): a
    # page named as an earlier one is the same image, written once.
    name: str = ""


@dataclass(frozen=True)
class Document:
    pages: tuple[Page, ...]
    title: str
    author: str
    subject: str = ""
    keywords: tuple[str, ...] = field(default_factory=tuple)
    licence: str = ""
    # The language it is written in (a language's code): the words it was made in.
    lang: str = field(kw_only=True)

    def __add__(self, other: Document) -> Document:
        return replace(self, pages=self.pages + other.pages)


def with_role(shapes: Iterable[Shape], role: Role | None) -> list[Shape]:
    """The shapes, each marked as part of the element `role` names."""
    return [replace(s, role=role) for s in shapes]


def polygon(points: Sequence[Point], paint: Paint) -> Path:
    return Path((tuple(points),), paint, closed=True)


# Hatch patterns, as the angles of their lines: two players' fields hatched side by side
# take different patterns, so they stay apart in one ink.
HATCHES: dict[str, tuple[float, ...]] = {
    "lines": (-45.0,),
    "cross": (-45.0, 45.0),
}


def area(points: Sequence[Point], colour: str, *, hatched: bool | str = False,
         edge: str | None = None, edge_width: float = 0.25) -> list[Shape]:
    """A filled polygon; hatched, it is white with lines of the colour across it instead,
    which saves ink where a large field would print. `hatched` names a pattern of HATCHES
    ("lines" or "cross"); True is "lines"."""
    if not hatched:
        return [polygon(points, Paint(fill=colour, stroke=edge, width=edge_width))]
    spacing = max(0.57, 4.25 * edge_width)
    pattern = HATCHES["lines" if hatched is True else str(hatched)]
    corners = tuple(points)
    return [polygon(points, Paint(fill="#ffffff", stroke=edge or colour, width=edge_width)),
            segments([pair for angle in pattern for pair in hatching(corners, spacing,
                                                                     angle=angle)],
                     Paint(stroke=colour, width=edge_width, round_caps=False))]


def line(a: Point, b: Point, *, paint: Paint) -> Path:
    return Path(((a, b),), paint)


def segments(pairs: Iterable[tuple[Point, Point]], paint: Paint) -> Path:
    return Path(tuple((a, b) for a, b in pairs), paint)


def rectangle(x: float, y: float, *, w: float, h: float, paint: Paint) -> Path:
    return polygon((Point(x, y), Point(x + w, y), Point(x + w, y + h), Point(x, y + h)), paint)


def transformed(shape: Shape, t: Affine, *, role: Role | None = None) -> Shape:
    """Move a shape; sizes scale with t, but text stays upright unless it was turned. Marked
    as part of the element `role` names where it is given (as with_role marks it), else
    as it was."""
    k = t.linear_scale()
    role = role or shape.role
    if isinstance(shape, Path):
        subpaths = t.apply_paths(shape.subpaths)
        p = shape.paint
        return Path(subpaths, Paint(p.fill, p.stroke, p.width * k, tuple(s * k for s in p.dash),
                                    p.round_caps, p.cut), shape.closed, role)
    if isinstance(shape, Circle):
        p = shape.paint
        return Circle(t.apply(shape.centre), shape.radius * k,
                      Paint(p.fill, p.stroke, p.width * k, tuple(s * k for s in p.dash),
                            p.round_caps, p.cut), role)
    if isinstance(shape, Group):
        return Group(shape.shapes, shape.transform.then(t), shape.least * k, role)
    if isinstance(shape, Clip):
        # Clips are only ever moved, not turned or scaled, so the window stays a rectangle.
        corner = t.apply(Point(shape.x, shape.y))
        return Clip(corner.x, corner.y, shape.width * k, shape.height * k,
                    tuple(transformed(s, t) for s in shape.shapes), role)
    return Text(t.apply(shape.position), shape.text, shape.size * k, shape.colour, shape.font,
                shape.anchor, shape.angle, role)


def lines_at_least(shapes: Iterable[Shape], width: float) -> list[Shape]:
    """The shapes with every stroke at least `width` mm wide (a figure set smaller than it
    was drawn keeps lines a printer holds)."""
    def thick(shape: Shape) -> Shape:
        if isinstance(shape, Group):
            return replace(shape, least=max(shape.least, width))
        if isinstance(shape, Clip):
            return replace(shape, shapes=tuple(thick(s) for s in shape.shapes))
        if isinstance(shape, (Path, Circle)) and shape.paint.stroke \
                and 0 < shape.paint.width < width:
            return replace(shape, paint=replace(shape.paint, width=width))
        return shape
    return [thick(s) for s in shapes]


def texts(shapes: Iterable[Shape]) -> Iterator[str]:
    """The words of the shapes, those in windows (Clip) too, in drawing order."""
    for shape in shapes:
        if isinstance(shape, (Clip, Group)):
            yield from texts(shape.shapes)
        elif isinstance(shape, Text):
            yield shape.text


def text_sizes(shapes: Iterable[Shape], scale: float = 1.0) -> Iterator[tuple[float, Text]]:
    """Each text with the size it is printed at (inside a group, times the group's scale):
    what reads the sizes alone need not move a group's every point."""
    for shape in shapes:
        if isinstance(shape, Text):
            yield shape.size * scale, shape
        elif isinstance(shape, Clip):
            yield from text_sizes(shape.shapes, scale)
        elif isinstance(shape, Group):
            yield from text_sizes(shape.shapes, scale * shape.transform.a)


def nested(shapes: Iterable[Shape]) -> Iterator[Shape]:
    """Every shape, and every shape inside a clip or a group, as it was made (unmoved)."""
    for shape in shapes:
        yield shape
        if isinstance(shape, (Clip, Group)):
            yield from nested(shape.shapes)


def flattened(shapes: Iterable[Shape], t: Affine | None = None,
              *, least: float = 0.0) -> Iterator[Shape]:
    """The shapes with every group drawn out: each shape inside one moved by its transform
    (and `t`, if given), its lines at least the group's `least` wide, as the writers draw
    it. For what reads or writes a drawing's shapes one by one (the smallest text on a
    figure, its extent, an SVG); the groups themselves stay as made."""
    for shape in shapes:
        if isinstance(shape, Group):
            inner = shape.transform if t is None else shape.transform.then(t)
            yield from flattened(shape.shapes, inner, least=max(least, shape.least))
            continue
        moved = shape if t is None else transformed(shape, t)
        yield lines_at_least([moved], least)[0] if least else moved


def place(shapes: Iterable[Shape], t: Affine, *, role: Role | None = None) -> list[Shape]:
    """The shapes moved by t, each marked as part of the element `role` names where it is
    given (a figure set on a rule sheet: made once, not moved and then marked)."""
    return [transformed(s, t, role=role) for s in shapes]
