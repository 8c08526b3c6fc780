"""Tabletop Simulator's writer: a virtual table (generator/core/virtual_table.py) as the files
of a saved object, in memory: the JSON the game reads from its `Saves/Saved Objects` folder,
the RGB PNGs and PDFs it names, and a short guide. It knows nothing of games.

The JSON has the keys, nesting and order the game itself writes (docs/tabletop-simulator.md
names the saved objects it was checked against); every GUID is derived from the table's key,
never drawn at random, and no date is written, so the same request gives the same bytes.
Images are named by `file://` addresses in the folder where it will stand, or, given a URL
base, by addresses under it, for a table published on a web host or Steam Cloud.

Units: the game measures in units of about an inch (its knowledge base's custom tile page),
so a thing's mm become inches. A custom tile whose picture is w × h spans 2 w / h by 2 units
before scaling, and its image lies on it upright to a player facing it across the table once
it is turned half round (rotY 180, as the game spawns boards and decks); docs/
tabletop-simulator.md says what this rests on.
"""

from __future__ import annotations

import hashlib
import json
import math
import urllib.parse
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from generator.core.content import Files
from generator.core.geometry import Affine, Point
from generator.core.scene import Document, Page, place
from generator.core.units import MM_PER_INCH
from generator.core.virtual_table import (
    Board,
    CardSheet,
    Deck,
    InfiniteBag,
    Notecard,
    Picture,
    Place,
    Rulebook,
    Thing,
    Tile,
    VirtualTable,
)
from generator.i18n import SOURCE
from generator.render.pdf import document_pdf
from generator.render.png import pdf_pages_png

# No side of an image over this many pixels: the game keeps textures under 4096 × 4096
# (its knowledge base's asset creation page).
LARGEST_SIDE = 4096
GUIDE = "README.txt"
MARK = ": a Tabletop Simulator saved object"     # how the guide's first line ends
CARD_DPI = 300         # cards are read up close: as many pixels as the sheet's 4096 allow
TABLE_HEIGHT = 1.0     # units: where a locked thing sits; others are dropped from above it
DROP = 1.5
# Where a snap point stands above its board's centre, in the board's units: on its face.
SNAP_HEIGHT = 0.1
PLACES = 4             # decimals the JSON keeps of a position, size or colour


@dataclass(frozen=True, slots=True)
class Addresses:
    """How the JSON names a file: under `base` (a URL, ending in /) or, with none, by its
    `file://` address in `folder`, where the table's files will stand."""
    folder: Path
    base: str | None = None

    def of(self, name: str) -> str:
        if self.base is not None:
            return self.base + urllib.parse.quote(name)
        return (self.folder / name).as_uri()


# A page's size reaches the PNG writer through the PDF's single-precision page box, which can
# land a few millionths of a pixel above a whole number, and the writer rounds sizes up:
# pages are made this much short of the pixels they are meant to fill.
SHORT = 0.001


def dpi_for(width: float, height: float, *, wanted: int) -> int:
    """The resolution a picture of width × height mm is drawn at: as wanted, but no side
    over LARGEST_SIDE pixels (pixels are the mm in inches × dpi, rounded up)."""
    room = (LARGEST_SIDE - SHORT) * MM_PER_INCH / max(width, height)
    return max(1, min(wanted, math.floor(room)))


def table_files(table: VirtualTable, addresses: Addresses, *, stem: str) -> Files:
    """The table's files, named in its folder: STEM.json, the pictures and sheets as PNG, the
    rule books as PDF, and the guide."""
    images = dict(_pictures(table))
    for thing in table.things:
        if isinstance(thing, Deck):
            images.update(_sheet_png(sheet) for sheet in thing.sheets)
    files: Files = [(Path(f"{name}.png"), png) for name, png in sorted(images.items())]
    files += [(Path(f"{t.file}.pdf"), _pdf(t.document)) for t in table.things
              if isinstance(t, Rulebook)]
    saved = saved_object(table, addresses)
    files.append((Path(f"{stem}.json"),
                  (json.dumps(saved, indent=2, ensure_ascii=False) + "\n").encode("utf-8")))
    files.append((Path(GUIDE), guide(table, stem, addresses=addresses).encode("utf-8")))
    return files


# --- pixels -------------------------------------------------------------------------------------


def _pdf(doc: Document) -> bytes:
    return document_pdf(doc)


def _rasterised(pages: list[Page], dpi: int) -> list[bytes]:
    """Pages as RGB PNGs at one resolution, through the PDF as every PNG pnp writes is."""
    # Only the pixels are kept, which the PDF's language does not change.
    return pdf_pages_png(_pdf(Document(tuple(pages), "", "", lang=SOURCE)), dpi)


