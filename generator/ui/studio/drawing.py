"""The studio's drawing: documents, pages and files are made on two threads of their own, one
for what requests ask for, one at a time in the order asked, by a queue of bounded length, and
one for what a person is likely to ask for next (the game's other items with the same
options), made when no one is waiting, so that a change of item finds its document made. What
is made is kept (the last few dozen), so turning pages, going back and downloading what is on
screen make nothing twice.

A request waits for its work up to a time limit and is then answered "busy"; work nobody
waits for any more is dropped before it starts. A request that comes while something is made
ahead does not wait for it (a booklet made ahead takes 200 ms): its work starts at once, on
the other thread, and the two share the processor until the one ahead is done. Closed (when
its server closes), the drawer finishes the work asked for, plans nothing more, and its
threads end.

Python's cycle collector stays out of the drawing (app/collecting.py), and each piece of
work, once made, is frozen (`gc.freeze`) before the collector is on again: what is kept is
then never walked. Walking every point of the documents kept took 40 to 210 ms a time
whenever the collector's oldest generation came round (a Hex KB rule sheet's preview took
twice as long then), and collecting each piece of work as it was made walked its document
once or twice more (30 to 70 ms, every thread held, before the request had its answer). A
kept value let go is freed as before, by its reference count (drawing's values hold no
cycles); what a piece of work left in cycles (a kept error's traceback) is collected with
everything else once as many pieces as are kept have been made, all that was planned is, and
no one has asked for anything for a few seconds (a person reading the page).
"""

from __future__ import annotations

import gc
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from typing import TypeVar, cast

from generator.app.collecting import uncollected
from generator.errors import UserError

T = TypeVar("T")


class Busy(UserError):
    """The studio cannot take this work now: the queue is full, or it waited too long."""


class Waited(Busy):
    """The work was not done within the time the request waits (it goes on if begun)."""


