"""Text inside XML elements (an SVG's title, a PDF's XMP metadata)."""

from __future__ import annotations


def escape(text: str) -> str:
    """&, < and > as character data needs them: what xml.sax.saxutils.escape does, without
    importing that module, which brings urllib.request and with it http.client, email and
    ssl (40 ms of every command that writes a PDF)."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")
