"""pnp studio against a page that misbehaves: another site's requests, requests the HTTP
layer cannot read, connections that say nothing, floods; and the drawing queue's bounds."""

from __future__ import annotations

import concurrent.futures
import select
import socket
import threading
import time

import pytest
from served import running_studio

from generator.ui.studio import server as served
from generator.ui.studio.drawing import Busy, Drawer

pytestmark = pytest.mark.timing


@pytest.fixture(scope="module")
def server():
    with running_studio() as httpd:
        yield httpd


def address(httpd) -> tuple[str, int]:
    return "127.0.0.1", httpd.server_address[1]


def exchange(httpd, data: bytes, timeout: float = 30.0) -> tuple[bytes, float]:
    """Send raw bytes; everything the server answers until it closes, and how long it took."""
    start = time.monotonic()
    with socket.create_connection(address(httpd), timeout=timeout) as connection:
        connection.sendall(data)
        out = b""
        while chunk := connection.recv(65536):
            out += chunk
    return out, time.monotonic() - start


def request(httpd, path: str, headers: str = "") -> bytes:
    host, port = address(httpd)
    return exchange(httpd, f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n{headers}"
                           f"Connection: close\r\n\r\n".encode())[0]


def status_and_line(answer: bytes) -> tuple[int, str]:
    """A status line and one line of text, nothing else; the status and the line."""
    head, _, body = answer.partition(b"\r\n\r\n")
    first = head.split(b"\r\n")[0].decode("latin-1")
    assert first.startswith("HTTP/1."), answer[:200]
    assert b"text/plain" in head, head
    text = body.decode("utf-8")
    assert text.endswith("\n") and text.count("\n") == 1, text[:300]
    assert "<" not in text and "Traceback" not in text
    return int(first.split()[1]), text.strip()


CROSS_SITE = ["Origin: http://evil.example\r\nSec-Fetch-Site: cross-site\r\n",
              "Sec-Fetch-Site: cross-site\r\n", "Sec-Fetch-Site: same-site\r\n",
              "Origin: http://evil.example\r\n", "Origin: null\r\n"]
PATHS = ["/preview?game=nex&item=board", "/download?game=nex&item=board&format=pdf",
         "/download?game=nex&item=board&format=png&dpi=72", "/figures?game=hex-kb&item=board",
         "/"]


@pytest.mark.parametrize("headers", CROSS_SITE)
@pytest.mark.parametrize("path", PATHS)
def test_another_sites_page_is_refused(server, path, headers):
    status, line = status_and_line(request(server, path, headers))
    assert status == 403 and "own page" in line


@pytest.mark.parametrize("path", PATHS)
def test_the_studios_own_page_is_answered(server, path):
    """The control: the same requests from the studio's own page, or typed in the address
    bar (Sec-Fetch-Site none), or from a client that sends neither header."""
    host, port = address(server)
    for headers in ("", "Sec-Fetch-Site: same-origin\r\n", "Sec-Fetch-Site: none\r\n",
                    f"Origin: http://{host}:{port}\r\nSec-Fetch-Site: same-origin\r\n"):
        answer = request(server, path, headers)
        assert answer.startswith(b"HTTP/1.0 200"), answer[:300]


