"""Python's cycle collector held off while a document is drawn.

Drawing makes hundreds of thousands of small values (points, shapes, reportlab's operators),
almost none of them in a cycle: their reference counts free them. The collector, run every
few hundred new objects, walks them all the same, and the older generations walk every
point of a document kept so far (a booklet of a hundred records: 0.35 s of its 6 s). Held
off for one drawing, it changes no byte; the few cycles a drawing leaves are collected
when it is back on. The catalogue's workers hold it off for their whole life
(app/making.py).

The switch is the whole process's, so threads that draw at once (the studio's two) share
one hold: the collector is back on when the last of them is done, not when the first is
(it then walked the other's document half made, 10 to 70 ms a time, holding every thread).
"""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Iterator


class _Hold:
    """How many threads are inside `uncollected`, and whether the collector was on before
    the first of them."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.holders = 0
        self.was_on = False


_HOLD = _Hold()


@contextlib.contextmanager
def uncollected(hold: _Hold = _HOLD) -> Iterator[None]:
    """No cyclic garbage collection inside, on any thread; the collector as it was once
    every thread inside is done (a caller that had it off, such as a catalogue worker,
    keeps it off)."""
    with hold.lock:
        if hold.holders == 0:
            hold.was_on = gc.isenabled()
            gc.disable()
        hold.holders += 1
    try:
        yield
    finally:
        with hold.lock:
            hold.holders -= 1
            if hold.holders == 0 and hold.was_on:
                gc.enable()
