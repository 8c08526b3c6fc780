"""pnp: print-and-play kits for connection games, drawn as vectors to SVG and PDF."""

import os
import sys
import types

__version__ = "0.2.0"


def _keep_reportlab_from_an_unusable_home() -> None:
    """reportlab, when imported, runs ~/.reportlab_mods unless a module `reportlab_mods` is
    importable (reportlab/__init__.py, its documented hook for site changes). Where the home
    cannot hold that file (HOME=/dev/null, or a folder of that name) opening it fails with an
    error reportlab does not expect, and no drawing would work: an empty module stands in for
    it, so reportlab reads nothing from that home. A real file there is still run."""
    try:
        home = os.path.expanduser("~")
    except (KeyError, ImportError):   # no home at all: reportlab skips the file itself
        return
    mods = os.path.join(home, ".reportlab_mods")
    if os.path.isdir(home) and (os.path.isfile(mods) or not os.path.lexists(mods)):
        return
    sys.modules.setdefault("reportlab_mods", types.ModuleType("reportlab_mods"))


_keep_reportlab_from_an_unusable_home()
