"""Reading a PDF's facts with pikepdf (qpdf's binding), in this process and within a budget.

`read_facts` walks every page's content stream, tracking the graphics state (transformation
matrix, line width, colours, transparency, the text matrix) through q/Q, cm, Tm/Td/TD/T*,
form XObjects and images, and gathers plain facts: the page boxes, the colours painted, the
thinnest stroke, where each run of text lies and which fonts are embedded. Everything it
spends (decoded bytes, operations, form runs, time) comes out of one `budget.Spent`; when
that runs out the reading stops and says so in `PdfFacts.limits`.

Run it through `isolation.read_pdf`, which adds what code in this process cannot promise:
a memory ceiling, a wall clock, and an interrupt that works while qpdf is busy.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import BinaryIO

import pikepdf

from generator.errors import UserError
from generator.preflight.access import access_facts
from generator.preflight.budget import Budget, OverBudget, Spent
from generator.preflight.document import document_facts
from generator.preflight.facts import PdfFacts
from generator.preflight.page import Form, PageReader


class PreflightError(UserError):
    """The file cannot be read as a PDF; the message is one line."""


def read_facts(path: Path, budget: Budget | None = None) -> PdfFacts:
    """The facts of every page of the PDF at PATH; PreflightError when it cannot be read,
    is not a PDF at all, or qpdf finds it damaged."""
    pdf_header(path)
    try:
        # Read, not mapped: a mapped file would count against the reading's memory.
        pdf = pikepdf.open(_named(path), attempt_recovery=False,
                           access_mode=pikepdf.AccessMode.stream)
    except pikepdf.PasswordError:
        raise PreflightError(f"cannot read {path}: it is encrypted, with a password to "
                             f"open it") from None
    except OSError as err:
        raise PreflightError(f"cannot read {path}: {err.strerror or err}") from None
    except (pikepdf.PdfError, ValueError) as err:
        if "bad_alloc" in str(err):
            raise MemoryError from None
        reason = first_line(err, path)
        what = "damaged PDF" if _damage(reason) else "not a readable PDF"
        raise PreflightError(f"cannot read {path}: {what} ({reason})") from None
    with pdf:
        damaged(pdf, path)
        try:
            facts = _walk(pdf, Spent(budget or Budget()))
            # An empty user password opens a file without asking (AES-256 included): it is
            # read, and the print shop's check fails it (PDF/X forbids encryption).
            facts.encryption = encryption(pdf)
            facts.document = document_facts(pdf, path)
            facts.access = access_facts(pdf, facts.document.xmp.get("pdfuaid:part") == "1")
        except (pikepdf.PdfError, RecursionError) as err:
            if "bad_alloc" in str(err):     # qpdf ran out of memory and said so
                raise MemoryError from None
            raise PreflightError(f"cannot read {path}: damaged PDF ({first_line(err, path)})"
                                 ) from None
        damaged(pdf, path)
    return facts


HEADER = b"%PDF-"
HEADER_WITHIN = 1024    # readers look this far for it (PDF Reference 1.7, H.3 note 13)


def pdf_header(path: Path) -> None:
    """Nothing, when the file's first 1024 bytes hold `%PDF-`; PreflightError for anything
    else (a record, a web page): qpdf would call it a damaged PDF."""
    try:
        with open(path, "rb") as file:
            start = file.read(HEADER_WITHIN)
    except OSError as err:
        raise PreflightError(f"cannot read {path}: {err.strerror or err}") from None
    if HEADER not in start:
        raise PreflightError(f"cannot read {path}: it is not a PDF file (no %PDF- header "
                             f"in its first {HEADER_WITHIN} bytes)")


def encryption(pdf: pikepdf.Pdf) -> str:
    """How the file is encrypted, in words ("AES-256"), or "" when it is not."""
    if not pdf.is_encrypted:
        return ""
    info = pdf.encryption
    # The standard security handler's ciphers: AES (V 4 and 5) or, before those, RC4.
    cipher = "AES" if info.stream_method.name in ("aes", "aesv3") else "RC4"
    try:
        return f"{cipher}-{info.bits}"
    except KeyError:                  # no key length that qpdf could tell
        return cipher


def _named(path: Path) -> Path | BinaryIO:
    """The file for pikepdf: its name, or, for a name that is not UTF-8 (a file made on
    another system), the file opened here, since pikepdf takes names as text only."""
    try:
        str(path).encode("utf-8")
    except UnicodeEncodeError:
        return open(path, "rb")  # noqa: SIM115 (read in this child process until it ends)
    return path


def damaged(pdf: pikepdf.Pdf, path: Path) -> None:
    """qpdf warns where it had to guess (a cut-off file, a broken stream): the file is
    damaged, whatever could be read of it. The first warning that says more than that is
    given."""
    warnings = [str(w) for w in pdf.get_warnings()]
    if warnings:
        telling = [w for w in warnings if not w.endswith("file is damaged")] or warnings
        raise PreflightError(f"cannot read {path}: damaged PDF "
                             f"({first_line(Exception(telling[0]), path)})")


def _damage(reason: str) -> bool:
    return any(word in reason for word in ("damaged", "xref", "startxref", "EOF", "trailer"))


def first_line(err: BaseException, path: Path) -> str:
    """The first line of qpdf's message, without the file name it starts with (and where
    it says where, that in words of its own)."""
    lines = str(err).strip().splitlines()
    line = lines[0] if lines else type(err).__name__
    found = re.match(rf"{re.escape(str(path))}(?: \((.*?)\))?: (.*)", line)
    if found is None:
        return line
    where, what = found.groups()
    return f"{where}: {what}" if where else what


def _walk(pdf: pikepdf.Pdf, spent: Spent) -> PdfFacts:
    title = str(pdf.docinfo.get("/Title", "")) if pdf.trailer.get("/Info") else ""
    facts = PdfFacts([], title)
    notes = facts.limits
    forms: dict[tuple[int, int], Form] = {}
    stopped = False
    spent.file(len(pdf.pages))
    for number, page in enumerate(pdf.pages, start=1):
        if stopped and spent.late():
            notes.append(f"pages from {number} on were not counted")
            break
        reader = PageReader(page, number, spent=spent, notes=notes, forms=forms)
        if not stopped:
            spent.page()
            try:
                reader.read()
            except OverBudget as limit:
                # What stopped the reading comes first; what it stepped round, after.
                notes.insert(0, f"{limit}, at page {number}: the rest was not read")
                stopped = True
        facts.pages.append(reader.facts)
    return facts


