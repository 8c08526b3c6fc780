"""Python's cycle collector held off while a document is drawn.

Drawing makes hundreds of thousands of small values (points, shapes, reportlab's operators),
almost none of them in a cycle: their reference counts free them. The collector, run every
few hundred new objects, walks them all the same, and the older generations walk every
point of a document kept so far (a booklet of a hundred records: 0.35 s of its 6 s). Held
off for one drawing, it changes no byte; the few cycles a drawing leaves are collected
when it is back on. The catalogue's workers hold it off for their whole life
(app/making.py).
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def uncollected() -> Iterator[None]:
    """No cyclic garbage collection inside; the collector as it was afterwards (a caller
    that had it off, such as a catalogue worker, keeps it off)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
