"""A PDF's pages as poppler reads them: how many (pdfinfo), and each page's text (pdftotext)."""

import subprocess
from pathlib import Path


def pdf_pages(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    return int(info.split("Pages:")[1].split()[0])


def pdf_texts(pdf: Path, box: tuple[float, float, float, float] | None = None) -> list[str]:
    """Every page's text, in order, each ending with its form feed as pdftotext writes it:
    read by one pdftotext for the whole file; box (x, y, w, h in points) crops every page
    alike."""
    crop = [] if box is None else ["-x", str(int(box[0])), "-y", str(int(box[1])),
                                   "-W", str(int(box[2])), "-H", str(int(box[3]))]
    text = subprocess.run(["pdftotext", "-r", "72", *crop, str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout
    pages = text.split("\f")
    assert len(pages) == pdf_pages(pdf) + 1 and pages[-1] == "", pdf
    return [page + "\f" for page in pages[:-1]]
