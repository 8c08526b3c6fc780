"""The accessibility lines of the preflight's report: pure functions from a PDF's
AccessFacts (generator.preflight.access).

For home and print-shop targets one `info` line sums them up and never fails. With the
target "screen-reader" each fact is a line of its own that fails when a reader who does not
see the page would miss something: the file is not tagged, has no language, does not show
its title, has a figure without alternative text, headings out of order, or a table without
header cells. The PDF/UA line fails a file that claims PDF/UA-1 in its XMP while any of them
fails, and says so of a file that does not claim it.
"""

from __future__ import annotations

from generator.core.printing import SCREEN_READER
from generator.preflight.access import AccessFacts, heading_skip
from generator.preflight.lines import Check

__all__ = ["access_summary", "screen_reader_checks"]


def _figures(a: AccessFacts) -> Check:
    if not a.figures:
        return Check("figures", True, "none tagged")
    if a.figures_undescribed:
        return Check("figures", False, f"{a.figures_undescribed} of {a.figures} without "
                                       f"alternative text (/Alt)")
    return Check("figures", True, f"all {a.figures} with alternative text")


def _headings(a: AccessFacts) -> Check:
    if not a.headings:
        # PDF/UA asks headings to be tagged as such where there are any, not that there be.
        return Check("headings", True, "none tagged")
    skip = heading_skip(a.headings)
    if skip:
        return Check("headings", False, f"out of order: {skip}")
    return Check("headings", True, f"{len(a.headings)}, in order "
                                   f"(H1 to H{max(a.headings)}, no level skipped)")


def _tables(a: AccessFacts) -> Check:
    if not a.tables:
        return Check("tables", True, "none tagged")
    if a.tables_headless or a.headers_unscoped:
        problems = []
        if a.tables_headless:
            problems.append(f"{a.tables_headless} of {a.tables} without header cells (TH)")
        if a.headers_unscoped:
            problems.append(f"{a.headers_unscoped} header cells without /Scope")
        return Check("tables", False, "; ".join(problems))
    return Check("tables", True, f"all {a.tables} with header cells that say what they head")


def screen_reader_checks(a: AccessFacts) -> list[Check]:
    """A line for each fact, failing where a screen reader would miss something."""
    lines = [Check("tagged", a.tagged, "structure tree and MarkInfo /Marked true"
                   if a.tagged else "no: no structure tree, or MarkInfo /Marked is not true")]
    if a.read_in_part:
        lines.append(Check("structure", False, f"read in part: {a.read_in_part}"))
    lines += [Check("language", bool(a.lang), a.lang or "none (/Lang)"),
              Check("title shown", a.title_shown, "ViewerPreferences /DisplayDocTitle true"
                    if a.title_shown else "no: a viewer shows the file name "
                                          "(/DisplayDocTitle is not true)")]
    if a.tagged:
        lines += [_figures(a), _headings(a), _tables(a)]
    broken = [c.name for c in lines if not c.passed]
    if a.claims_ua:
        lines.append(Check("PDF/UA", not broken, "claims PDF/UA-1 (pdfuaid:part 1)" + (
            f" but fails: {', '.join(broken)}" if broken else "; the checks above hold")))
    else:
        lines.append(Check("PDF/UA", True, "does not claim PDF/UA", info=True))
    return lines


def access_summary(a: AccessFacts) -> Check:
    """One info line of the facts, for a report on printing."""
    if not a.tagged:
        said = "not tagged"
    else:
        parts = [f"{a.figures} figure{'s' if a.figures != 1 else ''}"
                 + (f" ({a.figures_undescribed} without alternative text)"
                    if a.figures_undescribed else ""),
                 f"{len(a.headings)} heading{'s' if len(a.headings) != 1 else ''}"
                 + (f" ({heading_skip(a.headings)})" if heading_skip(a.headings) else ""),
                 f"{a.tables} table{'s' if a.tables != 1 else ''}"
                 + (" (without header cells)" if a.tables_headless else "")]
        said = "tagged: " + ", ".join(parts)
    said += f"; language {a.lang or 'none'}; title {'shown' if a.title_shown else 'not shown'}"
    if a.claims_ua:
        said += "; claims PDF/UA-1"
    return Check("accessibility", True, f"{said} (--for {SCREEN_READER} to hold it to them)",
                 info=True)
