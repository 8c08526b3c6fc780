"""The formats pnp writes, in one table: each a plain value that knows its name, its file
extension, its media type, whether it is written one file a page, whether it is data rather
than a drawing, and whether it is made of pixels. The command line, the studio and `pnp build`
read these facts rather than a format's name.

What is written (a drawn document, a board's data, a record's text, a bundle of several
products) is generator/core/content.py's. The writers are not here: the render layer keeps
them in tables keyed by these values (generator/render/writers.py: a table for each kind
of content, as segno's `save` looks its writers up by format), so the core, which
describes what is written, never imports what draws it.
Media types: IANA's registry (https://www.iana.org/assignments/media-types/).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:
    from pathlib import Path

# A board's data, as `--format json` writes it.
JsonValue = Union[str, int, float, bool, None, "list[JsonValue]", "dict[str, JsonValue]"]
BoardData = dict[str, JsonValue]


DEFAULT_DPI = 300   # pixels per inch of a PNG when none is asked for (as render/png.py)


@dataclass(frozen=True, slots=True)
class Format:
    """One format: `--format NAME`, files named *.EXTENSION, served as `media_type`;
    `paged`: one file a page (NAME-1.EXT, NAME-2.EXT, ...); `data`: a board's description
    rather than its drawing; `pixels`: a raster, whose resolution --dpi sets; `folder`: a
    folder NAME of several files, its main one NAME/NAME.EXTENSION."""
    name: str
    extension: str
    media_type: str
    paged: bool = False
    data: bool = False
    pixels: bool = False
    folder: bool = False        # written as a folder of files named by the output

    def __str__(self) -> str:
        return self.name


def page_paths(target: Path, pages: int) -> list[Path]:
    """One file per page (SVG, PNG): the target itself for one page, else NAME-1.EXT,
    NAME-2.EXT, ..."""
    if pages == 1:
        return [target]
    return [target.with_name(f"{target.stem}-{i}{target.suffix}") for i in range(1, pages + 1)]


PDF = Format("pdf", "pdf", "application/pdf")
SVG = Format("svg", "svg", "image/svg+xml", paged=True)
PNG = Format("png", "png", "image/png", paged=True, pixels=True)
HTML = Format("html", "html", "text/html")     # a rule sheet's web edition
JSON = Format("json", "json", "application/json", data=True)
# A game record (generator/games/hex/records/write.py); SGF has no IANA media type, and
# application/x-go-sgf is the one SGF's own pages and Go servers use.
SGF = Format("sgf", "sgf", "application/x-go-sgf", data=True)
# Several files as one (a vendor's kit: its products and what to order), IANA's zip.
ZIP = Format("zip", "zip", "application/zip")
# A kit as a Tabletop Simulator saved object: a folder of its JSON and the images it names
# (generator/render/tabletop.py, docs/tabletop-simulator.md).
TABLE = Format("tabletop-simulator", "json", "application/json", folder=True)

FORMATS: Mapping[str, Format] = {f.name: f for f in (PDF, SVG, PNG, HTML, JSON, SGF, ZIP,
                                                     TABLE)}
DRAWN = (PDF, SVG, PNG)      # what any printed item is written as
VECTORS = (PDF, SVG)         # what `pnp build` writes an item as, unless the item says


def named(names: tuple[Format, ...]) -> tuple[str, ...]:
    """The formats' names, as `--format` takes them."""
    return tuple(f.name for f in names)
