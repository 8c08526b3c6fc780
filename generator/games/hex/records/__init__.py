"""Hex game records: HexGui and MoHex SGF, Little Golem's SGF, Trmph and HexWorld links read
into one typed value (model.py), judged (judge.py), and written back as SGF or as the
project's own move list (write.py). Pure: nothing here draws. docs/records.md cites each
format's source."""

from __future__ import annotations

from generator.games.hex.records.links import is_link, read_link
from generator.games.hex.records.model import GameRecord, RecordError
from generator.games.hex.records.sgf import decode
from generator.games.hex.records.sgf_read import read_sgf

__all__ = ["GameRecord", "RecordError", "is_record", "read_record"]


def is_record(text: str) -> bool:
    """Whether a judge's input is a record rather than one of the project's own files: an
    SGF game tree, or a Trmph or HexWorld link."""
    head = text.lstrip("\ufeff \t\r\n")
    return head.startswith("(") or is_link(head)


def read_record(data: bytes | str) -> GameRecord:
    """The record in a file's bytes (its charset from CA, as SGF says) or in a text."""
    text = decode(data) if isinstance(data, bytes) else data
    head = text.lstrip("\ufeff \t\r\n")
    if is_link(head):
        return read_link(head)
    return read_sgf(text)
