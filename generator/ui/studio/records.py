"""A played game's record in the studio: the record a person chose or pasted, carried in a
request's body (a file's bytes, SGF text, a Trmph or HexWorld link), read as the command
line reads a file, within the same bound (256 KiB), and the request `pnp record GAME FILE`
makes of it. The studio reads no network: a Little Golem game's address is refused by the
record reader, with what to give instead."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass

from generator.app import params, record_request
from generator.core.gridfile import LIMIT, LIMIT_NAME
from generator.games.items import RECORD
from generator.ui.studio.refused import BadRequest

ITEM = RECORD.key
FIELD = "record"          # the record's control, named by refusals about the record itself
NAME = "file"             # the query key of the chosen file's name (none for pasted text)
MOST_NAME = 255           # characters of a file's name, as most file systems allow
# What a request for a record takes besides the record: where the file goes, its format and
# the settings of one download are the page's own, beside the downloads.
SKIPPED = ("fmt", "output", "dpi", "target", "bleed", "condition", "ink_limit")


class TooLarge(BadRequest):
    """A body over the bound, refused from its length before any of it is read."""


@dataclass(frozen=True, slots=True)
class Given:
    """A record as the page sent it: its file's name ("" when pasted: the command line's
    standard input) and its bytes."""
    name: str
    data: bytes

    @property
    def digest(self) -> str:
        """What names the record in the studio's keys: its name and bytes."""
        return hashlib.sha256(self.name.encode("utf-8", "surrogatepass") + b"\0" +
                              self.data).hexdigest()

    @property
    def argument(self) -> str:
        """The FILE the command shown takes: the file's name, or - for standard input."""
        return self.name or "-"


def studio_record_params() -> list[params.Param]:
    """The record item's options: what `pnp record GAME FILE` takes, less the download's."""
    return [p for p in record_request.record_params() if p.name not in SKIPPED]


def body(environ: Mapping[str, object], name: str) -> Given:
    """The record in a request's body, read up to the command line's bound; a body that
    says it is larger is refused before any of it is read, and one that does not say its
    length is refused (the page's fetch always says it)."""
    length = str(environ.get("CONTENT_LENGTH") or "").strip()
    if not (length.isascii() and length.isdigit()):
        raise BadRequest("the record's length was not given: send it with its "
                         "Content-Length", FIELD)
    size = int(length)
    if size == 0:
        raise missing()
    if size > LIMIT:
        raise TooLarge(f"Record: this is {size:,} bytes; a record is read up to {LIMIT_NAME} "
                       f"({LIMIT:,} bytes), as the command line reads one.", FIELD)
    stream = environ.get("wsgi.input")
    data = stream.read(size) if size and hasattr(stream, "read") else b""
    if not isinstance(data, bytes) or len(data) != size:
        raise BadRequest("the record arrived cut short; send it again", FIELD)
    return Given(file_name(name), data)


def file_name(name: str) -> str:
    """A chosen file's name as the command line would be given it: its last part only (a
    browser sends no folders, but a request might), bounded, with no control characters."""
    base = re.split(r"[/\\]", name)[-1].strip()
    if len(base) > MOST_NAME or any(not ch.isprintable() for ch in base) or \
            base in (".", ".."):
        raise BadRequest("Record: the file's name cannot be read; rename the file, or paste "
                         "the record", FIELD)
    return base


def missing() -> BadRequest:
    return BadRequest("Record: choose a record's file, or paste its SGF text or a Trmph or "
                      "HexWorld link.", FIELD)
