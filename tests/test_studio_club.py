"""Serving a club from several processes: gunicorn with the studio's settings
(generator/ui/studio/club.py) on loopback, under a bounded load; and what makes a cache in
front of several processes work: any process answers the same request with the same bytes
and tag, and revalidates a tag another process gave."""

from __future__ import annotations

import concurrent.futures
import http.client
import os
import re
import select
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

import pytest

pytest.importorskip("gunicorn")     # Unix only: no club test on Windows
GUNICORN = Path(sys.executable).parent / "gunicorn"
START_LIMIT = 60.0       # s for gunicorn to listen and boot its workers
REQUESTS = 48            # the load: a bounded count of requests ...
CLIENTS = 8              # ... sent by this many clients at once ...
LOAD_LIMIT = 240.0       # ... all answered within this many seconds (2 shared cores)

PATHS = ["/preview?" + urllib.parse.urlencode(q) for q in (
    {"game": "hex", "item": "board"}, {"game": "nex", "item": "rules"},
    {"game": "blinq", "item": "pad"}, {"game": "hex-kb", "item": "board", "size": 9})] + [
    "/download?" + urllib.parse.urlencode({"game": "hex", "item": "board", "format": "pdf"}),
    "/studio.css"]


class Club:
    """gunicorn serving the studio with WORKERS processes on a free loopback port."""

    def __init__(self, workers: int, log: Path):
        self.process = subprocess.Popen(
            [str(GUNICORN), "-c", "python:generator.ui.studio.club", "--bind", "127.0.0.1:0",
             "--workers", str(workers), "--no-control-socket", "--access-logfile", str(log),
             "--access-logformat", "%(p)s %(s)s", "generator.ui.studio:create_app()"],
            stderr=subprocess.PIPE)
        self.port = 0
        booted = 0
        end = time.monotonic() + START_LIMIT
        assert self.process.stderr is not None
        stream = self.process.stderr.fileno()
        said = b""
        # Synchronised on gunicorn's own lines: listening, then each worker booted. Read as
        # bytes from the pipe itself: a buffered readline may take in several lines at once,
        # and select would then wait on the pipe for lines already read.
        while not (self.port and booted == workers):
            ready, _, _ = select.select([stream], [], [], max(0.0, end - time.monotonic()))
            assert ready, f"gunicorn did not start in time: {said.decode(errors='replace')}"
            chunk = os.read(stream, 65536)
            assert chunk, f"gunicorn stopped: {self.process.wait()}"
            said += chunk
            text = said.decode(errors="replace")
            found = re.search(r"Listening at: http://127\.0\.0\.1:(\d+)", text)
            self.port = int(found.group(1)) if found else 0
            booted = text.count("Booting worker")

    def get(self, path: str, headers: dict | None = None) -> tuple[int, dict, bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=LOAD_LIMIT / 2)
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        body = response.read()
        connection.close()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, body

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


@pytest.fixture
def club(tmp_path):
    started = Club(2, tmp_path / "access.log")
    try:
        yield started
    finally:
        started.stop()


def test_a_bounded_load_is_answered_the_same_by_every_worker(club, tmp_path):
    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(CLIENTS) as pool:
        answers = list(pool.map(lambda i: (PATHS[i % len(PATHS)],
                                           club.get(PATHS[i % len(PATHS)])),
                                range(REQUESTS), timeout=LOAD_LIMIT))
    took = time.monotonic() - start
    assert took < LOAD_LIMIT
    by_path: dict[str, set] = {}
    for path, (status, headers, body) in answers:
        assert status == 200, (path, status, body[:200])
        by_path.setdefault(path, set()).add((headers["etag"], body))
    # However many workers answered a request, one tag and one body for it.
    assert all(len(seen) == 1 for seen in by_path.values()), \
        {p: len(s) for p, s in by_path.items()}
    assert len({tag for seen in by_path.values() for tag, _ in seen}) == len(PATHS)
    # A figure, not a check: which worker takes a connection is the kernel's choice (the
    # log may also be behind by a line).
    logged = (tmp_path / "access.log").read_text().split("\n")
    print(f"{REQUESTS} requests by {CLIENTS} clients in {took:.1f} s, answered by "
          f"{len({line.split()[0] for line in logged if line})} worker(s)")


def test_a_tag_from_one_process_is_good_at_another(tmp_path):
    """Two studios in separate processes, as a cache in front of several would reach
    them: a tag one gave is answered 304 by the other (control: another request's tag is
    answered in full)."""
    first, second = Club(1, tmp_path / "a.log"), Club(1, tmp_path / "b.log")
    try:
        status, headers, body = first.get(PATHS[4])
        assert status == 200 and body.startswith(b"%PDF")
        again = second.get(PATHS[4], {"If-None-Match": headers["etag"]})
        assert again[0] == 304 and again[2] == b""
        other = second.get(PATHS[0], {"If-None-Match": headers["etag"]})
        assert other[0] == 200 and other[1]["etag"] != headers["etag"]
        assert second.get(PATHS[4])[2] == body
    finally:
        first.stop()
        second.stop()
