"""One page's content interpreted for the facts preflight needs, within the file's budget."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import pikepdf

from generator.preflight.budget import Spent, decoded_size
from generator.preflight.facts import (
    IDENTITY,
    Box,
    Colour,
    Matrix,
    PageFacts,
    multiply,
    smallest_scale,
)
from generator.preflight.graphics import Graphics, Run, matrix, text_step
from generator.preflight.presswork import (
    NO_SLUG,
    PATH_POINTS,
    PathReach,
    annotations_over,
    is_white,
    lower,
    placed,
    transfer_functions,
    transparency_group,
)
from generator.preflight.resources import (
    CMYK,
    GRAY,
    RGB,
    FontInfo,
    Operand,
    Spaces,
    embedded,
    font_info,
    resource,
)


def box(values: pikepdf.Object) -> Box:
    x0, y0, x1, y1 = (float(v) for v in values)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


class PageReader:
    """Interprets one page's content (and the forms it draws) for the facts preflight needs."""

    STROKES = {"S", "s"}
    FILLS = {"f", "F", "f*"}
    BOTH = {"B", "B*", "b", "b*"}

    def __init__(self, page: pikepdf.Page, number: int, *, spent: Spent, notes: list[str],
                 forms: dict[tuple[int, int], Form] | None = None):
        obj = page.obj
        self.facts = PageFacts(number, box(page.mediabox),
                               crop=box(obj["/CropBox"]) if "/CropBox" in obj else None,
                               trim=box(obj["/TrimBox"]) if "/TrimBox" in obj else None,
                               bleed=box(obj["/BleedBox"]) if "/BleedBox" in obj else None)
        self.page = page
        self.spent = spent
        self.notes = notes
        self.spaces = Spaces(spent.budget, self.note)
        self.fonts: dict[tuple[int, int] | int, FontInfo] = {}
        self.open_forms: set[tuple[int, int]] = set()
        self.forms = {} if forms is None else forms     # shared by the pages of a file
        self.noted_forms: set[tuple[int, int]] = set()
        # The area a press prints: what lies wholly outside it (the slug) is trimmed away.
        self.area = self.facts.bleed or self.facts.trim
        self.path = PathReach.for_page(self.facts.media, self.area)
        self.text_box: Box | None = None       # the run of text being painted
        self.known: dict[Colour, Colour] = {}  # the colours of its runs of text, each once

    def note(self, limit: str) -> None:
        """A size over budget that the reading steps round (and the report names)."""
        if limit not in self.notes:
            self.notes.append(limit)

    def read(self) -> None:
        self.spent.clock()
        resources = _inherited(self.page.obj, "/Resources")
        contents = self.page.obj.get("/Contents")
        streams = [] if contents is None else \
            [contents] if isinstance(contents, pikepdf.Stream) else \
            [s for s in contents if isinstance(s, pikepdf.Stream)]
        size = 0
        for stream in streams:
            size += self.spent.decode(decoded_size(stream, self.spent.left()))
        run = Run(resources, Graphics(), 0)
        self._note_fonts(resources)
        self._note_page(self.page.obj)
        if size <= self.spent.budget.list_parse:
            self._feed_all(pikepdf.parse_content_stream(self.page), run)
        else:
            self.page.parse_contents(token_parser(self, run))

    def _feed_all(self, operations: Iterable[pikepdf.ContentStreamInstruction
                                                | pikepdf.ContentStreamInlineImage],
                  run: Run) -> None:
        # Where no slug is measured, a path's points change nothing the checks read: they
        # are counted, not converted (two thirds of a record diagram's operations).
        counted_only = UNREAD_POINTS if self.path is NO_SLUG else frozenset()
        for op in operations:
            operator = str(op.operator)
            if operator in counted_only:
                self.spent.operation()
            else:
                self.feed(operator, list(op.operands), run=run)

    def feed(self, operator: str, operands: list[Operand], *, run: Run) -> None:
        self.spent.operation()
        # A malformed operation is skipped, as viewers do. (Not contextlib.suppress: on
        # every operation, it would cost a third of the reading.)
        try:  # noqa: SIM105
            self._step(operator, operands, run)
        except (TypeError, ValueError, IndexError, KeyError, AttributeError,
                ZeroDivisionError, OverflowError):
            pass

    # -- painting

    def paint(self, colour: Colour, g: Graphics, *, stroking: bool = False) -> None:
        self.facts.spaces.add(colour.space)
        if colour.family in ("spot", "devicen"):
            self.facts.spots.add(colour.space)
        self._see_through(g, stroking)
        if self.in_slug():
            self.facts.slug.add(colour)
            return
        if colour.values or colour.family != "other":
            self.facts.colours.add(colour)
        if (g.overprint_stroke if stroking else g.overprint_fill) and is_white(colour):
            self.facts.overprint_white.add(
                f"{colour.describe()} {'stroke' if stroking else 'fill'}")

    def _see_through(self, g: Graphics, stroking: bool) -> None:
        alpha, key = (g.stroke_alpha, "CA") if stroking else (g.fill_alpha, "ca")
        found = self.facts.transparency
        if alpha < 1:
            found.add(f"constant alpha /{key} {alpha:g}")
        if g.blend not in ("Normal", "Compatible"):
            found.add(f"blend mode {g.blend}")
        if g.soft_mask:
            found.add("a soft mask")

    def in_slug(self) -> bool:
        """Whether what is being painted lies wholly outside the printed area."""
        return self.path.in_slug(self.text_box)

    def stroke(self, g: Graphics) -> None:
        if self.in_slug():                       # a mark in the slug: trimmed away
            self.paint(g.stroke, g, stroking=True)
            return
        width = max(0.0, g.line_width) * smallest_scale(g.ctm)
        thinnest = self.facts.thinnest
        self.facts.thinnest = width if thinnest is None else min(thinnest, width)
        self.paint(g.stroke, g, stroking=True)

    def _image(self, space: pikepdf.Object | None, mask: bool, g: Graphics,
               resources: pikepdf.Object | None, width: pikepdf.Object | None = None,
               height: pikepdf.Object | None = None) -> None:
        if mask:
            self.paint(g.fill, g)
            return
        self._see_through(g, stroking=False)
        if width is not None:
            self.facts.image = lower(placed(width, height, ctm=g.ctm), self.facts.image)
        if space is not None:
            found = self.spaces.space(space, resources)
            self.facts.spaces.add(f"image {found.name}")
            if found.family != "other":
                self.facts.spaces.add(found.name)
            if found.family in ("spot", "devicen"):
                self.facts.spots.add(found.name)

    # -- resources

    def font(self, font: pikepdf.Object) -> FontInfo:
        key = font.objgen if font.is_indirect else id(font)
        if key not in self.fonts:
            self.fonts[key] = font_info(font, self.spent.budget, note=self.note)
        return self.fonts[key]

    def _note_page(self, page: pikepdf.Object) -> None:
        """What the page object itself says: a transparency group, annotations."""
        if transparency_group(page):
            self.facts.transparency.add("a page transparency group")
        self.facts.annotations = annotations_over(page, self.area or self.facts.media)

    def _note_fonts(self, resources: pikepdf.Object | None) -> None:
        group = resources.get("/Font") if resources is not None else None
        if group is None:
            return
        for _, font in group.items():
            name = str(font.get("/BaseFont", "")).lstrip("/") or "unnamed font"
            self.facts.fonts[name] = self.facts.fonts.get(name, True) and embedded(font)

    def _graphics_state(self, state: pikepdf.Object, g: Graphics) -> None:
        if "/LW" in state:
            g.line_width = float(state["/LW"])
        if "/Font" in state:
            g.font, g.size = state["/Font"][0], float(state["/Font"][1])
        if "/ca" in state:
            g.fill_alpha = float(state["/ca"])
        if "/CA" in state:
            g.stroke_alpha = float(state["/CA"])
        if "/BM" in state:
            blend = state["/BM"]
            if isinstance(blend, pikepdf.Array):
                blend = blend[0] if len(blend) else pikepdf.Name.Normal
            g.blend = str(blend).lstrip("/")
        if "/SMask" in state:
            g.soft_mask = str(state["/SMask"]) != "/None"
        if "/OP" in state:      # /op, when absent, follows /OP
            g.overprint_stroke = g.overprint_fill = bool(state["/OP"])
        if "/op" in state:
            g.overprint_fill = bool(state["/op"])
        for name in transfer_functions(state):
            self.facts.transfer.add(f"{name} in an ExtGState")

    # -- the interpreter (text operators in `text_step`)

    def _step(self, op: str, args: list[Operand], run: Run) -> None:
        g = run.g
        if op in PATH_POINTS:
            self.path.step(op, args, ctm=g.ctm)
        elif op == "q":
            if len(run.stack) >= SAVED_STATES:
                self.note(f"graphics states saved more than {SAVED_STATES} deep "
                          f"(the deeper ones were not kept)")
                return
            run.stack.append(g)
            run.g = g.copy()
        elif op == "Q":
            if run.stack:
                run.g = run.stack.pop()
        elif op == "cm":
            g.ctm = multiply(matrix(args), g.ctm)
        elif op == "w":
            g.line_width = float(args[0])
        elif op == "gs":
            state = resource(run.resources, "/ExtGState", name=args[0])
            if state is not None:
                self._graphics_state(state, g)
        elif op in ("g", "G", "rg", "RG", "k", "K"):
            space = {"g": GRAY, "rg": RGB, "k": CMYK}[op.lower()]
            if op.islower():
                g.fill_space, g.fill = space, space.colour(args)
            else:
                g.stroke_space, g.stroke = space, space.colour(args)
        elif op in ("cs", "CS"):
            space = self.spaces.space(args[0], run.resources)
            if op == "cs":
                g.fill_space, g.fill = space, space.initial()
            else:
                g.stroke_space, g.stroke = space, space.initial()
        elif op in ("sc", "scn"):
            g.fill = g.fill_space.colour(args)
        elif op in ("SC", "SCN"):
            g.stroke = g.stroke_space.colour(args)
        elif op in self.STROKES:
            self.stroke(g)
            self.path.clear()
        elif op in self.FILLS:
            self.paint(g.fill, g)
            self.path.clear()
        elif op in self.BOTH:
            self.paint(g.fill, g)
            self.stroke(g)
            self.path.clear()
        elif op == "sh":
            shading = resource(run.resources, "/Shading", name=args[0])
            if shading is not None:
                space = self.spaces.space(shading["/ColorSpace"], run.resources)
                self.paint(Colour(space.name, "other", ()), g)
                if space.family in ("spot", "devicen"):
                    self.facts.spots.add(space.name)
        elif op == "Do":
            self._draw_object(args[0], run)
        elif op == "INLINE IMAGE":
            entries = args[0] if isinstance(args[0], dict) else dict(args[0].obj.items())
            mask = bool(entries.get("/ImageMask", entries.get("/IM", False)))
            named = entries.get("/ColorSpace", entries.get("/CS"))
            self._image(None if mask else named, mask, g, run.resources,
                        entries.get("/Width", entries.get("/W")),
                        entries.get("/Height", entries.get("/H")))
        else:
            text_step(self, op, args=args, run=run)

    def _draw_object(self, name: Operand, run: Run) -> None:
        xobject = resource(run.resources, "/XObject", name=name)
        if xobject is None:
            return
        subtype = str(xobject.get("/Subtype", ""))
        if subtype == "/Image":
            if "/SMask" in xobject or int(xobject.get("/SMaskInData", 0)) > 0:
                self.facts.transparency.add("an image with a soft mask")
            self._image(xobject.get("/ColorSpace"), bool(xobject.get("/ImageMask", False)),
                        run.g, run.resources, xobject.get("/Width"), xobject.get("/Height"))
        elif subtype == "/Form":
            if transparency_group(xobject):
                self.facts.transparency.add("a transparency group (form XObject)")
            self._draw_form(xobject, run)

    def _draw_form(self, xobject: pikepdf.Object, run: Run) -> None:
        key = xobject.objgen
        if key in self.open_forms:
            return                      # a form that draws itself
        if run.depth >= self.spent.budget.form_depth:
            self.note(f"forms nested more than {self.spent.budget.form_depth} deep "
                      f"(the deeper ones were not read)")
            return
        self.spent.form_run()
        form = self.forms.get(key) if key != (0, 0) else None
        if form is None:
            form = Form(xobject.get("/Resources") or run.resources,
                        matrix(xobject.get("/Matrix", IDENTITY)),
                        decoded_size(xobject, self.spent.left()))
            if form.size <= self.spent.budget.list_parse:
                form.operations = [(str(op.operator), list(op.operands))
                                   for op in pikepdf.parse_content_stream(xobject)]
            if key != (0, 0) and form.size <= FORM_CACHE:
                self.forms[key] = form
        self.spent.decode(form.size)      # each run is counted: repeats cost time too
        if key not in self.noted_forms:
            self._note_fonts(form.resources)
            self.noted_forms.add(key)
        start = run.g.copy()
        start.ctm = multiply(form.matrix, run.g.ctm)
        placed = Run(form.resources, start, run.depth + 1)
        self.open_forms.add(key)
        try:
            if form.operations is not None:
                for operator, operands in form.operations:
                    self.feed(operator, operands, run=placed)
            else:   # pikepdf's one way to parse a single stream token by token
                pikepdf.Object._parse_stream(xobject, token_parser(self, placed))
        finally:
            self.open_forms.discard(key)


