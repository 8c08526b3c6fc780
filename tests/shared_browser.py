"""The worker's one Chromium, for every browser test it runs. A module that drives it names
this module in its `pytest_plugins`: a plugin's fixture is one for the whole session, where
a fixture imported into several modules would be one for each (and a browser started
again for each, at more than a second of processor time)."""

from __future__ import annotations

import pytest
from chromium import SIZE, chromium, language, reset


@pytest.fixture(scope="session")
def shared_chromium(tmp_path_factory):
    """The worker's one Chromium, started by the first module that asks for it: a start
    and a stop cost more than a second of processor time, once a module before."""
    driver = chromium(tmp_path_factory.mktemp("chromium-profile"), SIZE)
    driver.agent = driver.execute_script("return navigator.userAgent")
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def british_browser(shared_chromium):
    """The worker's Chromium for one module of studio tests, set to British English: the
    studio's paper starts at A4, the command line's default (test_studio_form_browser.py
    tries the locales that start at Letter); put back as it was once the module is done."""
    language(shared_chromium, "en-GB")
    yield shared_chromium
    reset(shared_chromium)
