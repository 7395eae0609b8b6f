"""Errors a player or a save string can cause; both are ValueErrors with readable messages."""


class IllegalAction(ValueError):
    """An action that is malformed or not allowed now; the state is left exactly as it was."""


class InvalidSave(ValueError):
    """A save string that cannot be loaded; nothing is half-loaded."""
