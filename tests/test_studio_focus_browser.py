"""The studio's keyboard focus is never hidden behind its own sticky parts (WCAG 2.2, success
criterion 2.4.11 Focus Not Obscured (Minimum): a focused control is not entirely hidden by
content the page itself puts over it). Chromium tabs through every control at a wide window
and at a phone's width; at each stop, points of the focused control's box are looked up
with elementFromPoint, and at least one must find the control itself rather than the PDF's
bar fixed at the foot of the window. The control case takes the scroll padding away, as the
studio had none, and the same tabbing finds controls wholly under the bar."""

from __future__ import annotations

import pytest
from studio_page import open_studio, tab_through
from sweeps import on_the_diagonal

pytest_plugins = ["shared_browser"]      # the worker's one browser

SIZES = [(1280, 800), (375, 700)]
PAGES = ["?game=hex&item=board", "?game=blind-hex&item=kit"]


@pytest.fixture(scope="module")
def browser(british_browser):
    return british_browser


def pages_at_sizes() -> list:
    """Each page at each size, the pages in turn across the sizes in `make test`
    (sweeps.on_the_diagonal), so each page and each size is tabbed through there."""
    return [pytest.param(path, width, height, marks=marks) for (width, height), path, marks
            in on_the_diagonal(SIZES, PAGES, reason="each page and each size kept on the diagonal")]


@pytest.mark.parametrize("path, width, height", pages_at_sizes())
def test_no_focused_control_is_hidden_under_the_pdf_bar(browser, server, width, height, path):
    browser.set_window_size(width, height)
    try:
        open_studio(browser, server, path)
        stops = tab_through(browser)
        names = [s[0] for s in stops]
        # Every control of the page is reached, the downloads and the options among them.
        assert {"game", "item", "download-everything", "download-pdf", "f-paper"} \
            <= set(names), names
        hidden = [s for s in stops if s[1] == 0]
        assert hidden == [], hidden
    finally:
        browser.set_window_size(1280, 900)


@pytest.mark.parametrize("width, height", SIZES)
def test_without_the_scroll_padding_the_bar_hides_the_focus(browser, server, width, height):
    """The control: the same tabbing with the studio's scroll padding taken away (as the
    page was before it had any) finds controls wholly under the bar."""
    browser.set_window_size(width, height)
    try:
        open_studio(browser, server, PAGES[0])
        browser.execute_script(
            "document.documentElement.style.setProperty('scroll-padding', '0px', 'important')")
        hidden = [s for s in tab_through(browser) if s[1] == 0]
        assert hidden, "the bar should hide a control when nothing keeps the focus clear of it"
    finally:
        browser.set_window_size(1280, 900)


def test_options_come_before_the_downloads_on_a_phone(browser, server):
    """At 375 px, one column: what to print, the preview, the options, then the downloads,
    in the order the keyboard takes them and on the screen alike."""
    browser.set_window_size(375, 700)
    try:
        open_studio(browser, server, PAGES[0])
        tops = browser.execute_script(
            "return ['choose', 'preview-area', 'form', 'get'].map("
            "id => document.getElementById(id).getBoundingClientRect().top + window.scrollY);")
        assert tops == sorted(tops), tops
        names = [s[0] for s in tab_through(browser)]
        assert names.index("f-paper") < names.index("download-svg"), names
    finally:
        browser.set_window_size(1280, 900)
