"""The commands that draw nothing start without what only drawing needs: `pnp judge`, `--help`,
`list` and `stats` import neither the drawing libraries nor pnp's papers, palettes, request
parameters, layout and writers (generator/ui/cli.py says where each is imported instead).
Inside a game, and for the standard library, imports are at the top of each module: a judge
may load its game's search or examples, json or random; what that costs is measured.

What is imported is checked here; how fast the commands start is measured in
benchmarks/bench.py.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from generator.core.geometry import Hex
from generator.games import PACKAGES
from generator.games.hex_kb.rules import BLUE, RED, WINDOW, KleinBoard, default_radius

# The drawing stack, and pnp's own modules that only the commands that print (or build, or
# check) use. A name stands for the module and everything under it.
NOT_AT_START = (
    "reportlab", "svgwrite", "jinja2", "pikepdf", "PIL", "pypdfium2", "pyphen", "markupsafe",
    "generator.app.params", "generator.app.requests", "generator.app.documents",
    "generator.app.catalogue", "generator.core.paper", "generator.core.palette",
    "generator.core.scene", "generator.layout", "generator.render",
    "generator.preflight", "generator.templating", "generator.fonts",
    "generator.ui.studio",
)
# A game's pages are never loaded by a command that draws nothing.
PAGES = tuple(f"generator.games.{package}.pages" for package in PACKAGES.values())
# Runs the command as the installed `pnp` does, then lists every module loaded.
PROBE = """
import sys
{before}
sys.argv = ["pnp", *{args!r}]
from generator.ui.cli import main
try:
    main()
except SystemExit:
    pass
print("MODULES", *sorted(sys.modules), file=sys.stderr)
"""


def hex_kb_position() -> str:
    """A full 11 x 11 Hex KB position, as `pnp judge hex-kb` reads it."""
    board = KleinBoard(11, default_radius(11))
    rng = random.Random(1)
    colour = {h: rng.choice((RED, BLUE)) for h in board.cells}
    return "".join(" ".join(WINDOW if (h := Hex(q, r)) in board.holes
                            else colour[board.canonical(h)] for q in range(11)) + "\n"
                   for r in range(11))


def loaded(args: list[str], stdin: str = "", before: str = "") -> set[str]:
    """The modules `pnp ARGS` has loaded when it ends (after `before` ran, if given)."""
    done = subprocess.run([sys.executable, "-c", PROBE.format(args=args, before=before)],
                          input=stdin, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    line = next(line for line in done.stderr.splitlines() if line.startswith("MODULES "))
    return set(line.split()[1:])


def unwanted(modules: set[str], names: tuple[str, ...] = NOT_AT_START + PAGES) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


COMMANDS = {
    "--help": (["--help"], ""),
    "list": (["list"], ""),
    "judge hex-kb": (["judge", "hex-kb", "-"], hex_kb_position()),
    "judge nex": (["judge", "nex", "-"], "1. c4 (d5)\n"),
    "judge hex": (["judge", "hex", "-"], "1. a1\n"),
    "judge blinq": (["judge", "blinq", "-"], "1 c4 R\n"),
    "stats blind-hex": (["stats", "blind-hex"], ""),
    "stats hex-kb": (["stats", "hex-kb"], ""),
    "judge hex-kb --help": (["judge", "hex-kb", "--help"], ""),
}


@pytest.mark.parametrize("command", COMMANDS)
def test_commands_that_draw_nothing_start_without_the_drawing_stack(command):
    args, stdin = COMMANDS[command]
    modules = loaded(args, stdin)
    assert "generator.ui.cli" in modules          # the probe ran the command
    assert unwanted(modules) == []


def test_the_judge_loads_its_own_game_only():
    modules = loaded(*COMMANDS["judge nex"])
    games = sorted({m.split(".")[2] for m in modules
                    if m.startswith("generator.games.") and m.count(".") >= 3})
    assert games == ["nex"]


@pytest.mark.parametrize("module", ["reportlab.pdfgen.canvas", "jinja2", "generator.core.paper",
                                    "pikepdf", "generator.games.nex.pages"])
def test_the_check_sees_a_module_imported_before_the_command(module):
    # Control: the same probe, with the module imported first, reports it.
    modules = loaded(*COMMANDS["judge hex-kb"], before=f"import {module}")
    assert module.split(".")[0] in {m.split(".")[0] for m in modules}
    assert unwanted(modules) != []
