"""The cycle collector held off while documents are drawn, by every thread that draws."""

from __future__ import annotations

import gc
import threading

from generator.app.collecting import uncollected

LONG = 30.0     # seconds: a bound for a loaded machine, never reached when all is well


def test_the_collector_is_off_until_every_thread_drawing_is_done():
    # The studio's two drawing threads draw at once: the first done turned the collector on
    # under the other, which then walked its document half made.
    assert gc.isenabled()
    inside, done = threading.Event(), threading.Event()

    def drawing() -> None:
        with uncollected():
            inside.set()
            done.wait(LONG)
    other = threading.Thread(target=drawing)
    try:
        with uncollected():
            other.start()           # begins while this thread draws, ends after it
            assert inside.wait(LONG)
        assert not gc.isenabled()      # the other thread still draws
    finally:
        done.set()
        other.join(LONG)
    # Control: with every thread done, the collector is on again.
    assert gc.isenabled()


def test_a_caller_with_the_collector_off_keeps_it_off():
    gc.disable()
    try:
        with uncollected():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()
    # Control: a caller with it on has it on again.
    with uncollected():
        assert not gc.isenabled()
    assert gc.isenabled()
