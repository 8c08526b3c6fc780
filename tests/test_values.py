"""Formats, destinations and requests are values that carry their facts: what a front end
reads instead of a name. Each format's facts are checked against the files its own writer
writes, and a request can only come from the function that checks it."""

from __future__ import annotations

import dataclasses
import json
import mimetypes

import click
import pytest

from generator import render
from generator.app import requests
from generator.core.content import Bundle, Part, RecordText
from generator.core.destinations import DESTINATIONS, HOME, PRINT_SHOP
from generator.core.formats import FORMATS, JSON, PDF, SGF, ZIP, Format
from generator.core.palette import COLOUR
from generator.core.paper import NAMED, for_press
from generator.core.scene import Document, Page, Paint, rectangle
from generator.games import GAMES, find
from generator.games.game import Subject
from generator.games.items import BOARD, CARDS, COINS, ITEMS, PAD, RULES, TILES, WHOLE_KIT
from generator.games.items import RECORD as RECORD_ITEM
from generator.games.tables import tables_of
from generator.i18n import ENGLISH
from generator.render.writers import PLAIN, WRITTEN, files_of
from generator.ui.cli import main

TWO_PAGES = Document(tuple(Page(120, 150,
                                (rectangle(10, 10, w=50, h=50, paint=Paint(fill="#0e2d82")),))
                           for _ in range(2)), "two pages", "test", lang="en")
BOARD_DATA = {"cells": [[0, 0], [0, 1]], "size": 2}
RECORD = RecordText("(;FF[4]GM[11]SZ[2];B[a1])\n")

# What each format's files begin with, as its format's specification says: PDF 1.7 (ISO
# 32000-1, 7.5.2), PNG's signature (RFC 2083, 3.1), an XML declaration, an HTML doctype.
SIGNATURES = {"pdf": b"%PDF-", "png": b"\x89PNG\r\n\x1a\n", "svg": b"<?xml",
              "html": b"<!DOCTYPE html>"}


def written(fmt: Format, tmp_path):
    if fmt.folder:      # a virtual table's saved object: a folder named by the output
        hex_game = GAMES["hex"]
        table = tables_of(hex_game).make(hex_game.options(), COLOUR, words=ENGLISH)
        return render.save(table, tmp_path / "out", fmt=fmt, default_stem="out", allowed=(fmt,))
    content = (RECORD if fmt is SGF else BOARD_DATA if fmt.data else
               Bundle((Part("two", TWO_PAGES, PDF),), "what to order\n") if fmt is ZIP
               else TWO_PAGES)
    return render.save(content, tmp_path / f"out.{fmt.extension}", fmt=fmt, default_stem="out",
                       allowed=(fmt,))


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_a_formats_facts_are_what_its_writer_writes(tmp_path, name):
    fmt = FORMATS[name]
    paths = written(fmt, tmp_path)
    # Paged: one file a page, NAME-1.EXT and NAME-2.EXT; otherwise one file for both pages.
    assert len(paths) == (2 if fmt.paged else 1)
    assert all(path.suffix == f".{fmt.extension}" for path in paths)
    # The media type is the one the system's table gives the extension (SGF has none
    # registered: its own, application/x-go-sgf, unless the table names another).
    assert mimetypes.types_map.get(f".{fmt.extension}", SGF.media_type) == fmt.media_type
    data = paths[0].read_bytes()
    if fmt is SGF:
        assert data.decode("utf-8") == RECORD.text
    elif fmt.folder:
        assert paths == [tmp_path / "out" / "out.json"] and data.startswith(b"{")
    elif fmt is ZIP:
        assert data.startswith(b"PK\x03\x04")     # a local file header (APPNOTE.TXT 4.3.7)
    elif fmt.data:
        assert json.loads(data) == BOARD_DATA
    else:
        assert data.startswith(SIGNATURES[name]), data[:20]


