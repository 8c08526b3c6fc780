"""The studio served on loopback, on a free port, in a thread, for the tests that talk to it."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from generator.ui import studio


@contextmanager
def running_studio(**limits: Any) -> Iterator[Any]:
    """The studio's server while the block runs, with the limits given (keyword arguments
    of make_studio_server) or its own; shut and closed after."""
    httpd = studio.make_studio_server(0, **limits)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield httpd
    finally:
        httpd.shutdown()
        httpd.server_close()
