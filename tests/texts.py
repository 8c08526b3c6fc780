"""A PDF's text as poppler's pdftotext reads it, read once for the whole run (conftest's
`pdf_texts`): the catalogue's PDFs are searched by more than one sweep (the spelling of
Blinq, what a destination's files may say), on whichever worker, and each file's text is
kept in a folder every worker sees."""

from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path


class PdfTexts:
    """Each file's text (pdftotext, the whole file), kept in `folder` under its path, size
    and last change, so a file written again is read again."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder

    def text(self, pdf: Path) -> str:
        facts = pdf.stat()
        key = f"{pdf.resolve()}\0{facts.st_size}\0{facts.st_mtime_ns}"
        kept = self.folder / f"{hashlib.sha1(key.encode()).hexdigest()[:20]}.txt"
        if not kept.exists():
            read = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True,
                                  check=True).stdout
            # Whole or not there: another worker may be reading the same file at once.
            part = kept.with_suffix(f".{os.getpid()}.part")
            part.write_bytes(read)
            os.replace(part, kept)
        return kept.read_bytes().decode("utf-8")
