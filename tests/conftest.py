import os
import shutil

import pytest
from hypothesis import settings

settings.register_profile("default", deadline=None, max_examples=60)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

TOOLS = ("qpdf", "pdftoppm", "pdfinfo", "pdffonts", "rsvg-convert", "chromium")


@pytest.fixture(scope="session", autouse=True)
def real_clients():
    missing = [t for t in TOOLS if shutil.which(t) is None]
    if missing:
        pytest.fail("missing system tools (make test installs them): " + ", ".join(missing))
