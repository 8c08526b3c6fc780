"""pnp studio in Debian's Chromium, driven by Selenium as a person would use it, at 1280 and
375 px wide: downloads, errors, options between items, the preview's shape, the phone's
order, keyboard and focus, and axe-core's accessibility rules. One browser for the module."""

from __future__ import annotations

import json
import os
import re
import shlex
import time
from pathlib import Path

import pytest
from chromium import axe_script
from click.testing import CliRunner

from generator.games import all_games
from generator.ui.cli import main

ROOT = Path(__file__).resolve().parent.parent
SHOTS = os.environ.get("STUDIO_SCREENSHOTS")   # a folder to keep the screenshots in


pytest_plugins = ["shared_browser"]      # the worker's one browser


@pytest.fixture(scope="module")
def browser(british_browser):
    return british_browser


@pytest.fixture
def phone(browser):
    browser.set_window_size(375, 812)
    yield browser
    browser.set_window_size(1280, 900)


def wait(condition, timeout: float = 30.0, what: str = ""):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = condition()
        if found:
            return found
        time.sleep(0.03)
    raise AssertionError(f"timed out waiting for {what}")


# Resolves once the page's state is idle: at once if it is, else when the page sets it (a
# MutationObserver on the attribute), so a wait is one round trip to the browser, not a poll.
UNTIL_IDLE = """
const done = arguments[arguments.length - 1], body = document.body;
const idle = () => body.dataset.state === 'idle';
if (idle()) { done(true); return; }
const seen = new MutationObserver(() => { if (idle()) { seen.disconnect(); done(true); } });
seen.observe(body, {attributes: true, attributeFilter: ['data-state']});
"""


def until_idle(driver, what: str, timeout: float = 30.0) -> None:
    """Wait until the page says it is idle: done with every change asked of it."""
    from selenium.common.exceptions import TimeoutException
    driver.set_script_timeout(timeout)
    try:
        driver.execute_async_script(UNTIL_IDLE)
    except TimeoutException:
        raise AssertionError(f"timed out waiting for {what}") from None


def mark(driver) -> None:
    """Mark the page's state before an action: only the page, done with the change the
    action makes, sets it to idle again (it is busy from the change, and through the
    typing pause, until the preview and figures are shown)."""
    driver.execute_script("document.body.dataset.state = 'acting'")


def settle(driver, what: str = "the preview") -> None:
    """Wait for the change that the action since `mark` made to be shown."""
    until_idle(driver, what)


def open_studio(driver, server, path=""):
    # The page asks for its first preview as its script runs, before get() returns: no
    # pause to wait past, only the preview.
    driver.get(f"http://{server}/{path}")
    until_idle(driver, "the first preview")


def by_id(driver, element_id: str):
    from selenium.webdriver.common.by import By
    return driver.find_element(By.ID, element_id)


def choose(driver, element_id: str, value: str):
    """Choose in a select, and wait for the preview of the change. A select asks for its
    preview at once (no typing pause), so the state is marked first: only the page, done with
    the change, sets it back to idle."""
    from selenium.webdriver.support.ui import Select
    select = Select(by_id(driver, element_id))
    if select.first_selected_option.get_attribute("value") == value:
        return      # nothing changes, nothing to wait for
    driver.execute_script("document.body.dataset.state = 'choosing'")
    select.select_by_value(value)
    until_idle(driver, f"the preview after choosing {value}")


def type_into(driver, name: str, text: str):
    from selenium.webdriver.common.keys import Keys
    field = by_id(driver, f"f-{name}")
    mark(driver)
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.BACKSPACE)
    field.send_keys(text)
    settle(driver)
    return field


def rect(driver, element_id: str) -> dict:
    return driver.execute_script(
        "const r = document.getElementById(arguments[0]).getBoundingClientRect();"
        "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,"
        "        width: r.width, height: r.height};", element_id)


def preview_title(driver) -> str:
    return by_id(driver, "preview").get_attribute("aria-label")


def shot(driver, name: str, tmp_path: Path) -> Path:
    folder = Path(SHOTS) if SHOTS else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


