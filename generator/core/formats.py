"""The formats pnp writes, in one table: each a value that knows its name, its file
extension, its media type, whether it is written one file a page, whether it is data rather
than a drawing, and its writer. The command line, the studio and `pnp build` read these facts
rather than a format's name, as segno's `save` looks its writers up by format.

A writer turns the content (a Document, or a board's data) into (path, bytes) pairs for a
target, in memory; generator/render writes them atomically. What a writer writes with (the
drawing stack: reportlab, svgwrite, pypdfium2 and Pillow, jinja2; json) is imported by that
writer when it writes: the commands that write nothing (`pnp --help`, `list`, `judge`) never
load it.
Media types: IANA's registry (https://www.iana.org/assignments/media-types/).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

from generator.errors import UserError

if TYPE_CHECKING:
    from pathlib import Path

    from generator.core.paper import Press
    from generator.core.scene import Document

# A board's data, as `--format json` writes it.
JsonValue = Union[str, int, float, bool, None, "list[JsonValue]", "dict[str, JsonValue]"]
BoardData = dict[str, JsonValue]


@dataclass(frozen=True, slots=True)
class RecordText:
    """A game record written as text (SGF), as `pnp record --format sgf` writes it."""
    text: str


Content = Union["Document", BoardData, RecordText]
Files = list[tuple["Path", bytes]]

DEFAULT_DPI = 300   # pixels per inch of a PNG when none is asked for (as render/png.py)


@dataclass(frozen=True, slots=True)
class Settings:
    """What a writer is told besides the content: pixels per inch (png) and the press
    (pdf and png: home, or a print shop's bleed and colour). SVG has no CMYK and no page
    boxes, so it is drawn at the trim size in RGB either way."""
    dpi: int | None = None
    press: Press | None = None


PLAIN = Settings()    # nothing besides the content: the format's own resolution, home printing
Writer = Callable[[Content, "Path", Settings], Files]


@dataclass(frozen=True, slots=True)
class Format:
    """One format: `--format NAME`, files named *.EXTENSION, served as `media_type`;
    `paged`: one file a page (NAME-1.EXT, NAME-2.EXT, ...); `data`: a board's description
    rather than its drawing; `pixels`: a raster, whose resolution --dpi sets."""
    name: str
    extension: str
    media_type: str
    writer: Writer
    paged: bool = False
    data: bool = False
    pixels: bool = False

    def __str__(self) -> str:
        return self.name


def page_paths(target: Path, pages: int) -> list[Path]:
    """One file per page (SVG, PNG): the target itself for one page, else NAME-1.EXT,
    NAME-2.EXT, ..."""
    if pages == 1:
        return [target]
    return [target.with_name(f"{target.stem}-{i}{target.suffix}") for i in range(1, pages + 1)]


def _document(content: Content) -> Document:
    if isinstance(content, (dict, RecordText)):
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
    if press is not None and press.destination.card_images and all(p.name for p in doc.pages):
        # One image per card face and one for the back they share: NAME-x-A.png, NAME-back.png.
        named = {p.name: image for p, image in zip(doc.pages, images, strict=True)}
        return [(target.with_name(f"{target.stem}-{name}{target.suffix}"), image)
                for name, image in named.items()]
    return list(zip(page_paths(target, len(images)), images, strict=True))


def _html_files(content: Content, target: Path, settings: Settings) -> Files:
    from generator.render.html import document_html
    return [(target, document_html(_document(content)).encode("utf-8"))]


def _json_files(content: Content, target: Path, settings: Settings) -> Files:
    import json  # as each writer imports what it writes with
    if not isinstance(content, dict):
        raise TypeError("a document is drawn, not written as data")
    return [(target, (json.dumps(content, indent=1) + "\n").encode("utf-8"))]


def _sgf_files(content: Content, target: Path, settings: Settings) -> Files:
    if not isinstance(content, RecordText):
        raise TypeError("only a game record is written as SGF")
    return [(target, content.text.encode("utf-8"))]


PDF = Format("pdf", "pdf", "application/pdf", _pdf_files)
SVG = Format("svg", "svg", "image/svg+xml", _svg_files, paged=True)
PNG = Format("png", "png", "image/png", _png_files, paged=True, pixels=True)
HTML = Format("html", "html", "text/html", _html_files)     # a rule sheet's web edition
JSON = Format("json", "json", "application/json", _json_files, data=True)
# A game record (generator/games/hex/records/write.py); SGF has no IANA media type, and
# application/x-go-sgf is the one SGF's own pages and Go servers use.
SGF = Format("sgf", "sgf", "application/x-go-sgf", _sgf_files, data=True)

FORMATS: Mapping[str, Format] = {f.name: f for f in (PDF, SVG, PNG, HTML, JSON, SGF)}
DRAWN = (PDF, SVG, PNG)      # what any printed item is written as
VECTORS = (PDF, SVG)         # what `pnp build` writes an item as, unless the item says


def named(names: tuple[Format, ...]) -> tuple[str, ...]:
    """The formats' names, as `--format` takes them."""
    return tuple(f.name for f in names)
