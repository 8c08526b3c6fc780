"""The PDF/X checks: the file identified as the standard (ISO 15930) the way checkers read it,
its printing condition, and the PDF version the claimed standard allows.

ISO 15930-1:2001 (PDF/X-1a:2001) identifies a file in its document information:
GTS_PDFXVersion "PDF/X-1:2001" with GTS_PDFXConformance "PDF/X-1a:2001" (or "PDF/X-1:2001"),
Trapped True or False, a Title, CreationDate and ModDate. Later parts name the version alone
("PDF/X-1a:2003", "PDF/X-3:2002"), and from PDF/X-4 (ISO 15930-7) the XMP packet's
pdfxid:GTS_PDFXVersion carries it too. An XMP packet that names another version, or other
dates, than the document information contradicts it. A GTS_PDFX OutputIntent names the
printing condition: a condition registered with the ICC (RegistryName) may come without its
profile; any other needs its profile embedded, an output profile (class "prtr").
"""

from __future__ import annotations

import re
from datetime import datetime

from generator.core.printing import PdfX
from generator.preflight.facts import DocumentFacts, PdfFacts
from generator.preflight.lines import Check
from generator.render.pdfx import xmp_date

# The PDF version each standard is built on (ISO 15930-1, -3, -4, -6, -7, -8, -9).
PDF_VERSIONS = {"PDF/X-1:2001": "1.3", "PDF/X-3:2002": "1.3", "PDF/X-1a:2003": "1.4",
                "PDF/X-2:2003": "1.4", "PDF/X-3:2003": "1.4", "PDF/X-4": "1.6",
                "PDF/X-4p": "1.6", "PDF/X-5g": "1.6", "PDF/X-5pg": "1.6", "PDF/X-5n": "1.6",
                "PDF/X-6": "2.0", "PDF/X-6p": "2.0", "PDF/X-6n": "2.0"}
CONFORMANCE = {"PDF/X-1:2001": ("PDF/X-1a:2001", "PDF/X-1:2001")}
# From PDF/X-4 on, the version is read from the XMP packet.
IN_XMP = {v for v in PDF_VERSIONS if not v.endswith(("2001", "2002", "2003"))}
PRINT_SHOP_LIMIT = "1.4"    # a print shop's file claiming nothing: PDF/X-1a:2003 at most
# Names of characterised printing conditions in the ICC's registry (color.org).
REGISTERED = re.compile(r"(FOGRA\d+\w*|CGATS ?TR ?\d+|CGATS21-2-\w+|JC\d+|JCN\d+|IFRA\d+|"
                        r"GRACoL\w*|SWOP\w*|PSO \w.*|CRPC\d)", re.IGNORECASE)


def claims_pdfx(facts: PdfFacts) -> bool:
    doc = facts.document
    return doc is not None and ("GTS_PDFXVersion" in doc.info or "GTS_PDFXConformance"
                                in doc.info or "pdfxid:GTS_PDFXVersion" in doc.xmp
                                or any(i.subtype == "GTS_PDFX" for i in doc.intents))


def _instant(text: str) -> datetime | None:
    """A PDF date or an XMP (ISO 8601) date as a datetime; None when it is neither."""
    iso = xmp_date(text) if text.startswith("D:") else text
    try:
        return datetime.fromisoformat(iso) if iso else None
    except ValueError:
        return None


def _same_instant(one: datetime, other: datetime) -> bool:
    if (one.tzinfo is None) != (other.tzinfo is None):
        return one.replace(tzinfo=None) == other.replace(tzinfo=None)
    return one == other


def identification_problems(doc: DocumentFacts) -> list[str]:
    info, xmp = doc.info, doc.xmp
    version = info.get("GTS_PDFXVersion")
    if version is None:
        if "pdfxid:GTS_PDFXVersion" in xmp:
            version = xmp["pdfxid:GTS_PDFXVersion"]
        else:
            return ["no GTS_PDFXVersion in the document information: the file does not say "
                    "it is PDF/X"]
    problems = []
    if version not in PDF_VERSIONS:
        hint = " (PDF/X-1a:2001 is GTS_PDFXVersion PDF/X-1:2001 with GTS_PDFXConformance " \
               "PDF/X-1a:2001)" if version.startswith("PDF/X-1a") else ""
        problems.append(f"GTS_PDFXVersion '{version}' is no version of PDF/X{hint}")
    conformance = info.get("GTS_PDFXConformance")
    if version in CONFORMANCE and conformance not in CONFORMANCE[version]:
        problems.append(f"GTS_PDFXConformance is {repr(conformance) if conformance else 'missing'}"
                        f", {' or '.join(CONFORMANCE[version])} with {version}")
    if info.get("Trapped") not in ("True", "False"):
        problems.append(f"Trapped is {info.get('Trapped') or 'missing'}, True or False needed")
    problems += [f"no {key} in the document information"
                 for key in ("Title", "CreationDate", "ModDate") if not info.get(key)]
    if doc.xmp_problem:
        problems.append(doc.xmp_problem)
    for key, against in (("pdfxid:GTS_PDFXVersion", version), ("pdfx:GTS_PDFXVersion", version),
                         ("pdfx:GTS_PDFXConformance", conformance)):
        if key in xmp and against is not None and xmp[key] != against:
            problems.append(f"the XMP's {key} '{xmp[key]}' is not the document "
                            f"information's '{against}'")
    if version in IN_XMP and "pdfxid:GTS_PDFXVersion" not in xmp:
        problems.append(f"no pdfxid:GTS_PDFXVersion in the XMP, which {version} needs")
    for key, name in (("xmp:CreateDate", "CreationDate"), ("xmp:ModifyDate", "ModDate")):
        if key in xmp and name in info:
            ours, theirs = _instant(xmp[key]), _instant(info[name])
            if ours is None or theirs is None or not _same_instant(ours, theirs):
                problems.append(f"the XMP's {key} {xmp[key]} is not the {name} {info[name]}")
    return problems


