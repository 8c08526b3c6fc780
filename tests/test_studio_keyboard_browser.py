"""The studio in Chromium by keyboard: the focus kept on the pager at either end, page turns
announced, a focus ring that stands out, targets of at least 24 px, and every control
reached with its label."""

from __future__ import annotations

import re

import pytest
from studio_page import (
    by_id,
    mark,
    open_studio,
    preview_title,
    settle,
    type_into,
)

pytest_plugins = ["shared_browser"]      # the worker's one browser


@pytest.fixture(scope="module")
def browser(british_browser):
    return british_browser


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
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    open_studio(browser, server, "?game=hex-kb&item=rules")
    browser.find_element("tag name", "body").send_keys(Keys.TAB)
    seen = set()
    for _ in range(14):
        ActionChains(browser).send_keys(Keys.TAB).perform()   # to whatever has the focus
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
    from selenium.webdriver.common.action_chains import ActionChains
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
        ActionChains(browser).send_keys(Keys.TAB).perform()   # to whatever has the focus
        reached.append(browser.switch_to.active_element.get_attribute("id"))
    assert reached[:2] == ["game", "item"]


