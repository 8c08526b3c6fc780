"""pnp as a newcomer installs it: a wheel into a fresh virtual environment outside the
checkout, then every game's rules and kit made from there and checked with qpdf."""

from __future__ import annotations

import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("blind-hex", "blinq", "hex-kb", "nex")


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
    env = work / "env"
    venv.create(env, with_pip=True)
    subprocess.run([str(env / "bin" / "python"), "-m", "pip", "install", "--quiet", str(wheel)],
                   check=True, capture_output=True, cwd=work)
    return wheel, env / "bin" / "pnp", work


def test_the_wheel_carries_the_templates(installed):
    wheel, _, _ = installed
    names = zipfile.ZipFile(wheel).namelist()
    shipped = {Path(n).name for n in names if n.startswith("generator/templates/")}
    assert shipped == {p.name for p in (ROOT / "templates").glob("*.j2")}


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
