"""SVG writer: one page of the scene per SVG file, user units in millimetres."""

from __future__ import annotations

import io
from functools import lru_cache
from typing import Any

import svgwrite

from generator import fonts
from generator.core.scene import (
    BEFORE_ANCHOR,
    Circle,
    Clip,
    Group,
    Page,
    Paint,
    Path,
    Shape,
    Text,
    flattened,
)
from generator.fonts import text_width
from generator.render.xmltext import escape


@lru_cache(maxsize=1 << 16)
def _n(x: float) -> str:
    # Fixed precision keeps files stable across platforms; 1 µm is far below print resolution.
    # Kept: a board's corners are shared by three cells and its rows by every cell in them.
    s = f"{x:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _paint(paint: Paint) -> dict[str, str]:
    attrs = {"fill": paint.fill or "none"}
    if paint.stroke:
        attrs.update({"stroke": paint.stroke, "stroke_width": _n(paint.width),
                      "stroke_linecap": "round" if paint.round_caps else "butt",
                      "stroke_linejoin": "round" if paint.round_caps else "miter"})
        if paint.dash:
            attrs["stroke_dasharray"] = " ".join(_n(d) for d in paint.dash)
    return attrs


def _path_data(path: Path) -> str:
    # One loop over every point, not a generator for each subpath: a board's grid lines are
    # thousands of two-point subpaths.
    parts: list[str] = []
    closed = path.closed
    for sub in path.subpaths:
        op = "M"
        for p in sub:
            parts.append(f"{op}{_n(p.x)} {_n(p.y)}")
            op = "L"
        if closed:
            parts.append("Z")
    return "".join(parts)


def _element(dwg: svgwrite.Drawing, shape: Shape) -> Any:
    if isinstance(shape, Group):
        # Drawn out: an SVG is one page, written once, and reads the same in every viewer.
        group = dwg.g()
        for inner in flattened((shape,)):
            group.add(_element(dwg, inner))
        return group
    if isinstance(shape, Clip):
        # Ids count up through the page, so the same page always gives the same file.
        clip = dwg.defs.add(dwg.clipPath(id=f"clip{len(dwg.defs.elements) + 1}"))
        clip.add(dwg.rect((_n(shape.x), _n(shape.y)), (_n(shape.width), _n(shape.height))))
        group = dwg.g(clip_path=f"url(#{clip['id']})")
        for inner in shape.shapes:
            group.add(_element(dwg, inner))
        return group
    if isinstance(shape, Path):
        return dwg.path(d=_path_data(shape), **_paint(shape.paint))
    if isinstance(shape, Circle):
        return dwg.circle(center=(_n(shape.centre.x), _n(shape.centre.y)),
                          r=_n(shape.radius), **_paint(shape.paint))
    weight, style = fonts.SVG_STYLE[shape.font]
    attrs = {"insert": (_n(shape.position.x), _n(shape.position.y)),
             "font_size": _n(shape.size), "fill": shape.colour,
             "text_anchor": shape.anchor}
    if weight != "normal":
        attrs["font_weight"] = weight
    if style != "normal":
        attrs["font_style"] = style
    if shape.angle:
        attrs["transform"] = (f"rotate({_n(shape.angle)} {_n(shape.position.x)} "
                              f"{_n(shape.position.y)})")
    return dwg.text(shape.text, **attrs)


def page_description(page: Page, title: str) -> str:
    """What a page shows, for its <desc>: the descriptions of its figures (a board, the
    figures of a rule sheet), else its headings, else the title."""
    def described(kinds: tuple[str, ...]) -> list[str]:
        return list(dict.fromkeys(s.role.text for s in page.shapes
                                  if s.role is not None and s.role.kind in kinds
                                  and s.role.text))
    return " ".join(described(("Figure",)) or described(("H1", "H2")) or [title])


def page_svg(page: Page, title: str) -> bytes:
    dwg = svgwrite.Drawing(size=(f"{_n(page.width)}mm", f"{_n(page.height)}mm"),
                           viewBox=f"0 0 {_n(page.width)} {_n(page.height)}",
                           profile="full", debug=False)
    dwg.set_desc(title=title, desc=page_description(page, title).replace("**", ""))
    body = dwg.g(font_family=fonts.SVG_FAMILY)
    body.add(dwg.rect((0, 0), (_n(page.width), _n(page.height)), fill="#ffffff"))
    for shape in page.shapes:
        body.add(_element(dwg, shape))
    dwg.add(body)
    out = io.StringIO()
    dwg.write(out, pretty=False)
    return out.getvalue().encode("utf-8")


