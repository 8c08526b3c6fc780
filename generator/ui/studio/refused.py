"""The studio's refusal: one line for the page, tied to the control it is about. Its own
module, so the form and the record's reading (records.py) both raise it."""

from __future__ import annotations

from generator.errors import UserError


class BadRequest(UserError):
    """A request the studio cannot answer; the message is one line for the page, and
    `field` the control it is about, if any (`fields`: every control it names)."""

    def __init__(self, message: str, field: str | None = None,
                 *, fields: tuple[str, ...] = ()):
        super().__init__(message)
        self.field = field
        self.fields = fields or ((field,) if field else ())
