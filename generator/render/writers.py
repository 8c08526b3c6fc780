"""The writers: each takes one kind of content (a drawn Document, a board's data, a record's
text, a vendor's bundle, a virtual table) and turns it into (path, bytes) pairs for a target,
in memory; generator/render writes them atomically. They stand in one table for each kind of
content, keyed by the format (as segno's `save` picks `WRITERS[kind]`, each writer "just
needs a matrix"), and `files_of` picks the table by the content's type, once. The formats
themselves are plain values in generator/core/formats.py and know no writer.

What a writer draws with (reportlab, svgwrite, pypdfium2 and Pillow, jinja2) is imported by
that writer when it writes: those libraries are heavy, and the commands that write nothing
(`pnp --help`, `list`, `judge`) never need them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

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
    BoardData,
    Format,
    page_paths,
)
from generator.core.products import Faces
from generator.core.units import MM_PER_INCH
from generator.core.virtual_table import VirtualTable
from generator.errors import UserError
from generator.render.zipped import zipped

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


C = TypeVar("C", contravariant=True)
PLAIN = Settings()    # nothing besides the content: the format's own resolution, home printing


class Writer(Protocol[C]):
    def __call__(self, content: C, target: Path, /, *, settings: Settings) -> Files: ...


# Each format's writer is imported when a file of that format is written: its library (reportlab
# and pikepdf, svgwrite, pdfium, jinja2) costs 30 to 130 ms, and a command writes one format.

def _pdf_files(doc: Document, target: Path, *, settings: Settings) -> Files:
    from generator.render.pdf import document_pdf  # here: reportlab and pikepdf, see above
    press = settings.press
    return [(target, document_pdf(doc, press) if press else document_pdf(doc))]


def _svg_files(doc: Document, target: Path, *, settings: Settings) -> Files:
    from generator.render.svg import cut_svg, page_svg  # here: svgwrite, see above
    paths = page_paths(target, len(doc.pages))
    total = len(doc.pages)
    files = [(path, page_svg(page, doc.title if total == 1 else f"{doc.title} ({i}/{total})"))
             for i, (path, page) in enumerate(zip(paths, doc.pages, strict=False), start=1)]
    if settings.press is not None and settings.press.cut_path:
        # With --cut-path, each page's cut lines alone beside it: NAME-cut.svg, for a cutter.
        files += [(path.with_name(f"{path.stem}-cut{path.suffix}"), cut_svg(page, doc.title))
                  for path, page in zip(paths, doc.pages, strict=True)]
    return files


def _png_files(doc: Document, target: Path, *, settings: Settings) -> Files:
    # here: reportlab, pdfium and Pillow, see above
    from generator.render.pdf import document_pdf
    from generator.render.png import pdf_pages_png
    from generator.render.proof import soft_proof
    # For a print shop the page is the trim plus bleed: a soft proof of the separated inks
    # as the press prints them where the shop takes CMYK, else the sRGB the vendor takes.
    press, dpi = settings.press, settings.dpi or DEFAULT_DPI
    if press is not None and press.separated:
        sizes = [((p.width + 2 * press.bleed) * 72 / MM_PER_INCH, (p.height + 2 * press.bleed) * 72
                  / MM_PER_INCH) for p in doc.pages]
        images = soft_proof(document_pdf(doc, press, proof=True), press.condition, dpi=dpi,
                            sizes=sizes)
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


def _html_files(doc: Document, target: Path, *, settings: Settings) -> Files:
    from generator.render.html import document_html  # here: jinja2, see above
    return [(target, document_html(doc).encode("utf-8"))]


def _zip_files(bundle: Bundle, target: Path, *, settings: Settings) -> Files:
    """A bundle (a vendor's kit) as one zip: each part written by its own format's writer
    under its name, and the note beside them."""
    files = [(bundle.note_name, bundle.note.encode("utf-8"))]
    for part in bundle.parts:
        named = Path(f"{part.name}.{part.fmt.extension}")
        files += [(path.as_posix(), data) for path, data in
                  files_of(part.content, part.fmt, target=named, settings=Settings(part.dpi,
                                                                                   part.press))]
    return [(target, zipped(files))]


def _table_files(table: VirtualTable, target: Path, *, settings: Settings) -> Files:
    """A virtual table as the files of its saved object, named in the folder TARGET (an
    absolute path: its images are named by their file:// addresses there, or under the
    URL base)."""
    # here: reportlab and pdfium, for a virtual table's images, see above
    from generator.render.tabletop import Addresses, table_files
    return table_files(table, Addresses(target, settings.url), stem=target.name)


def _json_files(data: BoardData, target: Path, *, settings: Settings) -> Files:
    return [(target, (json.dumps(data, indent=1) + "\n").encode("utf-8"))]


def _sgf_files(record: RecordText, target: Path, *, settings: Settings) -> Files:
    return [(target, record.text.encode("utf-8"))]


# Each kind of content and the formats it is written in.
DRAWN: Mapping[Format, Writer[Document]] = {PDF: _pdf_files, SVG: _svg_files, PNG: _png_files,
                                            HTML: _html_files}
DATA: Mapping[Format, Writer[BoardData]] = {JSON: _json_files}
RECORDS: Mapping[Format, Writer[RecordText]] = {SGF: _sgf_files}
BUNDLES: Mapping[Format, Writer[Bundle]] = {ZIP: _zip_files}
TABLES: Mapping[Format, Writer[VirtualTable]] = {TABLE: _table_files}
WRITTEN = frozenset((*DRAWN, *DATA, *RECORDS, *BUNDLES, *TABLES))   # every format written


def files_of(content: Content, fmt: Format, *, target: Path, settings: Settings = PLAIN) -> Files:
    """CONTENT written as FMT for TARGET, by the writer of its kind of content in that
    format; TypeError for a format that kind of content is not written in (a request
    checks the format against its item's before any work, so this is a bug's guard)."""
    if isinstance(content, dict):
        return _pick(DATA, fmt, "a board's data")(content, target, settings=settings)
    if isinstance(content, RecordText):
        return _pick(RECORDS, fmt, "a game record")(content, target, settings=settings)
    if isinstance(content, Bundle):
        return _pick(BUNDLES, fmt, "a bundle of products")(content, target, settings=settings)
    if isinstance(content, VirtualTable):
        return _pick(TABLES, fmt, "a virtual table")(content, target, settings=settings)
    return _pick(DRAWN, fmt, "a drawn document")(content, target, settings=settings)


def _pick(table: Mapping[Format, Writer[C]], fmt: Format, kind: str) -> Writer[C]:
    writer = table.get(fmt)
    if writer is None:
        raise TypeError(f"{kind} is not written as {fmt.name}")
    return writer
