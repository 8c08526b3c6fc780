"""A sixth game is one folder: in a copy of the package and its tests, a game folder added
beside the others (Hex's, under another name, key and title, speaking Hex's messages) is
picked up by the catalogue (`pnp build`), the studio's form, `pnp booklet --all` and the
tests' lists of games, with no other file changed.

The copy runs in processes of its own, with the copy first on the module path (the test
checks that it is the copy that runs). Control: the same copy before the folder is added
knows five games and none of the sixth.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FOLDER, KEY, TITLE = "sixth_hex", "sixth-hex", "Sixth Hex"
IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache", ".hypothesis")


def run(root: Path, *args: str, cwd: Path | None = None) -> str:
    """`python ARGS` in the copy, with the copy's package and tests on the module path."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), str(root / "tests")])}
    done = subprocess.run([sys.executable, *args], cwd=cwd or root, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def pnp(root: Path, *args: str) -> str:
    return run(root, "-m", "generator.ui.cli", *args)


# What the copy's registry, studio and test lists hold, printed as JSON.
PROBE = """
import json, generator, palettes
from generator.games import KEYS
from generator.ui import studio
print(json.dumps({
    "package": generator.__file__,
    "keys": list(KEYS),
    "studio": {g["key"]: [(i["key"], len(i["fields"])) for i in g["items"]]
               for g in studio.spec()["games"]},
    "roles": len(palettes.DECLARED),
}))
"""


def probe(root: Path) -> dict:
    return json.loads(run(root, "-c", PROBE, cwd=root / "tests"))


def add_game(root: Path) -> Path:
    """Hex's folder under another name, its modules importing one another under the new
    name, and its GAME keyed and titled anew: the one change a sixth game makes."""
    games = root / "generator" / "games"
    folder = games / FOLDER
    shutil.copytree(games / "hex", folder, ignore=IGNORE)
    for path in folder.glob("*.py"):
        path.write_text(path.read_text(encoding="utf-8").replace(
            "generator.games.hex.", f"generator.games.{FOLDER}."), encoding="utf-8")
    init = folder / "__init__.py"
    text = init.read_text(encoding="utf-8")
    renamed = text.replace('key="hex", title=TITLE', f'key="{KEY}", title="{TITLE}"')
    assert renamed != text
    init.write_text(renamed, encoding="utf-8")
    return folder


def files(root: Path) -> dict[Path, bytes]:
    return {p.relative_to(root): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts and ".hypothesis" not in p.parts}


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("sixth")
    for name in ("generator", "tests"):
        shutil.copytree(ROOT / name, root / name, ignore=IGNORE)
    shutil.copy(ROOT / "pyproject.toml", root)
    return root


def test_a_sixth_game_folder_is_picked_up_everywhere(copy, tmp_path):
    before = probe(copy)
    # Control: the copy runs, and knows the five games and not the sixth.
    assert before["package"] == str(copy / "generator" / "__init__.py")
    assert KEY not in before["keys"] and KEY not in before["studio"]
    assert KEY not in pnp(copy, "list")
    unchanged = files(copy)

    folder = add_game(copy)
    after = probe(copy)
    # The registry, the studio's form (the game, its items and their fields) and the tests'
    # lists: the roles the palette tests read, the commands the help tests read.
    assert after["keys"] == sorted([*before["keys"], KEY])
    assert after["studio"][KEY] == before["studio"]["hex"]
    assert after["roles"] == before["roles"] + 1
    assert f"{KEY:10} {TITLE} (" in pnp(copy, "list")

    # The catalogue: the new game's items on one paper, in English, and on the index page
    # (the build asked for the new game by its key alone: the five others are built by
    # every other catalogue test).
    out = tmp_path / "catalogue"
    pnp(copy, "build", KEY, "--paper", "a4", "--out", str(out))
    built = sorted(p.name for p in (out / KEY).glob("*.pdf"))
    assert built == sorted(f"standard-{item}-a4.pdf" for item in ("rules", "board", "pad", "kit"))
    assert TITLE in (out / "index.html").read_text(encoding="utf-8")
    assert (out / "booklets" / f"{KEY}-booklet-a4.pdf").is_file()

    # The booklet of every game has a section of the sixth.
    booklet = tmp_path / "all.pdf"
    pnp(copy, "booklet", "--all", "-o", str(booklet))
    text = subprocess.run(["pdftotext", str(booklet), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert TITLE in text and "Hex" in text.replace(TITLE, "")

    # The copy's own tests, whose lists come from the registry, take the sixth game in.
    run(copy, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x",
        "tests/test_palette.py::test_every_palette_names_every_role",
        "tests/test_palette.py::test_the_two_players_colours_differ_in_grey",
        "tests/test_help.py::test_every_command_is_read")

    # No other file changed: everything but the new folder is as it was.
    now = files(copy)
    assert {p: b for p, b in now.items() if not str(p).startswith(str(folder.relative_to(
        copy)))} == unchanged
