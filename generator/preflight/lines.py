"""A line of the preflight's report, and the wording the checks share."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from generator.preflight.facts import PageFacts, PdfFacts


@dataclass(frozen=True)
class Check:
    """One line of the report: `info` lines describe and never fail; `warning` lines pass
    but name what a shop's intake would ask about (generator/preflight/inks.py)."""
    name: str
    passed: bool
    detail: str
    info: bool = False
    warning: bool = False


def pages_listed(numbers: Sequence[int]) -> str:
    shown = ", ".join(str(n) for n in numbers[:8])
    more = f" and {len(numbers) - 8} more" if len(numbers) > 8 else ""
    return f"page{'s' if len(numbers) > 1 else ''} {shown}{more}"


def found_on(facts: PdfFacts, kinds: Callable[[PageFacts], Iterable[str]]
             ) -> tuple[int, str]:
    """How many kinds of something the pages hold, and the first four, each with the pages
    it is on ("Separation on page 2; DeviceN on pages 3, 4")."""
    found: dict[str, list[int]] = {}
    for p in facts.pages:
        for kind in kinds(p):
            found.setdefault(kind, []).append(p.number)
    return len(found), "; ".join(f"{kind} on {pages_listed(numbers)}"
                                 for kind, numbers in sorted(found.items())[:4])
