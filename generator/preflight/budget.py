"""What reading one PDF may cost, and the bookkeeping that enforces it.

A PDF of a few kilobytes can ask for gigabytes (a content stream compressed a thousand to
one, compressed again), for billions of form runs (forms that each draw the next one four
times, sixteen deep), or for a width table of two billion entries. The reader spends from
one `Spent` for the whole file, so repetition is counted wherever it comes from; running
out stops the reading with `OverBudget`, whose message becomes a FAIL line.

The limits have two shapes. Each page may take as much as `Budget` says, so one hostile page
is refused as soon as it passes them (8 million operations on a page: under a second); the
whole file may take its pages' `Share` each, never less than one page's limits and never
more than `CEILING`, which bounds the time and memory of a file that spreads its work over
many pages, each within a page's limits. pnp's largest documented
file, a booklet of 100 Hex records of 100 moves (docs/records.md), is 306 sides that decode
to 48 MB of content in 3.4 million operations with 133,000 runs of text; its heaviest page
(a 26 × 26 board of a 650-move game) 0.75 MB in 40,000 operations; no form at all.
"""

from __future__ import annotations

import time
import zlib
from dataclasses import astuple, dataclass, field

import pikepdf

MB = 1 << 20


@dataclass(frozen=True)
class Share:
    """Amounts of the reading's work, for a page or for a whole file."""
    decoded: int            # content bytes decoded, over every run of every stream
    operations: int         # content operations interpreted
    form_runs: int          # form XObjects drawn
    text_runs: int          # runs of text kept for the checks (their memory)
    seconds: float          # processor time of the reading


# A page's share of time is what pnp's densest pages take (a 26 x 26 record diagrammed every
# 10 moves: 34 pages, 0.17 s each) on a machine three times slower than the one measured.
SHARE = Share(decoded=2 * MB, operations=100_000, form_runs=2_000, text_runs=2_000,
              seconds=0.5)
CEILING = Share(decoded=128 * MB, operations=8_000_000, form_runs=100_000,
                text_runs=200_000, seconds=30.0)


@dataclass(frozen=True)
class Budget:
    decoded: int = 16 * MB          # each of these five is what one page may take, and
    operations: int = 500_000       # the least a whole file may
    form_runs: int = 10_000
    text_runs: int = 100_000
    seconds: float = 6.0
    share: Share = SHARE            # what each page adds to the whole file's allowance
    ceiling: Share = CEILING        # the most a whole file may take, however many pages
    form_depth: int = 16            # forms inside forms
    list_parse: int = 1024 * 1024   # content up to this size is parsed in one go (fast:
                                    # a 26 x 26 record page of 0.7 MB takes 18 MB more);
                                    # larger content is parsed token by token (small)
    codes: int = 65536              # a font's character codes: two bytes at most
    components: int = 32            # colour components: DeviceN's own limit

    @property
    def page(self) -> Share:
        return Share(self.decoded, self.operations, self.form_runs, self.text_runs,
                     self.seconds)

    def for_file(self, pages: int) -> Share:
        """A file's allowance: its pages' share, at least one page's limits, at most the
        ceiling."""
        return Share(*(type(least)(min(top, max(least, share * pages))) for least, share, top
                       in zip(astuple(self.page), astuple(self.share), astuple(self.ceiling),
                              strict=True)))


class OverBudget(Exception):
    """The reading stopped: str() says which limit, in words for the report."""


