"""Reading a PDF in a child process that the parent can always stop.

qpdf works in C++: while it inflates a stream or scans a file, Python runs no signal handler,
so Ctrl-C and SIGTERM wait for it; and an allocation of gigabytes ends in std::bad_alloc,
which can abort the whole program. So the reading runs in a forked child with a ceiling on
its address space and on its processor time. The parent waits for the child's answer on a
pipe with a wall clock; a signal interrupts that wait at once, and the child is killed on the
way out, whatever it was doing. Only regular files are read: a device, a FIFO or a socket
is refused from its stat, without being opened.
"""

from __future__ import annotations

import contextlib
import ctypes
import io
import os
import pickle
import resource
import select
import signal
import stat
import time
from pathlib import Path

from generator.preflight.budget import MB, Budget
from generator.preflight.facts import PdfFacts
from generator.preflight.reader import PreflightError, read_facts

# What stops pnp (generator/ui/signals.py's STOPS): Ctrl-C, SIGTERM, and a hangup.
STOPS = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
MEMORY = 144 * MB        # address space the child may take beyond what it is forked with
# The whole reading, by the wall clock and in processor time, follows the budget's ceiling
# (the most any file may take, its pages' share; the reader stops itself at its file's
# allowance, with a FAIL line, before either): half as much again by the clock, for a busy
# machine, and a few seconds more of processor time, for qpdf's own work.
BY_THE_CLOCK = 1.5
MORE_PROCESSOR = 4
ANSWER = 256 * MB        # the facts sent back: far more than the text-run budget makes

KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"),
         (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
         (stat.S_ISBLK, "a block device"))


def read_pdf(path: Path, budget: Budget | None = None) -> PdfFacts:
    """The facts of every page of the PDF at PATH, read in a child process within MEMORY
    and the budget's time; PreflightError when the file cannot be read."""
    path = Path(path)
    regular_file(path)
    return _in_child(path, budget or Budget())


def regular_file(path: Path) -> None:
    """Nothing, for a regular file at PATH (a symbolic link is followed); PreflightError
    for anything else, told from its stat without opening it (a FIFO would wait for a
    writer, a device never ends)."""
    try:
        info = os.stat(path)
    except (OSError, ValueError) as err:
        reason = err.strerror if isinstance(err, OSError) and err.strerror else err
        raise PreflightError(f"cannot read {path}: {reason}") from None
    if stat.S_ISREG(info.st_mode):
        return
    kind = next((name for test, name in KINDS if test(info.st_mode)), "not a regular file")
    raise PreflightError(f"cannot read {path}: it is {kind}, not a PDF file")


def _in_child(path: Path, budget: Budget) -> PdfFacts:
    seconds = budget.ceiling.seconds * BY_THE_CLOCK
    processor = int(budget.ceiling.seconds) + MORE_PROCESSOR
    readable, writable = os.pipe()
    inherited = _address_space()
    ceiling = inherited + MEMORY if inherited else 0
    # A signal that arrives while os.fork runs its at-fork callbacks (logging's among them)
    # is raised where Python ignores exceptions, and the stop would be lost: held back until
    # the fork is done, then taken in the parent's own code (and the child's).
    held = signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
    try:
        pid = os.fork()
    except BaseException:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        raise
    if pid == 0:                                      # the child: never returns
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        os.close(readable)
        _child(path, budget, ceiling, processor, writable)
    os.close(writable)
    reaped = False
    try:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)   # a stop held back lands here
        answer = _receive(readable, path, seconds)
        status = _wait(pid)
        reaped = True
    finally:
        os.close(readable)
        if not reaped:                                # out of time, or interrupted
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
            _wait(pid)
    return _answer(answer, status, path, processor)


def _wait(pid: int) -> int:
    try:
        return os.waitpid(pid, 0)[1]
    except ChildProcessError:       # reaped already: SIGCHLD ignored by whoever runs pnp
        return 0


def _receive(readable: int, path: Path, seconds: float) -> bytes:
    deadline = time.monotonic() + seconds
    chunks: list[bytes] = []
    received = 0
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise PreflightError(f"cannot read {path}: reading it takes more than "
                                 f"{seconds:g} s")
        ready, _, _ = select.select([readable], [], [], left)
        if not ready:
            continue
        chunk = os.read(readable, 1 << 16)
        if not chunk:
            return b"".join(chunks)
        received += len(chunk)
        if received > ANSWER:
            raise PreflightError(f"cannot read {path}: it holds more than the preflight "
                                 f"can report")
        chunks.append(chunk)


