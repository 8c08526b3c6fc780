"""Writers: one per format, chosen from a table, each turning a Document into files.

Every file is written to a temporary name beside its target and renamed into place, so a
failed or interrupted run never leaves a half-written file.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Callable

from ..scene import Document

FORMATS = ("pdf", "svg")


class OutputError(Exception):
    """A file could not be written; the message is one line for the user."""


def _pdf_files(doc: Document, target: Path) -> list[tuple[Path, bytes]]:
    from .pdf import document_pdf
    return [(target, document_pdf(doc))]


def svg_page_paths(target: Path, pages: int) -> list[Path]:
    """One SVG per page: the target itself for one page, else NAME-1.svg, NAME-2.svg, ..."""
    if pages == 1:
        return [target]
    return [target.with_name(f"{target.stem}-{i}{target.suffix}") for i in range(1, pages + 1)]


def _svg_files(doc: Document, target: Path) -> list[tuple[Path, bytes]]:
    from .svg import page_svg
    paths = svg_page_paths(target, len(doc.pages))
    total = len(doc.pages)
    return [(path, page_svg(page, doc.title if total == 1 else f"{doc.title} ({i}/{total})"))
            for i, (path, page) in enumerate(zip(paths, doc.pages), start=1)]


WRITERS: dict[str, Callable[[Document, Path], list[tuple[Path, bytes]]]] = {
    "pdf": _pdf_files,
    "svg": _svg_files,
}


def render(doc: Document, fmt: str, target: Path) -> list[tuple[Path, bytes]]:
    """The files a document becomes in a format, in memory: (path, bytes) pairs."""
    return WRITERS[fmt](doc, Path(target))


def save(doc: Document, fmt: str, target: Path | str) -> list[Path]:
    files = render(doc, fmt, Path(target))
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
        for tmp, path in staged:
            if path.is_dir():
                raise OutputError(f"cannot write {path}: it is a folder")
            os.replace(tmp, path)
    except OSError as err:
        raise OutputError(f"cannot write {err.filename or files[0][0]}: "
                          f"{err.strerror or err}") from None
    finally:
        for tmp, _ in staged:
            if os.path.exists(tmp):
                os.unlink(tmp)
