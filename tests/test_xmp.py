"""A PDF's XMP is written as pikepdf writes it back, so saving skips the pass that read it
and wrote it again (generator.render.tagging.xmp). Checked against pikepdf itself: reading
the packet and writing it back through pikepdf's metadata (lxml) changes not a byte, for any
title, author, subject, licence and keywords, and the values read are the document's."""

from __future__ import annotations

import pikepdf
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.scene import Document
from generator.render import tagging

# Text XML 1.0 can carry: no control characters but tab, line feed and carriage return, no
# surrogates and none of the two non-characters.
XML_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc"),
                                 blacklist_characters="\ufffe\uffff")
                   | st.sampled_from("&<>\"'\t\n\r "), max_size=40)


def written_back(packet: bytes) -> bytes:
    """The packet as pikepdf leaves it after opening it for editing and closing it again,
    which is what a save with `fix_metadata_version` does."""
    pdf = pikepdf.new()
    pdf.Root.Metadata = pikepdf.Stream(pdf, packet)
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False):
        pass
    return bytes(pdf.Root.Metadata.read_bytes())


def document(title: str, author: str, subject: str, licence: str,
             keywords: tuple[str, ...]) -> Document:
    return Document((), title, author, subject, keywords, licence, lang="en")


@settings(max_examples=100, deadline=None)
@given(XML_TEXT, XML_TEXT, XML_TEXT, XML_TEXT, st.lists(XML_TEXT, max_size=3))
def test_pikepdf_writes_the_packet_back_unchanged(title, author, subject, licence, keywords):
    doc = document(title, author, subject, licence, tuple(keywords))
    packet = tagging.xmp(doc).encode()
    assert written_back(packet) == packet
    pdf = pikepdf.new()
    pdf.Root.Metadata = pikepdf.Stream(pdf, packet)
    meta = pdf.open_metadata()
    # An empty element reads as None. (XML would read a carriage return as a line feed,
    # were it not written as a character reference.)
    assert (meta.get("dc:title") or "") == title
    assert [name or "" for name in meta["dc:creator"]] == [author]
    assert (meta.get("dc:description") or "") == subject
    assert meta["pdfuaid:part"] == "1"


def test_the_check_sees_a_packet_pikepdf_would_rewrite():
    doc = document("Blind Hex & <friends>", "pnp", "rules", "CC-BY-SA 3.0", ("Hex",))
    packet = tagging.xmp(doc)
    compact = "".join(line.strip() for line in packet.splitlines()) + "\n"
    assert written_back(compact.encode()) != compact.encode()
    # An empty value written as an open and a close tag is rewritten too.
    empty = tagging.xmp(document("", "pnp", "", "", ())).replace(
        "<pdf:Keywords/>", "<pdf:Keywords></pdf:Keywords>")
    assert written_back(empty.encode()) != empty.encode()
