"""`pnp studio`: the command line's items and options as a page in the browser, with a live
preview and downloads.

The form is made from the same sources as the command line: each game's items, and the
parameters of the command that prints an item (`pnp board blind-hex`, `pnp booklet`), whose
game options are the fields of the game's options class. A request is turned back into that
command's arguments and parsed by the command itself, so every value goes through the same
option classes and is refused with the same sentence; the page shows the command, and a
download is the file the command would write, byte for byte.

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
import typing
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from socketserver import ThreadingMixIn
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlencode
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

import click

from generator import __version__
from generator.core.paper import NAMED
from generator.errors import UserError
from generator.games import all_games, find
from generator.games.game import OptionError
from generator.games.items import ITEMS

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
BOOKLET = "booklet"
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


class BadRequest(UserError):
    """A request the studio cannot answer; the message is one line for the page."""


# --- the form, from the games and the command line -------------------------------------------


@dataclass(frozen=True)
class Field:
    """One control of the form: a parameter of the command that prints an item."""
    name: str            # the query key, the parameter's name
    flag: str            # the command line's option, e.g. --size
    off_flag: str        # for on/off options, the one that turns it off (--no-coordinates)
    label: str
    help: str
    control: str         # text, select, checkbox or checkboxes
    choices: tuple[str, ...]
    default: str         # as the form shows it; "" when the command decides
    inputmode: str       # text, numeric or decimal
    game_option: bool    # a field of the game's options, rather than the command's own

    def spec(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def _command(game: Game[Any], item: str) -> click.Command:
    """The command that prints an item of a game: `pnp ITEM GAME`, or `pnp booklet`."""
    from generator.ui import cli
    if item == BOOKLET:
        return cli.main.commands[BOOKLET]
    group = cli.main.commands[item]
    assert isinstance(group, click.Group)
    command = group.get_command(click.Context(group), game.key)
    assert command is not None
    return command


def items(game: Game[Any]) -> list[str]:
    """What the studio offers for a game: what the command line prints for it."""
    from generator.ui import cli
    return [i for i in (*game.items, "kit", BOOKLET) if i in cli.main.commands]


def _label(name: str) -> str:
    return LABELS.get(name, name.replace("_", " ").capitalize())


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def fields(game: Game[Any], item: str) -> tuple[Field, ...]:
    return _fields(game.key, item)


@typing.no_type_check
def _number_mode(kind: Any) -> str:
    if isinstance(kind, click.types.FloatParamType) or kind is click.FLOAT:
        return "decimal"
    if isinstance(kind, click.types.IntParamType):
        return "numeric"
    return "text"


_CACHE_LOCK = threading.Lock()
_FIELDS: dict[tuple[str, str], tuple[Field, ...]] = {}


def _fields(key: str, item: str) -> tuple[Field, ...]:
    with _CACHE_LOCK:
        if (key, item) not in _FIELDS:
            _FIELDS[key, item] = _make_fields(find_game(key), item)
        return _FIELDS[key, item]


def _make_fields(game: Game[Any], item: str) -> tuple[Field, ...]:
    """The controls for an item: the command's parameters, in its order. A game option takes
    its help, choices and default from the game's options class."""
    declared = {f.name: f for f in dataclasses.fields(game.options)}
    hints = typing.get_type_hints(game.options)
    out = []
    for param in _command(game, item).params:
        name = param.name or ""
        if name in SKIPPED or not isinstance(param, click.Option):
            continue
        if name in RESERVED:
            raise RuntimeError(f"option {name} clashes with the studio's own query keys")
        long_opts = [o for o in param.opts if o.startswith("--")]
        flag = long_opts[0] if long_opts else param.opts[0]
        off = next((o for o in param.secondary_opts if o.startswith("--")), "")
        help_text = param.help or ""
        choices: tuple[str, ...] = ()
        given = param.default
        plain = isinstance(given, (str, int, float)) and not param.is_flag
        default = _text(given) if plain else ""     # click marks "not given" its own way
        if name in declared:
            field = declared[name]
            help_text = field.metadata.get("help", "")
            choices = tuple(field.metadata.get("choices", ()))
            default = _text(field.default)
        if param.is_flag or (name in hints and hints[name] is bool):
            control = "checkbox"
            if not default:
                default = "false"
        elif param.multiple:
            control = "checkboxes"
            choices = tuple(i for i in game.items if i != "rules")
        elif choices or isinstance(param.type, click.Choice):
            control = "select"
            choices = choices or tuple(str(c) for c in param.type.choices)  # type: ignore
        else:
            control = "text"
        if name == "paper" and control == "text":
            choices = tuple(NAMED)      # suggested; the field takes WxH too
        if name == "copies" and not default:
            default = "1"
        out.append(Field(name, flag, off, _label(name), help_text, control, choices, default,
                         _number_mode(param.type) if control == "text" else "text",
                         name in declared))
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


