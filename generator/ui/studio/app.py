"""The studio as a WSGI app: the page, its two files, previews, figures and downloads."""

from __future__ import annotations

import json
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from generator import __version__
from generator.errors import UserError

if TYPE_CHECKING:
    pass

from generator.ui.studio.form import (
    BOOKLET,
    BadRequest,
    Made,
    Request,
    fields,
    figures,
    make,
    one_value,
    parse_query,
    request_from,
    spec,
)

# The page's files, by the name a request uses: (file beside this module, type).
ASSETS = {
    "/studio.css": ("studio.css", "text/css; charset=utf-8"),
    "/studio.js": ("studio.js", "text/javascript; charset=utf-8"),
}

# --- the app ------------------------------------------------------------------------------


class Studio:
    """The WSGI app. One document is made at a time; the last few are kept, so turning
    pages and downloading what is on screen make nothing twice."""

    KEEP = 8

    def __init__(self, hosts: Sequence[str] | None = None):
        self.hosts = tuple(hosts) if hosts else None
        self.lock = threading.Lock()
        self.made: OrderedDict[tuple[str, ...], Made] = OrderedDict()
        self.found: OrderedDict[tuple[str, ...], tuple[tuple[str, ...], tuple[str, ...]]] = \
            OrderedDict()
        self.folder = Path(__file__).resolve().parent

    # WSGI
    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]
                 ) -> Iterable[bytes]:
        try:
            status, headers, body = self.respond(environ)
        except UserError as err:
            status, headers, body = _text_response("400 Bad Request", str(err))
        except Exception as err:   # never a traceback for the browser; one line in the log
            print(f"pnp studio: {type(err).__name__}: {err}", file=sys.stderr)
            status, headers, body = _text_response("500 Internal Server Error",
                                                   "the studio could not make that")
        if environ.get("REQUEST_METHOD") == "HEAD":
            body = b""
        start_response(status, headers)
        return [body]

    def respond(self, environ: Mapping[str, Any]) -> tuple[str, list[tuple[str, str]], bytes]:
        method = environ.get("REQUEST_METHOD", "GET")
        if method not in ("GET", "HEAD"):
            return _text_response("405 Method Not Allowed", f"the studio takes GET, not "
                                                            f"{method}")
        if self.hosts is not None:
            host = str(environ.get("HTTP_HOST", "")).rsplit(":", 1)[0].strip("[]")
            if host not in self.hosts:
                raise BadRequest(f"the studio answers to {', '.join(self.hosts)} only")
        path = environ.get("PATH_INFO", "/")
        query = str(environ.get("QUERY_STRING", ""))
        if path in ("/", "/index.html"):
            return _ok("text/html; charset=utf-8", self.page(), PAGE_HEADERS)
        if path in ASSETS:
            name, kind = ASSETS[path]
            return _ok(kind, (self.folder / name).read_bytes())
        if path == "/spec.json":
            return _ok("application/json", json.dumps(spec()).encode())
        if path == "/preview":
            return _ok("application/json", self.preview(parse_query(query)))
        if path == "/figures":
            lines, warnings = self.figures(request_from(parse_query(query)))
            return _ok("application/json",
                       json.dumps({"figures": lines, "warnings": warnings}).encode())
        if path == "/download":
            name, kind, data = self.download(parse_query(query))
            return _ok(kind, data, [("Content-Disposition", f'attachment; filename="{name}"')])
        return _text_response("404 Not Found", f"the studio has no {path[:80]}")

    def page(self) -> bytes:
        import jinja2
        env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(self.folder)),
                                 autoescape=True, undefined=jinja2.StrictUndefined)
        return env.get_template("studio.html.j2").render(
            spec=spec(), version=__version__).encode("utf-8")

    def make(self, request: Request) -> Made:
        key = (request.game.key, request.item, *request.args)
        with self.lock:
            if key in self.made:
                self.made.move_to_end(key)
                return self.made[key]
            made = make(request)
            self.made[key] = made
            while len(self.made) > self.KEEP:
                self.made.popitem(last=False)
            return made

    def figures(self, request: Request) -> tuple[tuple[str, ...], tuple[str, ...]]:
        key = ("figures", request.game.key, request.item, *request.args)
        with self.lock:
            if key not in self.found:
                self.found[key] = figures(request)
                while len(self.found) > self.KEEP:
                    self.found.popitem(last=False)
            return self.found[key]

    def preview(self, query: Mapping[str, list[str]]) -> bytes:
        from generator.render.svg import page_svg
        request = request_from(query)
        made = self.make(request)
        doc = made.document
        number = _page_number(one_value(query, "page"), len(doc.pages))
        title = doc.title if len(doc.pages) == 1 else \
            f"{doc.title} ({number}/{len(doc.pages)})"
        svg = page_svg(doc.pages[number - 1], title).decode("utf-8")
        names = _file_names(request, len(doc.pages), number)
        return json.dumps({
            "svg": svg, "page": number, "pages": len(doc.pages), "title": doc.title,
            "figures": made.figures, "warnings": made.warnings, "command": request.command,
            "files": names, "query": _canonical(request, query),
        }).encode("utf-8")

    def download(self, query: Mapping[str, list[str]]) -> tuple[str, str, bytes]:
        from generator import render
        fmt = one_value(query, "format") or "pdf"
        request = request_from(query)
        if fmt not in _formats(request):
            raise BadRequest(f"{request.item} is written as {' or '.join(_formats(request))}, "
                             f"not {fmt}")
        doc = self.make(request).document
        number = _page_number(one_value(query, "page"), len(doc.pages))
        files = render.render(doc, fmt, Path(f"{request.stem}.{fmt}"))
        path, data = files[number - 1] if fmt == "svg" else files[0]
        kind = "application/pdf" if fmt == "pdf" else "image/svg+xml"
        return path.name, kind, data


