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


# The whole catalogue in every language takes half a minute: that example is the exhaustive
# tier's (`make test-all`, CI). In `make test`, `--lang all` is test_cli.py's
# test_build_lang_all_is_every_language and the whole catalogue the session's build
# (SHARED_BUILD).
EVERY_LANGUAGE = "pnp build --lang all"
ALL_LANGUAGES = pytest.mark.exhaustive(reason="covered by test_build_lang_all_is_every_language")


@pytest.mark.parametrize("command", [
    pytest.param(c, marks=[ALL_LANGUAGES] if c == EVERY_LANGUAGE else [])
    for c in EXAMPLES if c != SHARED_BUILD and not c.startswith("pnp studio")])
def test_every_example_runs_as_written(tmp_path, command):
    result = run_pnp(*shlex.split(command)[1:], cwd=tmp_path, text=True)
    assert result.returncode == 0, (command, result.stderr[-2000:])
    assert result.stdout.strip() or any(tmp_path.iterdir()), command


def test_the_exhaustive_example_is_one_the_docs_give():
    assert EVERY_LANGUAGE in EXAMPLES


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
