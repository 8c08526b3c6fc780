"""The print shop's checks of what a press prints otherwise than a screen shows: white set to
overprint, images under 150 ppi, annotations over the printed area, transfer functions,
encryption.
Each is a rule of PDF/X-1a (ISO 15930-1) or of the shops' own preflight (Acrobat's and
callas pdfToolbox's PDF/X-1a profiles, which DriveThruRPG and Lulu point their customers to).
"""

from __future__ import annotations

from generator.core.units import MM_PER_INCH
from generator.preflight.facts import PdfFacts
from generator.preflight.lines import Check, found_on

LEAST_PPI = 150      # effective resolution a print shop takes for pictures


def check_overprint(facts: PdfFacts) -> Check:
    count, listed = found_on(facts, lambda p: p.overprint_white)
    if count:
        return Check("overprint", False, f"white set to overprint: {listed} (it vanishes on "
                                         f"press)")
    return Check("overprint", True, "no white set to overprint")


def check_resolution(facts: PdfFacts) -> Check:
    placed = [(p.image, p.number) for p in facts.pages if p.image is not None]
    if not placed:
        return Check("image resolution", True, "no images")
    image, number = min(placed, key=lambda found: found[0].ppi)
    (across, up), (width, height) = image.pixels, image.size
    detail = (f"{image.ppi:.0f} ppi on page {number} ({across} × {up} px drawn "
              f"{width / 72 * MM_PER_INCH:.1f} × {height / 72 * MM_PER_INCH:.1f} mm)")
    if image.ppi < LEAST_PPI:
        return Check("image resolution", False, f"{detail}, under {LEAST_PPI} ppi")
    return Check("image resolution", True, f"lowest {detail} (at least {LEAST_PPI} ppi)")


def check_annotations(facts: PdfFacts) -> Check:
    found = [(p.number, a) for p in facts.pages for a in p.annotations]
    if found:
        number, first = found[0]
        return Check("annotations", False,
                     f"{len(found)} over the printed area, e.g. {first} on page {number} "
                     f"(PDF/X keeps annotations off the BleedBox)")
    return Check("annotations", True, "none over the printed area")


def check_transfer(facts: PdfFacts) -> Check:
    count, listed = found_on(facts, lambda p: p.transfer)
    if count:
        return Check("transfer functions", False, f"{listed} (PDF/X forbids them: the "
                                                  f"press's curves are the shop's)")
    return Check("transfer functions", True, "none")


def check_encryption(facts: PdfFacts) -> Check:
    """A file that opens without a password may still be encrypted (an owner password that
    forbids editing): PDF/X forbids that (every part since PDF/X-1a:2001; only the withdrawn
    PDF/X-1:1999 let it be), so a print shop's intake turns it away."""
    if facts.encryption:
        return Check("encryption", False, f"encrypted ({facts.encryption}), though it opens "
                                          f"without a password: PDF/X forbids encryption")
    return Check("encryption", True, "none")
