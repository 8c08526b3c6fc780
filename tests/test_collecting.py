"""The cycle collector held off while documents are drawn, by every thread that draws, and
the studio's whole-heap collection left for a quiet moment."""

from __future__ import annotations

import gc
import threading

from generator.app.collecting import uncollected
from generator.ui.studio.drawing import Drawer

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


def whole_collections(collect_after: float) -> list[str]:
    """What a drawer that has made as much as it keeps does once its planned work is made,
    until it is closed: its whole-heap collections, by the thread that ran them."""
    seen: list[str] = []

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2 \
                and threading.current_thread().name.startswith("pnp studio"):
            seen.append(threading.current_thread().name)
            collected.set()
    collected = threading.Event()
    drawer = Drawer(queue=4, keep=1, ahead_after=0.0, collect_after=collect_after)
    gc.callbacks.append(watch)
    try:
        assert drawer.get("asked", lambda: "made", timeout=LONG) == "made"
        ahead = threading.Event()
        drawer.prepare([("ahead", ahead.set)])
        assert ahead.wait(LONG)
        if collect_after == 0:
            assert collected.wait(LONG)
    finally:
        drawer.close(LONG)
        gc.callbacks.remove(watch)
    return seen


def test_a_drawer_collects_the_whole_heap_only_when_no_one_has_asked_for_a_while():
    # Collected between two requests, the whole heap held the second 0.4 to 1 s.
    assert whole_collections(collect_after=LONG) == []
    # Control: quiet long enough, the same drawer collects, on the thread that works ahead.
    assert whole_collections(collect_after=0.0) == ["pnp studio drawing ahead"]
