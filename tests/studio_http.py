"""The studio asked over plain HTTP, as the studio's tests ask it: a raw request (the path
exactly as written), a query, and a download the preview offers."""

from __future__ import annotations

import http.client
import urllib.parse


def get(host: str, path: str, method: str = "GET", headers: dict | None = None):
    """A raw request: the path goes out exactly as written, dots and all."""
    connection = http.client.HTTPConnection(host, timeout=60)
    connection.request(method, path, headers=headers or {})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, dict(response.getheaders()), body


def query(**values) -> str:
    return urllib.parse.urlencode(values, doseq=True)


def download(server, preview: dict, kind: str) -> tuple[str, bytes, str]:
    """The download of a kind the preview offers: its file name, bytes and command."""
    entry = next(d for d in preview["downloads"] if d["format"] == kind)
    assert entry["error"] is None if "error" in entry else True
    status, headers, data = get(server, "/" + entry["href"])
    assert status == 200, data
    name = headers["Content-Disposition"].split('filename="')[1].rstrip('"')
    assert name == entry["name"]
    return name, data, entry["command"]
