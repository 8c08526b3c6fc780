"""PDF/X identification in a PDF's XMP metadata, agreeing with its document information.

ISO 15930-1:2001 (PDF/X-1a:2001) identifies the file in the document information dictionary
(GTS_PDFXVersion "PDF/X-1:2001", GTS_PDFXConformance "PDF/X-1a:2001", Trapped). Checkers
also read the XMP packet: Acrobat Distiller, and PDF/X-1a writers that follow it such as
mPDF, repeat the keys in Adobe's `pdfx` namespace (http://ns.adobe.com/pdfx/1.3/),
and PDF/X-4 onwards (ISO 15930-7) reads the version from `pdfxid:GTS_PDFXVersion`
(http://www.npes.org/pdfx/ns/id/; both namespaces are in Adobe's XMP Toolkit, XMP_Const.h).
Where the packet and the dictionary disagree, a preflight reports the file as broken, so the
dates go in both: xmp:CreateDate and xmp:ModifyDate are the dictionary's CreationDate and
ModDate (pnp's fixed date, so the same command gives the same bytes).
"""

from __future__ import annotations

import re
from typing import Any

import pikepdf

from generator.render.xmltext import escape

PDFX_NS = "http://ns.adobe.com/pdfx/1.3/"
PDFXID_NS = "http://www.npes.org/pdfx/ns/id/"
XMP_NS = "http://ns.adobe.com/xap/1.0/"
PDF_NS = "http://ns.adobe.com/pdf/1.3/"

_PDF_DATE = re.compile(r"D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?"
                       r"(?:([Zz+-])(\d{2})?'?(\d{2})?'?)?")


def xmp_date(pdf_date: str) -> str | None:
    """A PDF date (D:YYYYMMDDHHmmSSOHH'mm') as XMP writes dates (ISO 8601,
    YYYY-MM-DDThh:mm:ss+hh:mm); None when it is no PDF date."""
    found = _PDF_DATE.match(pdf_date.strip())
    if found is None:
        return None
    year, month, day, hour, minute, second, sign, off_h, off_m = found.groups()
    stamp = (f"{year}-{month or '01'}-{day or '01'}T{hour or '00'}:{minute or '00'}:"
             f"{second or '00'}")
    if sign is None:
        return stamp
    if sign in "Zz":
        return stamp + "Z"
    return f"{stamp}{sign}{off_h or '00'}:{off_m or '00'}"


def identification(version: str, conformance: str, *, trapped: str, created: str,
                   modified: str) -> str:
    """The rdf:Description that identifies the file as PDF/X, indented as lxml pretty-prints
    a packet (the tagging writes the rest of the packet that way)."""
    namespaces = (f' xmlns:pdfx="{PDFX_NS}" xmlns:pdfxid="{PDFXID_NS}"'
                  f' xmlns:xmp="{XMP_NS}" xmlns:pdf="{PDF_NS}" rdf:about=""')
    fields = [("pdfx:GTS_PDFXVersion", version), ("pdfx:GTS_PDFXConformance", conformance),
              ("pdfxid:GTS_PDFXVersion", version), ("pdf:Trapped", trapped),
              ("xmp:CreateDate", created), ("xmp:ModifyDate", modified),
              ("xmp:MetadataDate", modified)]
    lines = [f"      <{name}>{escape(value)}</{name}>\n" for name, value in fields if value]
    return f"    <rdf:Description{namespaces}>\n{''.join(lines)}    </rdf:Description>\n"


EMPTY_PACKET = ('<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n'
                '<x:xmpmeta xmlns:x="adobe:ns:meta/">\n'
                '  <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n'
                '  </rdf:RDF>\n</x:xmpmeta>\n\n<?xpacket end="w"?>\n')


def identify_in_xmp(document: Any, version: str, *, conformance: str) -> None:
    """The PDF/X version, conformance, trapping and dates of the document information added
    to the open pikepdf document's XMP packet (made when it has none)."""
    info = document.trailer.Info
    trapped = str(info.get("/Trapped", "")).lstrip("/")
    created = xmp_date(str(info.get("/CreationDate", ""))) or ""
    modified = xmp_date(str(info.get("/ModDate", ""))) or created
    root = document.Root
    packet = root.Metadata.read_bytes().decode() if "/Metadata" in root else EMPTY_PACKET
    end = packet.rindex("  </rdf:RDF>")
    packet = (packet[:end] + identification(version, conformance, trapped=trapped, created=created,
                                            modified=modified)
              + packet[end:])
    if "/Metadata" in root:
        root.Metadata.write(packet.encode())
        return
    stream = document.make_indirect(pikepdf.Stream(document, packet.encode()))
    stream.Type = pikepdf.Name.Metadata
    stream.Subtype = pikepdf.Name.XML
    root.Metadata = stream
