import os
import shutil
import subprocess
import sys

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


@pytest.fixture(scope="session")
def catalogue_folder(tmp_path_factory):
    """The whole catalogue, built once by `pnp build` for every test that reads it (and
    only reads it)."""
    out = tmp_path_factory.mktemp("catalogue")
    subprocess.run([sys.executable, "-m", "generator.ui.cli", "build", "--out", str(out)],
                   check=True, capture_output=True, timeout=600)
    return out
