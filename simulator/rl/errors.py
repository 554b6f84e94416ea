"""Errors of the research environments."""


class InvalidAction(ValueError):
    """A masked-out action: the message names it and why; the environment is unchanged."""
