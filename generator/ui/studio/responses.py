"""What the studio answers with, whatever was asked: a refusal of a request from another
site's page, and the headers of its answers (one line of text for a refusal, no sniffing,
the page's and the read view's content policies)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from urllib.parse import urlsplit

# Sec-Fetch-Site values of requests from the studio's own page, or typed in the address bar.
OWN_SITE = ("same-origin", "none")


def other_site(environ: Mapping[str, object], host: str) -> str | None:
    """Why a request comes from another site's page, or None: its Origin is not the
    studio's own, or the browser says the request crosses sites."""
    site = str(environ.get("HTTP_SEC_FETCH_SITE", "")).strip().lower()
    if site and site not in OWN_SITE:
        return f"the studio answers its own page only, not a {site[:20]} request"
    own = (f"http://{host}".lower(), f"https://{host}".lower())
    origin = str(environ.get("HTTP_ORIGIN", "")).strip()
    if origin and origin.lower() not in own:
        return "the studio answers its own page only, not another site's"
    # A browser that sends neither header may still name the page that asked: the same rule.
    referer = urlsplit(str(environ.get("HTTP_REFERER", "")).strip())
    if (referer.scheme or referer.netloc) and \
            f"{referer.scheme}://{referer.netloc}".lower() not in own:
        return "the studio answers its own page only, not another site's"
    return None


# The web edition read in the browser: its own styles inline, its figures inline SVG, nothing
# fetched and nothing run.
READ_HEADERS = [
    ("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; "
                                "img-src data:; base-uri 'none'; frame-ancestors 'none'"),
    ("Referrer-Policy", "no-referrer"),
]
PAGE_HEADERS = [
    ("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; "
                                "style-src 'self' 'unsafe-inline'; object-src 'none'; "
                                "base-uri 'none'; frame-ancestors 'none'; form-action 'self'"),
    ("Referrer-Policy", "no-referrer"),
]


def ok(kind: str, body: bytes, *, extra: Sequence[tuple[str, str]] = ()
       ) -> tuple[str, list[tuple[str, str]], bytes]:
    return "200 OK", [("Content-Type", kind), ("Content-Length", str(len(body))),
                      ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
                      *extra], body


def text_response(status: str, message: str, *, extra: Sequence[tuple[str, str]] = ()
                  ) -> tuple[str, list[tuple[str, str]], bytes]:
    line = " ".join(message.split())   # one line, whatever the message held
    body = (line + "\n").encode("utf-8")
    return status, [("Content-Type", "text/plain; charset=utf-8"),
                    ("Content-Length", str(len(body))), ("Cache-Control", "no-store"),
                    ("X-Content-Type-Options", "nosniff"), *extra], body