@pytest.mark.parametrize("name, data", [
    ("an over-long address", b"GET /preview?game=nex&x=" + b"a" * 70_000 + b" HTTP/1.1\r\n\r\n"),
    ("a huge header", b"GET / HTTP/1.1\r\nX-Big: " + b"b" * 70_000 + b"\r\n\r\n"),
    ("too many headers", b"GET / HTTP/1.1\r\n" + b"".join(b"X-H%d: v\r\n" % i
                                                          for i in range(200)) + b"\r\n"),
    ("a request line it cannot read", b"GARBAGE\r\n\r\n"),
    ("HTTP/0.9", b"GET /\r\n"),
    ("an unknown HTTP version", b"GET / HTTP/9.9\r\n\r\n"),
    ("a request line with a control character", b"GET /\x00\x01 HTTP/1.1\r\n\r\n"),
    ("a page that is no number", b"GET /preview?game=nex&item=board&page=%C2%B2 HTTP/1.1\r\n"
                                 b"Host: 127.0.0.1\r\n\r\n"),
    ("a method it does not take", b"DELETE / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
])
def test_every_error_is_a_status_line_and_one_line_of_text(server, name, data):
    answer, _ = exchange(server, data)
    status, line = status_and_line(answer)
    assert 400 <= status < 600 and status != 500, (name, status, line)


def test_a_well_formed_request_is_answered_by_the_same_raw_exchange(server):
    """The control for the raw requests above."""
    answer, _ = exchange(server, b"GET /studio.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert answer.startswith(b"HTTP/1.0 200") and b":root" in answer


@pytest.mark.parametrize("hosts", [("{ours}", "evil.example"), ("evil.example", "{ours}"),
                                   ("{ours}", "{ours}")])
def test_a_request_with_two_hosts_is_a_400(server, hosts):
    """RFC 9112, section 3.2: a server answers 400 to a request with more than one Host
    header field line, whichever comes first and even when they agree."""
    host, port = address(server)
    lines = "".join(f"Host: {h.format(ours=f'{host}:{port}')}\r\n" for h in hosts)
    answer, _ = exchange(server, f"GET / HTTP/1.1\r\n{lines}\r\n".encode())
    status, line = status_and_line(answer)
    assert status == 400 and "one Host" in line, line


def test_the_same_request_with_one_host_is_answered(server):
    """The control: each of those Host lines alone, as a browser sends it."""
    host, port = address(server)
    answer, _ = exchange(server, f"GET / HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
    assert answer.startswith(b"HTTP/1.0 200"), answer[:300]
    refused, _ = exchange(server, b"GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n")
    assert status_and_line(refused)[0] == 400


SHORT = 0.3        # s: a deadline the tests reach at once
LONG = 120.0       # s: a limit the tests never reach; their own waits are half of it


def until(condition, what: str, limit: float = LONG / 2) -> None:
    """Wait for CONDITION (a state of the server that another thread brings about),
    looking every hundredth of a second; fails after LIMIT seconds, a hang."""
    end = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        time.sleep(0.01)


def ended(connection: socket.socket) -> bytes:
    """What the server sends until it closes the connection (b"" for nothing)."""
    out = b""
    while chunk := connection.recv(65536):
        out += chunk
    return out


def trickle(server, lines: int | None) -> bool:
    """A request head sent a header line at a time; True if the server ended the exchange
    (answered or closed) before LINES lines, or at all when LINES is None."""
    with socket.create_connection(address(server), timeout=LONG / 2) as connection:
        connection.sendall(b"GET / HTTP/1.1\r\n")
        sent = 0
        while lines is None or sent < lines:
            try:
                connection.sendall(b"X-%d: y\r\n" % sent)
            except OSError:
                return True           # cut off
            sent += 1
            # A line every twentieth of a second, the trickle's pace: the wait is the
            # client's own, and any answer or close ends it at once.
            ready, _, _ = select.select([connection], [], [], 0.05)
            if ready:
                return True
    return False


def test_idle_and_half_sent_connections_are_closed_at_the_head_deadline():
    """A connection that sends nothing, and one that sends its head a line at a time, are
    both ended by the head deadline: the idle timeout is far beyond the test's wait, and a
    trickle is never idle, so nothing else could end them."""
    with running_studio(head_deadline=SHORT, idle_timeout=LONG) as server:
        with socket.create_connection(address(server), timeout=LONG / 2) as connection:
            assert ended(connection) == b""           # closed, with nothing to answer
        assert trickle(server, None)
        # Control: the same trickle, with a head deadline it cannot reach, goes on.
        with running_studio(head_deadline=LONG, idle_timeout=LONG) as patient:
            assert not trickle(patient, 20)


def test_the_studio_keeps_its_own_limits_by_default(server):
    assert (server.head_deadline, server.idle_timeout, server.max_connections) == (
        served.HEAD_DEADLINE, served.IDLE_TIMEOUT, served.MAX_CONNECTIONS)


def test_connections_past_the_cap_are_answered_busy_at_once():
    with running_studio(max_connections=3) as server:
        held = []
        try:
            for _ in range(3):
                connection = socket.create_connection(address(server), timeout=5)
                connection.sendall(b"GET / HTTP/1.1\r\n")     # and then nothing
                held.append(connection)
            until(lambda: server.active == 3, "the server to take the three connections")
            answer, _ = exchange(server, b"GET / HTTP/1.1\r\n\r\n", timeout=LONG / 2)
            assert status_and_line(answer)[0] == 503
        finally:
            for connection in held:
                connection.close()
        # Control: with the held connections gone, the same request is served.
        until(lambda: server.active == 0, "the held connections to end")
        answer, _ = exchange(server, b"GET /studio.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                             timeout=LONG / 2)
        assert answer.startswith(b"HTTP/1.0 200"), answer[:200]


def connections_taken(backlog: int, count: int = 100) -> int:
    """Connections the kernel completes for a listening server that has not accepted any
    (counting stops at the third refused)."""
    import socketserver
    listener = socketserver.TCPServer(("127.0.0.1", 0), socketserver.BaseRequestHandler,
                                      bind_and_activate=False)
    listener.request_queue_size = backlog
    listener.server_bind()
    listener.server_activate()
    taken, refused, sockets = 0, 0, []
    try:
        for _ in range(count):
            connection = socket.socket()
            sockets.append(connection)
            connection.settimeout(0.3)
            try:
                connection.connect(listener.server_address)
                taken += 1
            except OSError:
                refused += 1
                if refused == 3:
                    break
    finally:
        for connection in sockets:
            connection.close()
        listener.server_close()
    return taken


def test_the_backlog_holds_a_browsers_burst():
    """A hundred connections at once wait in the backlog rather than being dropped."""
    assert connections_taken(served.BACKLOG) == 100
    # Control: the standard library's backlog of 5 drops most of them.
    assert connections_taken(5) < 20


# --- the drawing queue ----------------------------------------------------------------------


class Held:
    """Work that says when the drawing thread has started it, then waits to be let go."""

    def __init__(self) -> None:
        self.started, self.release = threading.Event(), threading.Event()

    def __call__(self) -> str:
        self.started.set()
        self.release.wait(LONG / 2)
        return "made"


def test_the_queue_is_bounded_and_a_wait_is_limited():
    drawer = Drawer(queue=2)
    slow = Held()
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        first = pool.submit(drawer.get, "a", slow, timeout=10)
        assert slow.started.wait(LONG / 2)
        queued = [pool.submit(drawer.get, key, lambda: "made", timeout=10) for key in ("b", "c")]
        with drawer.lock:                          # notified as each is queued
            assert drawer.lock.wait_for(lambda: len(drawer.jobs) == 2, LONG / 2)
        with pytest.raises(Busy):                  # the queue is full
            drawer.get("d", lambda: "made", timeout=10)
        with pytest.raises(Busy):                  # asked again, it waits no longer than told
            drawer.get("b", lambda: "made", timeout=0.2)
        slow.release.set()
        assert first.result() == "made" and [q.result() for q in queued] == ["made"] * 2
    # Control: with the queue empty again, the same request is made.
    assert drawer.get("d", lambda: "made", timeout=10) == "made"


def test_work_nobody_waits_for_is_not_started():
    drawer = Drawer(queue=4)
    slow = Held()
    made = []

    def counted() -> None:
        made.append("given up")
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        first = pool.submit(drawer.get, "slow", slow, timeout=10)
        assert slow.started.wait(LONG / 2)         # the drawing thread is held by it
        with pytest.raises(Busy):
            drawer.get("given up", counted, timeout=0.1)
        slow.release.set()
        first.result()
    assert drawer.get("asked", lambda: "made", timeout=10) == "made"
    assert made == []
    # Control: asked with time to wait, the same work is made.
    drawer.get("given up", counted, timeout=10)
    assert made == ["given up"]


def test_a_full_queue_is_a_503_of_one_line(server):
    app = server.get_app()
    limit = app.drawer.queue_limit
    app.drawer.queue_limit = 0
    try:
        status, line = status_and_line(request(server, "/preview?game=blinq&item=pad&neutral=d4"))
        assert status == 503 and "busy" in line
    finally:
        app.drawer.queue_limit = limit
    assert request(server, "/preview?game=blinq&item=pad").startswith(b"HTTP/1.0 200")


def test_a_closed_drawer_makes_what_was_asked_and_nothing_ahead_then_ends():
    drawer = Drawer(queue=4, ahead_after=0.0)
    slow, ahead = Held(), threading.Event()
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        asked = pool.submit(drawer.get, "asked", slow, timeout=LONG / 2)
        assert slow.started.wait(LONG / 2)         # the drawing thread is held by it
        drawer.prepare([("ahead", ahead.set)])
        drawer.close(timeout=0)
        slow.release.set()
        assert asked.result() == "made"
    assert drawer.thread is not None
    drawer.thread.join(LONG)
    assert not drawer.thread.is_alive() and not ahead.is_set()
    with pytest.raises(Busy, match="closing"):
        drawer.get("later", lambda: "made", timeout=1)


def test_an_open_drawer_makes_what_it_planned_when_no_one_asks():
    # The control of the test above: left open, the same drawer draws what it planned.
    drawer = Drawer(queue=4, ahead_after=0.0)
    ahead = threading.Event()
    assert drawer.get("asked", lambda: "made", timeout=10) == "made"
    drawer.prepare([("ahead", ahead.set)])
    assert ahead.wait(LONG)
    assert drawer.thread is not None and drawer.thread.is_alive()
    drawer.close()
    assert not drawer.thread.is_alive()


def test_a_request_does_not_wait_for_what_is_made_ahead():
    # Made ahead, a booklet takes 200 ms: a change a person makes meanwhile starts at once,
    # beside it. The work ahead is held until the request is answered; a drawer that made
    # the request wait for it would time out (Waited) instead.
    drawer = Drawer(queue=4, ahead_after=0.0)
    ahead = Held()
    try:
        drawer.prepare([("ahead", ahead)])
        assert ahead.started.wait(LONG / 2)
        assert drawer.get("asked", lambda: "made", timeout=LONG / 4) == "made"
        assert not ahead.release.is_set()
    finally:
        ahead.release.set()
        drawer.close()
    # Control: asked for itself, the work in hand ahead is waited for, not made twice.
    drawer = Drawer(queue=4, ahead_after=0.0)
    ahead = Held()
    calls: list[str] = []
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        drawer.prepare([("ahead", ahead)])
        assert ahead.started.wait(LONG / 2)
        asked = pool.submit(drawer.get, "ahead", lambda: calls.append("again") or "again",
                            timeout=LONG / 2)
        ahead.release.set()
        assert asked.result() == "made" and calls == []
    drawer.close()


def test_a_closed_server_ends_its_studios_drawing():
    with running_studio() as httpd:
        assert request(httpd, "/preview?game=blinq&item=pad").startswith(b"HTTP/1.0 200")
        drawer = httpd.get_app().drawer
        assert drawer.thread.is_alive()            # serving, it draws and plans ahead
    assert drawer.closed
    drawer.thread.join(LONG)                       # past the work in hand, on a loaded machine
    assert not drawer.thread.is_alive()
