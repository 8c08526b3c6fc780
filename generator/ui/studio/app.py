"""The studio as a WSGI app: the page, its two files, previews, figures and downloads; only
for the studio's own page (a request another site's page sends is refused), and every
refusal one line of text."""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Protocol, TypeVar
from urllib.parse import urlencode

import jinja2

from generator import __version__, render
from generator.app import params, requests
from generator.app.puzzle_request import PuzzleRequest
from generator.core.destinations import PRINT_SHOP
from generator.core.formats import DEFAULT_DPI, HTML, SVG, ZIP, page_paths
from generator.errors import UserError
from generator.games.puzzle_book import Puzzles
from generator.i18n import LANGUAGES
from generator.render.svg import page_svg
from generator.render.zipped import zipped
from generator.ui.studio import bundles, caching, form, making, offers, puzzle_books, records
from generator.ui.studio.drawing import Busy, Drawer
from generator.ui.studio.form import BOOKLET, BadRequest, Request
from generator.ui.studio.making import Made
from generator.ui.studio.responses import (
    PAGE_HEADERS,
    READ_HEADERS,
    ok,
    other_site,
    text_response,
)

# The page's files, by the name a request uses: (file beside this module, type).
# The script is ES modules: studio.js imports the others, each under 400 lines.
SCRIPTS = ("studio.js", "studio-state.js", "studio-controls.js", "studio-messages.js",
           "studio-show.js")
ASSETS = {
    "/studio.css": ("studio.css", "text/css; charset=utf-8"),
    **{f"/{name}": (name, "text/javascript; charset=utf-8") for name in SCRIPTS},
}
PREVIEW = SVG     # what the preview shows each page as
POSTED = ("/preview", "/download")     # where a record may be sent, in the request's body
T = TypeVar("T")
TIME_LIMIT = 20.0     # seconds a request waits for its drawing before it is answered busy


class StartResponse(Protocol):
    """WSGI's start_response (PEP 3333): given the status line and the headers; what it
    returns (a write callable, for old applications) the studio does not use."""
    def __call__(self, status: str, headers: list[tuple[str, str]], /) -> object: ...


