"""pnp as a newcomer installs it: a wheel into a fresh virtual environment outside the
checkout, then every game's rules and kit made from there and checked with qpdf."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from generator.games import KEYS, all_games

ROOT = Path(__file__).resolve().parent.parent
GAMES = KEYS

# Building a wheel and installing it, with its dependencies, into a fresh environment takes
# most of a minute: the exhaustive tier (`make test-all`, CI). Every command it runs from the
# wheel runs from the checkout in `make test` (test_cli.py, test_docs.py, test_studio*.py);
# what only this file sees is the wheel's packaging.
pytestmark = pytest.mark.exhaustive(
    reason="packaging only; the commands are covered from the checkout by test_cli.py")


def users_environment() -> dict[str, str]:
    """The run's environment with Python's bytecode where Python keeps it by default, and no
    module path of the run's (a run may put the checkout on PYTHONPATH)."""
    return {k: v for k, v in os.environ.items()
            if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX", "PYTHONPATH")}


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """The pnp command of a fresh environment that has only the wheel and its dependencies."""
    work = tmp_path_factory.mktemp("install")
    # Built from a copy, so nothing a build leaves in the checkout (build/) finds its way in.
    source = work / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".*", "build", "output", "*.egg-info", "__pycache__"))
    wheels = work / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w",
                    str(wheels), str(source)],
                   check=True, capture_output=True, cwd=work)
    (wheel,) = wheels.glob("pnp_connection_games-*.whl")
    # A fresh environment, filled by the checkout's pip (`--python`) rather than a copy of pip
    # of its own, with the wheel and what its metadata asks for, taken from the index; then
    # compiled to bytecode as pip would, but on every core at once.
    env = work / "env"
    python = env / "bin" / "python"
    venv.create(env, with_pip=False)
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
                    "--no-compile", str(wheel)], check=True, capture_output=True, cwd=work)
    site = subprocess.run([str(python), "-c",
                           "import sysconfig; print(sysconfig.get_path('purelib'))"],
                          check=True, capture_output=True, text=True).stdout.strip()
    # Into the package's own __pycache__ folders, as pip leaves them, whatever the run's
    # bytecode setting (conftest.bytecode_kept).
    subprocess.run([str(python), "-m", "compileall", "-q", "-j", "0", site], check=True,
                   capture_output=True, env=users_environment())
    return wheel, env / "bin" / "pnp", work


def test_the_wheel_carries_the_templates_the_studio_files_and_the_typefaces(installed):
    wheel, _, _ = installed
    names = set(zipfile.ZipFile(wheel).namelist())
    package = ROOT / "generator"
    wanted = {f"generator/{p.relative_to(package).as_posix()}"
              for pattern in ("*.j2", "*.css", "*.js", "*.ttf") for p in package.rglob(pattern)}
    assert wanted and wanted <= names, sorted(wanted - names)
    assert {"generator/typefaces/DejaVuSans.ttf", "generator/typefaces/LICENSE"} <= names


def test_the_wheel_carries_every_registered_game(installed):
    wheel, _, _ = installed
    names = set(zipfile.ZipFile(wheel).namelist())
    for game in all_games().values():
        folder = "generator/games/" + game.package.rsplit(".", 1)[-1]
        for part in ("__init__.py", "rules.md.j2", "pages.py"):
            assert f"{folder}/{part}" in names, (game.key, part)


def test_the_wheel_carries_the_compiled_catalogues(installed):
    wheel, pnp, work = installed
    names = set(zipfile.ZipFile(wheel).namelist())
    locales = ROOT / "generator" / "locales"
    for catalogue in sorted(locales.glob("*/LC_MESSAGES/pnp.*")):
        assert f"generator/locales/{catalogue.relative_to(locales).as_posix()}" in names
    out = work / "nex-rules-de.pdf"
    result = subprocess.run([str(pnp), "rules", "nex", "--lang", "de", "-o", str(out)],
                            capture_output=True, text=True, cwd=work)
    assert result.returncode == 0, result.stderr
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True).stdout
    assert "Das Ziel" in text


