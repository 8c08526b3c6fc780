"""How the `pnp` command runs: an interrupt is one line and 128 + the signal's number, a
user error one `pnp:` line and exit status 2, never a traceback; standard output that cannot
be written is reported once.

A Ctrl-C while the command's modules are imported is one line too: the `pnp` program's
entry (generator/ui/start.py) installs its handler before importing anything else. (One
inside Python's own start, before that, is Python's to handle: docs/commands.md.)
"""

from __future__ import annotations

import os
import signal
import sys

if os.path.basename(sys.argv[0]) == "cli.py":
    # Run as `python -m generator.ui.cli`: an interrupt while it starts is one line. (The
    # `pnp` program installs the same handler before importing anything: ui/start.py.)
    from generator.ui.signals import quiet_on_signals
    quiet_on_signals()

import errno
import re
import threading
import typing
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import NoReturn

import click

from generator.errors import UserError
from generator.ui.lazy import LazyGroup
from generator.ui.signals import STOPS, quiet_exit, stopped

EXIT_BAD_INPUT = 2
# A broken pipe on standard output (`pnp judge ... | head`) ends quietly, as other Unix
# tools do when SIGPIPE ends them: 128 + SIGPIPE's number.
EXIT_BROKEN_PIPE = 128 + signal.SIGPIPE


class Interrupted(BaseException):
    """SIGINT, SIGTERM or SIGHUP (signals.STOPS), raised where the program is so that
    temporary files go and workers stop on the way out. Not an Exception: nothing but
    `Pnp.main` catches it."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


_caught: list[int] = []   # the signal that arrived, in case its exception was swallowed


def _interrupted(signum: int, frame: object) -> None:
    # Once: a second Ctrl-C (or a hangup after it) while cleaning up must not stop the
    # cleaning.
    for sig in STOPS:
        signal.signal(sig, signal.SIG_IGN)
    _caught.append(signum)
    raise Interrupted(signum)


@contextmanager
def _signals_raise() -> Iterator[None]:
    """While a command runs, SIGINT, SIGTERM and SIGHUP raise Interrupted (then the
    handlers that were there come back: the command may run inside a test)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _caught.clear()
    before = {sig: signal.getsignal(sig) for sig in STOPS}
    for sig, handler in before.items():
        if handler is not signal.SIG_IGN:   # what the caller ignores stays ignored
            signal.signal(sig, _interrupted)
    try:
        yield
    except BaseException as err:
        # A stop, and then another error on the way out: a hung-up terminal refuses the
        # progress bar's last write (EIO). The stop is what ended the run, and says so.
        if _caught and not isinstance(err, Interrupted):
            raise Interrupted(_caught[0]) from None
        raise
    finally:
        for sig, handler in before.items():
            # Stopped by a signal, the program ends by it: the handler it started with
            # (quiet_exit) would say "interrupted" a second time for a second Ctrl-C, so
            # the signals stay ignored to the end. A caller's own handler comes back.
            if not (_caught and handler is quiet_exit):
                signal.signal(sig, handler)


def one_line(text: str) -> str:
    """User text in a message, on one line: control characters escaped as repr does."""
    return "".join(ch if ch.isprintable() or ch == " " else repr(ch)[1:-1] for ch in text)


LONGEST_WORD = 200   # characters of one unbroken value in a message; the rest is cut


def bounded(message: str) -> str:
    """A message of a few lines' length whatever was typed: a value longer than
    LONGEST_WORD (a 100,000-digit number) keeps its start and end around an ellipsis."""
    return re.sub(rf"\S{{{LONGEST_WORD + 1},}}",
                  lambda long: f"{long[0][:LONGEST_WORD - 40]}…{long[0][-39:]}", message)


# reportlab dates PDFs from SOURCE_DATE_EPOCH; a PDF date has a four-digit year.
LATEST_EPOCH = 253402300799   # 9999-12-31 23:59:59 UTC


def check_environment() -> list[str]:
    """Refuse, by name, an environment value the drawing would stumble on later; set aside
    the ones that would change what is drawn, and return their names (said once the
    command has done its work: `_say_set_aside`)."""
    set_aside = _ignore_reportlab_settings()
    # Empty is unset, as reportlab and the shell's `SOURCE_DATE_EPOCH= pnp ...` take it; a
    # value of spaces alone is not a date, and neither is anything but digits (reportlab
    # strips the spaces around them).
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    digits = epoch.strip()
    if epoch and not (digits.isascii() and digits.isdigit() and len(digits) <= 12
                      and int(digits) <= LATEST_EPOCH):
        raise UserError(f"SOURCE_DATE_EPOCH={epoch!r} is not a date: give whole seconds since "
                        f"1970 in digits 0-9, at most {LATEST_EPOCH} (the year 9999), or "
                        f"unset it")
    return set_aside


def _ignore_reportlab_settings() -> list[str]:
    """reportlab reads RL_<setting> from the environment when it is imported, and converts it
    with the setting's type, or a traceback (`RL_invariant=abc`: "invalid literal for
    int()"); even a value it can read changes the bytes (`RL_invariant=0` dates and numbers
    each PDF anew). pnp sets reportlab's settings itself, so that the same command makes the
    same bytes: the RL_ values are taken out of the environment before reportlab is imported
    (and so out of the workers' too). Their names are returned, for the one line that says
    so."""
    names = sorted(name for name in os.environ if name.startswith("RL_"))
    for name in names:
        del os.environ[name]
    return names