@dataclass
class Spent:
    """What the reading has spent, over the whole file, against the limits of the page being
    read (`page()` starts one) and the file's allowance (`file(pages)` sets it; until then,
    one page's)."""
    budget: Budget = field(default_factory=Budget)
    decoded: int = 0
    operations: int = 0
    form_runs: int = 0
    text_runs: int = 0
    next_clock: int = 0
    pages: int = 1
    # Processor time, not the clock: the verdict on a file must not depend on how busy the
    # machine is (the reading's child has a wall clock of its own, against a hang).
    started: float = field(default_factory=time.process_time)

    def __post_init__(self) -> None:
        self.allowed = self.budget.page
        self.page()

    def file(self, pages: int) -> None:
        self.pages = max(1, pages)
        self.allowed = self.budget.for_file(self.pages)
        self.page()

    def page(self) -> None:
        """A new page starts: its limits count from what has been spent so far."""
        self.page_start = (self.decoded, self.operations, self.form_runs, self.text_runs,
                           time.process_time())
        limit = self.budget.page
        # Whichever ends first, the page's limit or the file's: the hot path compares once.
        self.most_decoded = min(self.decoded + limit.decoded, self.allowed.decoded)
        self.most_operations = min(self.operations + limit.operations,
                                   self.allowed.operations)
        self.most_form_runs = min(self.form_runs + limit.form_runs, self.allowed.form_runs)
        self.most_text_runs = min(self.text_runs + limit.text_runs, self.allowed.text_runs)
        self.most_time = min(self.page_start[4] + limit.seconds,
                             self.started + self.allowed.seconds)

    def _over(self, which: int, words: str, unit: int = 1) -> OverBudget:
        """The stop, in words: the page's limit when the page alone went past it, else the
        file's allowance."""
        now = (self.decoded, self.operations, self.form_runs, self.text_runs,
               time.process_time())
        page_limit, file_limit = astuple(self.budget.page)[which], astuple(self.allowed)[which]
        if now[which] - self.page_start[which] > page_limit:
            return OverBudget(words.format(page_limit / unit) + " on one page")
        pages = f"{self.pages:,} page{'s' if self.pages != 1 else ''}"
        return OverBudget(words.format(file_limit / unit) + f" in a file of {pages}")

    def decode(self, size: int) -> int:
        self.decoded += size
        if self.decoded > self.most_decoded:
            raise self._over(0, "content decoding to more than {:g} MB", MB)
        return size

    def operation(self, count: int = 1) -> None:
        self.operations += count
        if self.operations > self.most_operations:
            raise self._over(1, "more than {:,.0f} drawing operations")
        if self.operations >= self.next_clock:     # the clock, now and then: it is slow
            self.next_clock = self.operations + 1024
            self.clock()

    def form_run(self) -> None:
        self.form_runs += 1
        if self.form_runs > self.most_form_runs:
            raise self._over(2, "form XObjects drawn more than {:,.0f} times")

    def text_run(self) -> None:
        self.text_runs += 1
        if self.text_runs > self.most_text_runs:
            raise self._over(3, "more than {:,.0f} runs of text")

    def clock(self) -> None:
        if time.process_time() > self.most_time:
            raise self._over(4, "reading took more than {:g} s of processor time")

    def late(self) -> bool:
        """Past the reading's time, and then some: after a stop, even the pages' boxes
        (a file can hold a million pages) are no longer read."""
        return time.process_time() - self.started > self.allowed.seconds + 1

    def left(self) -> int:
        return max(0, self.most_decoded - self.decoded)


FLATE = {"/FlateDecode", "/Fl"}


def filters(stream: pikepdf.Object) -> list[str]:
    """A stream's filter names, first applied first."""
    spec = stream.get("/Filter")
    if spec is None:
        return []
    if isinstance(spec, pikepdf.Array):
        return [str(name) for name in spec]
    return [str(spec)]


def decoded_size(stream: pikepdf.Object, cap: int) -> int:
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


def _qpdf_size(stream: pikepdf.Object) -> int:
    """Decoded by qpdf, as its content parser will (every filter a content stream may have,
    run-length included)."""
    return len(stream.read_bytes(pikepdf.StreamDecodeLevel.specialized))


def read_bounded(stream: pikepdf.Stream, cap: int) -> bytes:
    """A small stream's decoded bytes (a colour lookup table), or the first `cap` of them."""
    if decoded_size(stream, cap) > cap:
        return b""
    return bytes(stream.read_bytes())[:cap]
