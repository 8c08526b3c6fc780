"""A scene.Group is drawn as its shapes moved by its transform would be: the PDF (through
`cm`) and the SVG (drawn out) give the pixels the same shapes give placed point by point,
its `least` thickens thin lines as lines_at_least does, and moving a group moves no point.
Each check has its control: the group drawn without its transform is another picture."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from raster import difference, pdf_page, svg_page

from generator.core.geometry import Affine, Point
from generator.core.scene import (
    Circle,
    Document,
    Group,
    Page,
    Paint,
    Shape,
    Text,
    flattened,
    lines_at_least,
    nested,
    place,
    segments,
    texts,
)
from generator.render.pdf import document_pdf
from generator.render.svg import page_svg

MOVE = Affine.scaling(2.5).then(Affine.translation(30.0, 40.0))
DRAWN: tuple[Shape, ...] = (
    segments([(Point(0, 0), Point(20, 10)), (Point(0, 10), Point(20, 0))],
             Paint(stroke="#000000", width=0.04)),
    Circle(Point(10, 5), 4.0, Paint(fill="#e8412f", stroke="#0e2d82", width=0.3)),
    Text(Point(10, 18), "a1 b2", 3.0, "#000000", "bold", "middle"),
)


def pictures(tmp_path: Path, *shapes: Shape) -> tuple[object, object]:
    """The page of these shapes rasterised from its PDF and from its SVG."""
    page = Page(120.0, 100.0, tuple(shapes))
    name = f"p{len(list(tmp_path.iterdir()))}"
    pdf, svg = tmp_path / f"{name}.pdf", tmp_path / f"{name}.svg"
    pdf.write_bytes(document_pdf(Document((page,), "groups", "pnp", lang="en")))
    svg.write_bytes(page_svg(page, "groups"))
    return pdf_page(pdf, 1, 150, tmp_path), svg_page(svg, 150, tmp_path)


def test_a_group_draws_as_its_shapes_placed(tmp_path: Path) -> None:
    grouped = pictures(tmp_path, lines_at_least([Group(DRAWN, MOVE)], 0.3)[0])
    placed = pictures(tmp_path, *lines_at_least(place(DRAWN, MOVE), 0.3))
    assert difference(grouped[0], placed[0]) < 0.002       # the PDF, through cm
    assert difference(grouped[1], placed[1]) < 0.002       # the SVG, drawn out
    # Control: the same group drawn without its transform is another picture.
    unmoved = pictures(tmp_path, Group(DRAWN))
    assert difference(unmoved[0], placed[0]) > 0.005


def test_moving_a_group_moves_no_point() -> None:
    group = Group(DRAWN, MOVE, 0.1)
    moved = place([group], Affine.translation(5.0, 7.0))[0]
    assert isinstance(moved, Group) and moved.shapes is group.shapes
    assert moved.transform == MOVE.then(Affine.translation(5.0, 7.0))
    # What reads the drawing sees each shape where it is printed, its lines at least 0.1.
    shown = list(flattened([moved]))
    assert [type(s) for s in shown] == [type(s) for s in DRAWN]
    assert isinstance(shown[2], Text) and shown[2].size == pytest.approx(7.5)
    assert shown[0].paint.width == pytest.approx(0.1)      # type: ignore[union-attr]
    assert list(texts([moved])) == ["a1 b2"] and len(list(nested([moved]))) == 4


@pytest.mark.parametrize("transform", [Affine.rotation(30), Affine(1, 0, 0, 2),
                                       Affine.scaling(-1)])
def test_a_group_is_never_turned_or_stretched(transform: Affine) -> None:
    with pytest.raises(ValueError, match="never turned"):
        Group(DRAWN, transform)
    # Control: a scale and a move are a group's.
    assert replace(Group(DRAWN), transform=MOVE).transform == MOVE


def test_a_group_drawn_again_writes_the_operators_it_wrote_before(monkeypatch) -> None:
    """The PDF writer keeps what a shared group came to and writes it again (a record
    booklet's board under each diagram): the file is byte for byte the one drawn afresh
    each time. The control: a kept drawing that differed would show."""
    from generator.render import pdf
    shared = Group(DRAWN)
    pages = tuple(Page(120.0, 100.0, (Group((shared,), MOVE),
                                      Group((shared,), Affine.translation(k, 2 * k))))
                  for k in (1.0, 5.0, 9.0))
    doc = Document(pages, "groups", "pnp", lang="en")
    kept = document_pdf(doc)
    monkeypatch.setattr(pdf._Drawn, "KEPT", 0)
    assert document_pdf(doc) == kept
    monkeypatch.setattr(pdf._Drawn, "KEPT", 8)
    original = pdf._Drawn.draw

    def altered(self, c, group, *, within, paint) -> None:  # type: ignore[no-untyped-def]
        original(self, c, group, within=within, paint=paint)
        c._code.append("0 g")
    monkeypatch.setattr(pdf._Drawn, "draw", altered)
    assert document_pdf(doc) != kept