def _pictures(table: VirtualTable) -> Iterator[tuple[str, bytes]]:
    """Each picture once, as a PNG: one PDF for each resolution they are drawn at."""
    unique = {p.name: p for p in table.pictures()}
    by_dpi: dict[int, list[Picture]] = {}
    for picture in unique.values():
        page = picture.page
        by_dpi.setdefault(dpi_for(page.width, page.height, wanted=picture.dpi), []).append(picture)
    for dpi, pictures in sorted(by_dpi.items()):
        pngs = _rasterised([p.page for p in pictures], dpi)
        yield from zip([p.name for p in pictures], pngs, strict=True)


def sheet_layout(sheet: CardSheet) -> tuple[int, int, int]:
    """A sheet's resolution and a card's width and height in whole pixels: the game cuts
    the sheet into equal parts, so each card is a whole number of pixels, and the sheet no
    more than LARGEST_SIDE on a side."""
    width, height = sheet.card_size
    dpi = dpi_for(sheet.columns * width, sheet.rows * height, wanted=CARD_DPI)
    return dpi, math.floor(width * dpi / MM_PER_INCH), math.floor(height * dpi / MM_PER_INCH)


def sheet_page(sheet: CardSheet) -> tuple[Page, int]:
    """The sheet drawn: each face stretched by under a pixel to its whole pixels, row by
    row; and the resolution it is drawn at."""
    dpi, card_w, card_h = sheet_layout(sheet)
    width, height = sheet.card_size
    w, h = card_w * MM_PER_INCH / dpi, card_h * MM_PER_INCH / dpi
    shapes = []
    for i, face in enumerate(sheet.faces):
        row, column = divmod(i, sheet.columns)
        shapes += place(face.shapes, Affine(w / width, 0.0, 0.0, h / height,
                                            column * w, row * h))
    short = SHORT * MM_PER_INCH / dpi
    return Page(sheet.columns * w - short, sheet.rows * h - short, tuple(shapes)), dpi


def _sheet_png(sheet: CardSheet) -> tuple[str, bytes]:
    page, dpi = sheet_page(sheet)
    return sheet.name, _rasterised([page], dpi)[0]


# --- the saved object ---------------------------------------------------------------------------


def saved_object(table: VirtualTable, addresses: Addresses) -> dict[str, object]:
    """The saved object as the game writes one (a save's header, its objects in
    ObjectStates), with the keys in the game's order."""
    guids = _Guids(table.key)
    return {
        "SaveName": table.name, "Date": "", "VersionNumber": "", "GameMode": "",
        "GameType": "", "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5,
        "Table": "", "Sky": "", "Note": "", "TabStates": {}, "LuaScript": "",
        "LuaScriptState": "", "XmlUI": "",
        "ObjectStates": [_object(thing, str(i), guids, addresses)
                         for i, thing in enumerate(table.things)],
    }


class _Guids:
    """Six hex digits for each object, from the table's key and the object's place in the
    save: the same table gives the same GUIDs, and no two objects of it share one."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.given: set[str] = set()

    def __call__(self, path: str) -> str:
        for salt in range(1000):
            digest = hashlib.sha256(f"{self.key}\n{path}\n{salt}".encode()).hexdigest()[:6]
            if digest not in self.given:
                self.given.add(digest)
                return digest
        raise AssertionError("a thousand GUIDs in a row were taken")


def _n(value: float) -> float:
    """A number as the JSON keeps it: PLACES decimals, and no negative zero."""
    return round(value, PLACES) + 0.0


def units(mm: float) -> float:
    return mm / MM_PER_INCH


def _colour(hex_colour: str) -> dict[str, float]:
    return {k: _n(int(hex_colour[i:i + 2], 16) / 255) for k, i in (("r", 1), ("g", 3),
                                                                    ("b", 5))}


WHITE = "#ffffff"
CARD_GREY = "#b6b6b6"   # the game's own tint of cards and decks (0.713 in its saves)


def _transform(at: Place, scale: float = 1.0, *, y: float = DROP,
               face_down: bool = False) -> dict[str, float]:
    return {"posX": _n(units(at.x)), "posY": _n(y), "posZ": _n(units(at.z)),
            "rotX": 0.0, "rotY": _n((180.0 + at.turn) % 360.0),
            "rotZ": 180.0 if face_down else 0.0,
            "scaleX": _n(scale), "scaleY": 1.0, "scaleZ": _n(scale)}


def _common(guid: str, name: str, transform: dict[str, float], nickname: str,
            description: str, colour: str, locked: bool, *, hands: bool = False,
            hide_face_down: bool = False) -> dict[str, object]:
    """The keys every object has, in the game's order, up to its own."""
    return {
        "GUID": guid, "Name": name, "Transform": transform, "Nickname": nickname,
        "Description": description, "GMNotes": "",
        "AltLookAngle": {"x": 0.0, "y": 0.0, "z": 0.0}, "ColorDiffuse": _colour(colour),
        "LayoutGroupSortIndex": 0, "Value": 0, "Locked": locked, "Grid": True,
        "Snap": True, "IgnoreFoW": False, "MeasureMovement": False, "DragSelectable": True,
        "Autoraise": True, "Sticky": True, "Tooltip": True, "GridProjection": False,
        "HideWhenFaceDown": hide_face_down, "Hands": hands,
    }