def cli_files(command: str, folder: Path) -> Path:
    """Run the command the page shows, in process, in a folder of its own."""
    args = shlex.split(command)
    assert args[0] == "pnp"
    folder.mkdir(parents=True, exist_ok=True)
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(main, args[1:])
    finally:
        os.chdir(cwd)
    assert result.exit_code == 0, (command, result.stderr)
    return folder


def commands_shown(driver) -> list[str]:
    """The command for the PDF, then those for the other downloads (folded away)."""
    return [by_id(driver, "command").text,
            *(c.get_attribute("textContent")
              for c in driver.find_elements("css selector", "#commands code"))]


def fetched(driver, href: str) -> bytes:
    """What a link on the page downloads, fetched by the page itself (carried back as
    base64: a list of numbers, one a byte, is some ten times the size to send and read)."""
    import base64
    data = driver.execute_async_script(
        "const done = arguments[1];"
        "fetch(arguments[0]).then(r => r.blob()).then(b => {"
        "  const reader = new FileReader();"
        "  reader.onload = () => done(reader.result.split(',', 2)[1]);"
        "  reader.readAsDataURL(b); });",
        href)
    return base64.b64decode(data, validate=True)


# --- the faults of the first studio, each caught -------------------------------------------


@pytest.fixture(scope="module")
def every_item_walked(browser, server) -> tuple[dict, str]:
    """Every game and item, reached by the selects as a person would (after the item before
    it), with what the page shows for each: axe-core's violations and the SVG download. One
    walk for the two tests below, which check what it saw."""
    seen = {}
    games = all_games()
    open_studio(browser, server, f"?game={next(iter(games))}")
    for key, game in games.items():
        choose(browser, "game", key)
        for item in [*(i.key for i in game.items), "kit", "booklet"]:
            choose(browser, "item", item)
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
    choose(browser, "item", "pad")
    type_into(browser, "copies", "3")
    assert "of 3" in preview_title(browser)
    for item in ("board", "kit"):
        choose(browser, "item", item)
        assert by_id(browser, "f-copies").get_attribute("value") == "1"
        assert "--copies" not in by_id(browser, "command").text
    assert len(by_id(browser, "page").find_elements("tag name", "option")) == len(kit_pages)
    choose(browser, "item", "board")
    type_into(browser, "cell", "30")
    mark(browser)
    by_id(browser, "f-tile").click()
    settle(browser)
    assert "--tile" in by_id(browser, "command").text
    choose(browser, "item", "pad")
    choose(browser, "item", "board")
    assert by_id(browser, "f-cell").get_attribute("value") == ""
    assert not by_id(browser, "f-tile").is_selected()
    # Control: the game's own options and the paper do carry over, as they should.
    type_into(browser, "size", "13")
    type_into(browser, "paper", "letter")
    choose(browser, "item", "pad")
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


# --- keyboard, focus, announcements, targets --------------------------------------------------


@pytest.mark.timing
def test_the_focus_stays_on_the_pager_at_either_end(browser, server):
    from selenium.webdriver.common.keys import Keys
    open_studio(browser, server, "?game=hex-kb&item=rules")
    mark(browser)
    by_id(browser, "next").send_keys(Keys.ENTER)
    settle(browser)
    assert "2 of 2" in preview_title(browser)
    assert by_id(browser, "next").get_attribute("aria-disabled") == "true"
    assert browser.switch_to.active_element.get_attribute("id") == "next"
    # A turned-off button does nothing: it starts no change (a change marks the page busy
    # as the key is handled), and the page stays where it was.
    mark(browser)
    by_id(browser, "next").send_keys(Keys.ENTER)
    assert browser.execute_script("return document.body.dataset.state") == "acting"
    assert "2 of 2" in preview_title(browser)
    mark(browser)
    by_id(browser, "previous").send_keys(Keys.ENTER)
    settle(browser)
    assert "1 of 2" in preview_title(browser)
    assert browser.switch_to.active_element.get_attribute("id") == "previous"
    # Control: the other button, now on, looks unlike the one that is off.
    off, on = (browser.execute_script(
        "const s = getComputedStyle(document.getElementById(arguments[0]));"
        "return [s.borderTopStyle, s.backgroundColor, s.color]", b) for b in ("previous", "next"))
    assert off != on and off[0] == "dashed"


