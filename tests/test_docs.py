"""Every example in the README and the docs/ pages runs as written: each `pnp` line of a
fenced shell block that names no placeholder (GAME, FILE, [--option], a|b, ...) is run in an
empty folder and must succeed, writing or saying something. Synopsis lines, with their
placeholders, are reference, not examples. The studio's example is served and asked for its
page (with $BROWSER set to a program that opens nothing), then stopped."""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from in_process import run_pnp
from paused import default_signals

from generator.games import KEYS

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"```(?:sh|console|bash)?\n(.*?)```", re.S)
PLACEHOLDER = re.compile(r"\b[A-Z]{2,}\b|\[|\||\.\.\.|…")
# The catalogue build the test session makes once (tests/conftest.py): its example is that
# build, read where the session left it rather than made a second time.
SHARED_BUILD = "pnp build --for print-shop"


def examples(text: str) -> list[str]:
    """The runnable `pnp` lines of a page's shell blocks, their comments cut off."""
    found = []
    for block in FENCE.findall(text):
        for line in block.splitlines():
            command = line.split(" #", 1)[0].strip()
            if command.startswith("pnp ") and not PLACEHOLDER.search(command):
                found.append(command)
    return found


EXAMPLES = sorted({command for page in DOCS for command in examples(page.read_text("utf-8"))})


def test_the_readme_leads_with_examples_and_stays_short():
    readme = (ROOT / "README.md").read_text("utf-8")
    assert len(readme.splitlines()) <= 300
    assert len(examples(readme)) >= 5
    assert "make test" in readme.split("## Documentation")[0]
    # Every docs/ page it links to is there.
    for link in re.findall(r"\]\((docs/[^)#]+)", readme):
        assert (ROOT / link).is_file(), link


def test_the_check_finds_examples_and_skips_synopses():
    # Control: a synopsis line is not run; an example is.
    page = "```sh\npnp board GAME [--size N]\npnp board hex --size 9   # a small board\n```\n"
    assert examples(page) == ["pnp board hex --size 9"]
    assert run_pnp("board", "no-such-game", text=True).returncode == 2


# A whole-catalogue example (`pnp build` of every game: half a minute in every language, 18 s
# for the virtual table) runs as written in the exhaustive tier (`make test-all`, CI); in
# `make test` it runs for one game on one paper, the same path through the build for each
# game and paper. The session's build (SHARED_BUILD) is read where the session left it.
ONE_GAME = ("blinq", "--paper", "a4")
WHOLE_CATALOGUE = pytest.mark.exhaustive(reason="run for one game on one paper in make test")


def for_one_game(command: str) -> list[str]:
    """A build example's arguments for one game on one paper: `pnp build OPTIONS` becomes
    `build blinq --paper a4 OPTIONS`."""
    words = shlex.split(command)[1:]
    return [words[0], *ONE_GAME, *words[1:]]


BUILDS = [c for c in EXAMPLES if c.startswith("pnp build") and c != SHARED_BUILD]


@pytest.mark.parametrize("command", [
    pytest.param(c, marks=[WHOLE_CATALOGUE] if c in BUILDS else [])
    for c in EXAMPLES if c != SHARED_BUILD and not c.startswith("pnp studio")])
def test_every_example_runs_as_written(tmp_path, command):
    result = run_pnp(*shlex.split(command)[1:], cwd=tmp_path, text=True)
    assert result.returncode == 0, (command, result.stderr[-2000:])
    assert result.stdout.strip() or any(tmp_path.iterdir()), command


@pytest.mark.parametrize("command", BUILDS)
def test_every_build_example_runs_for_one_game(tmp_path, command):
    result = run_pnp(*for_one_game(command), cwd=tmp_path, text=True)
    assert result.returncode == 0, (command, result.stderr[-2000:])
    games = {part for path in tmp_path.rglob("*.pdf")
             for part in path.relative_to(tmp_path).parts if part in KEYS}
    assert games == {ONE_GAME[0]}, command
    assert any(tmp_path.rglob("index.html")), command


def test_the_whole_catalogue_examples_are_builds_the_docs_give():
    assert "pnp build --lang all" in BUILDS and "pnp build --for tabletop-simulator" in BUILDS
    assert for_one_game("pnp build --lang all") == ["build", "blinq", "--paper", "a4",
                                                    "--lang", "all"]


def test_the_shared_build_example_is_the_sessions_build(catalogue_folder):
    assert SHARED_BUILD in EXAMPLES
    assert any(catalogue_folder.rglob("*.pdf"))


@pytest.mark.timing
def test_the_studio_example_serves_its_page(tmp_path):
    assert "pnp studio" in EXAMPLES
    env = {**os.environ, "BROWSER": "true"}
    with subprocess.Popen([sys.executable, "-m", "generator.ui.cli", "studio", "--port", "0"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                          cwd=tmp_path, start_new_session=True,
                          preexec_fn=default_signals) as served:
        try:
            assert served.stdout is not None
            first = served.stdout.readline()          # said once it is listening
            url = re.search(r"http://\S+/", first)
            assert url, first
            with urllib.request.urlopen(url.group(), timeout=60) as page:
                assert page.status == 200 and b"<html" in page.read(4096).lower()
        finally:
            os.killpg(served.pid, signal.SIGINT)
            served.communicate(timeout=60)
