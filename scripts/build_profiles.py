#!/usr/bin/env python3
"""Rebuild the press profiles in generator/render/profiles/ from the printing conditions'
characterisation data (`make profiles`; by hand only, never part of `make` or CI).

Needs Debian's `argyll` (colprof) and `icc-profiles-free` (the .ti3 data). Each profile is
made by ArgyllCMS's colprof at medium quality with a fine (33-point) Lab-to-CMYK table, so
LittleCMS's separation of a palette colour prints within ΔE00 3 of it wherever the press can
reach it; 300% total ink and maximum black generation, so greys and dark text separate onto
the black plate. colprof stamps the build time into the header; it is set to a fixed date
here, which makes the bytes the same on every run with the same ArgyllCMS (2.3.1 built the
committed files).

    python3 scripts/build_profiles.py [--data /usr/share/color/icc] [--out DIR] [KEY ...]
"""

from __future__ import annotations

import argparse
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

DATA = Path("/usr/share/color/icc")
OUT = Path(__file__).resolve().parent.parent / "generator" / "render" / "profiles"
BUILT_WITH = "2.3.1"
DATE = (2025, 1, 1, 0, 0, 0)          # the header's creation date, fixed
INK = 300                             # % total ink
BLACK = 100                           # % black ink

# key: (data file, description, copyright), the wording pnp's README repeats.
CONDITIONS = {
    "fogra39": (
        "FOGRA39L.ti3",
        "pnp FOGRA39 (ISO 12647-2:2004/Amd 1, coated paper), 300% ink, max K",
        "Made by pnp with ArgyllCMS from the FOGRA39L characterization data (Fogra), "
        "as packaged in Debian icc-profiles-free under the zlib licence"),
    "gracol": (
        "TR006.ti3",
        "pnp GRACoL 2006 (CGATS TR 006, grade 1 coated), 300% ink, max K",
        "Made by pnp with ArgyllCMS from the characterization data of ANSI CGATS/GRACoL "
        "TR 006-2007 (data copyright 2007 NPES), the source of the data"),
    "swop": (
        "TR003.ti3",
        "pnp SWOP (CGATS TR 003, grade 3 coated), 300% ink, max K",
        "Made by pnp with ArgyllCMS from the characterization data of ANSI CGATS/SWOP "
        "TR 003-2007 (data copyright 2007 NPES), the source of the data"),
}


def colprof_version() -> str:
    done = subprocess.run(["colprof"], capture_output=True, text=True)
    words = (done.stdout + done.stderr).split()
    return words[words.index("Version") + 1] if "Version" in words else "unknown"


def fix_date(profile: bytes) -> bytes:
    """The profile with its header's creation date (bytes 24-35) set to DATE. Version 2
    profiles carry no profile ID, so nothing else depends on it."""
    return profile[:24] + struct.pack(">6H", *DATE) + profile[36:]


def build(key: str, data: Path, out: Path) -> Path:
    source, description, copyright_ = CONDITIONS[key]
    with tempfile.TemporaryDirectory() as work:
        shutil.copy(data / source, Path(work) / f"{key}.ti3")
        subprocess.run(["colprof", "-qm", "-bh", "-kx", f"-l{INK}", f"-L{BLACK}", "-nc",
                        "-D", description, "-C", copyright_, "-O", f"{key}.icc", key],
                       cwd=work, check=True, stdout=subprocess.DEVNULL)
        made = fix_date((Path(work) / f"{key}.icc").read_bytes())
    target = out / f"{key}.icc"
    target.write_bytes(made)
    return target


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("keys", nargs="*", metavar="KEY", help=", ".join(CONDITIONS))
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    unknown = [key for key in args.keys if key not in CONDITIONS]
    if unknown:
        parser.error(f"not a condition: {', '.join(unknown)} (use {', '.join(CONDITIONS)})")
    if shutil.which("colprof") is None:
        print("build_profiles: colprof not found (apt-get install argyll)", file=sys.stderr)
        return 2
    version = colprof_version()
    if version != BUILT_WITH:
        print(f"build_profiles: colprof {version}, not {BUILT_WITH}: the profiles will "
              f"differ from the committed ones", file=sys.stderr)
    args.out.mkdir(parents=True, exist_ok=True)
    for key in args.keys or CONDITIONS:
        path = build(key, args.data, args.out)
        print(f"{path}: {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