# `q` within `q`: far more than any drawing needs (PDF's own guidance is 28), few enough
# that a stream of nothing but `q` cannot fill memory with copies of the state.
SAVED_STATES = 1024

# Forms up to this size (decoded) are parsed once per file and their operations kept: a
# symbol drawn a thousand times is parsed once.
FORM_CACHE = 64 * 1024


@dataclass
class Form:
    resources: pikepdf.Object | None
    matrix: Matrix
    size: int
    operations: list[tuple[str, list[Operand]]] | None = None


def _inherited(obj: pikepdf.Object | None, key: str) -> pikepdf.Object | None:
    for _ in range(64):
        if obj is None:
            return None
        if key in obj:
            return obj[key]
        obj = obj.get("/Parent")
    return None


UNREAD_POINTS = PATH_POINTS | {"h"}     # a path's points and its closing


class TokenParser(pikepdf.StreamParser):
    """Content too large to parse into one list, fed to the reader a token at a time
    (qpdf calls back for each one), so memory stays flat whatever the size."""

    def __init__(self, reader: PageReader, run: Run):
        super().__init__()
        self.reader, self.run = reader, run
        self.counted_only = UNREAD_POINTS if reader.path is NO_SLUG else frozenset()
        self.operands: list[Operand] = []
        self.inline: dict[str, Operand] = {}

    # pikepdf's StreamParser fixes the shape: it calls handle_object(obj, offset, length).
    def handle_object(self, obj: pikepdf.Object, offset: int, length: int) -> None:
        if not isinstance(obj, pikepdf.Operator):
            if len(self.operands) < 4096:     # more than any operator takes
                self.operands.append(obj)
            return
        operator, operands, self.operands = str(obj), self.operands, []
        if operator == "ID":                  # BI's entries, then the image's data
            keys = (str(key) for key in operands[::2])
            self.inline = dict(zip(keys, operands[1::2], strict=False))
        elif operator == "EI":
            self.reader.feed("INLINE IMAGE", [self.inline], run=self.run)
        elif operator in self.counted_only:
            self.reader.spent.operation()
        elif operator != "BI":
            self.reader.feed(operator, operands, run=self.run)

    def handle_eof(self) -> None:
        pass


def token_parser(reader: PageReader, run: Run) -> TokenParser:
    """A pikepdf StreamParser feeding the reader."""
    return TokenParser(reader, run)