# A cutting machine's software (Silhouette Studio, Cricut Design Space, LightBurn) cuts
# along every stroked path of an imported SVG: the cut file holds the cut lines alone, as
# hairlines in the colour such software reads as "cut" by default.
CUT_STROKE = "#ff0000"
CUT_HAIRLINE = 0.1        # mm


def cut_svg(page: Page, title: str) -> bytes:
    """The page's cut lines alone, at its size in mm, for a home cutting machine: drawn on
    the page as printed, so the machine's registration marks line the two up."""
    from generator.render.cutting import cut_lines  # here: reportlab's colours, for --cut-path

    dwg = svgwrite.Drawing(size=(f"{_n(page.width)}mm", f"{_n(page.height)}mm"),
                           viewBox=f"0 0 {_n(page.width)} {_n(page.height)}",
                           profile="full", debug=False)
    dwg.set_desc(title=title, desc="cut lines")
    body = dwg.g(id="CutContour", fill="none", stroke=CUT_STROKE,
                 stroke_width=_n(CUT_HAIRLINE))
    for path in cut_lines(page):
        body.add(dwg.path(d=_path_data(path)))
    dwg.add(body)
    out = io.StringIO()
    dwg.write(out, pretty=False)
    return out.getvalue().encode("utf-8")


def bounds(shapes: list[Shape]) -> tuple[float, float, float, float]:
    """The box (x, y, width, height) the shapes' ink takes, a hair generous: text by its
    advance and em size, lines by half their width."""
    xs: list[float] = []
    ys: list[float] = []
    for shape in flattened(shapes):
        if isinstance(shape, Clip):
            xs += [shape.x, shape.x + shape.width]
            ys += [shape.y, shape.y + shape.height]
        elif isinstance(shape, Path):
            half = shape.paint.width / 2 if shape.paint.stroke else 0.0
            for sub in shape.subpaths:
                xs += [p.x - half for p in sub] + [p.x + half for p in sub]
                ys += [p.y - half for p in sub] + [p.y + half for p in sub]
        elif isinstance(shape, Circle):
            r = shape.radius + (shape.paint.width / 2 if shape.paint.stroke else 0.0)
            xs += [shape.centre.x - r, shape.centre.x + r]
            ys += [shape.centre.y - r, shape.centre.y + r]
        elif isinstance(shape, Text):
            w = text_width(shape.text, shape.size, role=shape.font)
            left = shape.position.x - w * BEFORE_ANCHOR[shape.anchor]
            xs += [left, left + w]
            ys += [shape.position.y - shape.size, shape.position.y + shape.size * 0.3]
    if not xs:
        return 0.0, 0.0, 1.0, 1.0
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def figure_svg(shapes: list[Shape], title: str, *, desc: str, ident: str) -> str:
    """A drawing as an SVG element to set inline in a web page: cropped to its ink, its
    title and description named as what it is (role img)."""
    x, y, w, h = bounds(shapes)
    dwg = svgwrite.Drawing(viewBox=f"{_n(x)} {_n(y)} {_n(w)} {_n(h)}", profile="full",
                           debug=False)
    # No width or height: the page's style sizes it to the column, keeping its proportions.
    del dwg.attribs["width"], dwg.attribs["height"]
    dwg.attribs.update({"role": "img", "aria-labelledby": f"{ident}-title {ident}-desc"})
    body = dwg.g(font_family=fonts.SVG_FAMILY)
    for shape in shapes:
        body.add(_element(dwg, shape))
    dwg.add(body)
    svg = str(dwg.tostring())
    # The title and description first, named by id (svgwrite gives them none).
    opening = svg.index(">") + 1
    return (svg[:opening] + f'<title id="{ident}-title">{escape(title)}</title>'
            f'<desc id="{ident}-desc">{escape(desc)}</desc>' + svg[opening:])
