"""Writers: one per format, chosen from a table, each turning a Document into files, and
the one `save` that picks the format, names the files and writes them.

Every file is written to a temporary name beside its target and renamed into place, so a
failed or interrupted run never leaves a half-written file.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import UserError

if TYPE_CHECKING:
    from ..paper import Press
    from ..scene import Document

FORMATS = ("pdf", "svg")          # what a Document can become as vectors (and pnp build writes)
RASTER_FORMATS = ("png",)         # what a Document can become as pixels, one file a page
DATA_FORMATS = ("json",)          # what a board's data can become


class OutputError(UserError):
    """A file could not be written; the message is one line for the user."""


def _pdf_files(doc: Document, target: Path, press: Press | None = None,
               **_: Any) -> list[tuple[Path, bytes]]:
    from .pdf import document_pdf
    return [(target, document_pdf(doc, press) if press else document_pdf(doc))]


def page_paths(target: Path, pages: int) -> list[Path]:
    """One file per page (SVG, PNG): the target itself for one page, else NAME-1.EXT,
    NAME-2.EXT, ..."""
    if pages == 1:
        return [target]
    return [target.with_name(f"{target.stem}-{i}{target.suffix}") for i in range(1, pages + 1)]


svg_page_paths = page_paths


def _svg_files(doc: Document, target: Path, **_: Any) -> list[tuple[Path, bytes]]:
    from .svg import page_svg
    paths = page_paths(target, len(doc.pages))
    total = len(doc.pages)
    return [(path, page_svg(page, doc.title if total == 1 else f"{doc.title} ({i}/{total})"))
            for i, (path, page) in enumerate(zip(paths, doc.pages), start=1)]


def _png_files(doc: Document, target: Path, dpi: int | None = None, press: Press | None = None,
               **_: Any) -> list[tuple[Path, bytes]]:
    from .pdf import document_pdf
    from .png import DEFAULT_DPI, pdf_pages_png
    # For a print shop the PDF's page is the trim plus bleed, and so is the picture.
    pdf = document_pdf(doc, press) if press else document_pdf(doc)
    images = pdf_pages_png(pdf, dpi or DEFAULT_DPI)
    return list(zip(page_paths(target, len(images)), images, strict=True))


def _json_files(data: Mapping[str, Any], target: Path, **_: Any) -> list[tuple[Path, bytes]]:
    return [(target, (json.dumps(data, indent=1) + "\n").encode("utf-8"))]


# Each writer takes the content, the target and the settings of its format: dpi for png,
# press (generator.paper.Press: home, or a print shop's bleed and colour) for pdf and png;
# SVG has no CMYK and no page boxes, so it is drawn at the trim size in RGB either way.
WRITERS: dict[str, Callable[..., list[tuple[Path, bytes]]]] = {
    "pdf": _pdf_files,
    "svg": _svg_files,
    "png": _png_files,
    "json": _json_files,
}


def render(doc: Document, fmt: str, target: Path, **settings: Any) -> list[tuple[Path, bytes]]:
    """The files a document becomes in a format, in memory: (path, bytes) pairs."""
    return WRITERS[fmt](doc, Path(target), **settings)


def output_format(target: Path | None, fmt: str | None, allowed: Sequence[str]) -> str:
    """The format to write: as asked, else the one the target's extension names, else the
    first allowed. An extension that names another format, or none pnp writes, is an error."""
    suffix = target.suffix.lower().lstrip(".") if target else ""
    if fmt is not None and fmt not in allowed:
        raise OutputError(f"this item is written as {' or '.join(allowed)}, not {fmt}")
    if not suffix:
        return fmt or allowed[0]
    if suffix not in allowed:
        raise OutputError(f"cannot write {target}: the name ends in .{suffix}, but this item "
                          f"is written as {' or '.join('.' + a for a in allowed)}")
    if fmt is not None and fmt != suffix:
        raise OutputError(f"cannot write {target} as {fmt}: the name ends in .{suffix}")
    return suffix


def save(content: Document | Mapping[str, Any], target: Path | None, fmt: str | None,
         default_stem: str, allowed: Sequence[str] = FORMATS, **settings: Any) -> list[Path]:
    """Write a document (or a board's data) in the format asked for or named by the target,
    to the target or to DEFAULT_STEM.FORMAT here; a name without an extension gets the
    format's. SETTINGS go to the format's writer (dpi for png, press for pdf and png).
    Returns the paths written."""
    chosen = output_format(target, fmt, allowed)
    if target is None:
        target = Path(f"{default_stem}.{chosen}")
    elif not target.suffix:
        target = target.with_name(f"{target.name}.{chosen}")
    files = WRITERS[chosen](content, target, **settings)
    write_atomically(files)
    return [path for path, _ in files]


def write_atomically(files: list[tuple[Path, bytes]]) -> None:
    staged: list[tuple[str, Path]] = []
    try:
        for path, data in files:
            directory = path.parent if str(path.parent) else Path(".")
            if not directory.is_dir():
                raise OutputError(f"cannot write {path}: folder {directory} does not exist")
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=directory)
            staged.append((tmp, path))
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.chmod(tmp, 0o644)
        for _, path in staged:    # every target first: a failed run replaces nothing
            if path.is_dir():
                raise OutputError(f"cannot write {path}: it is a folder")
        for tmp, path in staged:
            os.replace(tmp, path)
    except OSError as err:
        raise OutputError(f"cannot write {err.filename or files[0][0]}: "
                          f"{err.strerror or err}") from None
    finally:
        for tmp, _ in staged:
            if os.path.exists(tmp):
                os.unlink(tmp)
