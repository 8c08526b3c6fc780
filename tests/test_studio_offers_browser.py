"""What the studio offers beyond one item's drawings, in Chromium at 1280 and 375 px: the
rules' web edition to download and to read beside the preview, each checked by axe-core."""

from __future__ import annotations

import pytest
from studio_page import (
    axe_violations,
    by_id,
    choose,
    fetched,
    open_studio,
    rect,
    until_idle,
)

SIZES = [(1280, 900), (375, 812)]


pytest_plugins = ["shared_browser"]      # the worker's one browser


@pytest.fixture(scope="module")
def browser(british_browser):
    return british_browser


# In `make test` each test runs at one of the two widths, the widths in turn down the tests
# (each test's own checks are the same at either); the other width is the exhaustive tier's.
TESTS = ["test_the_rules_offer_their_web_edition",
         "test_the_rules_are_read_as_text_beside_the_preview",
         "test_a_booklet_of_several_games_or_all",
         "test_a_vendor_a_press_and_everything_for_the_game",
         "test_the_preview_as_the_press_prints_it"]
LATER = pytest.mark.exhaustive(reason="each test kept at one width, the widths in turn")


def pytest_generate_tests(metafunc):
    if "size" not in metafunc.fixturenames:
        return
    turn = TESTS.index(metafunc.function.__name__) % len(SIZES)
    metafunc.parametrize("size", [
        pytest.param(size, id=str(size[0]), marks=() if n == turn else LATER)
        for n, size in enumerate(SIZES)])


@pytest.fixture
def sized(browser, size):
    browser.set_window_size(*size)
    yield browser
    browser.set_window_size(1280, 900)


def shown(driver, element_id: str) -> bool:
    return by_id(driver, element_id).is_displayed()


def test_the_rules_offer_their_web_edition(sized, server):
    open_studio(sized, server, "?game=hex&item=rules")
    link = by_id(sized, "download-html")
    assert shown(sized, "get-html") and link.get_attribute("aria-disabled") is None
    assert link.get_attribute("download") == "hex-rules.html"
    page = fetched(sized, link.get_attribute("href"))
    assert page.startswith(b"<!DOCTYPE html>") and b"<main>" in page
    assert axe_violations(sized) == []
    # Control: a board has no web edition, and the row says nothing of one.
    choose(sized, "item", "board")
    assert not shown(sized, "get-html")


def test_the_rules_are_read_as_text_beside_the_preview(sized, server):
    open_studio(sized, server, "?game=blinq&item=board&lang=es")
    link = by_id(sized, "read")
    box, preview = rect(sized, "read"), rect(sized, "preview")
    # Beside the preview: just above it, the same column.
    assert 0 <= preview["top"] - box["bottom"] < 40 and box["height"] >= 24
    assert "lang=es" in link.get_attribute("href")
    choose(sized, "f-lang", "de")
    assert "lang=de" in link.get_attribute("href")
    href = link.get_attribute("href")
    sized.get(href)     # returns once the web edition has loaded (readyState complete)
    assert sized.execute_script("return document.readyState") == "complete"
    assert sized.execute_script("return document.documentElement.lang") == "de"
    assert sized.execute_script("return document.querySelectorAll('h1, h2').length") > 1
    assert axe_violations(sized) == []
    # The text reflows to the window: no sideways scrolling on a phone.
    assert sized.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth")


def tick(driver, element_id: str) -> None:
    driver.execute_script("document.body.dataset.state = 'ticking'")
    box = by_id(driver, element_id)
    # Scrolled clear of the download bar a phone keeps at the foot of the window.
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
    box.click()
    until_idle(driver, f"the preview after ticking {element_id}")


def test_a_booklet_of_several_games_or_all(sized, server):
    open_studio(sized, server, "?game=hex&item=booklet")
    alone = by_id(sized, "preview").get_attribute("aria-label")
    assert by_id(sized, "command").text == "pnp booklet hex"
    tick(sized, "f-games-nex")
    assert by_id(sized, "command").text == "pnp booklet hex nex"
    assert by_id(sized, "preview").get_attribute("aria-label") != alone
    tick(sized, "f-everything")
    assert by_id(sized, "command").text == "pnp booklet --all"
    assert axe_violations(sized) == []
    # Control: unticked, the booklet is the one game's again.
    tick(sized, "f-everything")
    tick(sized, "f-games-nex")
    assert by_id(sized, "command").text == "pnp booklet hex"


def test_a_vendor_a_press_and_everything_for_the_game(sized, server):
    open_studio(sized, server, "?game=hex&item=board&size=11")
    link = by_id(sized, "download-print-shop")
    assert link.get_attribute("download") == "hex-board-print-shop.pdf"
    choose(sized, "f-for", "thegamecrafter")
    assert link.get_attribute("download") == "hex-board-18x18in-thegamecrafter.zip"
    assert "The Game Crafter" in link.text and "zip" in link.text
    choose(sized, "f-for", "print-shop")
    choose(sized, "f-condition", "swop")
    commands = sized.execute_script("return document.getElementById('commands').textContent")
    assert "--for print-shop --press swop" in commands
    everything = by_id(sized, "download-everything")
    assert everything.get_attribute("download") == "hex-everything.zip"
    assert fetched(sized, everything.get_attribute("href")).startswith(b"PK\x03\x04")
    assert axe_violations(sized) == []


# Resolves once the soft proof's image has loaded: at once if it has, else on its load or
# error event (one round trip to the browser, not a poll); with whether it drew.
PROOF_DRAWN = """
const done = arguments[arguments.length - 1], img = document.querySelector('#sheet img');
const drawn = () => done(img.complete && img.naturalWidth > 0);
if (img.complete) { drawn(); return; }
img.addEventListener('load', drawn, {once: true});
img.addEventListener('error', drawn, {once: true});
"""


def proof_drawn(driver) -> None:
    driver.set_script_timeout(30)
    assert driver.execute_async_script(PROOF_DRAWN), "the soft proof did not draw"


def test_the_preview_as_the_press_prints_it(sized, server):
    open_studio(sized, server, "?game=hex&item=board&size=9")
    assert sized.execute_script("return document.querySelector('#sheet svg') !== null")
    tick(sized, "f-proof")
    proof_drawn(sized)
    src = sized.execute_script("return document.querySelector('#sheet img').src")
    assert "for=print-shop" in src and "format=png" in src
    assert axe_violations(sized) == []
    # Control: unticked, the preview is the page drawn for the screen again.
    tick(sized, "f-proof")
    assert sized.execute_script("return document.querySelector('#sheet svg') !== null")
