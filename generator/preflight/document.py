"""What a PDF says of itself, read for the PDF/X checks: its version and whether it holds
object streams, the document information's identification, its XMP packet's, and its
OutputIntents with the class and colour space of each embedded profile.

Everything read is bounded: the XMP packet at 1 MB (and refused with a DOCTYPE, which could
declare entities that expand without end), a profile by its 128-byte header, the file's
own bytes scanned for object streams a megabyte at a time.
"""

from __future__ import annotations

import re
import zlib
from pathlib import Path
from xml.etree import ElementTree

import pikepdf

from generator.preflight.budget import FLATE, filters, read_bounded
from generator.preflight.facts import DocumentFacts, Intent
from generator.render.pdfx import PDF_NS, PDFX_NS, PDFXID_NS, XMP_NS

XMP_CAP = 1 << 20
PDFUAID_NS = "http://www.aiim.org/pdfua/ns/id/"      # PDF/UA-1's identification (ISO 14289-1, 5)
INFO_KEYS = ("GTS_PDFXVersion", "GTS_PDFXConformance", "Trapped", "Title", "CreationDate",
             "ModDate")
XMP_KEYS = {(PDFX_NS, "GTS_PDFXVersion"): "pdfx:GTS_PDFXVersion",
            (PDFX_NS, "GTS_PDFXConformance"): "pdfx:GTS_PDFXConformance",
            (PDFXID_NS, "GTS_PDFXVersion"): "pdfxid:GTS_PDFXVersion",
            (PDF_NS, "Trapped"): "pdf:Trapped",
            (XMP_NS, "CreateDate"): "xmp:CreateDate",
            (XMP_NS, "ModifyDate"): "xmp:ModifyDate",
            (PDFUAID_NS, "part"): "pdfuaid:part"}
# An object stream's or a cross-reference stream's dictionary is never itself compressed:
# both are PDF 1.5, and the words show in the file's bytes.
COMPRESSED_OBJECTS = re.compile(rb"/Type\s*/(?:ObjStm|XRef)\b")
CHUNK = 1 << 20


def document_facts(pdf: pikepdf.Pdf, path: Path) -> DocumentFacts:
    info: dict[str, str] = {}
    docinfo = pdf.trailer.get("/Info")
    if isinstance(docinfo, pikepdf.Dictionary):
        for key in INFO_KEYS:
            if f"/{key}" in docinfo:
                info[key] = str(docinfo[f"/{key}"]).lstrip("/")
    xmp, problem = read_xmp(pdf)
    listed = pdf.Root.get("/OutputIntents")
    intents = tuple(_intent(intent) for intent in
                    (list(listed)[:16] if isinstance(listed, pikepdf.Array) else [])
                    if isinstance(intent, pikepdf.Dictionary))
    return DocumentFacts(str(pdf.pdf_version), object_streams(path), info, xmp, intents,
                         problem)


def read_xmp(pdf: pikepdf.Pdf) -> tuple[dict[str, str], str]:
    """The PDF/X keys and dates of the catalogue's XMP packet, as simple properties or as
    attributes of an rdf:Description; and why it could not be read, when it could not."""
    stream = pdf.Root.get("/Metadata")
    if not isinstance(stream, pikepdf.Stream):
        return {}, ""
    data = read_bounded(stream, XMP_CAP)
    if not data:
        return {}, f"the XMP packet is empty or larger than {XMP_CAP >> 20} MB"
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        return {}, "the XMP packet declares a DOCTYPE"
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as err:
        return {}, f"the XMP packet is not well-formed XML ({err})"
    found: dict[str, str] = {}
    for element in root.iter():
        for name, value in element.attrib.items():
            key = XMP_KEYS.get(_split(name))
            if key:
                found.setdefault(key, value.strip())
        key = XMP_KEYS.get(_split(element.tag))
        if key and element.text and element.text.strip():
            found.setdefault(key, element.text.strip())
    return found, ""


def _split(name: str) -> tuple[str, str]:
    if name.startswith("{"):
        namespace, _, local = name[1:].partition("}")
        return namespace, local
    return "", name


def _intent(intent: pikepdf.Dictionary) -> Intent:
    profile = intent.get("/DestOutputProfile")
    header = profile_header(profile) if profile is not None else b""
    described = ""
    if profile is not None:
        described = (f"{header[12:16].decode('latin-1').strip()} "
                     f"{header[16:20].decode('latin-1').strip()}") if len(header) >= 20 \
            else "unreadable"
    return Intent(str(intent.get("/S", "")).lstrip("/"),
                  str(intent.get("/OutputConditionIdentifier", "")),
                  str(intent.get("/RegistryName", "")), described)


def profile_header(stream: pikepdf.Object) -> bytes:
    """The first 128 bytes of an ICC profile stream (its header), Flate inflated only that
    far; other filters decoded whole if the profile is at most 4 MB."""
    if not isinstance(stream, pikepdf.Stream):
        return b""
    names = filters(stream)
    if all(name in FLATE for name in names) and len(names) <= 1:
        raw = stream.read_raw_bytes()
        if not names:
            return bytes(raw[:128])
        try:
            return zlib.decompressobj().decompress(raw, 128)
        except zlib.error:
            return b""
    return read_bounded(stream, 4 << 20)[:128]


def object_streams(path: Path) -> bool:
    """Whether the file holds object streams or a cross-reference stream (PDF 1.5)."""
    tail = b""
    with open(path, "rb") as file:
        while chunk := file.read(CHUNK):
            if COMPRESSED_OBJECTS.search(tail + chunk):
                return True
            tail = chunk[-32:]
    return False
