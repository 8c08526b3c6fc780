"""The worker's one Chromium, for every browser test it runs. A module that drives it names
this module in its `pytest_plugins`: a plugin's fixture is one for the whole session, where
a fixture imported into several modules would be one for each (and a browser started
again for each, at more than a second of processor time)."""

from __future__ import annotations

import pytest
from chromium import SIZE, chromium


@pytest.fixture(scope="session")
def shared_chromium(tmp_path_factory):
    """The worker's one Chromium, started by the first module that asks for it: a start
    and a stop cost more than a second of processor time, once a module before."""
    driver = chromium(tmp_path_factory.mktemp("chromium-profile"), SIZE)
    driver.agent = driver.execute_script("return navigator.userAgent")
    yield driver
    driver.quit()
