"""A Tabletop Simulator saved object read as the game reads it: the folder generator/render/
tabletop.py writes (or any saved object with its files beside it), checked for what would
make the game fail to load it or show it wrong. Each problem is one sentence; none means the
folder is sound.

What is checked, and where each fact comes from, is in docs/tabletop-simulator.md: the
header's and each object's keys in the order the game writes them, known object names, six
hex-digit GUIDs that no two objects share, every file an object names present (a `file://`
address in the folder, or an address under the URL base given), RGB PNGs no side over 4096
pixels, PDFs that are PDFs, decks whose sheets are at most 10 × 7 cards cut into whole
pixels with their DeckIDs, CardIDs and cards agreeing, infinite bags holding one object, and
snap points on their tile.
"""

from __future__ import annotations

import io
import json
import re
import urllib.parse
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path

from PIL import Image

HEADER = ("SaveName", "Date", "VersionNumber", "GameMode", "GameType", "GameComplexity", "Tags",
          "Gravity", "PlayArea", "Table", "Sky", "Note", "TabStates", "LuaScript",
          "LuaScriptState", "XmlUI", "ObjectStates")
# An object's keys in the order the game writes them (those pnp writes among them).
ORDER = ("GUID", "Name", "Transform", "Nickname", "Description", "GMNotes", "AltLookAngle",
         "ColorDiffuse", "LayoutGroupSortIndex", "Value", "Locked", "Grid", "Snap",
         "IgnoreFoW", "MeasureMovement", "DragSelectable", "Autoraise", "Sticky", "Tooltip",
         "GridProjection", "HideWhenFaceDown", "Hands", "MaterialIndex", "MeshIndex", "CardID",
         "SidewaysCard", "DeckIDs", "CustomDeck", "CustomImage", "CustomPDF", "LuaScript",
         "LuaScriptState", "XmlUI", "ContainedObjects", "AttachedSnapPoints")
TRANSFORM = ("posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ")
NAMES = {"Custom_Tile", "Custom_Board", "Custom_Token", "Infinite_Bag", "Bag", "DeckCustom",
         "Deck", "Card", "CardCustom", "Custom_PDF", "Notecard"}
LARGEST_SIDE = 4096
MOST_COLUMNS, MOST_ROWS = 10, 7
GUID = re.compile(r"[0-9a-f]{6}")
# A value read from the JSON is any of its kinds until a check narrows it (`object`, so
# mypy refuses every use that no check has made sure of).
Json = object


