"""What a print shop's intake warns of in how colours are built from the press's inks: small
text set in two or more of them, and greys built from all four. Neither stops a press, so
each is a `warn` line, which passes; both are pure functions of the facts, as the other
checks (docs/preflight.md, "Inks").

The plates of a press never lie exactly on one another: a small letter built from several
inks shows a fringe of each where they miss, and a grey built from cyan, magenta and yellow
under black drifts in hue as the inks' densities do over a run (the press's grey balance),
where a grey of black ink alone stays grey.
"""

from __future__ import annotations

from collections.abc import Iterator

from generator.core import printing
from generator.preflight.facts import Colour, PdfFacts, TextRun
from generator.preflight.lines import Check, pages_listed

SMALL_TEXT = printing.SMALL_TEXT    # pt: text under this is small (docs/preflight.md)
INKED = 0.005           # an ink's amount from which it is printed at all (half a percent)
# How far apart cyan, magenta and yellow may be in a grey: a neutral on press has more cyan
# than magenta and yellow (the press's grey balance), so they are not equal in one.
NEUTRAL = 0.15


def ink_checks(facts: PdfFacts) -> list[Check]:
    """The lines of this module, for a print shop."""
    return [check_small_text(facts), check_four_colour_grey(facts)]


def inks(colour: Colour) -> int:
    """How many of the press's plates print a colour: each CMYK or DeviceN ink it uses,
    gray and a process plate's Separation one, the Registration colour (Separation /All)
    every process plate; 0 where it cannot be told (RGB, which the colour line fails
    already, patterns, Lab)."""
    if colour.family in ("cmyk", "devicen", "spot", "process"):
        return sum(v >= INKED for v in colour.values)
    if colour.family == "gray":
        return int(bool(colour.values) and colour.values[0] <= 1 - INKED)
    if colour.family == "all":
        return len(printing.PROCESS_PLATES) if colour.values and colour.values[0] >= INKED \
            else 0
    return 0


def _small_and_several(facts: PdfFacts) -> Iterator[TextRun]:
    for page in facts.pages:
        for run in page.texts:
            # A space prints nothing, whatever its colour.
            if run.colour is not None and run.size < SMALL_TEXT and run.text.strip() \
                    and inks(run.colour) >= 2:
                yield run


def check_small_text(facts: PdfFacts) -> Check:
    """Text under SMALL_TEXT set in two or more inks: misregistered, it shows fringes."""
    found = list(_small_and_several(facts))
    if not found:
        return Check("small text", True, f"none under {SMALL_TEXT:g} pt in two or more inks")
    first = found[0]
    assert first.colour is not None
    pages = sorted({run.page for run in found})
    return Check("small text", True,
                 f"{len(found)} text run{'s' if len(found) > 1 else ''} under "
                 f"{SMALL_TEXT:g} pt in two or more inks on {pages_listed(pages)}, e.g. "
                 f"'{first.text[:24]}' at {first.size:.1f} pt in "
                 f"{first.colour.describe()}: out of register, small letters show a fringe "
                 f"of each ink (one ink, or black alone, prints them sharp)", warning=True)


def four_colour_grey(colour: Colour) -> bool:
    """A grey built from all four process inks: CMYK with each ink printed, cyan, magenta
    and yellow within NEUTRAL of one another, lighter than the black that prints as K
    alone (printing.DARK), so not a rich black."""
    if colour.family != "cmyk" or len(colour.values) != 4:
        return False
    c, m, y, k = colour.values
    light = printing.luma(printing.composite((c, m, y, k))) > 1 - printing.DARK
    return min(colour.values) >= INKED and max(c, m, y) - min(c, m, y) <= NEUTRAL and light


def check_four_colour_grey(facts: PdfFacts) -> Check:
    found: dict[Colour, list[int]] = {}
    for page in facts.pages:
        for colour in page.colours:
            if four_colour_grey(colour):
                found.setdefault(colour, []).append(page.number)
    if not found:
        return Check("four-colour grey", True, "none: greys in black ink alone")
    colour, pages = min(found.items(), key=lambda item: (item[1], item[0].describe()))
    total = sum(colour.values) * 100
    more = f" and {len(found) - 1} more" if len(found) > 1 else ""
    return Check("four-colour grey", True,
                 f"{colour.describe()} ({total:.0f}% ink) on {pages_listed(pages)}{more}: a "
                 f"grey of cyan, magenta and yellow under black drifts in hue on press (K "
                 f"alone keeps it grey)", warning=True)
