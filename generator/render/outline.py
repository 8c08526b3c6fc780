"""Bookmarks (the document outline, PDF 1.7 12.3.3) for files of more than one page: each
sheet's title (a game's rules, its board, its pad; a booklet's cover and contents) and,
under it, its sections, in reading order and in the document's language, since they are
its own headings. PDF/UA-1 asks for no outline, but WCAG 2.4.5 (multiple ways) and any
reader of a 12-page booklet want one; a viewer opens with it shown.

Made from the scene's roles (the first-level and second-level headings), each pointing at
the page it is printed on and the height of its line, so a booklet's bookmark opens the
printed sheet where the heading stands, though its pages are imposed out of order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pikepdf

from generator.core.scene import Document, Text
from generator.core.units import PT_PER_MM


@dataclass
class Bookmark:
    title: str
    page: int            # the printed page, from 0
    top: float           # mm from the page's top to just above the heading
    below: list[Bookmark] = field(default_factory=list)


def bookmarks(doc: Document) -> list[Bookmark]:
    """The headings of the document as an outline: first-level headings at the top, each
    with the second-level headings read after it. A title repeated on the next page of its
    sheet is one bookmark."""
    found = sorted(((s.role.page, n, k, s) for n, page in enumerate(doc.pages)
                    for k, s in enumerate(page.shapes)
                    if isinstance(s, Text) and s.role is not None
                    and s.role.kind in ("H1", "H2")), key=lambda f: f[:3])
    top: list[Bookmark] = []
    seen: set[tuple[str, str, int]] = set()
    for _, n, _, text in found:
        role = text.role
        assert role is not None
        # One element wherever it falls (a heading set on two lines): its first line.
        key = (role.kind, role.text, role.element)
        if key in seen:
            continue
        if role.kind == "H1":
            seen.clear()                  # a new sheet: its sections are its own
        seen.add(key)
        title = " ".join(role.text.replace("**", "").replace("*", "").split())
        mark = Bookmark(title, n, max(text.position.y - text.size, 0.0))
        if role.kind == "H1":
            if top and top[-1].title == title and top[-1].page < n:
                continue                  # the sheet's title again, on its next page
            top.append(mark)
        elif top:
            top[-1].below.append(mark)
        else:
            top.append(mark)
    return top


def write_outline(pdf: Any, doc: Document) -> None:
    """Give an open pikepdf document the outline of its scene (none for one page)."""
    marks = bookmarks(doc)
    if len(doc.pages) < 2 or not marks:
        return

    def item(mark: Bookmark) -> pikepdf.OutlineItem:
        height = doc.pages[mark.page].height
        made = pikepdf.OutlineItem(mark.title, mark.page, pikepdf.PageLocation.XYZ,
                                   left=0, top=round((height - mark.top) * PT_PER_MM, 2))
        made.children.extend(item(child) for child in mark.below)
        return made

    with pdf.open_outline() as outline:
        outline.root.extend(item(mark) for mark in marks)
    pdf.Root.PageMode = pikepdf.Name.UseOutlines