def check_identification(facts: PdfFacts) -> Check:
    doc = facts.document
    if doc is None:
        return Check("PDF/X", False, "the file's identification could not be read")
    if not claims_pdfx(facts):
        return Check("PDF/X", False, "no PDF/X identification (no GTS_PDFXVersion, no "
                                     "GTS_PDFX OutputIntent): a print shop takes PDF/X-1a")
    problems = identification_problems(doc)
    if problems:
        more = f" and {len(problems) - 3} more" if len(problems) > 3 else ""
        return Check("PDF/X", False, "; ".join(problems[:3]) + more)
    named = doc.info.get("GTS_PDFXConformance") or doc.info.get("GTS_PDFXVersion", "")
    xmp = ", the XMP agrees" if any(k in doc.xmp for k in ("pdfx:GTS_PDFXVersion",
                                                            "pdfxid:GTS_PDFXVersion")) else ""
    return Check("PDF/X", True, f"{named} (GTS_PDFXVersion {doc.info['GTS_PDFXVersion']}), "
                                f"Trapped {doc.info['Trapped']}, dated{xmp}")


def check_flavour(facts: PdfFacts, wanted: PdfX, *, who: str) -> Check:
    """Whether the file is the PDF/X flavour a vendor asks for by name (DriveThruCards:
    PDF/X-1a:2003), not merely some PDF/X."""
    info = facts.document.info if facts.document is not None else {}
    version, conformance = info.get("GTS_PDFXVersion", ""), info.get("GTS_PDFXConformance", "")
    named = conformance or version or "no PDF/X"
    if version == wanted.version and conformance == wanted.conformance:
        return Check("PDF/X flavour", True, f"{wanted.name}, as {who} asks")
    return Check("PDF/X flavour", False, f"{named}, where {who} asks for {wanted.name}")


def check_output_intent(facts: PdfFacts) -> Check:
    doc = facts.document
    intents = [] if doc is None else [i for i in doc.intents if i.subtype == "GTS_PDFX"]
    if not intents:
        return Check("output intent", False, "no GTS_PDFX OutputIntent: the file names no "
                                             "printing condition")
    if len(intents) > 1:
        return Check("output intent", False, f"{len(intents)} GTS_PDFX OutputIntents, one "
                                             f"allowed")
    (intent,) = intents
    name = intent.identifier
    if not name:
        return Check("output intent", False, "the GTS_PDFX OutputIntent has no "
                                             "OutputConditionIdentifier")
    registered = bool(intent.registry) and REGISTERED.fullmatch(name) is not None
    if intent.profile and not intent.profile.startswith("prtr"):
        return Check("output intent", False, f"{name}: its DestOutputProfile is "
                                             f"{intent.profile or 'unreadable'}, not an "
                                             f"ICC output profile (prtr)")
    if not intent.profile and not registered:
        return Check("output intent", False, f"'{name}' is no registered condition and no "
                                             f"DestOutputProfile is embedded")
    where = f"registered at {intent.registry}" if registered else "not registered"
    profile = f"its {intent.profile.split()[-1]} output profile embedded" if intent.profile \
        else "no profile embedded (the registry's)"
    return Check("output intent", True, f"{name} ({where}), {profile}")


def check_pdf_version(facts: PdfFacts, shop: bool) -> Check:
    doc = facts.document
    if doc is None:
        return Check("PDF version", False, "the file's version could not be read")
    version = doc.info.get("GTS_PDFXVersion") or doc.xmp.get("pdfxid:GTS_PDFXVersion", "")
    limit = PDF_VERSIONS.get(version) or (PRINT_SHOP_LIMIT if shop else "2.0")
    claimed = version if version in PDF_VERSIONS else "a print shop (PDF/X-1a:2003)"
    streams = " with object streams" if doc.object_streams else ""
    detail = f"PDF {doc.version}{streams}"
    if _number(doc.version) > _number(limit) + 1e-9:
        return Check("PDF version", False, f"{detail}: {claimed} allows PDF {limit} at most")
    if doc.object_streams and _number(limit) < 1.5:
        return Check("PDF version", False, f"{detail}: object streams are PDF 1.5, which "
                                           f"{claimed} does not allow")
    return Check("PDF version", True, f"{detail} (at most {limit} for {claimed})")


def _number(version: str) -> float:
    try:
        return float(version)
    except ValueError:
        return 99.0