# --- a request, as the command line would take it ------------------------------------------


@dataclass(frozen=True)
class Request:
    game: Game[Any]
    item: str
    args: tuple[str, ...]       # the options, after `pnp ITEM GAME`

    @property
    def command(self) -> str:
        """The command that prints the same thing, ready to paste into a terminal."""
        return shlex.join(["pnp", self.item, self.game.key, *self.args])

    @property
    def stem(self) -> str:
        return BOOKLET if self.item == BOOKLET else f"{self.game.key}-{self.item}"


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
    """The command's arguments from a query: `game`, `item` and one key per option. Empty
    values and defaults are left out, as a person would leave them out on the command line."""
    key = _one(query, "game") or ""
    game = find_game(key)
    item = _one(query, "item") or "board"
    if item not in items(game):
        raise BadRequest(f"{game.key} has no {item}; it has {', '.join(items(game))}")
    args: list[str] = []
    known = set(RESERVED)
    for field in fields(game, item):
        known.add(field.name)
        if field.control == "checkboxes":
            for choice in query.get(field.name, []):
                args += [field.flag, choice]
            continue
        value = _one(query, field.name)
        if value is None or value.strip() == "" or value == field.default:
            continue
        if field.control == "checkbox":
            if value not in ("true", "false"):
                raise BadRequest(f"{field.name} must be true or false, not {value!r}")
            if value == "true":
                args.append(field.flag)
            elif field.off_flag:
                args.append(field.off_flag)
            continue
        args += [field.flag, value.strip()]
    unknown = sorted(set(query) - known)
    if unknown:
        raise BadRequest(f"{game.title} {item} takes no {', '.join(unknown)}")
    return Request(game, item, tuple(args))


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
    if request.item == BOOKLET:
        return (), ()
    game = request.game
    params = parse(request)
    names = {f.name for f in dataclasses.fields(game.options)}
    options = game.make_options(**{k: v for k, v in params.items() if k in names})
    with i18n.language(params.get("lang", i18n.SOURCE)):
        label = options.label
    if game.stats is None:
        return (label,), ()
    report = game.stats(options)
    return (label, *report.lines), tuple(report.warnings)


def parse(request: Request) -> dict[str, Any]:
    """The command's own parsing of the arguments: its types, ranges and sentences."""
    command = _command(request.game, request.item)
    takes_value = {f.flag for f in fields(request.game, request.item)
                   if f.control != "checkbox"}
    # `pnp booklet GAME` takes the game as its argument; `pnp ITEM GAME` is one game's command.
    args: list[str] = [request.game.key] if request.item == BOOKLET else []
    pending = False
    for arg in request.args:
        if pending:     # --size=13: no value is ever read as an option of its own
            args[-1] += f"={arg}"
            pending = False
        else:
            args.append(arg)
            pending = arg in takes_value
    try:
        ctx = command.make_context(f"pnp {request.item}", args)
    except click.ClickException as err:
        raise OptionError(err.format_message()) from None
    except click.exceptions.Exit:
        raise BadRequest("nothing to make") from None
    return dict(ctx.params)


def make(request: Request) -> Made:
    """The document the command would write, made as the command makes it, with the options'
    label and the game's figures for its board where it has them."""
    from generator import i18n
    params = parse(request)
    with i18n.language(params.get("lang", i18n.SOURCE)):
        return _make(request, params)


def _make(request: Request, params: dict[str, Any]) -> Made:
    from generator.app import documents
    game = request.game
    if request.item == BOOKLET:
        doc = documents.booklet_document([game.key], list(params["extras"]), params["paper"],
                                         params["palette"])
        return Made(_capped(doc), (), ())
    names = {f.name for f in dataclasses.fields(game.options)}
    options = game.make_options(**{k: v for k, v in params.items() if k in names})
    copies, cell, tile = params.get("copies"), params.get("cell"), params.get("tile", False)
    if copies is not None and copies > MAX_COPIES:
        raise OptionError(f"the studio prints up to {MAX_COPIES} copies at a time; the "
                          f"command line prints up to 100")
    if cell is not None or tile:
        if tile and cell is None:
            raise OptionError("--tile needs --cell, the size of the cells in mm")
        if copies is not None:
            raise OptionError("--copies is for whole boards, not --cell boards")
        if tile and cell is not None:
            _refuse_large_tilings(game, options, params["paper"], cell)
        doc = documents.tiled_board(game, options, params["paper"], cell or 0.0, tile,
                                    params["palette"])
    else:
        doc = documents.make_document(game, request.item, options, params["paper"],
                                      copies or 1, params["palette"])
    return Made(_capped(doc), (options.label,), ())


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