@pytest.mark.timing
def test_page_turns_are_announced_and_the_command_is_not(browser, server):
    open_studio(browser, server, "?game=nex&item=rules")
    assert by_id(browser, "command").get_attribute("aria-live") is None
    assert by_id(browser, "status").get_attribute("aria-live") == "polite"
    status = by_id(browser, "status")
    before = status.get_attribute("textContent")
    mark(browser)
    by_id(browser, "next").click()
    settle(browser)
    assert status.get_attribute("textContent") == "Page 2 of 2" != before
    # Control: an option's change announces no page.
    browser.execute_script("document.getElementById('status').textContent = ''")
    type_into(browser, "size", "13")
    assert status.get_attribute("textContent") == ""


def contrast(one: str, two: str) -> float:
    def luminance(colour: str) -> float:
        r, g, b = (int(x) / 255 for x in re.findall(r"\d+", colour)[:3])
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    high, low = sorted((luminance(one), luminance(two)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_focus_ring_stands_out(browser, server):
    from selenium.webdriver.common.keys import Keys
    open_studio(browser, server, "?game=hex-kb&item=rules")
    browser.find_element("tag name", "body").send_keys(Keys.TAB)
    seen = set()
    for _ in range(14):
        browser.switch_to.active_element.send_keys(Keys.TAB)
        ring = browser.execute_script("""
            const el = document.activeElement, s = getComputedStyle(el);
            let back = el.parentElement, colour = 'rgba(0, 0, 0, 0)';
            while (back && (colour = getComputedStyle(back).backgroundColor) === 'rgba(0, 0, 0, 0)')
              back = back.parentElement;
            return [el.id || el.tagName, s.outlineStyle, parseFloat(s.outlineWidth),
                    s.outlineColor, colour];""")
        name, style, width, colour, ground = ring
        seen.add(name)
        assert style == "solid" and width >= 2, ring
        assert contrast(colour, ground) >= 3, ring
    assert {"game", "item"} <= seen
    # Control: the amber ring of the first studio fails the same measure on white.
    assert contrast("rgb(242, 177, 52)", "rgb(255, 255, 255)") < 3


@pytest.mark.parametrize("width", [1280, 375])
def test_every_target_is_at_least_24_px(browser, server, width):
    browser.set_window_size(width, 900)
    try:
        for path in ("?game=blinq&item=booklet", "?game=hex-kb&item=rules"):
            open_studio(browser, server, path)
            small = browser.execute_script("""
                return [...document.querySelectorAll(
                    'a[href], button, input, select, summary, [tabindex]:not([tabindex="-1"])')]
                  .filter(el => el.getClientRects().length && !el.closest('[hidden]'))
                  .map(el => [el.id || el.name || el.textContent.trim().slice(0, 20),
                              el.getBoundingClientRect()])
                  .filter(([_, r]) => r.width < 24 || r.height < 24)
                  .map(([name, r]) => [name, Math.round(r.width), Math.round(r.height)]);""")
            assert small == [], small
    finally:
        browser.set_window_size(1280, 900)


def test_the_keyboard_reaches_every_control_with_its_label(browser, server):
    from selenium.webdriver.common.keys import Keys
    open_studio(browser, server, "?game=hex-kb&item=board")
    controls = browser.find_elements("css selector", "main input, main select")
    for control in controls:
        label = browser.find_elements("css selector",
                                      f"label[for='{control.get_attribute('id')}']")
        assert label and label[0].get_attribute("textContent").strip(), \
            control.get_attribute("id")
    body = browser.find_element("tag name", "body")
    body.send_keys(Keys.TAB)   # the skip link
    reached = []
    for _ in range(3):
        browser.switch_to.active_element.send_keys(Keys.TAB)
        reached.append(browser.switch_to.active_element.get_attribute("id"))
    assert reached[:2] == ["game", "item"]


# --- axe-core --------------------------------------------------------------------------------


def axe_violations(driver) -> list:
    if not driver.execute_script("return typeof axe !== 'undefined'"):
        driver.execute_script(axe_script())
    result = driver.execute_async_script(
        "const done = arguments[0];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(JSON.stringify("
        "r.violations.map(v => [v.id, v.nodes.map(n => n.target.join(' '))]))));")
    return json.loads(result)


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
