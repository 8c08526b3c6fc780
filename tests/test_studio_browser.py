"""pnp studio in Debian's Chromium, driven by Selenium as a person would use it, at 1280 and
375 px wide: downloads, errors, options between items, the preview's shape, the phone's
order, and axe-core's accessibility rules (keyboard and focus:
test_studio_keyboard_browser.py). One browser for the worker (shared_browser.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from studio_page import (
    axe_violations,
    by_id,
    cli_files,
    commands_shown,
    fetched,
    mark,
    open_studio,
    preview_title,
    rect,
    set_choice,
    settle,
    shot,
    type_into,
)

from generator.games import all_games
from generator.ui.cli import main

ROOT = Path(__file__).resolve().parent.parent


pytest_plugins = ["shared_browser"]      # the worker's one browser


@pytest.fixture(scope="module")
def browser(british_browser):
    return british_browser


@pytest.fixture
def phone(browser):
    browser.set_window_size(375, 812)
    yield browser
    browser.set_window_size(1280, 900)


# --- the faults of the first studio, each caught -------------------------------------------


def items_to_walk(games: dict, every: bool) -> list[tuple[str, str]]:
    """Each game's items in the order the list gives them. In `make test`, an item many
    games have (rules, board, pad, kit, booklet) is walked on one of them, the games in turn,
    and an item one game has on that game; the exhaustive tier walks every game's every item."""
    walk, seen, turn = [], set(), 0
    keys = list(games)
    for item in dict.fromkeys(i for game in games.values() for i in items_of(game)):
        having = [key for key in keys if item in items_of(games[key])]
        chosen = having if every else [having[turn % len(having)]]
        turn += len(having) > 1
        walk += [(key, item) for key in chosen]
        seen.update(chosen)
    assert seen == set(keys)
    return sorted(walk, key=lambda step: (keys.index(step[0]), items_of(games[step[0]]).index(
        step[1])))


def items_of(game) -> list[str]:
    return [*(i.key for i in game.items), "kit", "booklet"]


@pytest.fixture(scope="module", params=[
    pytest.param(False, id="each-item"),
    pytest.param(True, id="every-game-and-item", marks=pytest.mark.exhaustive(
        reason="the each-item walk of make test reaches every game and every item"))])
def every_item_walked(browser, server, request) -> tuple[dict, str]:
    """Every game and item (in `make test` each item once, see items_to_walk), reached by
    the selects' own events (after the item before it), with what the page shows for
    each: axe-core's violations and the SVG download. One walk for the two tests below,
    which check what it saw."""
    seen = {}
    games = all_games()
    open_studio(browser, server, f"?game={next(iter(games))}")
    for key, item in items_to_walk(games, every=request.param):
        # Set, not clicked: this walk checks what each item shows after the one before it;
        # how a person chooses in the selects is the keyboard and form tests' business.
        set_choice(browser, "game", key)
        set_choice(browser, "item", item)
        link = by_id(browser, "download-svg")
        shown = {"violations": axe_violations(browser), "svg shown": link.is_displayed(),
                 "svg offered": by_id(browser, "get-svg").is_displayed()}
        if shown["svg shown"]:
            shown["command"] = next(c for c in commands_shown(browser)[1:]
                                    if "--format svg" in c)
            shown["name"] = link.get_attribute("download")
            shown["bytes"] = fetched(browser, link.get_attribute("href"))
        seen[key, item] = shown
    return seen, browser.execute_script("return axe.version")


def test_each_item_is_walked_and_every_game(every_item_walked):
    walked, _ = every_item_walked
    games = all_games()
    assert {key for key, _ in walked} == set(games)
    assert {item for _, item in walked} == {i for g in games.values() for i in items_of(g)}
    # The walk in turn spreads the items many games have over the games.
    each = items_to_walk(games, every=False)
    assert len({key for key, item in each if item == "rules"} | {
        key for key, item in each if item == "board"}) == 2
    assert len(items_to_walk(games, every=True)) == sum(len(items_of(g)) for g in games.values())


def test_the_svg_download_of_every_item_is_its_page(every_item_walked, browser, server,
                                                     tmp_path):
    """For every game and item: the SVG link names the command line's file for the page and
    downloads its bytes; the booklet, written as PDF only, shows no SVG link at all."""
    walked, _ = every_item_walked
    for (key, item), shown in walked.items():
        if item == "booklet":
            assert not shown["svg shown"] and not shown["svg offered"]
            continue
        assert shown["svg shown"], (key, item)
        folder = cli_files(shown["command"], tmp_path / f"{key}-{item}")
        written = folder / shown["name"]
        assert written.exists(), (shown["name"], sorted(p.name for p in folder.iterdir()))
        assert shown["bytes"] == written.read_bytes(), (key, item)
    # Control: a fresh booklet address shows no SVG link either, and its PDF is a PDF.
    open_studio(browser, server, "?game=nex&item=booklet")
    assert not by_id(browser, "download-svg").is_displayed()
    pdf = by_id(browser, "download-pdf")
    assert pdf.get_attribute("download") == "nex-booklet.pdf"
    assert fetched(browser, pdf.get_attribute("href")).startswith(b"%PDF")