def _collect_everything() -> None:
    """Every object collected, the frozen too, and what is left frozen again."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


_COLLECTING = ("collect everything",)     # the key of the drawer's own work, never kept


@dataclass
class _Job:
    key: Hashable
    work: Callable[[], object]
    future: Future[object] = field(default_factory=Future)
    waiting: int = 0          # requests waiting for it; none left, it is not started


class Drawer:
    """Makes things one at a time on its own thread and keeps the results (errors too)."""

    def __init__(self, queue: int = 8, keep: int = 64, *, ahead_after: float = 0.5,
                 collect_after: float = 5.0):
        self.queue_limit, self.keep, self.ahead_after = queue, keep, ahead_after
        self.collect_after = collect_after      # seconds quiet before the heap is collected
        self.lock = threading.Condition()
        self.jobs: deque[_Job] = deque()
        self.running: dict[Hashable, _Job] = {}       # queued or being made
        # What each key's work made, or the error it raised (the value is then None).
        self.kept: OrderedDict[Hashable, tuple[object, Exception | None]] = OrderedDict()
        self.ahead: list[tuple[Hashable, Callable[[], object]]] = []
        self.last_asked = 0.0
        self.thread: threading.Thread | None = None          # what requests ask for
        self.ahead_thread: threading.Thread | None = None    # what is planned
        self.asked_in_hand = False      # the requests' thread is making something
        self.workers: set[int] = set()
        self.closed = False
        self.frozen = 0         # pieces of work frozen since everything was last collected

    # --- asked by requests ------------------------------------------------------------------

    def get(self, key: Hashable, work: Callable[[], T], *, timeout: float) -> T:
        """The result of `work` (made now, or kept from before); raises what it raised.
        Busy when the queue is full or the result takes longer than `timeout` seconds. A
        key names one kind of work, so what is kept under it is what `work` makes."""
        if threading.get_ident() in self.workers:
            return self.within(key, work)
        with self.lock:
            self.last_asked = time.monotonic()
            if key in self.kept:
                return cast(T, self._result(key))
            job = self.running.get(key)
            if job is None:
                if self.closed:
                    raise Busy("the studio is closing")
                if len(self.jobs) >= self.queue_limit:
                    raise Busy("the studio is busy with other pages; try again in a moment")
                job = _Job(key, work)
                self.running[key] = job
                self.jobs.append(job)
                self._start()
                self.lock.notify_all()
            job.waiting += 1
        try:
            return cast(T, job.future.result(timeout))
        except FutureTimeout:
            raise Waited(f"that took longer than {timeout:g} s; the studio is busy, try again "
                       f"in a moment") from None
        finally:
            with self.lock:
                job.waiting -= 1

    def has(self, key: Hashable) -> bool:
        """Whether what `key` names is made and kept (or its error)."""
        with self.lock:
            return key in self.kept

    def prepare(self, jobs: Sequence[tuple[Hashable, Callable[[], object]]]) -> None:
        """What to make when nothing is asked for: replaces what was planned before."""
        with self.lock:
            self.ahead = [(k, w) for k, w in jobs if k not in self.kept]
            if self.ahead and not self.closed and self.ahead_thread is None:
                self.ahead_thread = threading.Thread(
                    target=self._serve, args=(self._next_ahead,), daemon=True,
                    name="pnp studio drawing ahead")
                self.ahead_thread.start()
            self.lock.notify_all()

    def close(self, timeout: float | None = None) -> None:
        """Take no more work: the drawer makes what is asked for already, nothing ahead,
        and its threads end (each waited for up to `timeout` seconds)."""
        with self.lock:
            self.closed = True
            self.ahead.clear()
            self.lock.notify_all()
        for thread in (self.thread, self.ahead_thread):
            if thread is not None and thread is not threading.current_thread():
                thread.join(timeout)

    def within(self, key: Hashable, work: Callable[[], T]) -> T:
        """On a drawing thread itself (a kit making its items): kept, or made here."""
        with self.lock:
            found = self.kept.get(key)
        value, error = found if found is not None else self._keep(key, work)
        if error is not None:
            raise error
        return cast(T, value)

    # --- the drawing thread -----------------------------------------------------------------

    def _start(self) -> None:
        if self.thread is None:
            self.thread = threading.Thread(target=self._serve, args=(self._next,),
                                           name="pnp studio drawing", daemon=True)
            self.thread.start()

    def _next(self) -> _Job | None:
        """The next job asked for, waiting until there is one; None once closed with none
        asked."""
        with self.lock:
            self.asked_in_hand = False
            self.lock.notify_all()          # the thread ahead may begin, when it is quiet
            while True:
                while self.jobs:
                    job = self.jobs.popleft()
                    if job.waiting > 0:
                        self.asked_in_hand = True
                        return job
                    del self.running[job.key]       # nobody waits for it any more
                    job.future.cancel()
                if self.closed:
                    return None
                self.lock.wait()

    def _next_ahead(self) -> _Job | None:
        """The next job planned, once no request has asked for anything for `ahead_after`
        seconds and nothing asked is being made; None once closed."""
        with self.lock:
            while not self.closed:
                quiet = time.monotonic() - self.last_asked
                idle = quiet >= self.ahead_after and not self.jobs and not self.asked_in_hand
                if self.ahead and idle:
                    key, work = self.ahead.pop(0)
                    if key in self.kept or key in self.running:
                        continue
                    job = _Job(key, work)
                    self.running[key] = job
                    return job
                collect = self.frozen >= self.keep and not self.ahead and not self.running
                if collect and idle and quiet >= self.collect_after:
                    # Once as many pieces of work as are kept, once everything planned is
                    # made and no one has asked for anything for a while: the whole heap
                    # collected (0.4 to 1 s, every thread held), so that what was let go
                    # since, if it held a cycle (a kept error's traceback does), is freed
                    # too. Done between two requests, it held the second as long (a Nex
                    # size typed: 1.4 s).
                    self.frozen = 0
                    return _Job(_COLLECTING, _collect_everything)
                after = self.ahead_after if self.ahead else \
                    self.collect_after if collect else None
                self.lock.wait(after - quiet if after is not None and quiet < after else None)
            return None

    def _serve(self, next_job: Callable[[], _Job | None]) -> None:
        with self.lock:
            self.workers.add(threading.get_ident())
        while True:
            job = next_job()
            if job is None:
                return
            if not job.future.set_running_or_notify_cancel():
                continue
            if job.key is _COLLECTING:
                job.work()
                continue
            value, error = self._keep(job.key, job.work)
            with self.lock:
                self.running.pop(job.key, None)
            if error is None:
                job.future.set_result(value)
            else:
                job.future.set_exception(error)

    def _keep(self, key: Hashable, work: Callable[[], object]
              ) -> tuple[object, Exception | None]:
        with uncollected():
            try:
                outcome: tuple[object, Exception | None] = (work(), None)
            except Exception as err:    # kept and raised to whoever asks, on their thread
                outcome = (None, err)
            # What the work made left out of every collection to come, before the collector
            # is on again: walked once more, it held both threads 30 to 70 ms a piece.
            gc.freeze()
        with self.lock:
            self.frozen += 1
            self.kept[key] = outcome
            self.kept.move_to_end(key)
            while len(self.kept) > self.keep:
                self.kept.popitem(last=False)
        return outcome

    def _result(self, key: Hashable) -> object:
        value, error = self.kept[key]
        self.kept.move_to_end(key)
        if error is not None:
            raise error
        return value
