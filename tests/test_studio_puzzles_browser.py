"""The Hex puzzle book in the studio, in Chromium: chosen from the item list, its options
typed, its preview shown and its PDF the file the command shown writes; while a book is
solved the page says so, keeps its downloads off and asks again until the book is shown;
its controls are labelled, reached by Tab and never under the PDF's bar, and axe-core finds
nothing wrong, while solving or after."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from studio_page import (
    STOP,
    axe_violations,
    by_id,
    choose,
    cli_files,
    fetched,
    open_studio,
    type_into,
    until_idle,
    wait,
)

from generator.app.puzzle_request import PuzzleRequest
from generator.games.puzzle_book import Puzzles
from generator.ui import studio
from generator.ui.studio.app import Studio
from generator.ui.studio.puzzle_books import Solver, own_puzzles

pytest_plugins = ["shared_browser"]      # the worker's one browser

SMALL = "?game=hex&item=puzzles&count=2&seed=4"


@pytest.fixture(scope="module")
def browser(british_browser):
    return british_browser


def test_the_puzzle_book_is_previewed_and_downloaded_as_the_command_writes_it(
        browser, server, tmp_path):
    # The address of a small book, as a person would share it; then another book number.
    open_studio(browser, server, SMALL)
    options = [o.get_attribute("textContent")
               for o in by_id(browser, "item").find_elements("tag name", "option")]
    assert "Puzzle book" in options
    type_into(browser, "seed", "5")
    assert by_id(browser, "command").text == "pnp puzzles hex --count 2 --seed 5"
    assert by_id(browser, "preview").get_attribute("aria-label").startswith(
        "Preview: Hex puzzles: 2 puzzles, every answer proven")
    choose(browser, "f-lang", "de")
    link = by_id(browser, "download-pdf")
    assert link.get_attribute("aria-disabled") != "true"
    name, data = link.get_attribute("download"), fetched(browser, link.get_attribute("href"))
    command = by_id(browser, "command").text
    assert command == "pnp puzzles hex --count 2 --seed 5 --lang de"
    folder = cli_files(command, tmp_path / "five")
    assert name == "hex-puzzles-seed-5-count-2-de.pdf"
    assert data == (folder / name).read_bytes()
    # Control: the book of the address's number is another file.
    other = cli_files("pnp puzzles hex --count 2 --seed 4 --lang de", tmp_path / "four")
    assert data != (other / "hex-puzzles-seed-4-count-2-de.pdf").read_bytes()
    assert axe_violations(browser) == []


class Held:
    """The studio's solving, held until the test lets it go."""

    def __init__(self) -> None:
        self.go = threading.Event()

    def __call__(self, request: PuzzleRequest) -> Puzzles:
        assert self.go.wait(60), "the test never let the solving go"
        return own_puzzles(request)


@contextmanager
def held_studio(held: Held) -> Iterator[str]:
    """The studio on loopback whose puzzle books wait for the test."""
    httpd = studio.make_studio_server(0)
    httpd.set_app(Studio(hosts=("127.0.0.1", "localhost"),
                         solver=Solver(solve=held, wait=0.2)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"127.0.0.1:{httpd.server_address[1]}"
    finally:
        held.go.set()
        httpd.shutdown()
        httpd.server_close()


def test_while_a_book_is_solved_the_page_says_so_and_asks_again(browser):
    held = Held()
    with held_studio(held) as server:
        browser.get(f"http://{server}/{SMALL}")
        message = by_id(browser, "message")
        wait(lambda: message.is_displayed() and "Solving the puzzles" in message.text,
             what="the solving said")
        assert browser.execute_script("return document.body.dataset.state") == "busy"
        assert "working" in message.get_attribute("class").split()    # news, not a fault
        assert by_id(browser, "download-pdf").get_attribute("aria-disabled") == "true"
        assert by_id(browser, "preview").get_attribute("aria-busy") == "true"
        assert by_id(browser, "status").get_attribute("textContent") == "Solving the puzzles"
        assert axe_violations(browser) == []
        # Control: let go, the page's next ask finds the book, and shows it.
        held.go.set()
        until_idle(browser, "the book after its solving")
        assert not message.is_displayed()
        assert "working" not in message.get_attribute("class").split()
        assert by_id(browser, "download-pdf").get_attribute("aria-disabled") != "true"
        assert by_id(browser, "preview").get_attribute("aria-label").startswith(
            "Preview: Hex puzzles: 2 puzzles")


# `make test` tabs through the book at a phone's width and the record's page
# (test_studio_records_browser.py) at a laptop's, the widths in turn; the other width of
# each is the exhaustive tier's.
@pytest.mark.parametrize("width, height", [
    pytest.param(1280, 800, marks=pytest.mark.exhaustive(
        reason="the phone's width kept here, the laptop's on the record's page")),
    (375, 700)])
def test_the_books_controls_are_labelled_reached_by_tab_and_never_under_the_bar(
        browser, server, width, height):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    browser.set_window_size(width, height)
    try:
        seen = {}
        for address in (SMALL, "?game=hex&item=board"):     # the board: the control
            open_studio(browser, server, address)
            browser.execute_script("document.querySelector('a.skip').focus()")
            stops = []
            for _ in range(80):
                ActionChains(browser).send_keys(Keys.TAB).perform()
                stop = browser.execute_script(STOP)
                if stop is None:
                    break
                stops.append(stop)
            seen[address] = stops
        names = [s[0] for s in seen[SMALL]]
        book = ["f-count", "f-budget", "f-total", "f-seed", "f-paper", "f-palette", "f-lang"]
        assert [n for n in names if n in book] == book, names
        assert names.index("item") < names.index("f-count") < names.index("download-pdf")
        assert [s for s in seen[SMALL] if s[1] == 0] == []
        # Control: the board's page has none of the book's own controls.
        assert not {s[0] for s in seen["?game=hex&item=board"]} & set(book[:4])
    finally:
        browser.set_window_size(1280, 900)


def test_each_of_the_books_controls_is_named_by_its_label(browser, server):
    open_studio(browser, server, SMALL)
    labels = browser.execute_script(
        "return ['count', 'budget', 'total', 'seed', 'paper', 'palette', 'lang'].map("
        "n => { const el = document.getElementById('f-' + n);"
        "       return el.labels.length ? el.labels[0].textContent.trim() : null; });")
    assert labels == ["Puzzles", "Seconds a puzzle, at most", "Seconds for the book, at most",
                      "Book number", "Paper", "Colours", "Language"], labels
    # Control: a control with no label is named by none (the studio's own page, altered).
    assert browser.execute_script(
        "const el = document.createElement('input'); document.body.append(el);"
        "const named = el.labels.length; el.remove(); return named;") == 0
    assert axe_violations(browser) == []
