"""The units pnp converts between: it draws in millimetres; paper and card sizes come in
inches too, and PDF pages are measured in points (72 to the inch)."""

from __future__ import annotations

MM_PER_INCH = 25.4
PT_PER_MM = 72 / MM_PER_INCH
