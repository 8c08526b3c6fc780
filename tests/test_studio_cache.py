"""What an HTTP cache may keep of the studio's answers: a strong ETag from the canonical
request, long-lived Cache-Control on what is drawn, 304 on If-None-Match before any
drawing; refusals never kept. Over real HTTP on loopback."""

from __future__ import annotations

import http.client
import urllib.parse

from generator.ui.studio import caching


def get(host: str, path: str, headers: dict | None = None):
    connection = http.client.HTTPConnection(host, timeout=60)
    connection.request("GET", path, headers=headers or {})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, dict(response.getheaders()), body


DOWNLOAD = "/download?" + urllib.parse.urlencode({"game": "hex", "item": "board", "size": 9,
                                                   "format": "pdf"})
# The same request, its fields in another order: the same tag.
REORDERED = "/download?" + urllib.parse.urlencode({"format": "pdf", "size": 9, "item": "board",
                                                    "game": "hex"})


def test_a_download_is_kept_under_a_strong_tag_and_revalidated(server):
    status, headers, body = get(server, DOWNLOAD)
    assert status == 200 and body.startswith(b"%PDF")
    tag = headers["ETag"]
    assert tag.startswith('"') and not tag.startswith("W/")        # strong
    assert "max-age=31536000" in headers["Cache-Control"] and "public" in headers["Cache-Control"]
    assert "Origin" in headers["Vary"]
    # The same request again: the same tag and the same bytes.
    again = get(server, REORDERED)
    assert again[1]["ETag"] == tag and again[2] == body
    # Asked with the tag: 304, no body, the tag again.
    status, headers, body = get(server, DOWNLOAD, {"If-None-Match": tag})
    assert status == 304 and body == b"" and headers["ETag"] == tag
    status, _, _ = get(server, DOWNLOAD, {"If-None-Match": f'"other", W/{tag}'})
    assert status == 304
    # Control: another tag, or another request, is answered in full.
    status, _, body = get(server, DOWNLOAD, {"If-None-Match": '"0000"'})
    assert status == 200 and body.startswith(b"%PDF")
    other = DOWNLOAD.replace("size=9", "size=11")
    status, headers, body = get(server, other, {"If-None-Match": tag})
    assert status == 200 and headers["ETag"] != tag


def test_the_page_is_kept_but_checked_again(server):
    status, headers, _ = get(server, "/")
    assert status == 200 and headers["Cache-Control"] == "no-cache"
    status, _, body = get(server, "/", {"If-None-Match": headers["ETag"]})
    assert status == 304 and body == b""


def test_refusals_are_never_kept(server):
    status, headers, _ = get(server, DOWNLOAD.replace("size=9", "size=999"))
    assert status == 400 and headers["Cache-Control"] == "no-store" and "ETag" not in headers
    # Another site's request is refused even with the tag a cache would hold (control: the
    # same request from the studio's own page is answered 304).
    tag = get(server, DOWNLOAD)[1]["ETag"]
    status, headers, _ = get(server, DOWNLOAD, {"If-None-Match": tag,
                                                "Sec-Fetch-Site": "cross-site"})
    assert status == 403 and headers["Cache-Control"] == "no-store"
    assert get(server, DOWNLOAD, {"If-None-Match": tag, "Sec-Fetch-Site": "same-origin"})[0] \
        == 304


def test_the_tag_is_the_canonical_request():
    assert caching.entity_tag("/download", {"a": ["1"], "b": ["2"]}) == \
        caching.entity_tag("/download", {"b": ["2"], "a": ["1"]})
    # A booklet's items in another order are another booklet: another tag.
    assert caching.entity_tag("/download", {"extras": ["board", "pad"]}) != \
        caching.entity_tag("/download", {"extras": ["pad", "board"]})
    assert caching.entity_tag("/nothing", {}) is None
