"""What reading one PDF may cost, and the bookkeeping that enforces it.

A PDF of a few kilobytes can ask for gigabytes (a content stream compressed a thousand to
one, compressed again), for billions of form runs (forms that each draw the next one four
times, sixteen deep), or for a width table of two billion entries. The reader spends from
one `Spent` for the whole file, so repetition is counted wherever it comes from; running
out stops the reading with `OverBudget`, whose message becomes a FAIL line.

The limits sit far above what print files need: pnp's largest PDF (a Hex KB kit) decodes
to 0.7 MB of content in 38,000 operations, with no form drawn more than a few times.
"""

from __future__ import annotations

import time
import zlib
from dataclasses import dataclass, field
from typing import Any

import pikepdf

MB = 1 << 20


@dataclass(frozen=True)
class Budget:
    decoded: int = 16 * MB          # content bytes decoded, over every run of every stream
    operations: int = 500_000       # content operations interpreted, over the whole walk
    form_runs: int = 10_000         # form XObjects drawn, over the whole walk
    form_depth: int = 16            # forms inside forms
    text_runs: int = 100_000        # runs of text kept for the checks
    seconds: float = 6.0            # processor time of the reading, after which it stops
    list_parse: int = 256 * 1024    # content up to this size is parsed in one go (fast);
                                    # larger content is parsed token by token (small)
    codes: int = 65536              # a font's character codes: two bytes at most
    components: int = 32            # colour components: DeviceN's own limit


class OverBudget(Exception):
    """The reading stopped: str() says which limit, in words for the report."""


@dataclass
class Spent:
    budget: Budget = field(default_factory=Budget)
    decoded: int = 0
    operations: int = 0
    form_runs: int = 0
    text_runs: int = 0
    next_clock: int = 0
    # Processor time, not the clock: the verdict on a file must not depend on how busy the
    # machine is (the reading's child has a wall clock of its own, against a hang).
    started: float = field(default_factory=time.process_time)

    def decode(self, size: int) -> int:
        self.decoded += size
        if self.decoded > self.budget.decoded:
            raise OverBudget(f"content decoding to more than {self.budget.decoded // MB} MB")
        return size

    def operation(self, count: int = 1) -> None:
        self.operations += count
        if self.operations > self.budget.operations:
            raise OverBudget(f"more than {self.budget.operations:,} drawing operations")
        if self.operations >= self.next_clock:     # the clock, now and then: it is slow
            self.next_clock = self.operations + 1024
            self.clock()

    def form_run(self) -> None:
        self.form_runs += 1
        if self.form_runs > self.budget.form_runs:
            raise OverBudget(f"form XObjects drawn more than {self.budget.form_runs:,} times")

    def text_run(self) -> None:
        self.text_runs += 1
        if self.text_runs > self.budget.text_runs:
            raise OverBudget(f"more than {self.budget.text_runs:,} runs of text")

    def clock(self) -> None:
        if time.process_time() - self.started > self.budget.seconds:
            raise OverBudget(f"reading took more than {self.budget.seconds:g} s of processor "
                             f"time")

    def late(self) -> bool:
        """Past the reading's time, and then some: after a stop, even the pages' boxes
        (a file can hold a million pages) are no longer read."""
        return time.process_time() - self.started > self.budget.seconds + 1

    def left(self) -> int:
        return max(0, self.budget.decoded - self.decoded)


FLATE = {"/FlateDecode", "/Fl"}


def filters(stream: Any) -> list[str]:
    """A stream's filter names, first applied first."""
    spec = stream.get("/Filter")
    if spec is None:
        return []
    if isinstance(spec, pikepdf.Array):
        return [str(name) for name in spec]
    return [str(spec)]


def decoded_size(stream: Any, cap: int) -> int:
    """How many bytes the stream decodes to, measured without holding more than `cap` of
    them: Flate is inflated here, `cap` + 1 bytes at most, so a bomb is found out after
    `cap` bytes; other filters (rare in content) are decoded by qpdf under the reading
    process's memory limit. Returns a number over `cap` when the stream is larger."""
    raw = stream.read_raw_bytes()
    names = filters(stream)
    data = raw
    for name in names:
        if name not in FLATE:
            break
        inflater = zlib.decompressobj()
        try:
            data = inflater.decompress(data, cap + 1)
        except zlib.error:
            return _qpdf_size(stream)           # qpdf says what is wrong, as a warning
        if len(data) > cap:
            return len(data)
    else:
        return len(data)
    return _qpdf_size(stream)


def _qpdf_size(stream: Any) -> int:
    """Decoded by qpdf, as its content parser will (every filter a content stream may have,
    run-length included)."""
    return len(stream.read_bytes(pikepdf.StreamDecodeLevel.specialized))


def read_bounded(stream: Any, cap: int) -> bytes:
    """A small stream's decoded bytes (a colour lookup table), or the first `cap` of them."""
    if decoded_size(stream, cap) > cap:
        return b""
    return bytes(stream.read_bytes())[:cap]
