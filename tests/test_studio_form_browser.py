"""The studio's form in Chromium: the paper as a list (from the browser's locale, kept across
items, other sizes with their unit), each message under the field that caused it with the
studio's real limits, placeholders that show the defaults, languages marked with their
`lang`, and the PDF's download in view at 1280 × 900 and on a phone."""

from __future__ import annotations

import pytest
from chromium import language
from studio_page import (
    axe_violations,
    by_id,
    choose,
    commands_shown,
    open_studio,
    rect,
    set_choice,
    type_into,
)

LETTER = ("en-US", "en-CA", "es-MX")
A4 = ("en-GB", "de-DE", "pt-PT")


pytest_plugins = ["shared_browser"]      # the worker's one browser


@pytest.fixture(scope="module")
def browser(british_browser):
    return british_browser


def paper(driver) -> str:
    return by_id(driver, "f-paper").get_attribute("value")


def locales() -> list:
    """Each locale; `make test` keeps one that starts at Letter and one at A4 (each the
    other's control), and the rest, the same lookup of another region, are the exhaustive
    tier's."""
    later = pytest.mark.exhaustive(reason="one Letter and one A4 locale kept")
    return [pytest.param(name, marks=() if name in (LETTER[0], A4[1]) else later)
            for name in (*LETTER, *A4)]


@pytest.mark.parametrize("name", locales())
def test_the_paper_starts_from_the_browsers_locale(browser, server, name):
    language(browser, name)
    try:
        assert browser.execute_script("return navigator.language") == name
        open_studio(browser, server, "?game=hex&item=board")
        # Letter where the locale prints on it, A4 elsewhere: the two lists are the control
        # for each other.
        assert paper(browser) == ("letter" if name in LETTER else "a4")
        command = by_id(browser, "command").text
        assert ("--paper letter" in command) == (name in LETTER)
        choose(browser, "item", "booklet")
        assert paper(browser) == ("letter" if name in LETTER else "a4")
    finally:
        language(browser, "en-GB")


def test_the_paper_is_a_list_kept_across_items(browser, server):
    open_studio(browser, server, "?game=blind-hex&item=kit")
    offered = browser.execute_script(
        "return [...document.getElementById('f-paper').options].map(o => o.text)")
    for name in ("A3", "A4", "A5", "Letter", "Legal", "Tabloid", "Other size"):
        assert any(text.startswith(name) for text in offered), (name, offered)
    # The selects set by script: this test checks what the form keeps, not how one chooses.
    set_choice(browser, "f-paper", "8.5x14in")
    assert "--paper 8.5x14in" in by_id(browser, "command").text
    type_into(browser, "copies", "2")
    set_choice(browser, "item", "board")
    assert paper(browser) == "8.5x14in"
    # Control: an option of one item (copies) does start again, so the check can see a reset.
    assert by_id(browser, "f-copies").get_attribute("value") == "1"
    set_choice(browser, "item", "kit")
    assert paper(browser) == "8.5x14in"
    assert "--paper 8.5x14in" in " ".join([by_id(browser, "command").text,
                                          *commands_shown(browser)])


def test_another_size_takes_its_unit_and_says_what_is_wrong_under_it(browser, server):
    open_studio(browser, server, "?game=hex&item=board")
    assert not by_id(browser, "f-paper-custom-box").is_displayed()
    choose(browser, "f-paper", "other")
    assert by_id(browser, "f-paper-custom-box").is_displayed()
    custom = type_into(browser, "paper-custom", "8.5x11")
    error = by_id(browser, "f-paper-error")
    assert error.is_displayed() and "In inches?" in error.text and "100 to 1500 mm" in error.text
    assert custom.get_attribute("aria-invalid") == "true"
    assert "f-paper-error" in custom.get_attribute("aria-describedby").split()
    field, line = rect(browser, "f-paper-custom"), rect(browser, "f-paper-error")
    assert 0 <= line["top"] - field["bottom"] < 80, (field, line)
    assert by_id(browser, "message").is_displayed() is False
    choose(browser, "f-paper-unit", "in")
    assert not by_id(browser, "f-paper-error").is_displayed()
    assert custom.get_attribute("aria-invalid") is None
    assert "--paper 8.5x11in" in by_id(browser, "command").text
    assert axe_violations(browser) == []


def test_a_message_goes_under_the_field_just_changed_with_the_studios_limits(browser, server):
    open_studio(browser, server, "?game=blind-hex&item=board&size=25")
    # Set by script: where the message goes is the check, not how the paper is chosen.
    set_choice(browser, "f-paper", "a5")
    # The refusal names the paper and the size: it sits under the paper, changed last.
    said = by_id(browser, "f-paper-error")
    assert said.is_displayed() and "smaller size" in said.text and "the size" not in said.text
    assert not by_id(browser, "f-size-error").is_displayed()
    set_choice(browser, "f-paper", "a4")
    type_into(browser, "size", "30")
    assert by_id(browser, "f-size-error").is_displayed()
    assert not by_id(browser, "f-paper-error").is_displayed()
    type_into(browser, "size", "11")
    for typed in ("0", "11"):
        type_into(browser, "copies", typed)
        error = by_id(browser, "f-copies-error")
        assert error.is_displayed() and "1 to 10" in error.text.replace("between 1 and 10",
                                                                          "1 to 10")
        assert "100" not in error.text.replace("up to 100", "")
        assert by_id(browser, "f-copies").get_attribute("aria-invalid") == "true"
    # Control: a number within the limit leaves the field unmarked.
    type_into(browser, "copies", "3")
    assert not by_id(browser, "f-copies-error").is_displayed()
    assert by_id(browser, "f-copies").get_attribute("aria-invalid") is None


def test_placeholders_show_the_defaults_and_languages_their_lang(browser, server):
    open_studio(browser, server, "?game=blind-hex&item=board")
    holders = browser.execute_script(
        "return Object.fromEntries([...document.querySelectorAll('input[placeholder]')]"
        ".map(i => [i.id, i.placeholder]))")
    assert "automatic" not in holders.values()
    assert holders["f-dpi"] == "300" and holders["f-bleed"].startswith("3 mm")
    assert holders["f-size"] == "11"
    langs = browser.execute_script(
        "return [...document.querySelectorAll('#f-lang option')].map(o => [o.value, o.lang])")
    assert langs and all(value == lang for value, lang in langs)


@pytest.mark.parametrize("size", [(1280, 900), (375, 812)])
def test_the_pdf_download_is_in_view(browser, server, size):
    browser.set_window_size(*size)
    try:
        open_studio(browser, server, "?game=blind-hex&item=kit")
        height = browser.execute_script("return window.innerHeight")
        for scrolled in (0, 10_000):
            browser.execute_script("window.scrollTo(0, arguments[0])", scrolled)
            button = rect(browser, "download-pdf")
            assert button["top"] >= 0 and button["bottom"] <= height, (scrolled, button)
        # Control: the last option is below the fold at the top of the page, so the check
        # measures the window it claims to.
        browser.execute_script("window.scrollTo(0, 0)")
        assert rect(browser, "options")["bottom"] > height
        assert axe_violations(browser) == []
    finally:
        browser.set_window_size(1280, 900)