_SCRIPTS = {"LuaScript": "", "LuaScriptState": "", "XmlUI": ""}


def tile_scale(height: float) -> float:
    """The scale that makes a tile's picture `height` mm tall on the table: unscaled, its
    height spans 2 units."""
    return units(height) / 2


def _image(top: Picture, bottom: Picture | None, addresses: Addresses) -> dict[str, object]:
    return {"ImageURL": addresses.of(f"{top.name}.png"),
            "ImageSecondaryURL": addresses.of(f"{bottom.name}.png") if bottom else "",
            "ImageScalar": 1.0, "WidthScale": 0.0}


def _tile(tile: Tile, path: str, guids: _Guids, addresses: Addresses) -> dict[str, object]:
    y = TABLE_HEIGHT if tile.locked else DROP
    obj = _common(guids(path), "Custom_Tile", _transform(tile.place, tile_scale(tile.height),
                                                         y=y),
                  tile.name, tile.description, WHITE, tile.locked)
    image = _image(tile.top, tile.bottom, addresses)
    image["CustomTile"] = {"Type": tile.shape.value, "Thickness": _n(units(tile.thickness)),
                           "Stackable": tile.stackable, "Stretch": True}
    return {**obj, "CustomImage": image, **_SCRIPTS}


def snap_point(board: Board, p: Point) -> dict[str, object]:
    """A point on the board's picture (mm from its top-left, y down) in the board's own
    units: from its centre, a unit half its height, the picture's right towards -x and its
    top towards -z (the board lies turned half round)."""
    half = board.height / 2
    return {"Position": {"x": _n(-(p.x - board.width / 2) / half), "y": SNAP_HEIGHT,
                         "z": _n((p.y - half) / half)}}


def _board(board: Board, path: str, guids: _Guids, addresses: Addresses) -> dict[str, object]:
    y = TABLE_HEIGHT if board.locked else DROP
    obj = _common(guids(path), "Custom_Tile", _transform(board.place, tile_scale(board.height),
                                                         y=y),
                  board.name, board.description, WHITE, board.locked)
    image = _image(board.picture, None, addresses)
    image["CustomTile"] = {"Type": 0, "Thickness": 0.1, "Stackable": False, "Stretch": True}
    return {**obj, "CustomImage": image, **_SCRIPTS,
            "AttachedSnapPoints": [snap_point(board, p) for p in board.snaps]}


def _bag(bag: InfiniteBag, path: str, guids: _Guids, addresses: Addresses) -> dict[str, object]:
    obj = _common(guids(path), "Infinite_Bag", _transform(bag.place), bag.name,
                  bag.description, bag.colour, False)
    held = _tile(bag.holds, f"{path}/0", guids, addresses)
    return {**obj, "MaterialIndex": -1, "MeshIndex": -1, **_SCRIPTS,
            "ContainedObjects": [held]}


def deck_key(index: int) -> int:
    """A face sheet's number in the deck's CustomDeck: 1, 2, ..."""
    return index + 1


def card_id(sheet_key: int, index: int) -> int:
    """A card's CardID as the game numbers them: its sheet's number × 100 + its place on
    the sheet, row by row from 0."""
    return sheet_key * 100 + index


def _deck(deck: Deck, path: str, guids: _Guids, addresses: Addresses) -> dict[str, object]:
    width, height = deck.sheets[0].card_size
    sideways = width > height
    custom = {str(deck_key(i)): {
        "FaceURL": addresses.of(f"{sheet.name}.png"),
        "BackURL": addresses.of(f"{deck.back.name}.png"),
        "NumWidth": sheet.columns, "NumHeight": sheet.rows,
        "BackIsHidden": True, "UniqueBack": False, "Type": 0}
        for i, sheet in enumerate(deck.sheets)}
    transform = _transform(deck.place, face_down=True)
    cards: list[dict[str, object]] = []
    for i, sheet in enumerate(deck.sheets):
        key = deck_key(i)
        for j in range(len(sheet.faces)):
            card = _common(guids(f"{path}/{len(cards)}"), "Card", transform,
                           sheet.titles[j] if sheet.titles else "", "", CARD_GREY, False,
                           hands=True, hide_face_down=True)
            cards.append({**card, "CardID": card_id(key, j), "SidewaysCard": sideways,
                          "CustomDeck": {str(key): custom[str(key)]}, **_SCRIPTS})
    obj = _common(guids(path), "DeckCustom", transform, deck.name, deck.description,
                  CARD_GREY, False, hide_face_down=True)
    return {**obj, "SidewaysCard": sideways, "DeckIDs": [c["CardID"] for c in cards],
            "CustomDeck": custom, **_SCRIPTS, "ContainedObjects": cards}


