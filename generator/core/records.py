"""Immutable records written as tuple subclasses, the way collections.namedtuple makes them.

A frozen dataclass costs most of a millisecond to create (it compiles its __init__, __eq__,
__hash__, __repr__, __setattr__ and __delattr__ from source), and a typing.NamedTuple a good
part of one (it compiles each field's annotation and its constructor): with a dozen of them
that was a tenth of `pnp judge`'s start. A record written out costs nothing to create. Its
fields are the C accessors namedtuple's own fields use; its hash, equality and ordering are
its tuple's, as a frozen dataclass's hash and equality are those of its fields' tuple; its
repr is namedtuple's and dataclasses' `Name(field=value, ...)`.

A record class derives from Record and its typed tuple (`class Hex(Record, tuple[int, int])`),
and declares `__slots__ = ()` (or leaves it out to keep a __dict__, for cached properties),
`_fields`, one `field(i)` a field, and `__new__`.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

try:        # CPython's C accessor, as namedtuple takes it; elsewhere, namedtuple's fallback
    from collections import _tuplegetter  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover
    def _tuplegetter(index: int, doc: str | None) -> Any:
        return property(itemgetter(index), doc=doc)


def field(index: int) -> Any:
    """A named field: item `index` of the tuple, read in C as namedtuple's fields are."""
    return _tuplegetter(index, None)


def record_repr(self: Any) -> str:
    """Name(field=value, ...), as namedtuple and dataclasses write it."""
    values = ", ".join(f"{name}={value!r}" for name, value in zip(self._fields, self,
                                                                 strict=True))
    return f"{type(self).__name__}({values})"


def new_args(self: Any) -> tuple[Any, ...]:
    """What pickle and copy hand back to `__new__`."""
    return tuple(self)


class Record:
    """What every record shares: its repr, and pickle and copy by its fields. Placed before
    the tuple among a record's bases, so these come first; it adds no storage."""
    __slots__ = ()
    __repr__ = record_repr
    __getnewargs__ = new_args
