"""Serving the studio on this computer: loopback only, until interrupted."""

from __future__ import annotations

import threading
from collections.abc import Callable
from socketserver import ThreadingMixIn
from typing import TYPE_CHECKING, Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from generator.errors import UserError

if TYPE_CHECKING:
    pass

from generator.ui.studio.app import create_app

HOST = "127.0.0.1"
DEFAULT_PORT = 8470

# --- serving it on this computer -----------------------------------------------------------


class _Server(ThreadingMixIn, WSGIServer):
    """A thread per connection, so an idle connection the browser opens early holds nothing
    up; documents are still made one at a time."""
    daemon_threads = True


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def make_studio_server(port: int) -> WSGIServer:
    """The studio on the loopback interface only; port 0 takes any free port."""
    return make_server(HOST, port, create_app(hosts=(HOST, "localhost")),
                       server_class=_Server, handler_class=_QuietHandler)


def serve(port: int | None, open_browser: bool,
          echo: Callable[[str], None] = print) -> None:
    """Serve until interrupted; open the page in the default browser unless asked not to."""
    import errno
    import webbrowser
    try:
        server = make_studio_server(DEFAULT_PORT if port is None else port)
    except OSError as err:
        if port is None and err.errno == errno.EADDRINUSE:
            server = make_studio_server(0)
        else:
            raise UserError(f"cannot serve on {HOST}:{port}: {err.strerror or err}") from None
    url = f"http://{HOST}:{server.server_address[1]}/"
    echo(f"pnp studio at {url} (Ctrl+C stops it)")
    if open_browser:
        threading.Timer(0.2, webbrowser.open, (url,)).start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        echo("pnp studio stopped")
    finally:
        server.server_close()
