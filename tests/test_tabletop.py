"""The Tabletop Simulator writer, on small tables made here: the JSON has the keys, nesting and
order of saved objects the game itself wrote (SAVED below is written by hand in their shape:
docs/tabletop-simulator.md names the files it follows), the folder reads as the game reads it
(generator/preflight/saved_object.py), decks agree with their sheets, a sheet over 10 x 7 is
caught, and the same table gives the same bytes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from in_process import run_pnp
from PIL import Image

from generator.core.geometry import Point
from generator.core.scene import Circle, Document, Page, Paint, rectangle
from generator.core.virtual_table import (
    Board,
    CardSheet,
    Deck,
    InfiniteBag,
    Notecard,
    Picture,
    Place,
    Rulebook,
    Tile,
    TileShape,
    VirtualTable,
    card_sheets,
    url_base,
)
from generator.errors import UserError
from generator.preflight.saved_object import problems
from generator.render import tabletop
from generator.render.folders import write_folder

# Saved objects in the shape the game writes them (v13: GUID first, then Name, Transform ...),
# one of each kind pnp writes, with made-up addresses. Key order and nesting as in the
# objects of TTSMODDER/Descent2TTS (the game's own order) and argonui/SCED (each kind).
SAVED = """{
  "SaveName": "", "Date": "", "VersionNumber": "", "GameMode": "", "GameType": "",
  "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "",
  "Note": "", "TabStates": {}, "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
  "ObjectStates": [
    {"GUID": "a1b2c3", "Name": "Custom_Tile",
     "Transform": {"posX": 1.5, "posY": 1.0, "posZ": -2.0, "rotX": 0.0, "rotY": 180.0,
                   "rotZ": 0.0, "scaleX": 6.43, "scaleY": 1.0, "scaleZ": 6.43},
     "Nickname": "Mat", "Description": "", "GMNotes": "",
     "AltLookAngle": {"x": 0.0, "y": 0.0, "z": 0.0},
     "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0},
     "LayoutGroupSortIndex": 0, "Value": 0, "Locked": true, "Grid": true, "Snap": true,
     "IgnoreFoW": false, "MeasureMovement": false, "DragSelectable": true, "Autoraise": true,
     "Sticky": true, "Tooltip": true, "GridProjection": false, "HideWhenFaceDown": false,
     "Hands": false,
     "CustomImage": {"ImageURL": "https://example.org/mat.png", "ImageSecondaryURL": "",
                     "ImageScalar": 1.0, "WidthScale": 0.0,
                     "CustomTile": {"Type": 3, "Thickness": 0.1, "Stackable": false,
                                    "Stretch": true}},
     "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
     "AttachedSnapPoints": [{"Position": {"x": -1.0, "y": 0.1, "z": 0.11}}]},
    {"GUID": "d4e5f6", "Name": "Infinite_Bag",
     "Transform": {"posX": 0.0, "posY": 3.5, "posZ": 0.0, "rotX": 0.0, "rotY": 270.0,
                   "rotZ": 0.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0},
     "Nickname": "Counters", "Description": "", "GMNotes": "",
     "AltLookAngle": {"x": 0.0, "y": 0.0, "z": 0.0},
     "ColorDiffuse": {"r": 0.3, "g": 0.37, "b": 1.0},
     "LayoutGroupSortIndex": 0, "Value": 0, "Locked": false, "Grid": true, "Snap": true,
     "IgnoreFoW": false, "MeasureMovement": false, "DragSelectable": true, "Autoraise": true,
     "Sticky": true, "Tooltip": true, "GridProjection": false, "HideWhenFaceDown": false,
     "Hands": false, "MaterialIndex": -1, "MeshIndex": -1,
     "LuaScript": "", "LuaScriptState": "", "XmlUI": "", "ContainedObjects": []},
    {"GUID": "0a0b0c", "Name": "DeckCustom",
     "Transform": {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
                   "rotZ": 180.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0},
     "Nickname": "Objectives", "Description": "", "GMNotes": "",
     "AltLookAngle": {"x": 0.0, "y": 0.0, "z": 0.0},
     "ColorDiffuse": {"r": 0.713, "g": 0.713, "b": 0.713},
     "LayoutGroupSortIndex": 0, "Value": 0, "Locked": false, "Grid": true, "Snap": true,
     "IgnoreFoW": false, "MeasureMovement": false, "DragSelectable": true, "Autoraise": true,
     "Sticky": true, "Tooltip": true, "GridProjection": false, "HideWhenFaceDown": true,
     "Hands": false, "SidewaysCard": false, "DeckIDs": [33000],
     "CustomDeck": {"330": {"FaceURL": "https://example.org/f.png",
                            "BackURL": "https://example.org/b.png", "NumWidth": 8,
                            "NumHeight": 5, "BackIsHidden": true, "UniqueBack": false,
                            "Type": 0}},
     "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
     "ContainedObjects": [
       {"GUID": "0e05f2", "Name": "Card",
        "Transform": {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
                      "rotZ": 180.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0},
        "Nickname": "", "Description": "", "GMNotes": "",
        "AltLookAngle": {"x": 0.0, "y": 0.0, "z": 0.0},
        "ColorDiffuse": {"r": 0.713, "g": 0.713, "b": 0.713},
        "LayoutGroupSortIndex": 0, "Value": 0, "Locked": false, "Grid": true, "Snap": true,
        "IgnoreFoW": false, "MeasureMovement": false, "DragSelectable": true,
        "Autoraise": true, "Sticky": true, "Tooltip": true, "GridProjection": false,
        "HideWhenFaceDown": true, "Hands": true, "CardID": 33000, "SidewaysCard": false,
        "CustomDeck": {"330": {"FaceURL": "https://example.org/f.png",
                               "BackURL": "https://example.org/b.png", "NumWidth": 8,
                               "NumHeight": 5, "BackIsHidden": true, "UniqueBack": false,
                               "Type": 0}},
        "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}]},
    {"GUID": "d99993", "Name": "Custom_PDF",
     "Transform": {"posX": -4.0, "posY": 1.5, "posZ": 9.0, "rotX": 0.0, "rotY": 270.0,
                   "rotZ": 0.0, "scaleX": 4.5, "scaleY": 1.0, "scaleZ": 4.5},
     "Nickname": "Rules Reference", "Description": "", "GMNotes": "",
     "AltLookAngle": {"x": 0.0, "y": 0.0, "z": 0.0},
     "ColorDiffuse": {"r": 0.0, "g": 0.0, "b": 0.0},
     "LayoutGroupSortIndex": 0, "Value": 0, "Locked": true, "Grid": true, "Snap": true,
     "IgnoreFoW": false, "MeasureMovement": false, "DragSelectable": true, "Autoraise": true,
     "Sticky": true, "Tooltip": true, "GridProjection": false, "HideWhenFaceDown": false,
     "Hands": false,
     "CustomPDF": {"PDFUrl": "https://example.org/rules.pdf", "PDFPassword": "",
                   "PDFPage": 0, "PDFPageOffset": 0},
     "LuaScript": "", "LuaScriptState": "", "XmlUI": ""},
    {"GUID": "f3dfc9", "Name": "Notecard",
     "Transform": {"posX": 17.0, "posY": 3.6, "posZ": -38.8, "rotX": 0.0, "rotY": 90.0,
                   "rotZ": 0.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0},
     "Nickname": "How to use", "Description": "Deal two each.", "GMNotes": "",
     "AltLookAngle": {"x": 0.0, "y": 0.0, "z": 0.0},
     "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0},
     "LayoutGroupSortIndex": 0, "Value": 0, "Locked": false, "Grid": true, "Snap": true,
     "IgnoreFoW": false, "MeasureMovement": false, "DragSelectable": true, "Autoraise": true,
     "Sticky": true, "Tooltip": true, "GridProjection": false, "HideWhenFaceDown": false,
     "Hands": false, "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}
  ]
}"""


def page(width: float, height: float, fill: str = "#3366cc") -> Page:
    return Page(width, height, (rectangle(0, 0, w=width, h=height, paint=Paint(fill=fill)),
                                Circle(Point(width / 2, height / 3), min(width, height) / 4,
                                       Paint(fill="#ffffff"))))


def face(i: int) -> Page:
    return page(63.0, 88.0, f"#{(37 * i) % 200 + 40:02x}4060")


def small_table(cards: int = 12, key: str = "a small table") -> VirtualTable:
    stone = Tile("stone", Picture("stone", page(12.0, 12.0, "#cc3333"), 300),
                 shape=TileShape.CIRCLE)
    board = Board("board", Picture("board", page(120.0, 80.0), 100),
                  (Point(10.0, 10.0), Point(60.0, 40.0), Point(110.0, 70.0)))
    deck = Deck("cards", card_sheets("cards", tuple(face(i) for i in range(cards))),
                Picture("back", page(63.0, 88.0, "#222222"), 150), Place(200.0, 0.0))
    book = Rulebook("rules", Document((page(210.0, 297.0),), "rules", "pnp", lang="en"), "rules")
    return VirtualTable("A small table", key, (
        board, InfiniteBag("stones", stone, "#cc3333", Place(100.0, 0.0)), deck, book,
        Notecard("note", "Read the rules.", "rules"),
        Tile("coin", Picture("heads", page(20.0, 20.0, "#aa8800"), 200),
             Picture("tails", page(20.0, 20.0, "#008800"), 200), TileShape.CIRCLE)))


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("tables") / "small"
    files = tabletop.table_files(small_table(), tabletop.Addresses(folder), stem=folder.name)
    write_folder(folder, files)
    return folder


def saved(folder: Path) -> dict:
    return json.loads((folder / f"{folder.name}.json").read_text("utf-8"))


def keys_of(obj: object) -> object:
    """An object's keys and those of what it holds, in order: its shape without its values
    (a list by its first element, the keys of CustomDeck, the game's numbers, by the first)."""
    if isinstance(obj, dict):
        items = list(obj.items())
        if items and all(k.isdigit() for k in obj):
            return ["<sheet>", keys_of(items[0][1])]
        return [(k, keys_of(v)) for k, v in items]
    if isinstance(obj, list):
        return [keys_of(obj[0])] if obj else []
    return None


def test_the_json_has_the_games_keys_nesting_and_order(written: Path) -> None:
    ours = saved(written)
    real = json.loads(SAVED)
    assert list(ours) == list(real)
    theirs = {obj["Name"]: obj for obj in real["ObjectStates"]}
    names = {obj["Name"] for obj in ours["ObjectStates"]}
    assert names == {"Custom_Tile", "Infinite_Bag", "DeckCustom", "Custom_PDF", "Notecard"}
    for obj in ours["ObjectStates"]:
        model = theirs[obj["Name"]]
        if obj["Name"] == "Infinite_Bag":
            # What the bag holds is a tile, the real one's counter was another kind.
            obj, model = ({k: v for k, v in o.items() if k != "ContainedObjects"}
                          for o in (obj, model))
        if obj["Name"] == "Custom_Tile" and "AttachedSnapPoints" not in obj:
            model = {k: v for k, v in model.items() if k != "AttachedSnapPoints"}
        assert keys_of(obj) == keys_of(model), obj["Name"]


def test_the_folder_reads_as_the_game_reads_it(written: Path) -> None:
    assert problems(written) == []
    names = sorted(p.name for p in written.iterdir())
    assert names == ["README.txt", "back.png", "board.png", "cards.png", "heads.png",
                     "rules.pdf", "small.json", "stone.png", "tails.png"]
    for png in written.glob("*.png"):
        with Image.open(png) as image:
            assert image.format == "PNG" and image.mode == "RGB"
            assert max(image.size) <= tabletop.LARGEST_SIDE
    with Image.open(written / "board.png") as image:   # 120 × 80 mm at 100 dpi
        assert image.size == (473, 315)
    urls = [o["CustomImage"]["ImageURL"] for o in saved(written)["ObjectStates"]
            if "CustomImage" in o]
    assert all(u.startswith("file:///") and u.endswith(".png") for u in urls)


def test_a_deck_agrees_with_its_sheets(written: Path) -> None:
    deck = next(o for o in saved(written)["ObjectStates"] if o["Name"] == "DeckCustom")
    sheet = deck["CustomDeck"]["1"]
    assert (sheet["NumWidth"], sheet["NumHeight"]) == (10, 2)
    assert deck["DeckIDs"] == list(range(100, 112))
    assert [c["CardID"] for c in deck["ContainedObjects"]] == deck["DeckIDs"]
    assert all(c["CustomDeck"] == {"1": sheet} for c in deck["ContainedObjects"])
    assert deck["Transform"]["rotZ"] == 180.0      # face down
    with Image.open(written / "cards.png") as image:
        width, height = image.size
    assert width % 10 == 0 and height % 2 == 0 and width <= 4096


def test_a_deck_of_more_than_seventy_takes_a_sheet_more() -> None:
    sheets = card_sheets("many", tuple(face(0) for _ in range(75)))
    assert [(s.name, s.columns, s.rows, len(s.faces)) for s in sheets] == [
        ("many", 10, 7, 70), ("many-2", 5, 1, 5)]
    deck = Deck("many", sheets, Picture("back", face(1)))
    table = VirtualTable("many", "k", (deck,))
    obj = tabletop.saved_object(table, tabletop.Addresses(Path("/nowhere")))["ObjectStates"][0]
    assert obj["DeckIDs"] == [*range(100, 170), *range(200, 205)]
    assert sorted(obj["CustomDeck"]) == ["1", "2"]


def test_control_a_sheet_over_ten_by_seven_is_caught(written: Path, tmp_path: Path) -> None:
    for columns, rows in ((11, 1), (1, 8)):
        with pytest.raises(ValueError, match="at most 10 × 7"):
            CardSheet("wide", (face(0),), columns, rows)
    # The same, in a file the game would be given: the reading names it.
    for key, value, said in (("NumWidth", 11, "at most 10 × 7"),
                             ("NumHeight", 8, "at most 10 × 7"),
                             ("NumWidth", 3, "does not cut into")):
        folder = tmp_path / f"{key}-{value}"
        folder.mkdir()
        for file in written.iterdir():
            (folder / file.name).write_bytes(file.read_bytes())
        text = (written / "small.json").read_text("utf-8").replace(
            written.as_uri(), folder.as_uri())
        data = json.loads(text)
        deck = next(o for o in data["ObjectStates"] if o["Name"] == "DeckCustom")
        deck["CustomDeck"]["1"][key] = value
        (folder / "small.json").unlink()
        (folder / "tampered.json").write_text(json.dumps(data), "utf-8")
        assert any(said in p for p in problems(folder)), (key, value)
    # And a deck whose DeckIDs and cards disagree.
    data = saved(written)
    deck = next(o for o in data["ObjectStates"] if o["Name"] == "DeckCustom")
    deck["DeckIDs"] = deck["DeckIDs"][:-1]
    folder = tmp_path / "ids"
    folder.mkdir()
    (folder / "ids.json").write_text(json.dumps(data), "utf-8")
    assert any("DeckIDs" in p for p in problems(folder))


def test_the_same_table_gives_the_same_bytes_and_another_other_guids(tmp_path: Path) -> None:
    addresses = tabletop.Addresses(tmp_path / "t")
    first = tabletop.table_files(small_table(3), addresses, stem="t")
    assert tabletop.table_files(small_table(3), addresses, stem="t") == first
    guids = [o["GUID"] for o in json.loads(dict(first)[Path("t.json")])["ObjectStates"]]
    other = tabletop.saved_object(small_table(3, "another request"), addresses)
    assert len(set(guids)) == len(guids)
    assert [o["GUID"] for o in other["ObjectStates"]] != guids


def test_a_url_base_names_every_file_under_it(tmp_path: Path) -> None:
    base = url_base("https://example.org/games/hex")
    assert base == "https://example.org/games/hex/"
    folder = tmp_path / "published"
    write_folder(folder, tabletop.table_files(small_table(2), tabletop.Addresses(folder, base),
                                              stem="published"))
    text = (folder / "published.json").read_text("utf-8")
    assert "file://" not in text and base + "board.png" in text
    assert problems(folder, base) == []
    assert "--url-base URL" in (folder / "README.txt").read_text("utf-8")
    for bad in ("ftp://example.org/", "example.org/x", "https:///x", "https://h/x?y=1"):
        with pytest.raises(ValueError):
            url_base(bad)


def test_snap_points_map_back_onto_the_picture(written: Path) -> None:
    board = next(o for o in saved(written)["ObjectStates"] if "AttachedSnapPoints" in o)
    half = 40.0     # mm: half the picture's height is one unit of the tile
    at = [c for s in board["AttachedSnapPoints"]
          for c in (60.0 - s["Position"]["x"] * half, 40.0 + s["Position"]["z"] * half)]
    assert at == pytest.approx([10.0, 10.0, 60.0, 40.0, 110.0, 70.0])
    assert board["Transform"]["scaleZ"] == pytest.approx(80.0 / 25.4 / 2, abs=1e-4)


def test_a_failed_write_replaces_nothing(written: Path, tmp_path: Path) -> None:
    folder = tmp_path / "kept"
    write_folder(folder, [(Path("README.txt"), (written / "README.txt").read_bytes())])
    before = sorted(folder.iterdir())
    with pytest.raises(UserError):
        write_folder(folder, [(Path("a.png"), b"x"), (Path("no/such/b.png"), b"y")])
    assert sorted(folder.iterdir()) == before
    assert [p.name for p in tmp_path.iterdir()] == ["kept"]     # no sibling left behind


def test_json_of_another_shape_is_named_not_a_crash(written: Path, tmp_path: Path) -> None:
    """A bare value for the whole file, a deck's cards or a tile's snap points that are not
    lists: each one problem that says so, where reading them as lists used to raise."""
    def read(name: str, data: object) -> list[str]:
        folder = tmp_path / name
        folder.mkdir()
        for file in written.iterdir():
            if file.suffix != ".json":
                (folder / file.name).write_bytes(file.read_bytes())
        (folder / f"{name}.json").write_text(json.dumps(data), "utf-8")
        return problems(folder)
    assert any("header's keys are 5" in p for p in read("bare", 5))
    data = saved(written)
    deck = next(o for o in data["ObjectStates"] if o["Name"] == "DeckCustom")
    tile = next(o for o in data["ObjectStates"] if "AttachedSnapPoints" in o)
    deck["ContainedObjects"], tile["AttachedSnapPoints"] = "cards", 3
    said = read("shapes", data)
    assert any("ContainedObjects is not a list" in p for p in said), said
    assert any("AttachedSnapPoints is not a list" in p for p in said), said
    # Control: the folder as written reads clean, so each problem above is the change's.
    assert problems(written) == []


def test_a_folder_not_written_by_pnp_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "notes.txt").write_text("keep me", "utf-8")
    done = run_pnp("kit", "hex", "--for", "tabletop-simulator", "-o", str(folder), text=True)
    assert done.returncode == 2 and "is not a folder pnp wrote" in done.stderr
    done = run_pnp("kit", "hex", "--for", "tabletop-simulator", "--url-base", "ftp://x/",
                   "-o", str(tmp_path / "new"), text=True)
    assert done.returncode == 2 and "--url-base" in done.stderr
    assert [p.name for p in folder.iterdir()] == ["notes.txt"]
    assert not (tmp_path / "new").exists()
    # Control: a folder pnp wrote is written again, whole.
    assert run_pnp("kit", "hex", "--for", "tabletop-simulator", "-o",
                   str(tmp_path / "ours")).returncode == 0
    assert run_pnp("kit", "hex", "--for", "tabletop-simulator", "--palette", "ink-saver",
                   "-o", str(tmp_path / "ours")).returncode == 0
    assert (tmp_path / "ours" / "ours.json").exists()
