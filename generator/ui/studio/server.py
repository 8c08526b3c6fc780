"""Serving the studio on this computer: loopback only, until interrupted.

The standard library's wsgiref, made to hold up against a page that misbehaves: a listen
backlog that takes a browser's burst of connections, a thread per connection up to a cap
(beyond it, 503 at once), a request head that must arrive within a few seconds and a socket
that gives up on a silent peer, and every error the HTTP layer itself answers (an over-long
URL, huge headers, a request line it cannot read, HTTP/0.9, more than one Host) one line of
text after a status line, like the app's own.
"""

from __future__ import annotations

import contextlib
import errno
import io
import socket
import sys
import threading
import typing
import webbrowser
from collections.abc import Callable
from http import HTTPStatus
from socketserver import BaseRequestHandler, ThreadingMixIn
from types import TracebackType
from wsgiref.simple_server import ServerHandler, WSGIRequestHandler, WSGIServer, make_server

from generator.errors import UserError
from generator.ui.studio.app import Studio, create_app

HOST = "127.0.0.1"
DEFAULT_PORT = 8470
BACKLOG = 128            # connections the kernel holds before accepting: a browser's burst
MAX_CONNECTIONS = 64     # served at once; beyond, 503 at once
IDLE_TIMEOUT = 5.0       # seconds a socket waits for the peer to send or take anything
HEAD_DEADLINE = 5.0      # seconds for the request line and headers, however they trickle
CLOSING = 5.0            # seconds a closing server gives the drawing in hand to end
MAX_LINE = 8192          # bytes of the request line (the studio's URLs are under 2,100)
# Bytes of a body the app left unread (a record over its bound, refused from its length)
# read and let go after the answer, so the browser, still sending, reads the refusal
# rather than a reset connection; past this the connection is closed regardless.
MAX_UNREAD = 64 * 1024 * 1024
# What socketserver hands a server: a stream socket, or a datagram and its socket.
Connection = socket.socket | tuple[bytes, socket.socket]
ExcInfo = (tuple[type[BaseException], BaseException, TracebackType]
           | tuple[None, None, None])     # sys.exc_info()'s, as wsgiref passes it on


def one_line(status: int, message: str, *, version: str = "HTTP/1.0") -> bytes:
    """A whole response: a status line and one line of text."""
    text = " ".join("".join(ch if ch.isprintable() else " " for ch in message).split())[:200]
    body = (text + "\n").encode("utf-8")
    phrase = HTTPStatus(status).phrase
    return (f"{version} {status} {phrase}\r\nContent-Type: text/plain; charset=utf-8\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode() + body


class _Server(ThreadingMixIn, WSGIServer):
    """A thread per connection, up to `max_connections`; documents are still made one at a
    time (by the app's drawing thread)."""
    daemon_threads = True
    request_queue_size = BACKLOG
    max_connections = MAX_CONNECTIONS
    idle_timeout = IDLE_TIMEOUT
    head_deadline = HEAD_DEADLINE

    # socketserver's TCPServer fixes the shape: (address, handler, bind_and_activate).
    def __init__(self, address: tuple[str, int], handler: type[BaseRequestHandler],
                 bind_and_activate: bool = True):
        self.active = 0
        self.count_lock = threading.Lock()
        super().__init__(address, handler, bind_and_activate)

    # A TCP server's request is its connection's socket (socketserver.TCPServer); the
    # address is whatever the socket's family gives.
    def process_request(self, request: Connection, client_address: object) -> None:
        with self.count_lock:
            full = self.active >= self.max_connections
            if not full:
                self.active += 1
        if full:
            # A TCP server's request is always its socket: a 503 goes back on it.
            with contextlib.suppress(OSError):
                if isinstance(request, socket.socket):
                    request.settimeout(0.5)
                    request.sendall(one_line(503, "the studio has too many connections open; "
                                                  "try again in a moment"))
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request: Connection, client_address: object) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            with self.count_lock:
                self.active -= 1

    def server_close(self) -> None:
        """Close the socket, and the studio's drawing with it: its thread ends once the work
        in hand is done (waited for up to CLOSING seconds), so a process that serves again
        (a test) does not go on drawing for a studio no one can reach."""
        super().server_close()
        app = self.get_app()
        if isinstance(app, Studio):
            app.close(CLOSING)

    def handle_error(self, request: Connection, client_address: object) -> None:
        """One line in the log, and nothing for a peer that went away or went quiet."""
        err = sys.exc_info()[1]
        if isinstance(err, (ConnectionError, TimeoutError)):
            return
        print(f"pnp studio: {type(err).__name__}: {err}", file=sys.stderr)