def problems(folder: Path, base: str | None = None) -> list[str]:
    """What is wrong with the saved object in FOLDER (its one .json file), as the game would
    read it; `base` is the URL base its files are named under, if any."""
    saved = sorted(folder.glob("*.json"))
    if len(saved) != 1:
        return [f"{folder} holds {len(saved)} saved objects (.json), not one"]
    try:
        data = json.loads(saved[0].read_text("utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as failed:
        return [f"{saved[0].name} is not JSON the game reads: {failed}"]
    return list(_problems(data, folder, base))


def _problems(data: Json, folder: Path, base: str | None) -> Iterator[str]:
    if not isinstance(data, dict) or tuple(data) != HEADER:
        keys = list(data)[:20] if isinstance(data, (dict, list)) else data   # a bare value
        yield f"the header's keys are {keys}, not the game's {list(HEADER)}"
        return
    objects = data["ObjectStates"]
    if not isinstance(objects, list) or not objects:
        yield "ObjectStates holds no object"
        return
    seen: set[str] = set()
    for path, obj in _walk(objects, "ObjectStates"):
        yield from _object(obj, path, seen, folder, base)


def _walk(objects: Sequence[Json], path: str) -> Iterator[tuple[str, Json]]:
    for i, obj in enumerate(objects):
        here = f"{path}[{i}]"
        yield here, obj
        if isinstance(obj, dict) and isinstance(obj.get("ContainedObjects"), list):
            yield from _walk(obj["ContainedObjects"], f"{here}.ContainedObjects")


def _object(obj: Json, path: str, seen: set[str], folder: Path, base: str | None
            ) -> Iterator[str]:
    if not isinstance(obj, dict):
        yield f"{path} is not an object"
        return
    name = obj.get("Name")
    where = f"{path} ({name})"
    if name not in NAMES:
        yield f"{where}: the game has no object named {name!r} that pnp writes"
    unknown = [k for k in obj if k not in ORDER]
    if unknown:
        yield f"{where} has keys the game's objects do not: {unknown}"
    ordered = [k for k in obj if k in ORDER]
    if ordered != sorted(ordered, key=ORDER.index):
        yield f"{where}'s keys are not in the game's order: {ordered}"
    guid = obj.get("GUID")
    if not isinstance(guid, str) or not GUID.fullmatch(guid):
        yield f"{where}'s GUID {guid!r} is not six hex digits"
    elif guid in seen:
        yield f"{where}'s GUID {guid} is another object's too"
    else:
        seen.add(guid)
    transform = obj.get("Transform")
    if not isinstance(transform, dict) or tuple(transform) != TRANSFORM or not all(
            isinstance(v, (int, float)) for v in transform.values()):
        yield f"{where}'s Transform is not the game's nine numbers"
    if not isinstance(obj.get("Nickname"), str) or not isinstance(obj.get("Locked"), bool):
        yield f"{where} lacks a Nickname or Locked"
    image = obj.get("CustomImage")
    if isinstance(image, dict):
        for key in ("ImageURL", "ImageSecondaryURL"):
            if image.get(key) or key == "ImageURL":
                yield from _png(image.get(key), f"{where} {key}", folder, base)
    if name in ("DeckCustom", "Deck"):
        yield from _deck(obj, where, folder, base)
    if name == "Infinite_Bag" and len(obj.get("ContainedObjects") or []) != 1:
        yield f"{where} holds {len(obj.get('ContainedObjects') or [])} objects; an infinite " \
              f"bag hands out copies of one"
    if name == "Custom_PDF":
        pdf = (obj.get("CustomPDF") or {}).get("PDFUrl")
        local = _file(pdf, f"{where} PDFUrl", folder, base)
        if isinstance(local, Path) and not local.read_bytes().startswith(b"%PDF-"):
            yield f"{where} PDFUrl names {local.name}, which is not a PDF"
        elif isinstance(local, str):
            yield local
    yield from _snaps(obj, where, folder, base)


def _file(url: Json, what: str, folder: Path, base: str | None) -> Path | str:
    """The file an address names in the folder, or a sentence saying why there is none."""
    if not isinstance(url, str) or not url:
        return f"{what} names no file"
    if base is not None:
        if not url.startswith(base):
            return f"{what} {url} is not under {base}"
        name = urllib.parse.unquote(url[len(base):])
        return folder / name if (folder / name).is_file() else f"{what} {url}: no {name} here"
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "file":
        return f"{what} {url} is not a file:// address"
    local = Path(urllib.request.url2pathname(parts.path))
    if local.parent != folder.resolve() or not local.is_file():
        return f"{what} {url} names no file in {folder}"
    return local


def _image(url: Json, what: str, folder: Path, base: str | None) -> Image.Image | str:
    local = _file(url, what, folder, base)
    if isinstance(local, str):
        return local
    try:
        image = Image.open(io.BytesIO(local.read_bytes()))
        image.load()
    except (OSError, SyntaxError) as failed:
        return f"{what} {local.name} is not an image: {failed}"
    return image


def _png(url: Json, what: str, folder: Path, base: str | None) -> Iterator[str]:
    image = _image(url, what, folder, base)
    if isinstance(image, str):
        yield image
        return
    if image.format != "PNG" or image.mode != "RGB":
        yield f"{what} is {image.format} {image.mode}, not an RGB PNG"
    if max(image.size) > LARGEST_SIDE:
        yield f"{what} is {image.size[0]} × {image.size[1]} pixels, over {LARGEST_SIDE}"


def _deck(deck: dict[str, Json], where: str, folder: Path, base: str | None) -> Iterator[str]:
    sheets = deck.get("CustomDeck")
    contained = deck.get("ContainedObjects") or []
    if not isinstance(contained, list):
        yield f"{where}'s ContainedObjects is not a list of cards"
        return
    cards: list[Json] = contained
    if not isinstance(sheets, dict) or not sheets:
        yield f"{where} has no CustomDeck"
        return
    for key, sheet in sheets.items():
        what = f"{where} CustomDeck {key}"
        columns, rows = sheet.get("NumWidth"), sheet.get("NumHeight")
        if not isinstance(columns, int) or not isinstance(rows, int) \
                or not 1 <= columns <= MOST_COLUMNS or not 1 <= rows <= MOST_ROWS:
            yield f"{what} is {columns} × {rows} cards; the game cuts a sheet into at most " \
                  f"{MOST_COLUMNS} × {MOST_ROWS}"
            continue
        face = _image(sheet.get("FaceURL"), f"{what} FaceURL", folder, base)
        if isinstance(face, str):
            yield face
        else:
            yield from _png(sheet.get("FaceURL"), f"{what} FaceURL", folder, base)
            if face.size[0] % columns or face.size[1] % rows:
                yield f"{what}'s sheet of {face.size[0]} × {face.size[1]} pixels does not cut " \
                      f"into {columns} × {rows} whole cards"
        yield from _png(sheet.get("BackURL"), f"{what} BackURL", folder, base)
    ids = deck.get("DeckIDs")
    held = [c.get("CardID") for c in cards if isinstance(c, dict)]
    if ids != held:
        yield f"{where}'s DeckIDs {ids} are not its cards' CardIDs {held}"
    for i, card in enumerate(cards):
        what = f"{where} card {i}"
        if not isinstance(card, dict) or card.get("Name") not in ("Card", "CardCustom"):
            yield f"{what} is not a card"
            continue
        number = card.get("CardID")
        if not isinstance(number, int):
            yield f"{what} has no CardID"
            continue
        key = str(number // 100)
        sheet = sheets.get(key)
        if sheet is None:
            yield f"{what}'s CardID {number} names no sheet of the deck"
        elif number % 100 >= sheet["NumWidth"] * sheet["NumHeight"]:
            yield f"{what}'s CardID {number} is past its sheet's {sheet['NumWidth']} × " \
                  f"{sheet['NumHeight']} cards"
        elif card.get("CustomDeck") != {key: sheet}:
            yield f"{what}'s CustomDeck is not its deck's sheet {key}"


def _snaps(obj: dict[str, Json], where: str, folder: Path, base: str | None) -> Iterator[str]:
    snaps = obj.get("AttachedSnapPoints")
    if snaps is None:
        return
    if not isinstance(snaps, list):
        yield f"{where}'s AttachedSnapPoints is not a list"
        return
    picture = obj.get("CustomImage")
    image = _image(picture.get("ImageURL") if isinstance(picture, dict) else None, where, folder,
                   base)
    if isinstance(image, str):
        return
    # A tile's picture spans 2 units along its height and 2 w/h across, before scaling.
    across = image.size[0] / image.size[1]
    for i, snap in enumerate(snaps):
        at = snap.get("Position") if isinstance(snap, dict) else None
        if not isinstance(at, dict) or tuple(at) != ("x", "y", "z"):
            yield f"{where} snap point {i} has no Position x, y, z"
        elif abs(at["x"]) > across or abs(at["z"]) > 1:
            yield f"{where} snap point {i} at {at} is off the tile"