def error_beside_its_field(driver, name: str) -> str:
    """The field's error: shown right under its field, inside the window, the field tinted."""
    error = by_id(driver, f"f-{name}-error")
    assert error.is_displayed()
    field, line = rect(driver, f"f-{name}"), rect(driver, f"f-{name}-error")
    assert 0 <= line["top"] - field["bottom"] < 60, (field, line)
    height = driver.execute_script("return window.innerHeight")
    assert line["top"] >= 0 and line["bottom"] <= height, line
    assert by_id(driver, f"f-{name}").get_attribute("aria-invalid") == "true"
    tint = driver.execute_script(
        "return getComputedStyle(document.getElementById(arguments[0])).backgroundColor",
        f"f-{name}")
    assert tint not in ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)"), tint
    return error.text


@pytest.mark.parametrize("width", [1280, 375])
def test_an_error_is_beside_its_field_and_in_view(browser, server, tmp_path, width):
    browser.set_window_size(width, 812 if width < 500 else 900)
    try:
        open_studio(browser, server, "?game=blind-hex&item=pad")
        assert not by_id(browser, "f-size-error").is_displayed()      # control
        assert by_id(browser, "download-pdf").get_attribute("aria-disabled") is None
        browser.execute_script("document.getElementById('f-size').scrollIntoView()")
        type_into(browser, "size", "99")
        said = error_beside_its_field(browser, "size")
        assert "--" not in said and "99" in said
        assert by_id(browser, "download-pdf").get_attribute("aria-disabled") == "true"
        assert by_id(browser, "command").text == "—"
        shot(browser, f"error-{width}", tmp_path)
        type_into(browser, "size", "9")
        assert not by_id(browser, "f-size-error").is_displayed()
        assert by_id(browser, "f-size").get_attribute("aria-invalid") is None
    finally:
        browser.set_window_size(1280, 900)


def test_an_address_the_studio_cannot_follow_says_so(browser, server):
    open_studio(browser, server, "?game=chess&page=9")
    message = by_id(browser, "message")
    assert message.is_displayed() and "chess" in message.text and "page 9" in message.text
    assert "Blind Hex" in preview_title(browser)
    open_studio(browser, server, "?game=nex&item=rules&page=2&colour=red")
    assert "colour" in by_id(browser, "message").text and "2 of 2" in preview_title(browser)
    # Control: an address the studio has gives no message.
    open_studio(browser, server, "?game=nex&item=rules&page=2")
    assert not by_id(browser, "message").is_displayed()


@pytest.mark.timing
def test_options_of_one_item_do_not_carry_to_another(browser, server):
    open_studio(browser, server, "?game=nex&item=kit")
    kit_pages = by_id(browser, "page").find_elements("tag name", "option")
    set_choice(browser, "item", "pad")
    type_into(browser, "copies", "3")
    assert "of 3" in preview_title(browser)
    for item in ("board", "kit"):
        set_choice(browser, "item", item)
        assert by_id(browser, "f-copies").get_attribute("value") == "1"
        assert "--copies" not in by_id(browser, "command").text
    assert len(by_id(browser, "page").find_elements("tag name", "option")) == len(kit_pages)
    set_choice(browser, "item", "board")
    type_into(browser, "cell", "30")
    mark(browser)
    by_id(browser, "f-tile").click()
    settle(browser)
    assert "--tile" in by_id(browser, "command").text
    set_choice(browser, "item", "pad")
    set_choice(browser, "item", "board")
    assert by_id(browser, "f-cell").get_attribute("value") == ""
    assert not by_id(browser, "f-tile").is_selected()
    # Control: the game's own options and the paper do carry over, as they should.
    type_into(browser, "size", "13")
    type_into(browser, "paper", "letter")
    set_choice(browser, "item", "pad")
    assert by_id(browser, "f-size").get_attribute("value") == "13"
    assert by_id(browser, "command").text == "pnp pad nex --size 13 --paper letter"


def test_every_command_shown_is_one_the_command_line_accepts(browser, server, tmp_path):
    open_studio(browser, server, "?game=blind-hex&item=board")
    type_into(browser, "dpi", "100")
    type_into(browser, "bleed", "5")
    commands = commands_shown(browser)
    assert "--dpi" not in commands[0] and "--bleed" not in commands[0]
    assert any("--format png --dpi 100" in c for c in commands)
    assert any("--for print-shop --bleed 5" in c for c in commands)
    for i, command in enumerate(commands):
        cli_files(command, tmp_path / str(i))
    # A resolution the command line refuses: beside its field, and its download off.
    type_into(browser, "dpi", "20")
    said = error_beside_its_field(browser, "dpi")
    assert "36" in said and "--" not in said
    assert by_id(browser, "download-png").get_attribute("aria-disabled") == "true"
    assert by_id(browser, "download-pdf").get_attribute("aria-disabled") is None  # control
    assert result_of_cli(["board", "blind-hex", "--format", "png", "--dpi", "20"]) == 2
    type_into(browser, "dpi", "")
    type_into(browser, "bleed", "11")
    error_beside_its_field(browser, "bleed")
    assert by_id(browser, "download-print-shop").get_attribute("aria-disabled") == "true"
    type_into(browser, "bleed", "")


