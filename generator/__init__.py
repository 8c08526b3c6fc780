"""pnp: print-and-play kits for connection games, drawn as vectors to SVG and PDF."""

__version__ = "0.2.0"