def test_the_check_sees_a_format_whose_facts_are_wrong(tmp_path):
    # Control: a PDF that claimed to be paged: PDF's writer writes it as one file, not two.
    liar = dataclasses.replace(PDF, name="liar", paged=True)
    assert len(files_of(TWO_PAGES, PDF, target=tmp_path / "out.pdf",
                        settings=PLAIN)) != (2 if liar.paged else 1)


def test_every_format_has_a_writer_and_every_writer_a_format():
    # The writers are the render layer's table, keyed by the core's format values.
    assert set(FORMATS.values()) == WRITTEN


def test_every_items_format_is_in_the_table():
    assert {f for item in ITEMS.values() for f in item.formats} <= set(FORMATS.values())
    assert {f for item in ITEMS.values() for f in (item.built or ())} <= set(FORMATS.values())


@pytest.mark.parametrize("key", sorted(DESTINATIONS))
def test_a_destination_presses_a_paper_as_its_facts_say(key):
    destination = DESTINATIONS[key]
    for paper in (NAMED["a4"], NAMED["letter"]):
        pressed = for_press(paper, destination)
        assert pressed.press.destination is destination
        assert pressed.press.shop is destination.shop
        assert pressed.margin == (destination.margin if destination.shop else paper.margin)
        assert pressed.press.bleed == destination.default_bleed(paper.inches)


def test_a_shop_asks_for_bleed_and_home_for_none():
    assert HOME.default_bleed(False) == HOME.default_bleed(True) == 0
    assert PRINT_SHOP.default_bleed(False) == 3.0
    assert PRINT_SHOP.default_bleed(True) == pytest.approx(0.125 * 25.4)


def test_a_request_is_made_only_by_its_checking_function():
    game = find("nex")
    assert game is not None
    made = requests.checked_request(game=game, item=BOARD, options=game.make_options(),
                                    paper=NAMED["a4"], fmt=PDF)
    assert made.item is BOARD and made.fmt is PDF
    # Control: the same fields, put together without the check, are refused.
    fields = {f.name: getattr(made, f.name) for f in dataclasses.fields(made)}
    with pytest.raises(requests.UncheckedRequest):
        requests.ItemRequest(**{**fields, "checked_by": None})
    with pytest.raises(requests.UncheckedRequest):
        dataclasses.replace(made, checked_by=object())


def test_a_kits_parts_are_only_its_own_items():
    game = GAMES["blind-hex"]
    options = game.make_options(edition="cards")
    kit = requests.checked_request(game=game, item=WHOLE_KIT, options=options,
                                   paper=NAMED["a4"], fmt=PDF)
    assert kit.part(CARDS).item is CARDS
    with pytest.raises(requests.UncheckedRequest):
        kit.part(COINS)       # the pennies edition's piece: not in this kit
    with pytest.raises(requests.UncheckedRequest):
        kit.part(CARDS).part(BOARD)     # only a kit has parts


def test_the_checking_function_refuses_a_format_the_item_has_not():
    game = GAMES["nex"]
    with pytest.raises(requests.OptionError, match="pad is written as pdf or svg or png"):
        requests.checked_request(game=game, item=PAD, options=game.make_options(),
                                 paper=NAMED["a4"], fmt=FORMATS["json"])


def nex_reads_records() -> bool:
    """Control for the record line below: a game that reads records may name one."""
    nex = GAMES["nex"]
    return dataclasses.replace(nex, about=dict(nex.about)).records is not None