def _formats(request: Request) -> tuple[str, ...]:
    return ("pdf",) if request.item == BOOKLET else ("pdf", "svg")


def _file_names(request: Request, pages: int, number: int) -> dict[str, str]:
    from generator.render import page_paths
    names = {"pdf": f"{request.stem}.pdf"}
    if "svg" in _formats(request):
        names["svg"] = page_paths(Path(f"{request.stem}.svg"), pages)[number - 1].name
    return names


def _canonical(request: Request, query: Mapping[str, list[str]]) -> str:
    """The query for what is on screen, for links: only what differs from the defaults."""
    keep = [("game", request.game.key), ("item", request.item)]
    for field in fields(request.game, request.item):
        for value in query.get(field.name, []):
            if value.strip() and value != field.default:
                keep.append((field.name, value.strip()))
    return urlencode(keep)


def _page_number(text: str | None, pages: int) -> int:
    if text is None or text == "":
        return 1
    if not text.isdigit() or not 1 <= int(text) <= pages:
        raise BadRequest(f"page must be 1 to {pages}, not {text[:20]!r}")
    return int(text)


PAGE_HEADERS = [
    ("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; "
                                "style-src 'self' 'unsafe-inline'; object-src 'none'; "
                                "base-uri 'none'; frame-ancestors 'none'; form-action 'self'"),
    ("Referrer-Policy", "no-referrer"),
]


def _ok(kind: str, body: bytes, extra: Sequence[tuple[str, str]] = ()
        ) -> tuple[str, list[tuple[str, str]], bytes]:
    return "200 OK", [("Content-Type", kind), ("Content-Length", str(len(body))),
                      ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
                      *extra], body


def _text_response(status: str, message: str) -> tuple[str, list[tuple[str, str]], bytes]:
    line = " ".join(message.split())   # one line, whatever the message held
    body = (line + "\n").encode("utf-8")
    return status, [("Content-Type", "text/plain; charset=utf-8"),
                    ("Content-Length", str(len(body))), ("Cache-Control", "no-store"),
                    ("X-Content-Type-Options", "nosniff")], body


def create_app(hosts: Sequence[str] | None = None) -> Studio:
    """The studio as a WSGI app. `hosts`, where given, are the only Host names it answers
    (`pnp studio` gives the loopback names, so no other site can reach it by DNS tricks)."""
    return Studio(hosts)


app = create_app()
