"""A print shop's PDF read back as the print-shop tests read it: its boxes against the paper and
bleed, its colour operators and ink, its output profile, its pages' text and their order."""

import re
import subprocess
from pathlib import Path

import pikepdf

from generator.core.paper import Paper
from generator.core.printing import BLEED_IN

BLEED_IN_MM = BLEED_IN * 25.4     # the inch papers' bleed, 0.125 in, in mm
PT = 72 / 25.4


def boxes(path: Path) -> list[dict[str, tuple[float, ...]]]:
    with pikepdf.open(path) as pdf:
        return [{name: tuple(float(v) for v in page.obj[f"/{name}"])
                 for name in ("MediaBox", "TrimBox", "BleedBox") if f"/{name}" in page.obj}
                for page in pdf.pages]


def box_errors(path: Path, paper: Paper, bleed_mm: float) -> list[str]:
    """What is wrong with the boxes for a trim of the paper (either way round) and bleed."""
    errors = []
    b = bleed_mm * PT
    for n, found in enumerate(boxes(path), start=1):
        if "TrimBox" not in found or "BleedBox" not in found:
            errors.append(f"page {n}: no TrimBox or BleedBox")
            continue
        x0, y0, x1, y1 = found["TrimBox"]
        size = sorted((x1 - x0, y1 - y0))
        if any(abs(a - e * PT) > 0.02 for a, e in zip(size, sorted((paper.width, paper.height)),
                                                   strict=True)):
            errors.append(f"page {n}: trim {size} is not {paper.name}")
        bleed = found["BleedBox"]
        if any(abs(a - e) > 0.02 for a, e in zip(bleed, (x0 - b, y0 - b, x1 + b, y1 + b),
                                                    strict=True)):
            errors.append(f"page {n}: BleedBox {bleed} is not the trim plus {bleed_mm} mm")
        if any(abs(a - e) > 0.02 for a, e in zip(found["MediaBox"], bleed, strict=True)):
            errors.append(f"page {n}: MediaBox is not the BleedBox")
    return errors


COLOUR_OPERATORS = {"rg", "RG", "k", "K", "g", "G", "sc", "SC", "scn", "SCN", "cs", "CS"}


def colour_operations(path: Path) -> list[tuple[str, list]]:
    """Every colour operator in every page's content, with its operands. qpdf's parser is
    given the operators wanted (parse_content_stream's whitelist), so only they are turned
    into Python objects, not every path and text operator of the page."""
    found = []
    wanted = " ".join(sorted(COLOUR_OPERATORS))
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            for operands, operator in pikepdf.parse_content_stream(page, wanted):
                assert str(operator) in COLOUR_OPERATORS, operator
                found.append((str(operator), [o if isinstance(o, pikepdf.Name) else
                                              float(o) for o in operands]))
    return found


def rgb_operations(path: Path, operations: list | None = None) -> list[str]:
    """The operators that paint in RGB (from the file, or from its operations read once)."""
    if operations is None:
        operations = colour_operations(path)
    return [op for op, args in operations
            if op in ("rg", "RG") or (op in ("cs", "CS") and "/DeviceRGB" in map(str, args))]


def most_ink(path: Path, operations: list | None = None) -> float:
    """The highest total ink painted, in percent (gray as K)."""
    worst = 0.0
    for op, args in colour_operations(path) if operations is None else operations:
        if op in ("k", "K"):
            worst = max(worst, sum(args) * 100)
        elif op in ("g", "G"):
            worst = max(worst, (1 - args[0]) * 100)
    return worst


def output_profile(path: Path) -> bytes | None:
    with pikepdf.open(path) as pdf:
        intents = pdf.Root.get("/OutputIntents")
        if not intents:
            return None
        profile = intents[0].get("/DestOutputProfile")
        if profile is None or int(profile.get("/N", 0)) != 4:
            return None
        return profile.read_bytes()


def page_texts(path: Path) -> list[str]:
    """Each page's text as poppler lays it out, the file read once: pdftotext ends every
    page with a form feed."""
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout
    *pages, rest = text.split("\f")
    assert rest == "", rest
    return [page + "\f" for page in pages]


def order_errors(path: Path) -> list[str]:
    """A booklet in reading order: page 1 the cover (no folio), every inside page's folio
    its own number (a blank page none), the last page the back cover."""
    texts = page_texts(path)
    errors = []
    if len(texts) % 4:
        errors.append(f"{len(texts)} pages")
    if "Made to print and play with pnp." not in texts[-1]:
        errors.append("the last page is not the back cover")
    if re.search(r"^\s*\d+\s*$", texts[0], re.M):
        errors.append("the first page carries a folio")
    for n, text in enumerate(texts[1:-1], start=2):
        lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
        if lines == [str(n)]:
            errors.append(f"blank page {n} carries a folio")
        elif lines and lines[-1].split()[-1] != str(n):     # a blank page carries none
            errors.append(f"page {n} ends with {lines[-1].split()[-1]!r}")
    return errors


def shop_pdfs(out: Path) -> list[Path]:
    return sorted((out / "print-shop").rglob("*.pdf"))
