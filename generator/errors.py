"""The one kind of error the command line reports as a single line and exit status 2."""


class UserError(Exception):
    """A problem with what the user asked for or gave; str() is one line that says what."""