class _Counted:
    """A request's body as the app reads it, counting what it takes."""

    def __init__(self, stream: io.BufferedIOBase):
        self.stream, self.taken = stream, 0

    def read(self, size: int = -1) -> bytes:
        data = self.stream.read(size)
        self.taken += len(data)
        return data

    def readline(self, size: int = -1) -> bytes:
        data = self.stream.readline(size)
        self.taken += len(data)
        return data


class _Handler(ServerHandler):
    def log_exception(self, exc_info: ExcInfo) -> None:
        err = exc_info[1]
        if not isinstance(err, (ConnectionError, TimeoutError)):
            print(f"pnp studio: {type(err).__name__}: {err}", file=sys.stderr)


class _RequestHandler(WSGIRequestHandler):
    def limits(self) -> _Server:
        return typing.cast(_Server, self.server)

    def setup(self) -> None:
        super().setup()
        self.connection.settimeout(self.limits().idle_timeout)

    def log_message(self, format: str, *args: object) -> None:
        pass

    def _cut(self) -> None:
        """The head did not arrive in time: end the reading, whatever has trickled in."""
        with contextlib.suppress(OSError):
            self.connection.shutdown(socket.SHUT_RD)

    def handle(self) -> None:
        deadline = threading.Timer(self.limits().head_deadline, self._cut)
        deadline.daemon = True
        deadline.start()
        try:
            self.raw_requestline = self.rfile.readline(MAX_LINE + 1)
            if not self.raw_requestline:
                return          # closed, or silent past the deadline: nothing to answer
            if len(self.raw_requestline) > MAX_LINE:
                self.requestline, self.request_version, self.command = "", "", ""
                self.send_error(414, f"the address is too long (at most {MAX_LINE} bytes)")
                return
            if len(self.raw_requestline.split()) == 2:    # HTTP/0.9: no status line, no headers
                self.send_error(505, "the studio speaks HTTP/1.0 and HTTP/1.1")
                return
            if not self.parse_request():
                return          # parse_request has answered, by send_error
            if len(self.headers.get_all("Host") or []) > 1:
                # RFC 9112, section 3.2: more than one Host is a 400. wsgiref would join
                # them with a comma, and the app would read the first, whatever follows.
                self.send_error(400, "a request names one Host, not several")
                return
        except (TimeoutError, ConnectionError):
            return
        finally:
            deadline.cancel()
        # wsgiref's own handle() does the same with these streams; typeshed types them apart.
        body = _Counted(self.rfile)
        handler = _Handler(body, self.wfile, self.get_stderr(),  # type: ignore[arg-type]
                           self.get_environ(), multithread=False)
        handler.request_handler = self      # type: ignore[attr-defined]
        handler.run(self.server.get_app())  # type: ignore[attr-defined]
        self._let_go(body)

    def _let_go(self, body: _Counted) -> None:
        """Read what the app left of the body, up to MAX_UNREAD, and let it go."""
        said = str(self.headers.get("Content-Length", "")).strip()
        left = int(said) - body.taken if said.isascii() and said.isdigit() else 0
        if not 0 < left <= MAX_UNREAD:
            return
        with contextlib.suppress(OSError):
            while left > 0:
                chunk = self.rfile.read(min(left, 65536))
                if not chunk:
                    return
                left -= len(chunk)

    # http.server's BaseHTTPRequestHandler fixes the shape: send_error(code, message, explain).
    def send_error(self, code: int, message: str | None = None,
                   explain: str | None = None) -> None:
        """One line of text after a status line, whatever the request line was."""
        said = message or HTTPStatus(code).phrase
        with contextlib.suppress(OSError):
            self.wfile.write(one_line(code, said))
        self.close_connection = True


def make_studio_server(port: int, *, max_connections: int = MAX_CONNECTIONS,
                       idle_timeout: float = IDLE_TIMEOUT,
                       head_deadline: float = HEAD_DEADLINE) -> WSGIServer:
    """The studio on the loopback interface only; port 0 takes any free port. The limits
    are the module's own unless given (a test gives short ones, to reach them at once)."""
    server = make_server(HOST, port, create_app(hosts=(HOST, "localhost")),
                         server_class=_Server, handler_class=_RequestHandler)
    assert isinstance(server, _Server)
    server.max_connections, server.idle_timeout = max_connections, idle_timeout
    server.head_deadline = head_deadline
    return server


def serve(port: int | None, open_browser: bool,
          *, echo: Callable[[str], None] = print) -> None:
    """Serve until interrupted; open the page in the default browser unless asked not to."""
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
