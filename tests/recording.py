"""What the record tests share: `pnp` run in the test's process (tests/in_process.py; a
build in a process of its own), the words a PDF shows, and a club's folder of Hex records
(named so that their order is not the order they were written)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from in_process import run_pnp

PNP = [sys.executable, "-m", "generator.ui.cli"]
FIRST = ("(;FF[4]GM[11]SZ[3]PB[Alice]PW[Bob]EV[Club final]DT[2024-05-01]RE[B+];B[b2];"
         "W[swap-pieces];W[a1];B[b1];W[a2];B[b3])\n")
SECOND = ("(;FF[4]GM[11]SZ[3]PB[Carol]PW[Dave]EV[Club final]RE[W+Resign];B[a1];W[b2];"
          "B[resign])\n")
UNNAMED = "(;FF[4]GM[11]SZ[3];B[b2];W[a1];B[b1];W[a2];B[b3])\n"    # no players named
ILLEGAL = "(;FF[4]GM[11]SZ[3];B[b2];W[b2])"
# A study as HexGui writes one (SgfWriter.java: the root's properties sorted, each node's
# move first, lines cut past 72 characters, a node of several children writing each as a
# tree): a variation at move 4 with one of its own, another at move 6, and SGF's marks.
STUDY = """(;AP[HexGui:0.9.GIT]C[A study of the centre opening]DT[2024-05-01]EV[Club study]
FF[4]GM[11]PB[Alice]PW[Bob]RO[2]SZ[7];B[d4]C[The centre.];W[swap-pieces];W[c5](;B[d3]
C[Blocks.]LB[e3:a][c4:b]TR[d5];W[e2](;B[f3]AR[f3:f6]LN[d3:d4])(;B[c3]SQ[c3]))(;B[e4]
CR[c3:d3]MA[f1];W[d3]C[White cuts.](;B[e3])(;B[c4]C[Deeper.])))
"""


def pnp(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return run_pnp(*args, cwd=cwd, text=True)


def words(pdf: Path) -> str:
    """The PDF's text, as pdftotext reads it, its white space made single spaces."""
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    return " ".join(text.split())


def club_folder(parent: Path) -> Path:
    """A tournament's folder: round 2 written before round 1, and round 3 a record of no
    players' names, its suffix in capitals as some programs write it."""
    folder = parent / "club"
    folder.mkdir()
    (folder / "round-2.sgf").write_text(SECOND)
    (folder / "round-1.sgf").write_text(FIRST)
    (folder / "round-3.SGF").write_text(UNNAMED)
    return folder