class Studio:
    """The WSGI app. One thread draws (drawing.Drawer), in the order asked, with a queue of
    bounded length; what it made is kept, so pages, items and downloads already made are
    answered at once."""

    def __init__(self, hosts: Sequence[str] | None = None, queue: int = 8,
                 *, time_limit: float = TIME_LIMIT, solver: puzzle_books.Solver | None = None):
        self.hosts = tuple(hosts) if hosts else None
        self.drawer = Drawer(queue=queue)
        # Puzzle books are solved beside the drawing, on a thread of their own.
        self.solver = solver or puzzle_books.Solver()
        self.time_limit = time_limit
        self.folder = Path(__file__).resolve().parent
        self._page: bytes | None = None

    def close(self, timeout: float | None = None) -> None:
        """Draw nothing more: the drawing thread ends once the work asked for is done
        (waited for up to `timeout` seconds), and the solving with it."""
        self.drawer.close(timeout)
        self.solver.close(timeout)

    # WSGI
    def __call__(self, environ: dict[str, object], start_response: StartResponse
                 ) -> Iterable[bytes]:
        try:
            status, headers, body = self.respond(environ)
        except puzzle_books.Solving as err:     # the page shows how far, and asks again
            status, headers, body = text_response(
                "503 Service Unavailable", str(err),
                extra=[("Retry-After", str(puzzle_books.AGAIN)),
                       ("X-Studio-Solving", f"{err.seconds:.0f}")])
        except Busy as err:
            status, headers, body = text_response("503 Service Unavailable", str(err),
                                                  extra=[("Retry-After", "2")])
        except BadRequest as err:
            extra = [("X-Studio-Field", err.field), ("X-Studio-Fields", " ".join(err.fields))] \
                if err.field else []
            # A record over the bound is refused from its length, its body left unread.
            refused = "413 Content Too Large" if isinstance(err, records.TooLarge) \
                else "400 Bad Request"
            status, headers, body = text_response(refused, str(err), extra=extra)
        except UserError as err:
            status, headers, body = text_response("400 Bad Request", str(err))
        except Exception as err:   # never a traceback for the browser; one line in the log
            print(f"pnp studio: {type(err).__name__}: {err}", file=sys.stderr)
            status, headers, body = text_response("500 Internal Server Error",
                                                  "the studio could not make that")
        if environ.get("REQUEST_METHOD") == "HEAD":
            body = b""
        start_response(status, headers)
        return [body]

    def respond(self, environ: Mapping[str, object]
                ) -> tuple[str, list[tuple[str, str]], bytes]:
        method = str(environ.get("REQUEST_METHOD", "GET"))
        if method not in ("GET", "HEAD", "POST"):
            return text_response("405 Method Not Allowed",
                                 f"the studio takes GET, not {method[:20]}",
                                 extra=[("Allow", "GET, POST")])
        host = str(environ.get("HTTP_HOST", ""))
        if self.hosts is not None:
            name = host.rsplit(":", 1)[0].strip("[]") if not host.endswith("]") else \
                host.strip("[]")
            if name not in self.hosts:
                raise BadRequest(f"the studio answers to {', '.join(self.hosts)} only")
        refused = other_site(environ, host)
        if refused:
            return text_response("403 Forbidden", refused)
        path = str(environ.get("PATH_INFO", "/"))
        query = str(environ.get("QUERY_STRING", ""))
        if method == "POST":
            return self.posted(path, query, environ=environ)
        # Answered from what a cache holds, before any drawing (caching.py).
        tag = caching.entity_tag(path, form.parse_query(query) if path in caching.DRAWN else {})
        if tag is not None and caching.matches(environ, tag):
            return caching.not_modified(path, tag)
        return caching.kept(self.route(path, query), path, tag=tag)

    def posted(self, path: str, query: str, *, environ: Mapping[str, object]
               ) -> tuple[str, list[tuple[str, str]], bytes]:
        """A record's preview or download: the record in the body, the options in the
        query. The record is the person's own, so no cache keeps the answer (`no-store`)."""
        asked = form.parse_query(query) if path in POSTED else {}
        if path not in POSTED or form.one_value(asked, "item") != records.ITEM:
            return text_response("405 Method Not Allowed",
                                 f"the studio takes GET, and POST with a record "
                                 f"(item=record) at {' and '.join(POSTED)} only",
                                 extra=[("Allow", "GET")])
        record = records.body(environ, form.one_value(asked, records.NAME) or "")
        if path == "/preview":
            return ok("application/json", self.preview(asked, record))
        name, kind, data = self.download(asked, record)
        return ok(kind, data, extra=[("Content-Disposition", f'attachment; filename="{name}"')])

    def route(self, path: str, query: str) -> tuple[str, list[tuple[str, str]], bytes]:
        if path in ("/", "/index.html"):
            return ok("text/html; charset=utf-8", self.page(), extra=PAGE_HEADERS)
        if path in ASSETS:
            name, kind = ASSETS[path]
            return ok(kind, (self.folder / name).read_bytes())
        if path == "/spec.json":
            return ok("application/json", json.dumps(form.spec()).encode())
        if path == "/preview":
            return ok("application/json", self.preview(form.parse_query(query)))
        if path == "/figures":
            lines, warnings = self.figures(form.parse_query(query))
            return ok("application/json",
                      json.dumps({"figures": lines, "warnings": warnings}).encode())
        if path == "/download":
            name, kind, data = self.download(form.parse_query(query))
            return ok(kind, data, extra=[("Content-Disposition", f'attachment; filename="{name}"')])
        if path == "/everything":
            name, data = self.everything(form.parse_query(query))
            return ok(bundles.ZIP, data, extra=[("Content-Disposition",
                                                 f'attachment; filename="{name}"')])
        if path == "/read":     # the rules' web edition, to read in the browser
            asked = form.parse_query(query)
            if form.one_value(asked, "item") != "rules":
                raise BadRequest("the studio reads the rules only", "item")
            name, kind, data = self.download({**asked, "format": [HTML.name]})
            return ok(kind, data, extra=READ_HEADERS)
        return text_response("404 Not Found", f"the studio has no {path[:80]}")

    def page(self) -> bytes:
        if self._page is None:
            env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(self.folder)),
                                     autoescape=True, undefined=jinja2.StrictUndefined)
            self._page = env.get_template("studio.html.j2").render(
                spec=form.spec(), version=__version__).encode("utf-8")
        return self._page

    # --- what the drawing thread makes ----------------------------------------------------

    def _get(self, key: Hashable, work: Callable[[], T]) -> T:
        made: T = self.drawer.get(key, work, timeout=self.time_limit)
        return made

    def made(self, request: Request) -> Made:
        """The request's document, kept (a kit is made from its items' documents, which
        the process keeps: generator/app/documents.py). A puzzle book's puzzles are solved
        first, beside the drawing (Solving until they are)."""
        key = ("made", *request.document_key)
        chosen = None if self.drawer.has(key) else self.solved(request)

        def work() -> Made:
            try:
                return making.make(request, chosen)
            except UserError as err:
                raise form.refusal(request, err) from None
        return self._get(key, work)

    def solved(self, request: Request) -> Puzzles | None:
        """A puzzle book's puzzles, solved now or before (None for any other item);
        Solving while they are being solved."""
        if request.item != puzzle_books.ITEM:
            return None
        try:
            checked = request.checked()
            assert isinstance(checked, PuzzleRequest)
            return self.solver.puzzles(checked)
        except Busy:
            raise
        except UserError as err:
            raise form.refusal(request, err) from None

    def svg(self, request: Request, made: Made, *, number: int) -> str:
        doc = made.document
        title = doc.title if len(doc.pages) == 1 else f"{doc.title} ({number}/{len(doc.pages)})"
        return str(self._get(("svg", number, *request.document_key),
                             lambda: page_svg(doc.pages[number - 1], title).decode("utf-8")))

    def figures(self, query: Mapping[str, list[str]]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        request = form.request_from(query)

        def work() -> tuple[tuple[str, ...], tuple[str, ...]]:
            try:
                return making.figures(request)
            except UserError as err:
                raise form.refusal(request, err) from None
        found: tuple[tuple[str, ...], tuple[str, ...]] = self._get(
            ("figures", *request.document_key), work)
        return found

    # --- the answers --------------------------------------------------------------------------

    def preview(self, query: Mapping[str, list[str]], record: records.Given | None = None
                ) -> bytes:
        request = form.request_from(query, record)
        made = self.made(request)
        doc = made.document
        number = page_number(form.one_value(query, "page"), len(doc.pages))
        svg = self.svg(request, made, number=number)
        canonical = canonical_query(request, query)
        downloads = offers.downloads(request, query, doc=doc, number=number, canonical=canonical)
        proof = offers.proof(query, downloads, number=number) if record is None else None
        self.drawer.prepare(self.likely_next(request, made, number=number))
        return json.dumps({
            "svg": svg, "page": number, "pages": len(doc.pages), "title": doc.title,
            "width": doc.pages[number - 1].width, "height": doc.pages[number - 1].height,
            "figures": made.figures, "warnings": made.warnings, "command": request.command,
            "files": {d["format"]: d["name"] for d in downloads if d["format"] != PRINT_SHOP.key},
            "downloads": downloads, "query": canonical, "read": self.reading(request),
            "proof": proof,
            # A record's figures come with its page (a figures request carries no record),
            # and a puzzle book's (how many puzzles it holds).
            "figures_later": record is None and request.item != puzzle_books.ITEM,
        }).encode("utf-8")

    @staticmethod
    def reading(request: Request) -> str:
        """The address of the game's rules as a web page, in the language and colours
        chosen: the text of the rules beside any item's preview."""
        names = {f.name for f in form.fields(request.game, "rules")} - {"paper"}
        keep = [("game", request.game.key), ("item", "rules"),
                *((n, v) for n, v in request.values if n in names)]
        return f"read?{urlencode(keep)}"

    def check_studio_pixels(self, request: Request, query: Mapping[str, list[str]]) -> None:
        """BadRequest when the page asked for, at the dpi asked for, is more pixels than
        the studio makes (nothing when the dpi is not a number: the request says why)."""
        try:
            dpi = params.DPI.whole((form.one_value(query, "dpi") or "").strip() or "0")
            request.checked()
        except (params.ParamError, UserError):
            return
        doc = self.made(request).document
        page = doc.pages[page_number(form.one_value(query, "page"), len(doc.pages)) - 1]
        making.check_pixels(page.width, page.height, dpi=dpi)

    def likely_next(self, request: Request, made: Made, *, number: int
                    ) -> list[tuple[Hashable, Callable[[], object]]]:
        """What a person is likely to ask for next: the next page, then the game's other
        items with the same options (options that belong to one item left out), each with
        its first page's picture; the kit after the items it is made of, the booklet last.
        A document and its picture are two jobs, so a change that arrives while they are
        made waits for the one being made only."""
        jobs: list[tuple[Hashable, Callable[[], object]]] = []
        if number < len(made.document.pages):
            jobs.append((("svg", number + 1, *request.document_key),
                         lambda: self.svg(request, made, number=number + 1)))
        if request.record is not None or request.item == puzzle_books.ITEM:
            return jobs     # a record's or a puzzle book's other pages, not the items'
        for item in form.drawn_items(request.game):
            if item == request.item:
                continue
            names = {f.name for f in form.fields(request.game, item) if not f.per_item}
            if item == BOOKLET:     # its sheets are its own (the page keeps them apart)
                names.discard("paper")
            other = Request(request.game, item,
                            tuple((n, v) for n, v in request.values if n in names))

            def document(other: Request = other) -> Made:
                return self.made(other)

            def picture(other: Request = other) -> str:
                return self.svg(other, self.made(other), number=1)
            jobs += [(("made", *other.document_key), document),
                     (("svg", 1, *other.document_key), picture)]
        # Then the page on screen in the other colours (a change people try), and every
        # language made ready to set text in (its catalogue and hyphenation patterns, read
        # once: a sheet's first in a language took 100 ms more than its next).
        for look in self.other_looks(request, number):
            def looked(look: Request = look) -> Made:
                return self.made(look)

            def seen(look: Request = look) -> str:
                return self.svg(look, self.made(look), number=number)
            jobs += [(("made", *look.document_key), looked),
                     (("svg", number, *look.document_key), seen)]
        jobs += [(("language", lang), partial(making.ready_language, lang))
                 for lang in LANGUAGES]
        return jobs

    @staticmethod
    def other_looks(request: Request, number: int) -> list[Request]:
        """The request in each other palette, where the item has colours to choose."""
        asked: dict[str, list[str]] = {"game": [request.game.key], "item": [request.item]}
        for name, value in request.values:
            asked.setdefault(name, []).append(value)
        if not any(f.name == "palette" for f in form.fields(request.game, request.item)):
            return []
        shown = asked.get("palette", [params.PALETTE.default])[0]
        return [form.request_from({**asked, "palette": [p]}) for p in params.PALETTE.choices
                if p != shown]

    def download(self, query: Mapping[str, list[str]], record: records.Given | None = None
                 ) -> tuple[str, str, bytes]:
        base = form.request_from(query, record)
        fmt = form.download_format(base, query)
        target = form.destination(base, query)
        request = base.download(fmt, (form.one_value(query, "dpi") or "").strip(),
                                target=target, bleed=(form.one_value(query, "bleed") or "").strip(),
                                condition=(form.one_value(query, "condition") or "").strip())
        try:
            checked = request.checked()
        except UserError as err:
            if fmt.pixels:   # the studio's own pixel limit, lower, is the one to name
                self.check_studio_pixels(base.download(fmt, "", target=target, bleed=request.bleed),
                                         query)
            raise form.refusal(request, err) from None
        if isinstance(checked, requests.ItemRequest) and checked.parts:
            # A vendor's kit: its products in one zip, as the command line writes it.
            def bundled() -> bytes:
                return bytes(render.render(requests.content(checked), ZIP,
                                           target=Path(request.file_name))[0][1])
            return request.file_name, ZIP.media_type, \
                self._get(("zip", "kit", *request.document_key), bundled)
        doc = self.made(request).document
        settings = checked.settings
        if target.shop and fmt.paged and form.one_value(query, "page") is None:
            # A vendor's images, each file the command writes, in one zip.
            def every() -> bytes:
                files = render.render(doc, fmt, target=Path(request.file_name), dpi=settings.dpi,
                                      press=settings.press)
                return zipped([(path.name, bytes(data)) for path, data in files])
            return Path(request.file_name).with_suffix(".zip").name, bundles.ZIP, \
                self._get(("zip", fmt.name, request.dpi, *request.document_key), every)
        number = page_number(form.one_value(query, "page"), len(doc.pages))
        pages = len(doc.pages)
        name = page_paths(Path(request.file_name), pages)[number - 1].name \
            if fmt.paged else request.file_name
        if fmt == PREVIEW:     # the page as the preview shows it and the command line writes it
            return name, fmt.media_type, \
                self.svg(request, self.made(request), number=number).encode("utf-8")
        if fmt.paged:
            page = doc.pages[number - 1]
            if fmt.pixels:
                making.check_pixels(page.width, page.height, dpi=settings.dpi or DEFAULT_DPI)
            # One page of the document, written as the command line writes each.
            doc = dataclasses.replace(doc, pages=(page,))

        def write() -> bytes:
            return bytes(render.render(doc, fmt, target=Path(request.file_name), dpi=settings.dpi,
                                       press=settings.press)[0][1])
        data = self._get(("file", fmt.name, request.dpi, number, *request.document_key), write)
        return name, fmt.media_type, data

    def whole(self, request: Request) -> bytes:
        """The file the command writes for a request whose file is one (a PDF)."""
        checked = request.checked()
        doc = self.made(request).document
        return self._get(("file", request.fmt.name, "", 0, *request.document_key),
                         lambda: bytes(render.render(doc, request.fmt,
                                                     target=Path(request.file_name),
                                                     press=checked.settings.press)[0][1]))

    def everything(self, query: Mapping[str, list[str]]) -> tuple[str, bytes]:
        """Every item of the game on the paper chosen, its kit and booklet, in one zip, made
        as one piece of work (bounded in time as any request is)."""
        request = form.request_from(query)
        try:
            # The options as given are refused as the page refuses them (copies=x), though
            # the zip leaves out those that belong to one item.
            request.checked()
            parts, name = bundles.everything(request), bundles.everything_name(request)
        except UserError as err:
            raise form.refusal(request, err) from None

        def work() -> bytes:
            return zipped([(part.file_name, self.whole(part)) for part in parts])
        return name, self._get(("everything", *request.document_key), work)


def canonical_query(request: Request, query: Mapping[str, list[str]]) -> str:
    """The query for what is on screen, for links: only what differs from the defaults."""
    keep = [("game", request.game.key), ("item", request.item)]
    for field in form.fields(request.game, request.item):
        for value in query.get(field.name, []):
            if value.strip() and value != field.default:
                keep.append((field.name, value.strip()))
    return urlencode(keep)


def page_number(text: str | None, pages: int) -> int:
    if text is None or text == "":
        return 1
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= pages:
        raise BadRequest(f"There is no page {text[:20]}: this has "
                         f"{pages} page{'s' if pages > 1 else ''}.", "page")
    return int(text)


def create_app(hosts: Sequence[str] | None = None) -> Studio:
    """The studio as a WSGI app. `hosts`, where given, are the only Host names it answers
    (`pnp studio` gives the loopback names, so no other site can reach it by DNS tricks)."""
    return Studio(hosts)


app = create_app()
