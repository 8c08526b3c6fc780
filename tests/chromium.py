"""Headless Debian Chromium through Selenium, as the studio's and the web editions' browser
tests drive it, and axe-core (a current 4.x, which `make test` installs from npm).

One Chromium serves every browser test a worker runs (shared_browser.py); each module takes
it through a fixture of its own that sets the window and the language it needs and, by
`reset`, leaves the browser as it found it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
AXE = Path(os.environ.get("PNP_AXE", ROOT / ".venv/axe/node_modules/axe-core/axe.min.js"))
SIZE = (1280, 900)      # CSS pixels: the window every module starts from and leaves


def chromium(profile: Path, size: tuple[int, int], downloads: Path | None = None):
    """A headless Chromium with a profile of its own and no network of its own, at `size`;
    downloads, where given, go to that folder without asking."""
    os.environ["SE_AVOID_STATS"] = "true"
    os.environ["SE_OFFLINE"] = "true"
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service
    if not Path("/usr/bin/chromedriver").exists():
        pytest.fail("chromedriver is missing (make test installs chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"):
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    if downloads is not None:
        options.add_experimental_option("prefs", {
            "download.default_directory": str(downloads), "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"),
                              options=options)
    driver.set_window_size(*size)
    return driver


def language(driver, name: str | None) -> None:
    """The browser's language, as a person sets it (navigator.language, Accept-Language);
    None for Chromium's own again (an empty user agent ends the override)."""
    if name is None:
        driver.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": ""})
    else:
        driver.execute_cdp_cmd("Emulation.setUserAgentOverride",
                               {"userAgent": driver.agent, "acceptLanguage": name})


def reset(driver) -> None:
    """The browser as the next module expects it: a blank page, the first window size,
    Chromium's own language."""
    driver.get("about:blank")
    language(driver, None)
    driver.set_window_size(*SIZE)


@contextmanager
def axe_on_every_page(driver) -> Iterator[None]:
    """axe-core in every page the browser opens while the block runs, put there by Chromium
    as each document begins: not sent through WebDriver again for each page."""
    added = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                   {"source": axe_script()})
    try:
        yield
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument",
                               {"identifier": added["identifier"]})


def axe_script() -> str:
    if not AXE.exists():
        pytest.fail(f"axe-core is missing at {AXE} (make test installs it from npm)")
    return AXE.read_text()
