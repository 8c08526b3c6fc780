import gc
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
import sweeps
from hypothesis import settings
from kit_shelf import KitShelf
from raster import Rasters
from served import running_studio
from texts import PdfTexts

from generator.app.documents import forget_documents

settings.register_profile("default", deadline=None, max_examples=60)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# A test process keeps much alive at once (each module's documents, rasters and readings, the
# documents and figures kept), and every full collection of the cyclic garbage collector walks
# all of it: with Python's default thresholds (700, 10, 10) collections took 10.2 of 26.1 CPU
# seconds of five rendering test files. The scenes are trees of tuples, freed by reference
# counting; a collection every 50,000 allocations instead took 1.4 s there, for 2% more
# memory at the peak (751 -> 767 MB).
gc.set_threshold(50_000, 20, 10)

TOOLS = ("qpdf", "pdftoppm", "pdfinfo", "pdffonts", "rsvg-convert", "chromium")


@pytest.fixture(autouse=True)
def documents_drawn_afresh_when_patched(request):
    """A test that replaces part of the drawing (monkeypatch) draws its documents afresh,
    and leaves none of them for the tests after it: the documents the process keeps
    (generator/app/documents.py) are dropped before and after it."""
    if "monkeypatch" not in request.fixturenames:
        yield
        return
    forget_documents()
    yield
    forget_documents()


@pytest.fixture(scope="session", autouse=True)
def real_clients():
    missing = [t for t in TOOLS if shutil.which(t) is None]
    if missing:
        pytest.fail("missing system tools (make test installs them): " + ", ".join(missing))


# The one catalogue build of a test run: the home catalogue and, in print-shop/ beside it,
# the print shop's (`pnp build --for print-shop` writes both). Tests that need another build
# build one game only, or say why they build again.
CATALOGUE_BUILD = ("build", "--for", "print-shop")

# Run in a process of its own: the build, then its exit status and messages written where
# every test worker looks for them, under a name that appears only once they are whole.
BUILD_AND_REPORT = """
import json, os, subprocess, sys
out, status, *build = sys.argv[1:]
done = subprocess.run([sys.executable, "-m", "generator.ui.cli", *build, "--out", out],
                      capture_output=True, text=True, timeout=900)
with open(status + ".part", "w") as report:
    json.dump({"returncode": done.returncode, "stderr": done.stderr}, report)
os.replace(status + ".part", status)
"""
BUILDS: list[subprocess.Popen] = []


def shared_temp(tmp_path_factory) -> Path:
    """The run's temporary folder that every xdist worker sees (each has its own below it)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def start_catalogue_build(root: Path) -> None:
    """Start the run's catalogue build unless a worker already has: whoever creates the claim
    file first (an atomic O_EXCL) starts it, and it runs beside the tests."""
    try:
        os.close(os.open(root / "catalogue.claimed", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return
    BUILDS.append(subprocess.Popen(
        [sys.executable, "-c", BUILD_AND_REPORT, str(root / "catalogue"),
         str(root / "catalogue.status"), *CATALOGUE_BUILD],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))


@pytest.fixture(scope="session", autouse=True)
def bytecode_kept(tmp_path_factory):
    """Where Python is told not to write bytecode beside the sources, every pnp process a
    test starts would compile the package afresh: theirs goes to the run's temporary folder
    instead, written by the first and read by the rest (the checkout stays as it is)."""
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        os.environ.pop("PYTHONDONTWRITEBYTECODE")
        os.environ["PYTHONPYCACHEPREFIX"] = str(shared_temp(tmp_path_factory) / "bytecode")


@pytest.fixture(scope="session", autouse=True)
def user_cache(tmp_path_factory):
    """The user's cache folder (XDG_CACHE_HOME, where pnp keeps compiled templates) is the
    run's temporary folder, for the tests and every process they start: a test run writes
    nothing in the tester's home folder, nor in the package."""
    os.environ["XDG_CACHE_HOME"] = str(shared_temp(tmp_path_factory) / "user-cache")


@pytest.fixture(scope="session", autouse=True)
def catalogue_build_begun(request, tmp_path_factory, bytecode_kept, user_cache):
    """As the run starts, if any test it will run reads the catalogue, its build begins in the
    background, so no worker sits idle waiting for it; the worker that started it waits for
    it to end before the run does."""
    if any("catalogue_folder" in item.fixturenames for item in request.session.items):
        start_catalogue_build(shared_temp(tmp_path_factory))
    yield
    for build in BUILDS:
        build.wait()


@pytest.fixture(scope="module", params=[
    pytest.param(sweeps.one_of_each, id="one-of-each"),
    pytest.param(sweeps.every_file, id="every-file", marks=pytest.mark.exhaustive(
        reason="the one-of-each sweep of make test reads every item on a paper"))])
def sweep(request) -> sweeps.Sweep:
    """Which of the catalogue's files a sweep over it reads: one of each kind in `make test`,
    every file in the exhaustive tier (tests/sweeps.py)."""
    return request.param


@pytest.fixture(scope="session")
def rasters(tmp_path_factory) -> Rasters:
    """Every file a test rasterises, rasterised once in the worker's run: the catalogue's
    PDFs and SVGs, which several sweeps look at (test_render.py)."""
    return Rasters(tmp_path_factory.mktemp("rasters"))


@pytest.fixture(scope="session")
def kit_shelf(tmp_path_factory) -> KitShelf:
    """Every kit a test reads (each game and edition, paper and language), made once in the
    whole run, whichever worker asks first, by `pnp kit` as a person runs it
    (tests/kit_shelf.py)."""
    return KitShelf(shared_temp(tmp_path_factory) / "kits")


@pytest.fixture(scope="session")
def pdf_texts(tmp_path_factory) -> PdfTexts:
    """Every PDF's text a test reads with pdftotext, read once in the whole run, whichever
    worker asks first: the catalogue's, which two sweeps search (test_render.py,
    test_crossings.py)."""
    return PdfTexts(shared_temp(tmp_path_factory) / "pdf-texts")


@pytest.fixture(scope="session")
def catalogue_folder(tmp_path_factory, catalogue_build_begun):
    """The whole catalogue, home and print shop, built once for every test of the run that
    reads it (and only reads it), whichever worker runs that test."""
    root = shared_temp(tmp_path_factory)
    start_catalogue_build(root)
    status = root / "catalogue.status"
    end = time.monotonic() + 900
    while not status.exists():
        if time.monotonic() > end:
            pytest.fail("the catalogue build took over 900 s")
        time.sleep(0.05)
    report = json.loads(status.read_text())
    if report["returncode"] != 0:
        pytest.fail(f"pnp {' '.join(CATALOGUE_BUILD)} failed:\n{report['stderr']}")
    return root / "catalogue"


@pytest.fixture(scope="module")
def server():
    """The studio on loopback, on a free port, in a thread: its address (host:port). The
    hostile-request tests, which need the server itself, define their own."""
    with running_studio() as httpd:
        yield f"127.0.0.1:{httpd.server_address[1]}"
