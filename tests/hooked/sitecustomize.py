"""A pause point in a child process, for the tests that interrupt work (tests/paused.py).

This folder is put on the PYTHONPATH of a child that a test starts, so Python imports this
module as the child starts; nothing of it is in the package. When PNP_TEST_PAUSE names a
function ("module:name", and after a space a text that the call's arguments must contain),
the first matching call of it says so on the FIFO `arrived` in the folder PNP_TEST_PAUSE_DIR
and then waits until the test writes to, or closes, the FIFO `go`; then the function runs.
A test that never releases the pause holds the child inside the work it interrupts.
PNP_TEST_PAUSE may name several pause points, one a line: the child stops at each in turn.
With PNP_TEST_PAUSE_SWALLOW set, a pause swallows whatever is raised while it waits (a signal
handler's SystemExit), as a library's bare `except:` does, and the function then runs.
"""

from __future__ import annotations

import os


def _install(spec: str, folder: str) -> None:
    import functools
    import importlib
    import select

    target, _, match = spec.partition(" ")
    module_name, _, name = target.partition(":")
    module = importlib.import_module(module_name)
    real = getattr(module, name)
    done: list[bool] = []
    swallow = bool(os.environ.get("PNP_TEST_PAUSE_SWALLOW"))

    @functools.wraps(real)
    def paused(*args: object, **kwargs: object) -> object:
        if not done and match in repr((args, kwargs)):
            done.append(True)
            # Opened before saying so, so the test can open its end without waiting.
            go = os.open(os.path.join(folder, "go"), os.O_RDONLY | os.O_NONBLOCK)
            try:
                arrived = os.open(os.path.join(folder, "arrived"), os.O_WRONLY)
                os.write(arrived, b"%d\n" % os.getpid())
                os.close(arrived)
                select.select([go], [], [])       # a writer came and wrote, or went
            except BaseException:
                if not swallow:
                    raise
            finally:
                os.close(go)
        return real(*args, **kwargs)

    setattr(module, name, paused)


if os.environ.get("PNP_TEST_PAUSE"):
    # One pause point a line: each holds the child once, at its first matching call.
    for _spec in os.environ["PNP_TEST_PAUSE"].split("\n"):
        _install(_spec, os.environ["PNP_TEST_PAUSE_DIR"])
