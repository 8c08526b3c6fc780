"""What any HTTP cache may keep of the studio's answers (RFC 9110 §8.8.3 and §13.1.2 for
ETag and If-None-Match, RFC 9111 §5.2.2 for Cache-Control).

The same request always gives the same bytes (pnp's output is reproducible), so an answer
is named by a strong entity tag made from the request in a canonical form: the path, the
query's fields sorted by name (each field's values in the order given, as a booklet's
items are), the studio's version and SOURCE_DATE_EPOCH (which dates PDFs). A browser or a
cache that holds the answer asks again with If-None-Match and is answered 304 before any
drawing. What is drawn (previews, figures, downloads) may be kept a year; the page, its two
files and the form's description, whose addresses do not change with a new version, are
kept but checked again each time (`no-cache`). Refusals are never kept (`no-store`).

The answers vary with the headers the studio refuses another site's requests by, so a
shared cache never gives another site's page what the studio would refuse it.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping, Sequence

from generator import __version__

DRAWN = ("/preview", "/figures", "/download", "/everything")
KEPT = ("/", "/index.html", "/studio.css", "/studio.js", "/studio-state.js", "/studio-controls.js",
        "/studio-messages.js", "/studio-show.js", "/spec.json")
A_YEAR = 365 * 24 * 3600
VARY = ("Vary", "Origin, Sec-Fetch-Site")


def entity_tag(path: str, query: Mapping[str, Sequence[str]]) -> str | None:
    """The answer's strong entity tag, or None where the path is not one the studio keeps."""
    if path not in DRAWN and path not in KEPT:
        return None
    canonical = [path, __version__, os.environ.get("SOURCE_DATE_EPOCH", "")]
    for name in sorted(query):
        canonical += [name, *query[name]]
    digest = hashlib.sha256("\0".join(canonical).encode("utf-8", "surrogatepass"))
    return f'"{digest.hexdigest()[:32]}"'


def matches(environ: Mapping[str, object], tag: str) -> bool:
    """Whether the request's If-None-Match names this tag (or is *); weak tags compare
    weakly, as RFC 9110 §13.1.2 has it for If-None-Match."""
    asked = str(environ.get("HTTP_IF_NONE_MATCH", "")).strip()
    if not asked:
        return False
    if asked == "*":
        return True
    return any(t.strip().removeprefix("W/") == tag for t in asked.split(","))


def headers(path: str, tag: str) -> list[tuple[str, str]]:
    """The headers that let a cache keep the answer to `path` under `tag`."""
    keep = f"public, max-age={A_YEAR}, immutable" if path in DRAWN else "no-cache"
    return [("ETag", tag), ("Cache-Control", keep), VARY]


def kept(answer: tuple[str, list[tuple[str, str]], bytes], path: str,
         *, tag: str | None) -> tuple[str, list[tuple[str, str]], bytes]:
    """A successful answer with its cache headers in place of `no-store`."""
    status, said, body = answer
    if tag is None or not status.startswith("200 "):
        return answer
    return status, [h for h in said if h[0] != "Cache-Control"] + headers(path, tag), body


def not_modified(path: str, tag: str) -> tuple[str, list[tuple[str, str]], bytes]:
    return "304 Not Modified", headers(path, tag), b""
