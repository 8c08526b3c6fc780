"""The studio's page as the browser tests drive it through Selenium: waiting on the page's own
idle signal, choosing, typing, measuring, fetching what a link downloads, and axe-core's
violations."""

from __future__ import annotations

import json
import os
import shlex
import time
from pathlib import Path

from chromium import axe_script
from click.testing import CliRunner

from generator.ui.cli import main

SHOTS = os.environ.get("STUDIO_SCREENSHOTS")   # a folder to keep the screenshots in


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


# Sets a select's value and sends the events a person's choice sends (input, then change),
# then resolves once the page is idle again: one round trip, where Selenium's Select takes a
# dozen. False when the value was already chosen (nothing changes, nothing to wait for).
SET_CHOICE = """
const [id, value, done] = arguments, select = document.getElementById(id), body = document.body;
if (select.value === value) { done(false); return; }
if (![...select.options].some(o => o.value === value)) { done('no option ' + value); return; }
body.dataset.state = 'choosing';
const seen = new MutationObserver(() => {
  if (body.dataset.state === 'idle') { seen.disconnect(); done(true); } });
seen.observe(body, {attributes: true, attributeFilter: ['data-state']});
select.value = value;
select.dispatchEvent(new Event('input', {bubbles: true}));
select.dispatchEvent(new Event('change', {bubbles: true}));
"""


def set_choice(driver, element_id: str, value: str, timeout: float = 30.0) -> None:
    """Put a select in a state for a test that checks what follows, not how a person chose
    (that is `choose`, through Selenium's Select): the value set and the page's events sent
    by script, and the preview of the change waited for, in one request to the browser."""
    from selenium.common.exceptions import TimeoutException
    driver.set_script_timeout(timeout)
    try:
        answer = driver.execute_async_script(SET_CHOICE, element_id, value)
    except TimeoutException:
        raise AssertionError(f"timed out waiting for the preview after setting {value}") from None
    assert isinstance(answer, bool), answer


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


def shot(driver, name: str, tmp_path: Path) -> Path | None:
    """A screenshot for a person to look at, kept in STUDIO_SCREENSHOTS; no test reads it,
    so without that folder none is taken (each is a whole window encoded as a PNG)."""
    if not SHOTS:
        return None
    folder = Path(SHOTS)
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


def axe_violations(driver) -> list:
    if not driver.execute_script("return typeof axe !== 'undefined'"):
        driver.execute_script(axe_script())
    result = driver.execute_async_script(
        "const done = arguments[0];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(JSON.stringify("
        "r.violations.map(v => [v.id, v.nodes.map(n => n.target.join(' '))]))));")
    return json.loads(result)


# Each stop: what is focused, and how many of five points of its box (the middle, and the
# four corners two pixels in) find it on top; null when nothing has the focus.
STOP = """
const el = document.activeElement;
if (!el || el === document.body) return null;
const r = el.getBoundingClientRect();
const xs = [r.left + r.width / 2, r.left + 2, r.right - 2, r.left + 2, r.right - 2];
const ys = [r.top + r.height / 2, r.top + 2, r.top + 2, r.bottom - 2, r.bottom - 2];
let seen = 0;
for (let i = 0; i < 5; i++) {
  const hit = document.elementFromPoint(xs[i], ys[i]);
  if (hit && (hit === el || el.contains(hit) || hit.contains(el) && hit.tagName === 'LABEL'))
    seen++;
}
const name = el.id || el.getAttribute('aria-label') || el.textContent.trim().slice(0, 40);
return [name, seen, Math.round(r.top), Math.round(r.bottom)];
"""


def tab_through(driver) -> list[list]:
    """Every stop of the Tab key from the top of the page, once round. Each press goes to
    whatever has the focus, as a person's does: one request to the browser, not a request
    for the focused element and another to type into it."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    driver.execute_script("window.scrollTo(0, 0); document.activeElement.blur();")
    stops: list[list] = []
    body = driver.find_element("tag name", "body")
    body.send_keys(Keys.TAB)
    for _ in range(80):
        stop = driver.execute_script(STOP)
        if stop is None or (stops and stop[0] == stops[0][0]):
            break
        stops.append(stop)
        ActionChains(driver).send_keys(Keys.TAB).perform()
    return stops
