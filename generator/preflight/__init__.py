"""Preflight: read any PDF and say whether it is ready to print at home or at a print shop.

The package by job:
  facts       the plain facts of a PDF (boxes, colours, lines, text, transparency) and the
              geometry and ink arithmetic shared by reader and checks
  budget      what reading one file may cost (decoded bytes, operations, form runs, time)
  resources   colour spaces and fonts, as a page's resources give them
  graphics    the graphics and text state, and the text operators
  page        one page's content interpreted for its facts
  reader      a whole file read with pikepdf in this process; damaged files refused
  isolation   the reading run in a child process with memory and time limits, which a
              signal stops at once; only regular files read
  checks      pure functions from facts to the lines of the report
"""

from __future__ import annotations

from pathlib import Path

from generator.core.printing import HOME_MARGIN
from generator.core.units import PT_PER_MM
from generator.preflight.budget import Budget
from generator.preflight.checks import MAX_INK, Check, Reader, checks, report_lines
from generator.preflight.facts import Colour, PageFacts, PdfFacts, TextRun, inside, shrink
from generator.preflight.isolation import read_pdf
from generator.preflight.reader import PreflightError

__all__ = ["HOME_MARGIN", "MAX_INK", "PT_PER_MM", "Budget", "Check", "Colour", "PageFacts",
           "PdfFacts", "PreflightError", "Reader", "TextRun", "check_file", "checks", "inside",
           "read_pdf", "report_lines", "shrink"]


def check_file(path: Path, reader: Reader, *, booklet: bool | None = None) -> list[Check]:
    """The report on the PDF at PATH for whom it is read (a destination, or screen
    readers); PreflightError (one line) when it cannot be read: not a regular file, not a
    PDF, damaged, needing a password to open, or beyond the reading's memory or time."""
    return checks(read_pdf(path), reader, booklet=booklet)