def test_version_is_the_package_version(installed):
    _, pnp, work = installed
    from generator import __version__
    result = subprocess.run([str(pnp), "--version"], capture_output=True, text=True, cwd=work)
    assert result.returncode == 0 and result.stdout.strip() == f"pnp, version {__version__}"


@pytest.mark.parametrize("game", GAMES)
def test_rules_and_kit_from_an_installed_wheel(installed, game):
    _, pnp, work = installed
    for item in ("rules", "kit"):
        out = work / f"{game}-{item}.pdf"
        result = subprocess.run([str(pnp), item, game, "-o", str(out)], capture_output=True,
                                text=True, cwd=work)
        assert result.returncode == 0, result.stderr
        subprocess.run(["qpdf", "--check", str(out)], check=True, capture_output=True)
        # Run from outside the checkout, the installed package is the one that drew it.
        assert str(ROOT) not in result.stdout + result.stderr


# The studio's page and its two files, asked of the app from the installed package.
STUDIO_CHECK = """
import io, sys
from wsgiref.util import setup_testing_defaults
from generator.ui.studio import create_app
import generator
app = create_app()
for path, query in (("/", ""), ("/studio.css", ""), ("/studio.js", ""),
                    ("/preview", "game=nex&item=board")):
    environ = {"PATH_INFO": path, "QUERY_STRING": query}
    setup_testing_defaults(environ)
    got = []
    body = b"".join(app(environ, lambda status, headers: got.append(status)))
    print(path, got[0], len(body))
print(generator.__file__)
"""


def test_the_studio_from_an_installed_wheel(installed):
    _, pnp, work = installed
    python = pnp.parent / "python"
    result = subprocess.run([str(python), "-c", STUDIO_CHECK], capture_output=True, text=True,
                            cwd=work, env=users_environment())
    assert result.returncode == 0, result.stderr
    *lines, where = result.stdout.splitlines()
    assert len(lines) == 4
    for line in lines:
        path, status, size = line.split(" ", 2)
        assert status.startswith("200") and int(size.split()[-1]) > 100, line
    assert str(ROOT) not in where
    result = subprocess.run([str(pnp), "studio", "--help"], capture_output=True, text=True,
                            cwd=work)
    assert result.returncode == 0 and "--no-browser" in result.stdout


def package_snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file and folder under the installed package, with its size and last change."""
    return {p.relative_to(folder).as_posix(): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in folder.rglob("*")}


def test_running_pnp_leaves_the_installed_package_as_it_was(installed, tmp_path):
    """An install may be read-only or shared: pnp keeps what it caches (compiled templates)
    in the user's cache folder, XDG_CACHE_HOME, and writes nothing in its package."""
    _, pnp, work = installed
    python = pnp.parent / "python"
    where = subprocess.run([str(python), "-c", "import generator; print(generator.__file__)"],
                           capture_output=True, text=True, check=True, cwd=work,
                           env=users_environment())
    package = Path(where.stdout.strip()).parent
    # As a user runs it: Python free to write bytecode, the cache where XDG says.
    env = {**users_environment(), "XDG_CACHE_HOME": str(tmp_path / "cache")}

    def run(*args: str) -> None:
        result = subprocess.run([str(pnp), *args], capture_output=True, text=True, cwd=work,
                                env=env)
        assert result.returncode == 0, result.stderr

    before = package_snapshot(package)
    run("rules", "nex", "--lang", "de", "-o", str(tmp_path / "rules.pdf"))
    run("build", "hex", "--paper", "a4", "--out", str(tmp_path / "out"))   # one paper shows it
    assert package_snapshot(package) == before
    # The templates were compiled and kept: in the user's cache folder.
    assert list((tmp_path / "cache" / "pnp").glob("jinja-*.cache"))
    # Control: with the user's cache folder inside the package, the snapshot sees the change.
    env["XDG_CACHE_HOME"] = str(package / "control")
    try:
        run("rules", "nex", "-o", str(tmp_path / "again.pdf"))
        assert package_snapshot(package) != before
    finally:
        shutil.rmtree(package / "control", ignore_errors=True)
