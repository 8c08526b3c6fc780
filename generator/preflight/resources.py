"""What a page's resources say, as far as the preflight needs: colour spaces (their family
and components, a palette's entries, which plate a Separation prints on) and fonts (widths,
heights, whether embedded).

Every size read from the file is checked against the budget before it is used: a /W range
or an /ICCBased /N is a number the file chooses, not a promise.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pikepdf

from generator.core.printing import PROCESS_PLATES
from generator.preflight.budget import Budget, read_bounded
from generator.preflight.facts import Colour

# An operand as pikepdf's content parsers give it: a pikepdf object, a number as Python's own,
# or an inline image (its dictionary, from the token parser): no one pikepdf type is all.
Operand = Any


def is_number(value: object) -> bool:
    try:
        float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False
    return True


@dataclass(frozen=True)
class Space:
    name: str                  # as reported: DeviceRGB, ICCBased (CMYK), Indexed (DeviceRGB)
    family: str                # as in facts.Colour
    components: int
    lookup: bytes = b""        # Indexed: the palette, in the base space
    base: Space | None = None
    plate: int | None = None   # a Separation on a process plate: 0-3 for C, M, Y, K

    def colour(self, operands: Sequence[Operand]) -> Colour:
        numbers = [float(o) for o in operands[:64] if is_number(o)]
        if self.base is not None:   # Indexed: look the entry up
            base = self.base
            index = int(numbers[0]) if numbers else 0
            raw = self.lookup[index * base.components:(index + 1) * base.components]
            values = tuple(b / 255 for b in raw) or (0.0,) * base.components
            return base.colour(values) if base.plate is not None else \
                Colour(self.name, base.family, values)
        if self.plate is not None:
            amounts = [0.0] * 4
            amounts[self.plate] = numbers[0] if numbers else 1.0
            return Colour(self.name, "process", tuple(amounts))
        return Colour(self.name, self.family, tuple(numbers[:self.components]))

    def initial(self) -> Colour:
        """The colour `cs` sets: black in the device spaces, full tint in a Separation or
        DeviceN, the first entry of a palette."""
        if self.family == "cmyk":
            return self.colour([0, 0, 0, 1])
        if self.family in ("process", "spot", "all", "none", "devicen"):
            return self.colour([1.0] * self.components)
        return self.colour([0.0] * self.components)


GRAY = Space("DeviceGray", "gray", 1)
RGB = Space("DeviceRGB", "rgb", 3)
CMYK = Space("DeviceCMYK", "cmyk", 4)
DEVICE = {"/DeviceGray": GRAY, "/G": GRAY, "/DeviceRGB": RGB, "/RGB": RGB,
          "/DeviceCMYK": CMYK, "/CMYK": CMYK}
BY_COMPONENTS = {1: "gray", 3: "rgb", 4: "cmyk"}
ICC_NAMES = {1: "Gray", 3: "RGB", 4: "CMYK"}
UNKNOWN = Space("unknown", "other", 0)


def resource(resources: pikepdf.Object | None, kind: str, *, name: Operand
             ) -> pikepdf.Object | None:
    if resources is None:
        return None
    group = resources.get(kind)
    return None if group is None else group.get(str(name))


class Spaces:
    """Colour spaces as named or given in content; `note` hears of sizes over budget."""

    def __init__(self, budget: Budget, note: Callable[[str], None]):
        self.budget = budget
        self.note = note

    def space(self, spec: pikepdf.Object, resources: pikepdf.Object | None, *,
              depth: int = 0) -> Space:
        if depth > 8:                        # a space named after itself
            return UNKNOWN
        if isinstance(spec, pikepdf.Name):
            key = str(spec)
            if key in DEVICE:
                return DEVICE[key]
            if key == "/Pattern":
                return Space("Pattern", "other", 0)
            found = resource(resources, "/ColorSpace", name=spec)
            return Space(key.lstrip("/"), "other", 1) if found is None else \
                self.space(found, resources, depth=depth + 1)
        if isinstance(spec, pikepdf.Array) and len(spec) > 0:
            return self._array(str(spec[0]), spec, resources, depth)
        return UNKNOWN

    def _array(self, kind: str, spec: pikepdf.Object, resources: pikepdf.Object | None,
               depth: int) -> Space:
        if kind in DEVICE and len(spec) == 1:
            return DEVICE[kind]
        if kind == "/ICCBased":
            n = int(spec[1].get("/N", 3))
            if not 1 <= n <= self.budget.components:
                self.note(f"an ICCBased colour space claims {n:,} components "
                          f"(at most {self.budget.components})")
                return Space(f"ICCBased ({n:,} components)", "other", 0)
            return Space(f"ICCBased ({ICC_NAMES.get(n, n)})", BY_COMPONENTS.get(n, "other"), n)
        if kind in ("/Indexed", "/I"):
            base = self.space(spec[1], resources, depth=depth + 1)
            table = spec[3]
            size = 256 * base.components
            lookup = read_bounded(table, size) if isinstance(table, pikepdf.Stream) \
                else bytes(table)[:size]
            return Space(f"Indexed ({base.name})", base.family, 1, lookup, base)
        if kind == "/CalRGB":
            return Space("CalRGB", "rgb", 3)
        if kind == "/CalGray":
            return Space("CalGray", "gray", 1)
        if kind == "/Lab":
            return Space("Lab", "other", 3)
        if kind == "/Separation":
            return separation(str(spec[1]).lstrip("/"))
        if kind == "/DeviceN":
            count = len(spec[1])
            if count > self.budget.components:
                self.note(f"a DeviceN colour space names {count:,} colourants "
                          f"(at most {self.budget.components})")
                return Space(f"DeviceN ({count:,} colourants)", "devicen", 0)
            names = ", ".join(str(n).lstrip("/") for n in spec[1])
            return Space(f"DeviceN ({names})", "devicen", count)
        if kind == "/Pattern":
            return Space("Pattern", "other", 0)
        return UNKNOWN


def separation(colourant: str) -> Space:
    """A Separation space by what its colourant prints on: one process plate, every plate
    (All, the registration colour), none, or a plate of its own (a spot colour)."""
    name = f"Separation ({colourant})"
    if colourant in PROCESS_PLATES:
        return Space(name, "process", 1, plate=PROCESS_PLATES.index(colourant))
    if colourant == "All":
        return Space(name, "all", 1)
    if colourant == "None":
        return Space(name, "none", 1)
    return Space(name, "spot", 1)


# ---------------------------------------------------------------- fonts

@dataclass
class FontInfo:
    name: str
    two_byte: bool
    widths: dict[int, float]
    default: float
    scale: float          # glyph units to text space (1/1000, or a Type3 FontMatrix)
    top: float = 0.7      # the height of capitals, in ems
    bottom: float = -0.2  # how far descenders reach, in ems


NO_FONT = FontInfo("", False, {}, 500, 0.001)


def font_info(font: pikepdf.Object, budget: Budget, *, note: Callable[[str], None]
              ) -> FontInfo:
    """The widths and heights of a font dictionary; a width table is read for at most
    `budget.codes` character codes."""
    subtype = str(font.get("/Subtype", ""))
    name = str(font.get("/BaseFont", "")).lstrip("/") or subtype.lstrip("/")
    if subtype == "/Type0":
        descendant = font["/DescendantFonts"][0]
        default = float(descendant.get("/DW", 1000))
        widths = _cid_widths(descendant.get("/W", pikepdf.Array()), budget.codes,
                             lambda count: note(f"font {name}: its /W gives widths to "
                                                f"{count:,} codes (a font has at most "
                                                f"{budget.codes:,})"))
        return FontInfo(name, True, widths, default, 0.001,
                        *_heights(descendant.get("/FontDescriptor")))
    widths = {}
    first = int(font.get("/FirstChar", 0))
    listed = font.get("/Widths", pikepdf.Array())
    for j in range(min(len(listed), 256)):          # one byte: 256 codes
        widths[first + j] = float(listed[j])
    descriptor = font.get("/FontDescriptor")
    default = float(descriptor.get("/MissingWidth", 0)) if descriptor else 0.0
    if not widths and subtype != "/Type3":
        default = 500.0          # a standard font: about half an em a glyph
    scale = float(font["/FontMatrix"][0]) if subtype == "/Type3" else 0.001
    return FontInfo(name, False, widths, default, scale, *_heights(descriptor))


def _cid_widths(spec: pikepdf.Object, cap: int, too_many: Callable[[int], None]
                ) -> dict[int, float]:
    """A CIDFont's /W: `c [w1 w2 …]` and `first last w` entries, read up to `cap` codes."""
    widths: dict[int, float] = {}
    i = 0
    while i + 1 < len(spec) and len(widths) < cap and i < 4 * cap:
        first = int(spec[i])
        if isinstance(spec[i + 1], pikepdf.Array):
            listed = spec[i + 1]
            if len(listed) > cap - len(widths):
                too_many(len(listed))
            for j in range(min(len(listed), cap - len(widths))):
                widths[first + j] = float(listed[j])
            i += 2
        elif i + 2 < len(spec):
            count = int(spec[i + 1]) - first + 1
            if count > cap - len(widths):
                too_many(count)
            width = float(spec[i + 2])
            for code in range(first, first + min(count, cap - len(widths))):
                widths[code] = width
            i += 3
        else:
            break
    return widths


def _heights(descriptor: pikepdf.Object | None) -> tuple[float, float]:
    """A font's capital height and descent in ems, from its descriptor where it gives them."""
    if descriptor is None:
        return 0.7, -0.2
    try:
        top = float(descriptor.get("/CapHeight", 700)) / 1000
        bottom = float(descriptor.get("/Descent", -200)) / 1000
    except (TypeError, ValueError):
        return 0.7, -0.2
    return (top if 0.3 <= top <= 1.2 else 0.7), (bottom if -0.6 <= bottom <= 0 else -0.2)


def embedded(font: pikepdf.Object) -> bool:
    """Whether a font dictionary carries its glyphs: a FontFile, FontFile2 or FontFile3 in
    its descriptor (a Type0 font's in its descendant's); Type3 fonts draw their own."""
    subtype = str(font.get("/Subtype", ""))
    if subtype == "/Type3":
        return True
    if subtype == "/Type0":
        descendants = font.get("/DescendantFonts")
        if not descendants:
            return False
        font = descendants[0]
    descriptor = font.get("/FontDescriptor")
    return descriptor is not None and any(
        key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