def result_of_cli(args: list[str]) -> int:
    return CliRunner().invoke(main, [*args, "-o", "/dev/null"]).exit_code


# --- the preview ----------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["?game=blind-hex&item=board",
                                  "?game=nex&item=booklet",
                                  "?game=blinq&item=pad&paper=300x150"])
def test_the_preview_is_the_page_at_its_shape_with_its_edges(browser, server, path):
    open_studio(browser, server, path)
    sheet, ground = rect(browser, "sheet"), rect(browser, "preview")
    answer = json.loads(fetched(browser, f"preview{path}"))
    assert abs(sheet["width"] / sheet["height"] - answer["width"] / answer["height"]) < 0.01
    drawn = browser.execute_script(
        "const r = document.querySelector('#sheet svg').getBoundingClientRect();"
        "return [r.width, r.height]")
    assert abs(drawn[0] - sheet["width"]) < 1.5 and abs(drawn[1] - sheet["height"]) < 1.5
    # Its edges stand clear of the ground round it, on every side.
    assert sheet["left"] - ground["left"] >= 8 and ground["right"] - sheet["right"] >= 8
    assert sheet["top"] - ground["top"] >= 8
    outline = browser.execute_script(
        "return getComputedStyle(document.getElementById('sheet')).outlineStyle")
    assert outline == "solid"


def test_on_a_phone_the_preview_follows_game_and_item(phone, server, tmp_path):
    open_studio(phone, server, "?game=hex-kb&item=board")
    assert phone.execute_script("return window.innerWidth") == 375
    width = phone.execute_script("return document.documentElement.clientWidth")
    assert phone.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
    ) == 0
    item, preview, fields = rect(phone, "item"), rect(phone, "preview"), rect(phone, "fields")
    assert item["bottom"] < preview["top"] < fields["top"]
    assert preview["top"] < 812 / 2, preview        # in the first half of the first screen
    for element_id in ("sheet", "fields", "command", "download-pdf"):
        box = rect(phone, element_id)
        assert box["left"] >= 0 and box["right"] <= width, element_id
    # Every item's name fits its select, and every game's.
    for select_id in ("game", "item"):
        fits = phone.execute_script("""
            const select = document.getElementById(arguments[0]);
            const style = getComputedStyle(select);
            const measure = document.createElement('canvas').getContext('2d');
            measure.font = `${style.fontSize} ${style.fontFamily}`;
            const room = select.clientWidth - parseFloat(style.paddingLeft) - 24;
            return [...select.options].map(
                o => [o.text, measure.measureText(o.text).width <= room]);
            """, select_id)
        assert all(ok for _, ok in fits), fits
    shot(phone, "phone-375-top", tmp_path)
    height = phone.execute_script("return document.documentElement.scrollHeight")
    phone.set_window_size(375, height + 140)
    shot(phone, "phone-375-whole", tmp_path)


def test_the_figures_are_each_said_once(browser, server, tmp_path):
    open_studio(browser, server, "?game=blind-hex&item=board")
    figures = [li.text for li in browser.find_elements("css selector", "#figures li")]
    assert len(figures) > 1 and len(set(figures)) == len(figures), figures
    # The board's size is said once, not again in the figures' own heading.
    sized = [f for f in figures if re.search(r"\b11 ?[x×] ?11\b", f)]
    assert len(sized) == 1, figures
    shot(browser, "desktop-1280", tmp_path)


# --- axe-core --------------------------------------------------------------------------------


def test_axe_finds_nothing_on_any_game_and_item_nor_in_an_error(every_item_walked, browser,
                                                               server):
    walked, version = every_item_walked
    assert {key for key, _ in walked} == set(all_games())
    for (key, item), shown in walked.items():
        assert shown["violations"] == [], (key, item)
    assert version.startswith("4.")
    open_studio(browser, server, "?game=blind-hex&item=pad&size=99&dpi=20")
    assert by_id(browser, "f-size-error").is_displayed()
    assert axe_violations(browser) == []
    browser.set_window_size(375, 812)
    try:
        open_studio(browser, server, "?game=chess")
        assert axe_violations(browser) == []
    finally:
        browser.set_window_size(1280, 900)
    # Control: a control without its label is found.
    browser.execute_script("document.querySelector('label[for=f-size]').remove()")
    assert any(v[0].startswith("label") for v in axe_violations(browser))