def _answer(data: bytes, status: int, path: Path, processor: int) -> PdfFacts:
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        if number == signal.SIGXCPU:
            raise PreflightError(f"cannot read {path}: reading it takes more than "
                                 f"{processor} s of processor time")
        if number == signal.SIGABRT:      # std::bad_alloc where C++ could not throw it
            raise PreflightError(f"cannot read {path}: reading it needs more than "
                                 f"{MEMORY // MB} MB of memory")
        name = signal.Signals(number).name if number in signal.valid_signals() else number
        raise PreflightError(f"cannot read {path}: the reading stopped on signal {name}")
    # A child that failed while sending (out of memory between two pages) sent part of an
    # answer: it is no answer.
    if not data or (os.WIFEXITED(status) and os.WEXITSTATUS(status) != 0):
        raise PreflightError(f"cannot read {path}: the reading stopped without an answer")
    answer = io.BytesIO(data)
    try:
        kind, value, pages = pickle.load(answer)
        if kind == "facts":
            assert isinstance(value, PdfFacts)
            value.pages = [pickle.load(answer) for _ in range(pages)]
            return value
    except (EOFError, pickle.UnpicklingError):    # cut short, where its status was lost
        raise PreflightError(f"cannot read {path}: the reading stopped without a whole "
                             f"answer") from None
    if kind == "memory":
        raise PreflightError(f"cannot read {path}: reading it needs more than "
                             f"{MEMORY // MB} MB of memory")
    raise PreflightError(str(value))


def _child(path: Path, budget: Budget, ceiling: int, processor: int, writable: int) -> None:
    """Read, send the answer (facts, or the one line that says why not), and exit at once:
    no cleanup of the parent's that was forked along (atexit, buffered output) runs here."""
    status = 1
    try:
        _confine(ceiling, processor)
        answer: tuple[str, PdfFacts | str | None]
        try:
            answer = ("facts", read_facts(path, budget))
        except PreflightError as err:
            answer = ("refused", str(err))
        except MemoryError:
            answer = ("memory", None)
        except Exception as err:   # noqa: BLE001 (a hostile file's surprise: one line)
            answer = ("refused", f"cannot read {path}: damaged PDF ({type(err).__name__}: "
                                 f"{str(err).splitlines()[0][:200] if str(err) else ''})")
        _send(answer, writable)
        status = 0
    finally:
        os._exit(status)


def _send(answer: tuple[str, PdfFacts | str | None], writable: int) -> None:
    """The answer, a page at a time when it is facts: one pickle of a whole large file
    (its memo holding every run of text) took as much memory again as the reading."""
    kind, value = answer
    pages = value.pages if isinstance(value, PdfFacts) else []
    if isinstance(value, PdfFacts):
        value.pages = []
    for part in [(kind, value, len(pages)), *pages]:
        view = memoryview(pickle.dumps(part, protocol=pickle.HIGHEST_PROTOCOL))
        while view:
            view = view[os.write(writable, view):]


def _confine(ceiling: int, processor: int) -> None:
    """The child's limits: signals that stop it at once, memory, processor time, no core
    file, and death with its parent."""
    for number in STOPS:
        if signal.getsignal(number) is not signal.SIG_IGN:
            signal.signal(number, signal.SIG_DFL)
    with contextlib.suppress(OSError):
        # The answer goes back on the pipe: what qpdf's C++ runtime prints on the way down
        # (std::bad_alloc) must not come before the one line the parent says.
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 2)
        os.close(quiet)
    with contextlib.suppress(OSError, AttributeError):
        prctl = ctypes.CDLL(None, use_errno=True).prctl
        prctl(1, signal.SIGKILL)                      # PR_SET_PDEATHSIG
    limits = [(resource.RLIMIT_CPU, processor), (resource.RLIMIT_CORE, 0)]
    if ceiling:
        limits.append((resource.RLIMIT_AS, ceiling))
    for limit, value in limits:
        with contextlib.suppress(ValueError, OSError):
            hard = resource.getrlimit(limit)[1]
            wanted = value if hard == resource.RLIM_INFINITY else min(value, hard)
            resource.setrlimit(limit, (wanted, hard))


def _address_space() -> int:
    """This process's virtual size in bytes (Linux's /proc; 0 where there is none)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0
