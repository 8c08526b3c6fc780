"""SVG writer: one page of the scene per SVG file, user units in millimetres."""

from __future__ import annotations

import io
from typing import Any

import svgwrite

from generator import fonts
from generator.core.scene import Circle, Clip, Page, Paint, Path, Shape


def _n(x: float) -> str:
    # Fixed precision keeps files stable across platforms; 1 µm is far below print resolution.
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
    parts = []
    for sub in path.subpaths:
        head, *rest = sub
        parts.append(f"M{_n(head.x)} {_n(head.y)}")
        parts.extend(f"L{_n(p.x)} {_n(p.y)}" for p in rest)
        if path.closed:
            parts.append("Z")
    return "".join(parts)


def _element(dwg: svgwrite.Drawing, shape: Shape) -> Any:
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


def page_svg(page: Page, title: str) -> bytes:
    dwg = svgwrite.Drawing(size=(f"{_n(page.width)}mm", f"{_n(page.height)}mm"),
                           viewBox=f"0 0 {_n(page.width)} {_n(page.height)}",
                           profile="full", debug=False)
    dwg.set_desc(title=title)
    body = dwg.g(font_family=fonts.SVG_FAMILY)
    body.add(dwg.rect((0, 0), (_n(page.width), _n(page.height)), fill="#ffffff"))
    for shape in page.shapes:
        body.add(_element(dwg, shape))
    dwg.add(body)
    out = io.StringIO()
    dwg.write(out, pretty=False)
    return out.getvalue().encode("utf-8")