PDF_SCALE = 2.0   # a rule book open on the table a little larger than a card


def _rulebook(book: Rulebook, path: str, guids: _Guids,
              addresses: Addresses) -> dict[str, object]:
    obj = _common(guids(path), "Custom_PDF", _transform(book.place, PDF_SCALE), book.name,
                  book.description, WHITE, book.locked)
    return {**obj, "CustomPDF": {"PDFUrl": addresses.of(f"{book.file}.pdf"),
                                 "PDFPassword": "", "PDFPage": 0, "PDFPageOffset": 0},
            **_SCRIPTS}


def _notecard(card: Notecard, path: str, guids: _Guids,
              addresses: Addresses) -> dict[str, object]:
    text = card.text
    if card.link is not None:
        text = f"{text}\n\n{addresses.of(card.link + '.pdf')}" if text else \
            addresses.of(card.link + ".pdf")
    obj = _common(guids(path), "Notecard", _transform(card.place), card.name, text, WHITE,
                  False)
    return {**obj, **_SCRIPTS}


def _object(thing: Thing, path: str, guids: _Guids, addresses: Addresses) -> dict[str, object]:
    if isinstance(thing, Board):
        return _board(thing, path, guids, addresses)
    if isinstance(thing, Tile):
        return _tile(thing, path, guids, addresses)
    if isinstance(thing, InfiniteBag):
        return _bag(thing, path, guids, addresses)
    if isinstance(thing, Deck):
        return _deck(thing, path, guids, addresses)
    if isinstance(thing, Rulebook):
        return _rulebook(thing, path, guids, addresses)
    return _notecard(thing, path, guids, addresses)


# --- the guide ----------------------------------------------------------------------------------


def guide(table: VirtualTable, stem: str, *, addresses: Addresses) -> str:
    """What the folder is and how to load it, and how to publish it for players elsewhere."""
    where = (f"The images and PDFs are named under {addresses.base}: upload this folder's "
             f"files there, as they are, before anyone loads the object."
             if addresses.base is not None else
             f"The images and PDFs are named by where they stand on this computer "
             f"({addresses.folder}): keep this folder there. Players at other computers "
             f"cannot see files named so; to play with them, publish the files (below).")
    lines = [
        f"{table.name}{MARK}",
        "",
        f"{stem}.json is the saved object: {', '.join(_counted(table.things))}.",
        where,
        "",
        "To load it:",
        f"  1. Copy {stem}.json into Tabletop Simulator's Saved Objects folder:",
        "       Windows: Documents\\My Games\\Tabletop Simulator\\Saves\\Saved Objects",
        "       macOS:   ~/Library/Tabletop Simulator/Saves/Saved Objects",
        "       Linux:   ~/.local/share/Tabletop Simulator/Saves/Saved Objects",
        "  2. In the game: Objects > Saved Objects, and click it to place it on the table.",
        "     The board is locked; take pieces from the bags, and drop them near a cell:",
        "     they settle on it.",
        "",
        "To publish it for players elsewhere:",
        "  - Write the folder again with a URL base (pnp's --url-base URL) and upload its",
        "    files to that address on any web host that serves them as they are; or",
        "  - in the game, Upload > Cloud Manager > Upload All puts every file on your",
        "    Steam Cloud and renames them in the table; save the object again afterwards.",
        "",
        "Made by pnp; the same request writes the same files.",
        "",
    ]
    return "\n".join(lines)


def _counted(things: Iterable[Thing]) -> list[str]:
    kinds = {Board: "board", Tile: "tile", InfiniteBag: "infinite bag", Deck: "deck",
             Rulebook: "rule book (PDF)", Notecard: "notecard"}
    counts: dict[str, int] = {}
    for thing in things:
        kind = kinds[type(thing)]
        counts[kind] = counts.get(kind, 0) + 1
    return [f"{n} {kind}{'s' if n > 1 and not kind.endswith(')') else ''}"
            for kind, n in counts.items()]
