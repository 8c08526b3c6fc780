"""A played game's record in the studio, in Chromium: a link pasted and a file chosen each
show the record's booklet in the preview, and the PDF button hands the browser the file
`pnp record hex` writes; the record's controls are labelled, reached by Tab and never under
the PDF's bar, and axe-core finds nothing wrong, with a record or with a refusal."""

from __future__ import annotations

import base64
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from recording import STUDY
from studio_page import STOP, axe_violations, by_id, mark, open_studio, settle, type_into

from generator.ui.cli import main

pytest_plugins = ["shared_browser"]      # the worker's one browser

TRMPH = "https://trmph.com/hex/board#7,d4c5e3"

# The file a click hands the browser, caught as it is handed: the page makes an address of
# the download's bytes and clicks a link to it; the link's click resolves `window.handed`
# with its file name and bytes (as base64), then lets the browser download it as ever.
CATCH = """
window.handed = new Promise((resolve) => {
  const made = new Map(), make = URL.createObjectURL, click = HTMLAnchorElement.prototype.click;
  URL.createObjectURL = (blob) => { const url = make(blob); made.set(url, blob); return url; };
  HTMLAnchorElement.prototype.click = function () {
    const blob = made.get(this.href);
    if (blob) {
      const reader = new FileReader();
      reader.onload = () => resolve([this.download, reader.result.split(',', 2)[1]]);
      reader.readAsDataURL(blob);
    }
    return click.call(this);
  };
});
"""
HANDED = "const done = arguments[arguments.length - 1]; window.handed.then(done);"


@pytest.fixture(scope="module")
def browser(british_browser, tmp_path_factory):
    # Downloads go to a folder of the test's, not the profile's.
    british_browser.execute_cdp_cmd("Browser.setDownloadBehavior", {
        "behavior": "allow", "downloadPath": str(tmp_path_factory.mktemp("downloads"))})
    yield british_browser
    british_browser.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "default"})


def written(args: list[str], folder: Path, stdin: str | None = None) -> Path:
    here = os.getcwd()
    os.chdir(folder)
    try:
        done = CliRunner().invoke(main, args, input=stdin)
    finally:
        os.chdir(here)
    assert done.exit_code == 0, done.output
    return folder / done.stdout.split()[0]


def tab_from_focus(driver) -> list[list]:
    """Each stop of the Tab key from the control focused, until the focus leaves the page
    (studio_page.STOP: what is focused, and how much of it is on top)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    stops: list[list] = []
    for _ in range(80):
        # The key pressed, not typed into the element: a file input takes typing as a path.
        ActionChains(driver).send_keys(Keys.TAB).perform()
        stop = driver.execute_script(STOP)
        if stop is None:
            break
        stops.append(stop)
    return stops


def pdf_button(driver) -> tuple[str, str | None]:
    link = by_id(driver, "download-pdf")
    return link.get_attribute("download"), link.get_attribute("aria-disabled")


def downloaded(driver) -> tuple[str, bytes]:
    """Click the PDF's button and take the file the page hands the browser."""
    driver.execute_script(CATCH)
    mark(driver)
    by_id(driver, "download-pdf").click()
    driver.set_script_timeout(60)
    name, data = driver.execute_async_script(HANDED)
    settle(driver, "the download")
    return name, base64.b64decode(data, validate=True)


def test_a_record_pasted_or_chosen_is_previewed_and_downloaded(browser, server, tmp_path):
    open_studio(browser, server, "?game=hex&item=record")
    # Before a record is given, its control says what to give, and nothing downloads.
    said = by_id(browser, "f-record-error")
    assert said.is_displayed() and said.text.startswith("Record: choose a record's file")
    assert pdf_button(browser)[1] == "true"
    assert axe_violations(browser) == []
    # A link pasted: the booklet of its game, as `pnp record hex -` prints it.
    type_into(browser, "record", TRMPH)
    assert not by_id(browser, "f-record-error").is_displayed()
    assert by_id(browser, "preview").get_attribute("aria-label").startswith(
        "Preview: Hex: A game of Hex")
    assert by_id(browser, "command").text == "pnp record hex -"
    name, data = downloaded(browser)
    assert name == "hex-record.pdf"
    assert data == written(["record", "hex", "-"], tmp_path, stdin=TRMPH).read_bytes()
    # A file chosen, with an option: its booklet under its own name.
    record = tmp_path / "study.sgf"
    record.write_text(STUDY)
    mark(browser)
    by_id(browser, "f-record-file").send_keys(str(record))
    settle(browser, "the chosen record's preview")
    assert by_id(browser, "f-record").get_attribute("value") == ""   # the file replaces it
    assert by_id(browser, "f-record-chosen").text == "Chosen: study.sgf"
    type_into(browser, "every", "3")
    assert by_id(browser, "command").text == "pnp record hex study.sgf --every 3"
    assert by_id(browser, "preview").get_attribute("aria-label").startswith(
        "Preview: Hex: Alice (Black) against Bob (White)")
    name, data = downloaded(browser)
    assert name == "hex-record-study-every-3.pdf"
    cli = written(["record", "hex", "study.sgf", "--every", "3"], tmp_path)
    assert data == cli.read_bytes()
    # Control: the pasted link's file is another.
    assert data != (tmp_path / "hex-record.pdf").read_bytes()
    assert axe_violations(browser) == []


def test_an_illegal_move_is_said_under_the_record(browser, server):
    open_studio(browser, server, "?game=hex&item=record")
    type_into(browser, "record", "(;FF[4]GM[11]SZ[3];B[b2];W[b2])")
    said = by_id(browser, "f-record-error")
    assert said.is_displayed() and said.text.startswith(
        "Record: it holds an illegal move (move 2 (white b2)")
    assert by_id(browser, "f-record").get_attribute("aria-invalid") == "true"
    assert pdf_button(browser)[1] == "true"
    assert axe_violations(browser) == []
    # Control: the move made legal, the record prints and the PDF downloads.
    type_into(browser, "record", "(;FF[4]GM[11]SZ[3];B[b2];W[a2])")
    assert not by_id(browser, "f-record-error").is_displayed()
    assert pdf_button(browser) == ("hex-record.pdf", None)


# `make test` tabs through the record's page at a laptop's width and the puzzle book's
# (test_studio_puzzles_browser.py) at a phone's, the widths in turn; the other width of
# each is the exhaustive tier's.
@pytest.mark.parametrize("width, height", [
    (1280, 800),
    pytest.param(375, 700, marks=pytest.mark.exhaustive(
        reason="the laptop's width kept here, the phone's on the puzzle book's page"))])
def test_the_records_controls_are_reached_by_tab_and_never_under_the_bar(
        browser, server, width, height):
    browser.set_window_size(width, height)
    try:
        open_studio(browser, server, "?game=hex&item=record")
        type_into(browser, "record", TRMPH)
        # Tab from the top of the page: the focus, left in the record's text, is taken back
        # to the skip link (Tab would go on from where the focus was).
        browser.execute_script("document.querySelector('a.skip').focus()")
        stops = tab_from_focus(browser)
        names = [s[0] for s in stops]
        assert names.index("item") < names.index("f-record-file") < names.index("f-record") \
            < names.index("f-every"), names
        assert "download-pdf" in names
        assert [s for s in stops if s[1] == 0] == []
        # Each is named by its label.
        for control in ("f-record-file", "f-record"):
            assert browser.execute_script(
                "return document.getElementById(arguments[0]).labels[0].textContent",
                control)
    finally:
        browser.set_window_size(1280, 900)
