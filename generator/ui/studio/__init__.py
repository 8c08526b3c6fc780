"""`pnp studio`: the command line's items and options as a page in the browser, with a live
preview and downloads.

The form is made from the same sources as the command line: each game's items, and the
parameters of the request for an item (generator/app/params.py), whose game options are the
fields of the game's options class. A query becomes the same request the command line makes
(generator/app/requests.py), checked by the same code and refused with the same sentence; the
page shows the command, and a download is the file the command would write, byte for byte.

The app is a plain WSGI callable (`create_app()`, or `app`): `pnp studio` serves it on the
loopback interface with the standard library's wsgiref, and any WSGI server can serve it too.
No path from a request reaches the file system: the page's own three files are found by
fixed names beside this module.
"""

from __future__ import annotations

import dataclasses
import json
import shlex
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from socketserver import ThreadingMixIn
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlencode
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from generator import __version__
from generator.app import params as P
from generator.app import requests
from generator.errors import UserError
from generator.games import all_games, find
from generator.games.game import OptionError
from generator.games.items import ITEMS, KIT
from generator.i18n import SOURCE

if TYPE_CHECKING:
    from generator.core.paper import Paper
    from generator.core.scene import Document
    from generator.games.game import Game

HOST = "127.0.0.1"
DEFAULT_PORT = 8470
# Work one request may ask for: the command line allows more, the studio sends people to it.
MAX_COPIES = 10
MAX_PAGES = 24          # sheets of one document: a tiled board, a kit with copies
TILING_SLACK = 1.4      # how far over the cap an estimated tiling is refused unmade
MAX_QUERY = 2000        # characters of a query string
BOOKLET = requests.BOOKLET
# Query keys that are not options: which game, which item, which page, which format.
RESERVED = ("game", "item", "page", "format")
# Parameters of the commands that the studio sets itself or has no use for.
# (--for and --bleed too: the studio makes home prints.)
SKIPPED = ("fmt", "output", "games", "everything", "target", "bleed")
# The page's files, by the name a request uses: (file beside this module, type).
ASSETS = {
    "/studio.css": ("studio.css", "text/css; charset=utf-8"),
    "/studio.js": ("studio.js", "text/javascript; charset=utf-8"),
}
LABELS = {"cell": "Cell size (mm)", "tile": "Tile over several sheets",
          "extras": "Also in the booklet", "lang": "Language"}
ITEM_LABELS = {"kit": "Kit (every item)", BOOKLET: "Booklet (folded rules)"}
# The booklet's own parameters: its papers are the booklet's sheets, its extras the items a
# game can add after its rules.
BOOKLET_PAPER = P.Param("paper", "A5 pages on A4 sheets, or half-letter on Letter.", P.CHOICE,
                        default="a4", choices=requests.BOOKLET_PAPERS)
EXTRAS = P.Param("extras", "Add a game's other items too (board, pad, puzzle, ...).", P.MANY,
                 choices=(), spelled="--with")


class BadRequest(UserError):
    """A request the studio cannot answer; the message is one line for the page."""


# --- the form, from the request's parameters ---------------------------------------------