def _say_set_aside(names: Sequence[str]) -> None:
    """The one line that names the RL_ settings set aside, once the command has done its
    work: a run that is refused says only why, in its one line."""
    if not names:
        return
    shown = ", ".join(one_line(name)[:40] for name in names[:3])
    more = f" and {len(names) - 3} more" if len(names) > 3 else ""
    with suppress(OSError):
        click.echo(f"pnp: ignored {shown}{more}: reportlab's settings are pnp's own, so that "
                   f"the same command makes the same bytes", err=True)


def _silence_stdout() -> None:
    """After standard output failed, send it nowhere, so the final flush at exit is quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _fail(message: str, status: int) -> typing.NoReturn:
    with suppress(OSError):
        click.echo(f"pnp: {bounded(one_line(message))}", err=True)
    sys.exit(status)


def plural(count: int) -> str:
    """An English plural's s, for the command's own summary lines (never on a sheet)."""
    return "" if count == 1 else "s"


def say(text: str) -> None:
    """A line on standard output; a full disk or closed pipe there is one line on stderr."""
    try:
        click.echo(text)
    except OSError as err:
        if err.errno == errno.EPIPE:
            raise
        raise StdoutError(f"cannot write to standard output: {err.strerror or err}") from None


def report(text: str) -> None:
    """A line about work already done (a path written): if standard output cannot take it,
    the work stands and the run still succeeds, so nothing is said. But a reader that has
    gone is a broken pipe, whose status says so, as for any other output."""
    if sys.stdout is None:
        return
    try:
        click.echo(text)
    except OSError as err:
        if err.errno == errno.EPIPE:
            raise
        _silence_stdout()


class ReaderGone(BaseException):
    """Standard output's reader has gone (a broken pipe). Not an OSError, so that click,
    which ends such a run with status 1, lets it through to `Pnp.main`."""


def _broken_pipe(err: OSError) -> bool:
    # What pnp writes names its files; a broken pipe without a name is standard output.
    return err.errno == errno.EPIPE and err.filename is None


class StdoutError(UserError):
    """Standard output could not be written."""


class Pnp(LazyGroup):
    """Every user error is one line on stderr and exit status 2, never a traceback; an
    interrupt is one line and 128 + the signal's number."""

    # click's Command.make_context fixes the shape: (info_name, args, parent, **extra).
    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: object) -> click.Context:
        try:   # where `pnp --help` and `pnp --version` write
            return super().make_context(info_name, args, parent, **extra)
        except OSError as err:
            if _broken_pipe(err):
                raise ReaderGone from None
            raise

    def invoke(self, ctx: click.Context) -> object:
        try:   # where every command, and its --help, writes
            return super().invoke(ctx)
        except OSError as err:
            if _broken_pipe(err):
                raise ReaderGone from None
            raise

    # click's BaseCommand.main fixes the shape (args, prog_name, complete_var, ...); one
    # signature for both of its overloads: this main never returns to its caller.
    def main(self, args: Sequence[str] | None = None,  # type: ignore[override]
             prog_name: str | None = None, complete_var: str | None = None,
             windows_expand_args: bool = True) -> NoReturn:
        try:
            with _signals_raise():
                set_aside = check_environment()
                # Without standalone mode click returns a command's Exit status instead of
                # exiting.
                status = super().main(args, prog_name=prog_name, complete_var=complete_var,
                                      standalone_mode=False,
                                      windows_expand_args=windows_expand_args)
                if _caught:
                    # The signal came where Python ignores exceptions (a callback during
                    # an import) and the work went on: it is done, but it was stopped.
                    raise Interrupted(_caught[0])
                if sys.stdout is not None:   # a pipe closed early fails here, not at exit
                    sys.stdout.flush()
                _say_set_aside(set_aside)
        except (BrokenPipeError, ReaderGone):
            _silence_stdout()
            sys.exit(EXIT_BROKEN_PIPE)
        except Interrupted as stop:
            _fail(stopped(stop.signum), 128 + stop.signum)
        except click.exceptions.Exit as done:
            sys.exit(done.exit_code)
        except click.Abort:
            _fail("aborted", 1)
        except click.ClickException as err:
            _fail(err.format_message(), EXIT_BAD_INPUT)
        except StdoutError as err:
            _silence_stdout()
            _fail(str(err), EXIT_BAD_INPUT)
        except UserError as err:
            _fail(str(err), EXIT_BAD_INPUT)
        except MemoryError:
            _fail("not enough memory for this; a smaller paper, board or --dpi needs less",
                  EXIT_BAD_INPUT)
        except OSError as err:
            # What pnp writes names its files; an error without a name is standard output.
            if err.filename is None:
                _silence_stdout()
                _fail(f"cannot write to standard output: {err.strerror or err}", EXIT_BAD_INPUT)
            _fail(f"{err.filename}: {err.strerror or err}", EXIT_BAD_INPUT)
        sys.exit(status if isinstance(status, int) else 0)
