"""A file's name as pnp prints it: in messages, a booklet's contents, titles and bookmarks,
and a PDF's metadata. A name the file system holds as bytes that are not UTF-8 (a file
named b'\\xff\\xfe.sgf', which Python hands over as lone surrogates and no text encoding
writes) keeps those bytes escaped as `\\xff\\xfe`; control characters are escaped as repr
escapes them, so a name is always one line of text that any writer takes."""

from __future__ import annotations

import os


def printable(name: str) -> str:
    """The name with undecodable bytes and control characters escaped."""
    try:
        text = os.fsencode(name).decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:    # a lone surrogate no file system gave: typed, not read
        text = name.encode("utf-8", "backslashreplace").decode("utf-8")
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                   for ch in text)
