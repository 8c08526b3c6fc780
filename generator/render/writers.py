"""The writers, in one table keyed by the format (segno's writer table, as its `save` picks
`WRITERS[kind]`): each turns the content (a Document, a board's data or a record's text) into
(path, bytes) pairs for a target, in memory; generator/render writes them atomically. The
formats themselves are plain values in generator/core/formats.py and know no writer.

What a writer draws with (reportlab, svgwrite, pypdfium2 and Pillow, jinja2) is imported by
that writer when it writes: those libraries are heavy, and the commands that write nothing
(`pnp --help`, `list`, `judge`) never need them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from generator.core.content import Bundle, Content, Files, RecordText
from generator.core.formats import (
    DEFAULT_DPI,
    HTML,
    JSON,
    PDF,
    PNG,
    SGF,
    SVG,
    TABLE,
    ZIP,
    Format,
    page_paths,
)
from generator.core.products import Faces
from generator.core.virtual_table import VirtualTable
from generator.errors import UserError

if TYPE_CHECKING:
    from generator.core.paper import Press
    from generator.core.scene import Document


@dataclass(frozen=True, slots=True)
class Settings:
    """What a writer is told besides the content: pixels per inch (png) and the press
    (pdf and png: home, or a print shop's bleed and colour). SVG has no CMYK and no page
    boxes, so it is drawn at the trim size in RGB either way."""
    dpi: int | None = None
    press: Press | None = None
    url: str | None = None      # where a virtual table's files are published (--url-base)


PLAIN = Settings()    # nothing besides the content: the format's own resolution, home printing
Writer = Callable[[Content, Path, Settings], Files]


def _document(content: Content) -> Document:
    if isinstance(content, (dict, RecordText, Bundle, VirtualTable)):
        raise TypeError("a board's data or a record's text is written as text, not drawn")
    return content


def _pdf_files(content: Content, target: Path, settings: Settings) -> Files:
    from generator.render.pdf import document_pdf
    doc, press = _document(content), settings.press
    return [(target, document_pdf(doc, press) if press else document_pdf(doc))]


def _svg_files(content: Content, target: Path, settings: Settings) -> Files:
    from generator.render.svg import cut_svg, page_svg
    doc = _document(content)
    paths = page_paths(target, len(doc.pages))
    total = len(doc.pages)
    files = [(path, page_svg(page, doc.title if total == 1 else f"{doc.title} ({i}/{total})"))
             for i, (path, page) in enumerate(zip(paths, doc.pages, strict=False), start=1)]
    if settings.press is not None and settings.press.cut_path:
        # With --cut-path, each page's cut lines alone beside it: NAME-cut.svg, for a cutter.
        files += [(path.with_name(f"{path.stem}-cut{path.suffix}"), cut_svg(page, doc.title))
                  for path, page in zip(paths, doc.pages, strict=True)]
    return files


def _png_files(content: Content, target: Path, settings: Settings) -> Files:
    from generator.render.pdf import document_pdf
    from generator.render.png import pdf_pages_png
    from generator.render.proof import soft_proof
    # For a print shop the page is the trim plus bleed: a soft proof of the separated inks
    # as the press prints them where the shop takes CMYK, else the sRGB the vendor takes.
    doc, press, dpi = _document(content), settings.press, settings.dpi or DEFAULT_DPI
    if press is not None and press.separated:
        sizes = [((p.width + 2 * press.bleed) * 72 / 25.4, (p.height + 2 * press.bleed) * 72
                  / 25.4) for p in doc.pages]
        images = soft_proof(document_pdf(doc, press, proof=True), press.condition, dpi, sizes)
    else:
        pdf = document_pdf(doc, press, separated=False) if press else document_pdf(doc)
        try:
            images = pdf_pages_png(pdf, dpi)
        except MemoryError:   # the pixels are drawn here: a lower dpi is what would work
            raise UserError(f"cannot write {target}: its pages at {dpi} dpi need more memory "
                            f"than this system gives; a lower --dpi needs less") from None
    if press is not None and press.faces is Faces.IMAGES and all(p.name for p in doc.pages):
        # One image per card face and one for the back they share: NAME-x-A.png, NAME-back.png.
        named = {p.name: image for p, image in zip(doc.pages, images, strict=True)}
        return [(target.with_name(f"{target.stem}-{name}{target.suffix}"), image)
                for name, image in named.items()]
    return list(zip(page_paths(target, len(images)), images, strict=True))


def _html_files(content: Content, target: Path, settings: Settings) -> Files:
    from generator.render.html import document_html
    return [(target, document_html(_document(content)).encode("utf-8"))]


def _zip_files(content: Content, target: Path, settings: Settings) -> Files:
    """A bundle (a vendor's kit) as one zip: each part written by its own format's writer
    under its name, and the note beside them."""
    from generator.render.zipped import zipped
    if not isinstance(content, Bundle):
        raise TypeError("only a bundle of products is written as a zip")
    files = [(content.note_name, content.note.encode("utf-8"))]
    for part in content.parts:
        named = Path(f"{part.name}.{part.fmt.extension}")
        files += [(path.as_posix(), data) for path, data in
                  WRITERS[part.fmt](part.content, named, Settings(part.dpi, part.press))]
    return [(target, zipped(files))]


def _table_files(content: Content, target: Path, settings: Settings) -> Files:
    """A virtual table as the files of its saved object, named in the folder TARGET (an
    absolute path: its images are named by their file:// addresses there, or under the
    URL base)."""
    from generator.render.tabletop import Addresses, table_files
    if not isinstance(content, VirtualTable):
        raise TypeError("only a virtual table is written as a saved object")
    return table_files(content, Addresses(target, settings.url), target.name)


def _json_files(content: Content, target: Path, settings: Settings) -> Files:
    if not isinstance(content, dict):
        raise TypeError("a document is drawn, not written as data")
    return [(target, (json.dumps(content, indent=1) + "\n").encode("utf-8"))]


def _sgf_files(content: Content, target: Path, settings: Settings) -> Files:
    if not isinstance(content, RecordText):
        raise TypeError("only a game record is written as SGF")
    return [(target, content.text.encode("utf-8"))]


WRITERS: Mapping[Format, Writer] = {
    PDF: _pdf_files, SVG: _svg_files, PNG: _png_files, HTML: _html_files, JSON: _json_files,
    SGF: _sgf_files, ZIP: _zip_files, TABLE: _table_files,
}
