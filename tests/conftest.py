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


# The one catalogue build of a test run: the home catalogue and, in print-shop/ beside it,
# the print shop's (`pnp build --for print-shop` writes both). Tests that need another build
# build one game only, or say why they build again.
CATALOGUE_BUILD = ("build", "--for", "print-shop")


@pytest.fixture(scope="session")
def catalogue_folder(tmp_path_factory):
    """The whole catalogue, home and print shop, built once for every test that reads it
    (and only reads it)."""
    out = tmp_path_factory.mktemp("catalogue")
    subprocess.run([sys.executable, "-m", "generator.ui.cli", *CATALOGUE_BUILD, "--out",
                    str(out)], check=True, capture_output=True, timeout=900)
    return out