def test_a_game_naming_what_it_has_not_is_refused_when_it_loads():
    hex_game = GAMES["hex"]      # control: every real game loads
    assert all(GAMES[key] for key in GAMES)
    # An item it does not print, and figures it has not (Hex has no `pnp stats`).
    with pytest.raises(ValueError, match="hex names tiles, which it has not"):
        dataclasses.replace(hex_game, unread={**hex_game.unread, TILES: ("swap",)})
    with pytest.raises(ValueError, match="hex names stats, which it has not"):
        dataclasses.replace(hex_game, about={**hex_game.about, Subject.FIGURES: "Figures."})
    # A record's line for a game that reads none (Blinq prints no records), and a judge's
    # for a game without one (Blind Hex is judged by no `pnp judge`).
    blinq, blind_hex = GAMES["blinq"], GAMES["blind-hex"]
    assert blinq.records is None and nex_reads_records()
    with pytest.raises(ValueError, match="blinq names record, which it has not"):
        dataclasses.replace(blinq, about={**blinq.about, RECORD_ITEM: "A record."})
    with pytest.raises(ValueError, match="blind-hex names judge, which it has not"):
        dataclasses.replace(blind_hex, about={**blind_hex.about, Subject.JUDGE: "A judge."})


def test_a_misspelt_option_in_a_games_tables_is_refused_when_it_loads():
    """An option an item draws nothing from, named in `unread`, must be a field of the
    game's options: a misspelt one would load quietly and the command line and the studio
    would offer an option that changes nothing. Control: the real tables load."""
    hex_game = GAMES["hex"]
    assert dataclasses.replace(hex_game, unread=dict(hex_game.unread)) == hex_game
    with pytest.raises(ValueError, match="name coordinate, which Options has not"):
        dataclasses.replace(hex_game, unread={**hex_game.unread, RULES: ("coordinate",)})


def test_a_games_capabilities_are_what_its_commands_offer():
    # What the command line offers a game follows from the capabilities it declares, and
    # the subjects are the words the command line takes. Each capability is had by some games
    # and not others, so each comparison is made both ways.
    ctx = click.Context(main)

    def offered(command: str) -> list[str]:
        group = main.get_command(ctx, command)
        assert isinstance(group, click.Group)
        return group.list_commands(ctx)
    for key, game in GAMES.items():
        assert (key in offered("stats")) == (game.figures is not None)
        assert (key in offered("record")) == (game.records is not None)
        assert (key in offered("judge")) == (game.judge is not None)
        assert (key in offered("puzzles")) == (game.puzzles is not None)
        assert [v for v, _ in game.variants()] == (
            [v for v, _ in game.editions.variants()] if game.editions else ["standard"])
    assert {str(Subject.FIGURES), str(Subject.JUDGE), str(Subject.PUZZLES)} <= set(
        main.list_commands(ctx))
    assert ITEMS["board"].format_named(str(Subject.BOARD_DATA)) is ITEMS["board"].data


def test_an_editions_pieces_are_its_own():
    blind_hex = GAMES["blind-hex"]
    cards, pennies = (options for _, options in blind_hex.variants())
    assert ITEMS["cards"] in blind_hex.items_for(cards)
    assert ITEMS["coins"] not in blind_hex.items_for(cards)
    assert ITEMS["coins"] in blind_hex.items_for(pennies)
    blind_hex.refuse(cards, ITEMS["cards"])       # control: its own piece is not refused
    with pytest.raises(requests.OptionError, match="coins are for --edition pennies"):
        blind_hex.refuse(cards, ITEMS["coins"])
    nex = GAMES["nex"]      # a game of one edition has every item, and refuses none
    assert nex.items_for(nex.make_options()) == nex.items
    nex.refuse(nex.make_options(), ITEMS["counters"])


def test_each_kind_of_content_is_written_only_in_its_own_formats(tmp_path):
    # A drawn document has no SGF or JSON writer, and a board's data no PDF one: the table
    # is picked by the content's kind before the format.
    for content, fmt in ((TWO_PAGES, SGF), (TWO_PAGES, JSON), (BOARD_DATA, PDF)):
        with pytest.raises(TypeError):
            files_of(content, fmt, target=tmp_path / "x", settings=PLAIN)
    # Control: each in its own format is written.
    assert files_of(BOARD_DATA, JSON, target=tmp_path / "b.json", settings=PLAIN)