@dataclass(frozen=True)
class Field:
    """One control of the form: a parameter of the request for an item."""
    name: str            # the query key, the parameter's name
    flag: str            # the command line's option, e.g. --size
    off_flag: str        # for on/off options, the one that turns it off (--no-coordinates)
    label: str
    help: str
    control: str         # text, select, checkbox or checkboxes
    choices: tuple[str, ...]
    default: str         # as the form shows it; "" when the request decides
    inputmode: str       # text, numeric or decimal
    game_option: bool    # a field of the game's options, rather than the command's own

    def spec(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def items(game: Game[Any]) -> list[str]:
    """What the studio offers for a game: what the command line prints for it."""
    return [*game.items, KIT, BOOKLET]


def _label(name: str) -> str:
    return LABELS.get(name, name.replace("_", " ").capitalize())


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def params(game: Game[Any], item: str) -> list[P.Param]:
    """The request's parameters the form shows for an item: all but where the file goes
    and (the studio makes home prints) the print shop's."""
    if item == BOOKLET:
        extras = [i for i in game.items if i != "rules" and ITEMS[i].in_booklet]
        return [BOOKLET_PAPER, P.PALETTE, dataclasses.replace(EXTRAS, choices=tuple(extras)),
                P.LANG]
    return [p for p in P.item_params(game, item)
            if not p.cli_only and p.name not in SKIPPED]


def fields(game: Game[Any], item: str) -> tuple[Field, ...]:
    return _fields(game.key, item)


@cache
def _fields(key: str, item: str) -> tuple[Field, ...]:
    game = find_game(key)
    declared = {f.name: f for f in dataclasses.fields(game.options)}
    out = []
    for param in params(game, item):
        if param.name in RESERVED:
            raise RuntimeError(f"option {param.name} clashes with the studio's own query keys")
        default = _text(declared[param.name].default if param.game_option else param.default)
        control = {P.FLAG: "checkbox", P.SWITCH: "checkbox", P.MANY: "checkboxes"}.get(
            param.kind, "select" if param.choices and param.kind != P.PAPER_SIZE else "text")
        if control == "checkbox" and not default:
            default = "false"
        if param.name == "copies" and not default:
            default = "1"
        help_text = param.help.split("  [default:")[0] if param.game_option else param.help
        mode = {P.INT: "numeric", P.FLOAT: "decimal"}.get(param.kind, "text")
        off = f"--no-{param.flag[2:]}" if param.kind == P.SWITCH else ""
        out.append(Field(param.name, param.flag, off, _label(param.name), help_text, control,
                         param.choices, default, mode, param.game_option))
    return tuple(out)


def find_game(key: str) -> Game[Any]:
    game = find(key) if isinstance(key, str) else None
    if game is None or game.key != key:
        raise BadRequest(f"no game {key!r}: the studio has {', '.join(all_games())}")
    return game


def spec() -> dict[str, Any]:
    """Everything the page needs to build its form, as JSON."""
    helps = {**{k: i.help for k, i in ITEMS.items()},
             BOOKLET: "Rule sheets folded into an A5 booklet, ready to print duplex and staple."}
    games = []
    for key, game in all_games().items():
        games.append({
            "key": key, "title": game.title,
            "by": ", ".join(filter(None, (game.designer, game.year))),
            "items": [{"key": item, "label": ITEM_LABELS.get(item, item.capitalize()),
                       "help": helps.get(item, ""),
                       "fields": [f.spec() for f in fields(game, item)]}
                      for item in items(game)],
        })
    return {"games": games, "version": __version__, "max_copies": MAX_COPIES}


# --- a request, from a query ---------------------------------------------------------------


@dataclass(frozen=True)
class Request:
    game: Game[Any]
    item: str
    values: tuple[tuple[str, str], ...]   # what the query set, by parameter, as typed

    @property
    def args(self) -> tuple[str, ...]:
        """The options after `pnp ITEM GAME` that ask for the same thing."""
        by_name = {f.name: f for f in fields(self.game, self.item)}
        out: list[str] = []
        for name, value in self.values:
            field = by_name[name]
            if field.control == "checkbox":
                out.append(field.flag if value == "true" else field.off_flag)
            else:
                out += [field.flag, value]
        return tuple(a for a in out if a)

    @property
    def command(self) -> str:
        """The command that prints the same thing, ready to paste into a terminal."""
        return shlex.join(["pnp", self.item, self.game.key, *self.args])

    @property
    def stem(self) -> str:
        return BOOKLET if self.item == BOOKLET else f"{self.game.key}-{self.item}"

    def checked(self) -> requests.ItemRequest | requests.BookletRequest:
        """The request checked as the command line checks it, with its sentences."""
        given = dict(self.values)
        extras = tuple(v for n, v in self.values if n == "extras")
        if self.item == BOOKLET:
            typed = {p.name: p.convert(given[p.name]) for p in params(self.game, BOOKLET)
                     if p.name in given and p.kind != P.MANY}
            for extra in extras:
                EXTRAS_FOR(self.game).convert(extra)
            return requests.booklet_request([self.game.key], False, extras,
                                            typed.get("paper", "a4"),
                                            typed.get("palette", "colour"),
                                            lang=typed.get("lang", SOURCE))
        return requests.item_request(self.game, self.item, given, set(given))


def EXTRAS_FOR(game: Game[Any]) -> P.Param:  # noqa: N802 - a parameter, as the others
    return next(p for p in params(game, BOOKLET) if p.name == "extras")


def _one(query: Mapping[str, list[str]], key: str) -> str | None:
    values = query.get(key)
    if not values:
        return None
    if len(values) > 1:
        raise BadRequest(f"{key} is given {len(values)} times")
    return values[0]


def parse_query(text: str) -> dict[str, list[str]]:
    if len(text) > MAX_QUERY:
        raise BadRequest(f"the request is too long ({len(text)} characters; at most "
                         f"{MAX_QUERY})")
    try:
        return parse_qs(text, keep_blank_values=True, strict_parsing=False, errors="strict",
                        max_num_fields=64)
    except (UnicodeDecodeError, ValueError) as err:
        raise BadRequest(f"the request cannot be read: {err}") from None


def request_from(query: Mapping[str, list[str]]) -> Request:
    """The request a query asks for: `game`, `item` and one key per parameter. Empty values
    and defaults are left out, as a person would leave them out on the command line."""
    key = _one(query, "game") or ""
    game = find_game(key)
    item = _one(query, "item") or "board"
    if item not in items(game):
        raise BadRequest(f"{game.key} has no {item}; it has {', '.join(items(game))}")
    values: list[tuple[str, str]] = []
    known = set(RESERVED)
    for field in fields(game, item):
        known.add(field.name)
        if field.control == "checkboxes":
            values += [(field.name, choice) for choice in query.get(field.name, [])]
            continue
        value = _one(query, field.name)
        if value is None or value.strip() == "" or value == field.default:
            continue
        if field.control == "checkbox" and value not in ("true", "false"):
            raise BadRequest(f"{field.name} must be true or false, not {value!r}")
        values.append((field.name, value.strip()))
    unknown = sorted(set(query) - known)
    if unknown:
        raise BadRequest(f"{game.title} {item} takes no {', '.join(unknown)}")
    return Request(game, item, tuple(values))


@dataclass(frozen=True)
class Made:
    """What a request makes: the document, and the options' label."""
    document: Document
    figures: tuple[str, ...]
    warnings: tuple[str, ...]


def figures(request: Request) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The figures beside the preview: the options' label, then the game's own figures for
    its board (Blind Hex's balance, Hex KB's windows and gaps) where it has them. Asked for
    after the preview, so the drawing never waits for them."""
    from generator import i18n
    checked = request.checked()
    if not isinstance(checked, requests.ItemRequest):
        return (), ()
    with i18n.language(checked.lang):
        label = checked.options.label
    game = request.game
    if game.stats is None:
        return (label,), ()
    report = game.stats(checked.options)
    return (label, *report.lines), tuple(report.warnings)


def make(request: Request) -> Made:
    """The document the command would write, made as the command makes it, with the options'
    label."""
    checked = request.checked()
    if isinstance(checked, requests.BookletRequest):
        return Made(_capped(requests.make(checked)), (), ())
    if checked.copies is not None and checked.copies > MAX_COPIES:
        raise OptionError(f"the studio prints up to {MAX_COPIES} copies at a time; the "
                          f"command line prints up to 100")
    if checked.tile and checked.cell is not None:
        _refuse_large_tilings(checked.game, checked.options, checked.paper, checked.cell)
    from generator import i18n
    with i18n.language(checked.lang):
        label = checked.options.label
    return Made(_capped(requests.make(checked)), (label,), ())


def _refuse_large_tilings(game: Game[Any], options: Any, paper: Paper, cell: float) -> None:
    """Refuse a tiling far over the cap before drawing it: cells grow with the sheet, so the
    board's cell on the paper itself tells the scale, and the scale the sheets. The estimate
    runs up to a third high, so only what is well over is refused here; the rest is counted
    exactly once made."""
    from generator.core.scene import Page
    from generator.layout import tiling
    low, high = tiling.CELL_RANGE
    if not low <= cell <= high:
        return      # the command's own sentence follows
    scale = cell / game.pages().board_cell(options, paper)
    page = Page(paper.width * scale, paper.height * scale, ())
    sheets = min(tiling.sheets_needed(page, paper.margin, p) for p in (paper, paper.turned()))
    if sheets > TILING_SLACK * MAX_PAGES:
        raise OptionError(f"a board with {cell:g} mm cells takes more than {MAX_PAGES} sheets "
                          f"of {paper.name}; the studio makes up to {MAX_PAGES} at a time, "
                          f"the command line more")


def _capped(doc: Document) -> Document:
    if len(doc.pages) > MAX_PAGES:
        raise OptionError(f"that is {len(doc.pages)} sheets; the studio makes up to "
                          f"{MAX_PAGES} at a time, the command line more")
    return doc


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
        number = _page_number(_one(query, "page"), len(doc.pages))
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
        fmt = _one(query, "format") or "pdf"
        request = request_from(query)
        if fmt not in _formats(request):
            raise BadRequest(f"{request.item} is written as {' or '.join(_formats(request))}, "
                             f"not {fmt}")
        doc = self.make(request).document
        number = _page_number(_one(query, "page"), len(doc.pages))
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
